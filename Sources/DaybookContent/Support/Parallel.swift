import Dispatch

extension Array where Element: Sendable {
    /// Maps on all cores, keeping order. Work is split into a few chunks per
    /// core so that a slow element does not hold the others up.
    public func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        if count < 64 { return map(transform) }
        let chunkCount = Swift.min(count, ProcessInfoCores.count * 16)
        let chunkSize = (count + chunkCount - 1) / chunkCount
        let results = ResultSlots<[T]>(count: chunkCount)
        let input = self
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let start = chunk * chunkSize
            let end = Swift.min(start + chunkSize, input.count)
            guard start < end else { results.set(chunk, []); return }
            results.set(chunk, input[start..<end].map(transform))
        }
        return results.values.flatMap { $0 ?? [] }
    }
}

enum ProcessInfoCores {
    static let count: Int = {
        #if canImport(Glibc)
        return Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
        return 4
        #endif
    }()
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
    var values: [T?] { Array(UnsafeBufferPointer(start: storage, count: count)) }
}

#if canImport(Glibc)
import Glibc
#endif
