import Dispatch
import Foundation
import Synchronization

extension Array where Element: Sendable {
    /// Maps on all cores, keeping order. Elements are handed out one at a
    /// time as cores free up, so a slow element never holds up a batch queued
    /// behind it; to finish early, put the slowest elements first.
    ///
    /// The calling thread maps too, with helpers queued on Dispatch's pool,
    /// so a call made inside another's transform still gets the cores the
    /// outer one leaves idle (Dispatch runs a `concurrentPerform` nested in
    /// another on the calling thread alone).
    func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 2 { return map(transform) }
        let results = ResultSlots<T>(count: count)
        withoutActuallyEscaping(transform) { transform in
            withUnsafePointer(to: transform) { transform in
                let work = ParallelWork(input: self, transform: transform, results: results)
                for _ in 1..<Swift.min(count, ParallelWork<Element, T>.cores) { DispatchQueue.global().async { work.run() } }
                work.run()
                // The transform is not called after this: a helper that starts
                // late finds no element left.
                work.finished.wait()
            }
        }
        return results.values
    }
}

/// One `parallelMap` call, shared by the threads that map its elements.
private final class ParallelWork<Element, T>: @unchecked Sendable {
    static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }

    private let input: [Element]
    /// Valid until `finished` is signalled: only read for an element taken before that.
    private let transform: UnsafePointer<@Sendable (Element) -> T>
    private let results: ResultSlots<T>
    private let next = Atomic<Int>(0)
    private let done = Atomic<Int>(0)
    /// Signalled once, when the last element is mapped.
    let finished = DispatchSemaphore(value: 0)

    init(input: [Element], transform: UnsafePointer<@Sendable (Element) -> T>, results: ResultSlots<T>) {
        self.input = input
        self.transform = transform
        self.results = results
    }

    /// Maps elements until none is left to take.
    func run() {
        while true {
            let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
            guard index < input.count else { return }
            results.set(index, transform.pointee(input[index]))
            if done.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == input.count { finished.signal() }
        }
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
