@testable import DaybookSite
import Dispatch
import Foundation
import Synchronization
import Testing

/// `parallelMap`: every build step that works on all cores goes through it.
@Suite struct ParallelMapTests {
    @Test func keepsOrderAtEverySize() {
        for count in [0, 1, 2, 3, 17, 1000] {
            let input = Array(0..<count)
            #expect(input.parallelMap { $0 * 3 + 1 } == input.map { $0 * 3 + 1 })
        }
    }

    @Test func mapsEachElementOnce() {
        let counts = Mutex<[Int: Int]>([:])
        _ = Array(0..<1000).parallelMap { number in counts.withLock { $0[number, default: 0] += 1 } }
        #expect(counts.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<1000).map { ($0, 1) }))
    }

    @Test func nestedCallsKeepOrder() {
        let rows = Array(0..<40)
        let table = rows.parallelMap { row in Array(0..<(row % 7 * 50)).parallelMap { "\(row).\($0)" } }
        #expect(table == rows.map { row in (0..<(row % 7 * 50)).map { "\(row).\($0)" } })
    }

    /// A call inside another's transform (the features list their pages in a
    /// `parallelMap`, and some map their items again) gets a second thread:
    /// its first element waits for its second to start, which can only happen
    /// on another thread. Run alone, the wait would time out.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1))
    func nestedCallUsesAnotherThread() {
        let outer = [0, 1].parallelMap { outer -> Bool in
            guard outer == 0 else { return true }
            let secondStarted = DispatchSemaphore(value: 0)
            let inner = [0, 1].parallelMap { inner -> Bool in
                if inner == 1 {
                    secondStarted.signal()
                    return true
                }
                return secondStarted.wait(timeout: .now() + 30) == .success
            }
            return inner == [true, true]
        }
        #expect(outer == [true, true])
    }
}
