import Foundation
import FlyingFox

/// Every request must name the preview itself in `Host`: 127.0.0.1,
/// localhost or [::1] with the served port. A page of another site whose
/// name was made to resolve to 127.0.0.1 (DNS rebinding) sends its own name,
/// and is answered 421 before anything is read or served.
struct LoopbackHost: Sendable {
    let port: UInt16

    /// The request's `Host`, lowercased, when it is one of the preview's names.
    func host(of request: HTTPRequest) -> String? {
        guard let host = request.headers[.host]?.lowercased() else { return nil }
        let names = ["127.0.0.1", "localhost", "[::1]"]
        let allowed = names.map { "\($0):\(port)" } + (port == 80 ? names : [])
        return allowed.contains(host) ? host : nil
    }

    func refusal(_ request: HTTPRequest) -> HTTPResponse? {
        guard host(of: request) == nil else { return nil }
        return HTTPResponse(statusCode: .misdirectedRequest, headers: [.contentType: "text/plain; charset=utf-8", .connection: "close"],
                            body: Data("This preview answers only at http://127.0.0.1:\(port)/\n".utf8))
    }
}
