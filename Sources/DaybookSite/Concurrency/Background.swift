import Dispatch
import Foundation
import Synchronization

/// Work started on another core; its result is taken where it is needed.
final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Result<Value, any Error>?

    init(_ work: @escaping @Sendable () throws -> Value) {
        done.enter()
        DispatchQueue.global().async {
            self.result = Result { try work() }
            self.done.leave()
        }
    }

    /// Waits for the work; rethrows what it threw.
    func value() throws -> Value {
        done.wait()
        return try result!.get()
    }
}

/// A value made when a page first asks for it, once, whichever thread asks:
/// what only some pages read, and `check` (which renders none) never makes.
final class OnFirstUse<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// Written once, under the lock, before `isMade`; read without it after.
    private var made: Value?
    private let isMade = Atomic<Bool>(false)
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    /// Pages read it once per word: after the first, no lock is taken.
    var value: Value {
        if isMade.load(ordering: .acquiring) { return made! }
        return lock.withLock {
            if let made { return made }
            let value = make()
            made = value
            isMade.store(true, ordering: .releasing)
            return value
        }
    }
}
