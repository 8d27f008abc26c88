import DaybookSite
import FlyingFox
import Foundation

/// Serves the output folder on 127.0.0.1. Each HTML page gets `LiveScript`;
/// open pages hear of every rebuild by server-sent events: the new build's
/// number (they reload) or the errors of a failed one (they show them).
actor PreviewServer {
    private let output: URL
    /// A successful build's number; the pages it served carry it.
    private var build = 0
    /// The errors of the last build when it failed, else empty.
    private var errors: [Diagnostic] = []
    private let hub = EventHub()
    /// This run's token, which the pages carry to save into the content.
    private let token: String

    init(output: URL, token: String) {
        self.output = output.standardizedFileURL
        self.token = token
    }

    func rebuilt() {
        build += 1
        errors = []
        hub.send(EventHub.event("build", data: String(build)))
    }

    func failed(_ diagnostics: [Diagnostic]) {
        errors = diagnostics.filter { $0.severity == .error }
        hub.send(errorsEvent())
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/__daybook/events" {
            let greeting = EventHub.event("build", data: String(build)) + (errors.isEmpty ? [] : errorsEvent())
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                                body: hub.subscribe(greeting: Array("retry: 500\n\n".utf8) + greeting))
        }
        guard let file = resolve(request.path) else { return notFound() }
        let type = Self.contentType(file.pathExtension)
        if type.hasPrefix("text/html") {
            // A page carries the build's number: made afresh for every request.
            guard let data = FileManager.default.contents(atPath: file.path) else { return notFound() }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: inject(into: data))
        }
        // Style sheets, scripts and images: a reloading page asks whether its
        // copy still holds, and while the file is the one it has (a rebuild
        // replaces a changed file by a new one) it hears so without the bytes.
        guard let stamp = FileIO.disk.attributes(file.path), stamp.kind == .file else { return notFound() }
        let tag = "\"\(stamp.identity?.inode ?? 0)-\(stamp.size)-\(stamp.modified)\""
        let headers: HTTPHeaders = [.eTag: tag, .cacheControl: "no-cache"]
        if let asked = request.headers[.ifNoneMatch], asked.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == tag }) {
            return HTTPResponse(statusCode: .notModified, headers: headers)
        }
        guard let data = FileManager.default.contents(atPath: file.path) else { return notFound() }
        var all = headers
        all[.contentType] = type
        return HTTPResponse(statusCode: .ok, headers: all, body: data)
    }

    private func errorsEvent() -> [UInt8] {
        struct Shown: Encodable { let location, message: String; let hint: String? }
        let shown = errors.map { Shown(location: "\($0.location.path):\($0.location.line):\($0.location.column)", message: $0.message, hint: $0.hint) }
        let json = (try? JSONEncoder().encode(shown)).map { String(decoding: $0, as: UTF8.self) } ?? "[]"
        return EventHub.event("errors", data: json)
    }

    private func resolve(_ path: String) -> URL? {
        PreviewGuard.file(at: path, in: output.path, io: .disk).map { URL(fileURLWithPath: $0) }
    }

    private func notFound() -> HTTPResponse {
        let page = resolve("/404.html").flatMap { FileManager.default.contents(atPath: $0.path) } ?? Data("Not found".utf8)
        return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/html; charset=utf-8"], body: inject(into: page))
    }

    /// The script goes before the last `</body>`, found in the bytes (a deck's page is a quarter of a megabyte).
    private func inject(into data: Data) -> Data {
        let script = Data(LiveScript.tag(build: build, token: token).utf8)
        guard let end = data.range(of: Data("</body>".utf8), options: .backwards) else { return data + script }
        var result = data
        result.insert(contentsOf: script, at: end.lowerBound)
        return result
    }

    static func contentType(_ pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "html": return "text/html; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "js": return "text/javascript; charset=utf-8"
        case "json": return "application/json"
        case "xml": return "application/xml; charset=utf-8"
        case "ics": return "text/calendar; charset=utf-8"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        default: return "application/octet-stream"
        }
    }
}
