import Foundation

/// Numbered pieces of work done by the calling thread together with the
/// other cores. For work started inside a `parallelMap`: there Dispatch runs
/// a nested `concurrentPerform` on the calling thread alone, and a caller that
/// queued the pieces and waited would leave them to the one pool thread not
/// already busy (the search index's slices ran on one core for 80 ms of a
/// 10,000-entry build). Here the caller takes pieces too, and waits only for
/// those another thread has begun, so it never waits for work not started.
final class SharedWork<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private let work: @Sendable (Int) -> Value
    /// Guarded by `condition`.
    private var next = 0, finished = 0
    private var results: [Value?]

    init(count: Int, _ work: @escaping @Sendable (Int) -> Value) {
        self.work = work
        results = Array(repeating: nil, count: count)
    }

    /// Every piece's value, in order.
    func run() -> [Value] {
        for _ in 1..<max(1, ProcessInfo.processInfo.activeProcessorCount) {
            DispatchQueue.global().async { self.takePieces() }
        }
        takePieces()
        condition.lock()
        while finished < results.count { condition.wait() }
        let values = results.map { $0! }
        condition.unlock()
        return values
    }

    private func takePieces() {
        while true {
            condition.lock()
            let number = next
            next += 1
            condition.unlock()
            guard number < results.count else { return }
            let value = work(number)
            condition.lock()
            results[number] = value
            finished += 1
            if finished == results.count { condition.broadcast() }
            condition.unlock()
        }
    }
}
