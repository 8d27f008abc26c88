import DaybookContent
@testable import DaybookSite
import Foundation
import Testing

/// Work the calling thread shares with the other cores (the search index's slices).
@Suite struct SharedWorkTests {
    @Test func everyPieceIsDoneOnceAndComesBackInOrder() {
        let done = NSLock(), counts = Counts()
        let values = SharedWork(count: 1000) { number in
            done.withLock { counts.add(number) }
            return number * 2
        }.run()
        #expect(values == (0..<1000).map { $0 * 2 })
        #expect(counts.byPiece == Dictionary(uniqueKeysWithValues: (0..<1000).map { ($0, 1) }))
        #expect(SharedWork(count: 0) { $0 }.run().isEmpty)
    }

    /// Inside a `parallelMap` (where the index is made) the calling thread
    /// does pieces itself rather than waiting for a free thread of the pool.
    /// A piece on another thread waits until the caller has done one: were
    /// the caller only waiting, as it did for queued pieces, it never would.
    @Test func insideAParallelMapTheCallerDoesPiecesItself() {
        let results = [0, 1].parallelMap { outer -> [Bool] in
            guard outer == 0 else { return [] }
            let caller = pthread_self(), callerTook = DispatchSemaphore(value: 0)
            return SharedWork(count: 8) { _ in
                if pthread_equal(pthread_self(), caller) != 0 {
                    callerTook.signal()
                    return true
                }
                let took = callerTook.wait(timeout: .now() + 30) == .success
                // Lets the next piece waiting on another thread go on too.
                if took { callerTook.signal() }
                return took
            }.run()
        }
        #expect(results[0] == Array(repeating: true, count: 8))
    }

    private final class Counts: @unchecked Sendable {
        private(set) var byPiece: [Int: Int] = [:]
        func add(_ number: Int) { byPiece[number, default: 0] += 1 }
    }
}
