import FlyingFox
import Foundation

/// Which requests come from a page the preview served: only such a page may
/// write into the content (`POST /__daybook/inbox`). It must come from the
/// preview's own origin and host (no other site, no DNS rebinding) with this
/// run's random token, which the served pages carry.
final class PageSender: Sendable {
    let token: String
    private let loopback: LoopbackHost

    init(port: UInt16) {
        loopback = LoopbackHost(port: port)
        var generator = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    struct Refusal: Error {
        let status: HTTPStatusCode
        let message: String
        init(_ status: HTTPStatusCode, _ message: String) {
            self.status = status
            self.message = message
        }
    }

    /// The page's own origin and host, this run's token, and a body of one of `contentTypes`.
    func check(_ request: HTTPRequest, contentTypes: [String]) throws {
        guard let host = loopback.host(of: request) else {
            throw Refusal(.forbidden, "requests must be sent to the preview's own address")
        }
        guard request.headers[HTTPHeader("Origin")]?.lowercased() == "http://\(host)" else {
            throw Refusal(.forbidden, "requests must come from a page of the preview")
        }
        guard let sent = request.headers[HTTPHeader("X-Daybook-Token")], Self.same(sent, token) else {
            throw Refusal(.forbidden, "the token is missing or wrong: reload the page")
        }
        guard let type = request.headers[.contentType]?.lowercased(), contentTypes.contains(where: { type.hasPrefix($0) }) else {
            throw Refusal(.unsupportedMediaType, "the body must be JSON Lines")
        }
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    func reply(_ status: HTTPStatusCode, _ body: [String: String]) -> HTTPResponse {
        let json = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        // A refused body may not have been read: the connection is not reused.
        var headers: HTTPHeaders = [.contentType: "application/json", .cacheControl: "no-store"]
        if status != .ok { headers[.connection] = "close" }
        return HTTPResponse(statusCode: status, headers: headers, body: json)
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
