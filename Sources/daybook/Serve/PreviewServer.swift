import FlyingFox
import Foundation

/// Serves the output folder on 127.0.0.1 and lets open pages reload themselves
/// after a rebuild: each HTML page gets a small script that polls the build
/// number.
actor PreviewServer {
    private let output: URL
    private var buildNumber = 0

    init(output: URL) { self.output = output.standardizedFileURL }

    func rebuilt() { buildNumber += 1 }

    /// The page knows the build it came from, so a rebuild finished before its
    /// first poll still reloads it.
    static func reloadScript(build: Int) -> String {
        """
        <script>(function(){var seen="\(build)";setInterval(function(){fetch("/__daybook/build").then(function(r){return r.text()}).then(function(n){if(n!==seen){location.reload()}}).catch(function(){})},500)})();</script>
        """
    }

    func respond(to request: HTTPRequest) -> HTTPResponse {
        if request.path == "/__daybook/build" {
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/plain", .cacheControl: "no-store"], body: Data(String(buildNumber).utf8))
        }
        guard let file = resolve(request.path) else { return notFound() }
        guard var data = FileManager.default.contents(atPath: file.path) else { return notFound() }
        let type = Self.contentType(file.pathExtension)
        if type.hasPrefix("text/html") { data = Self.injectReload(into: data, build: buildNumber) }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: data)
    }

    /// Maps a URL path to a file inside the output folder, never outside it.
    private func resolve(_ path: String) -> URL? {
        let decoded = path.removingPercentEncoding ?? path
        let parts = decoded.split(separator: "/").map(String.init)
        guard !parts.contains("..") else { return nil }
        var url = output
        for part in parts { url.appendPathComponent(part) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return nil }
        if isDirectory.boolValue { url.appendPathComponent("index.html") }
        return url.standardizedFileURL.path.hasPrefix(output.path) ? url : nil
    }

    private func notFound() -> HTTPResponse {
        let page = FileManager.default.contents(atPath: output.appendingPathComponent("404.html").path) ?? Data("Not found".utf8)
        return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/html; charset=utf-8"], body: Self.injectReload(into: page, build: buildNumber))
    }

    static func injectReload(into data: Data, build: Int) -> Data {
        let html = String(decoding: data, as: UTF8.self)
        let script = reloadScript(build: build)
        guard let end = html.range(of: "</body>", options: .backwards) else { return data + Data(script.utf8) }
        return Data((html[..<end.lowerBound] + script + html[end.lowerBound...]).utf8)
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
