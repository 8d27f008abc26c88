import Foundation

/// What `daybook serve` lets in, decided from a request's headers before
/// anything is read or served. The HTTP server (the `daybook` executable)
/// hands each request's headers here, so the rules are tested directly.
///
/// - Every request must name the preview itself in `Host`: 127.0.0.1,
///   localhost or [::1] with the served port. A page of another site whose
///   name was made to resolve to 127.0.0.1 (DNS rebinding) sends its own
///   name, and is answered 421.
/// - Only a page the preview served may write into the content
///   (`POST /__daybook/inbox`): from the preview's own origin, with this
///   run's random token (which the served pages carry), a body of an
///   expected type, its length given and within the limit.
public struct PreviewGuard: Sendable {
    let port: UInt16
    public let token: String

    public init(port: UInt16, token: String = PreviewGuard.randomToken()) {
        self.port = port
        self.token = token
    }

    /// 256 random bits, as 64 hex digits.
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<4).map { _ in
            let digits = String(generator.next() as UInt64, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Why a request is refused: its HTTP status and what the page is told.
    public struct Refusal: Error, Equatable, Sendable {
        public enum Status: Int, Sendable {
            case forbidden = 403, lengthRequired = 411, payloadTooLarge = 413, unsupportedMediaType = 415, misdirected = 421
        }
        public let status: Status
        public let message: String

        init(_ status: Status, _ message: String) {
            self.status = status
            self.message = message
        }
    }

    /// The headers of a request that writes, as sent (nil: not sent).
    public struct Write: Sendable {
        var host, origin, token, contentType: String?
        /// The body's `Content-Length`; nil when it has none (chunked).
        var contentLength: Int?

        public init(host: String?, origin: String?, token: String?, contentType: String?, contentLength: Int?) {
            self.host = host
            self.origin = origin
            self.token = token
            self.contentType = contentType
            self.contentLength = contentLength
        }
    }

    /// The `Host` header, lowercased, when it is one of the preview's names, exactly.
    func host(_ header: String?) -> String? {
        guard let host = header?.lowercased() else { return nil }
        let names = ["127.0.0.1", "localhost", "[::1]"]
        let allowed = names.map { "\($0):\(port)" } + (port == 80 ? names : [])
        return allowed.contains(host) ? host : nil
    }

    /// Any request: refused unless its `Host` names the preview.
    public func checkHost(_ header: String?) throws(Refusal) { _ = try named(header) }

    private func named(_ header: String?) throws(Refusal) -> String {
        guard let host = host(header) else { throw Refusal(.misdirected, "This preview answers only at http://127.0.0.1:\(port)/") }
        return host
    }

    /// A request that writes into the content: the preview's host, the page's
    /// own origin, this run's token, a body of one of `contentTypes` no
    /// longer than `maximumBytes`.
    public func checkWrite(_ request: Write, contentTypes: [String], maximumBytes: Int) throws(Refusal) {
        let host = try named(request.host)
        guard request.origin?.lowercased() == "http://" + host else {
            throw Refusal(.forbidden, "requests must come from a page of the preview")
        }
        guard let sent = request.token, Self.same(sent, token) else {
            throw Refusal(.forbidden, "the token is missing or wrong: reload the page")
        }
        guard let type = request.contentType?.lowercased(), contentTypes.contains(where: { type.hasPrefix($0) }) else {
            throw Refusal(.unsupportedMediaType, "the body must be JSON Lines")
        }
        guard let length = request.contentLength else { throw Refusal(.lengthRequired, "the body needs a Content-Length") }
        guard length <= maximumBytes else { throw Refusal(.payloadTooLarge, "the body is larger than \(maximumBytes) bytes") }
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The file a URL path names inside the output folder, never outside it:
    /// the file's real path, every link resolved, must lie in the folder's
    /// (a link planted in the output folder leads nowhere). A folder is its `index.html`.
    public static func file(at path: String, in output: String, io: FileIO) -> String? {
        let decoded = path.removingPercentEncoding ?? path
        let parts = decoded.split(separator: "/").map(String.init)
        guard !parts.contains(".."), let root = io.resolve(output) else { return nil }
        var file = parts.reduce(output) { $0 + "/" + $1 }
        if io.isFolder(file) { file += "/index.html" }
        guard let real = io.resolve(file), real.hasPrefix(root == "/" ? root : root + "/") else { return nil }
        return real
    }
}
