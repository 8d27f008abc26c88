import FlyingFox
import FlyingSocks
import Foundation

/// Server-sent events to the open pages: each connection is an endless
/// chunked response fed by an `AsyncStream`, so a page hears of a rebuild the
/// moment it is done instead of polling for it.
final class EventHub: @unchecked Sendable {
    private let lock = NSLock()
    private var listeners: [UUID: AsyncStream<[UInt8]>.Continuation] = [:]

    /// A new listener's stream, starting with `greeting` (the current state).
    func subscribe(greeting: [UInt8]) -> HTTPBodySequence {
        let id = UUID()
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(16))
        continuation.yield(greeting)
        // A closed page ends its connection's task, which ends the stream.
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        lock.withLock { listeners[id] = continuation }
        return HTTPBodySequence(from: EventBytes(stream: stream))
    }

    func send(_ event: [UInt8]) {
        for listener in lock.withLock({ Array(listeners.values) }) { listener.yield(event) }
    }

    private func remove(_ id: UUID) { _ = lock.withLock { listeners.removeValue(forKey: id) } }

    /// One event in the `text/event-stream` format; `data` holds no newline.
    static func event(_ name: String, data: String) -> [UInt8] {
        Array("event: \(name)\ndata: \(data)\n\n".utf8)
    }
}

/// An `AsyncStream` of byte chunks as FlyingFox's buffered body sequence:
/// each event is handed to the socket whole, as soon as it is sent.
private struct EventBytes: AsyncBufferedSequence, Sendable {
    typealias Element = UInt8
    let stream: AsyncStream<[UInt8]>

    func makeAsyncIterator() -> Iterator { Iterator(base: stream.makeAsyncIterator()) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        var base: AsyncStream<[UInt8]>.Iterator
        var pending: [UInt8] = []

        mutating func next() async -> UInt8? {
            if pending.isEmpty { pending = await base.next() ?? [] }
            return pending.isEmpty ? nil : pending.removeFirst()
        }

        mutating func nextBuffer(suggested count: Int) async -> [UInt8]? {
            if !pending.isEmpty { defer { pending = [] }; return pending }
            return await base.next()
        }
    }
}
