import Dispatch

extension Array where Element: Sendable {
    /// Maps on all cores, keeping order. Elements are handed out one at a
    /// time as cores free up, so a slow element never holds up a batch queued
    /// behind it; to finish early, put the slowest elements first.
    public func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let results = ResultSlots<T>(count: count)
        let input = self
        DispatchQueue.concurrentPerform(iterations: count) { index in
            results.set(index, transform(input[index]))
        }
        return results.values
    }
}

/// Write-once slots filled from concurrent work, each slot by one worker;
/// raw storage so that workers never touch a shared Array's header.
final class ResultSlots<T>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<T?>
    private let count: Int

    init(count: Int) {
        self.count = count
        storage = .allocate(capacity: count)
        storage.initialize(repeating: nil, count: count)
    }

    deinit {
        storage.deinitialize(count: count)
        storage.deallocate()
    }

    func set(_ index: Int, _ value: T) { storage[index] = value }
    /// Every slot's value; call once all are set.
    var values: [T] { UnsafeBufferPointer(start: storage, count: count).map { $0! } }
}
