import Foundation

/// A value made the first time it is asked for, once, whichever thread asks
/// first. What only rendering reads (every deck word through cmark, the
/// print sheets' card faces) is not made by `daybook check` or an import's
/// check, which render nothing: that was most of the check of a
/// 100,000-word deck.
final class Lazy<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Value?
    private var make: (@Sendable () -> Value)?

    init(_ make: @escaping @Sendable () -> Value) { self.make = make }

    var value: Value {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let value = make!()
        made = value
        make = nil
        return value
    }
}
