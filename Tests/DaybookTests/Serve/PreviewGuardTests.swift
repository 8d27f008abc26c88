@testable import DaybookSite
import Foundation
import Testing

/// `daybook serve`'s checks of each request (docs/phone.md), as the server applies
/// them to the headers a browser, or a forging page, sends.
@Suite struct PreviewGuardTests {
    static let port: UInt16 = 8123
    static let token = String(repeating: "ab12", count: 16)
    let requests = PreviewGuard(port: Self.port, token: Self.token)

    /// A save as the preview's own page sends it.
    static func save(host: String? = "127.0.0.1:8123", origin: String? = "http://127.0.0.1:8123", token: String? = PreviewGuardTests.token,
                     contentType: String? = "application/x-ndjson", length: Int? = 120) -> PreviewGuard.Write {
        PreviewGuard.Write(host: host, origin: origin, token: token, contentType: contentType, contentLength: length)
    }

    func refusal(_ request: PreviewGuard.Write) -> PreviewGuard.Refusal.Status? {
        do throws(PreviewGuard.Refusal) {
            try requests.checkWrite(request, contentTypes: ["application/x-ndjson", "application/json"], maximumBytes: 1000)
            return nil
        } catch {
            return error.status
        }
    }

    /// A page of another site whose name resolves to 127.0.0.1 (DNS rebinding) sends its own name: refused, however it is dressed.
    @Test func onlyThePreviewsOwnNamesAreItsHost() {
        for host in ["127.0.0.1:8123", "localhost:8123", "LocalHost:8123", "[::1]:8123"] {
            #expect(requests.host(host) == host.lowercased(), "\(host)")
            #expect(throws: Never.self) { try requests.checkHost(host) }
        }
        for host in ["evil.example", "evil.example:8123", "127.0.0.1:8124", "127.0.0.2:8123", "localhost.evil.example:8123",
                     "127.0.0.1:8123.evil.example", "127.0.0.1:81234", "127.0.0.1", "localhost", "", " 127.0.0.1:8123"] {
            #expect(requests.host(host) == nil, "\(host)")
            #expect(throws: PreviewGuard.Refusal(.misdirected, "This preview answers only at http://127.0.0.1:8123/"), "\(host)") {
                try requests.checkHost(host)
            }
        }
        #expect(requests.host(nil) == nil)
        // On port 80 a browser leaves the port out.
        #expect(PreviewGuard(port: 80).host("localhost") == "localhost")
        #expect(PreviewGuard(port: 80).host("localhost:80") == "localhost:80")
    }

    @Test func aSaveFromThePreviewsOwnPageIsLetIn() {
        #expect(refusal(Self.save()) == nil)
        #expect(refusal(Self.save(host: "localhost:8123", origin: "http://localhost:8123")) == nil)
        #expect(refusal(Self.save(contentType: "application/json; charset=utf-8")) == nil)
        #expect(refusal(Self.save(length: 0)) == nil)
        #expect(refusal(Self.save(length: 1000)) == nil)
    }

    /// Another site's page, or one sent without a browser's headers, writes nothing.
    @Test func aSaveFromAnywhereElseIsRefused() {
        #expect(refusal(Self.save(host: "evil.example:8123", origin: "http://evil.example:8123")) == .misdirected)
        #expect(refusal(Self.save(host: nil)) == .misdirected)
        for origin in [nil, "", "null", "http://evil.example", "http://127.0.0.1:8123.evil.example", "http://127.0.0.1:8124",
                       "https://127.0.0.1:8123", "http://localhost:8123", "http://127.0.0.1:8123/"] {
            #expect(refusal(Self.save(origin: origin)) == .forbidden, "\(origin ?? "no Origin")")
        }
        for token in [nil, "", String(Self.token.dropLast()), Self.token + "0", String(repeating: "0", count: 64), Self.token.uppercased()] {
            #expect(refusal(Self.save(token: token)) == .forbidden, "\(token ?? "no token")")
        }
    }

    @Test func aBodyMustBeJSONLinesOfAKnownLengthWithinTheLimit() {
        for type in [nil, "text/plain", "multipart/form-data", "application/xml"] {
            #expect(refusal(Self.save(contentType: type)) == .unsupportedMediaType, "\(type ?? "no type")")
        }
        #expect(refusal(Self.save(length: nil)) == .lengthRequired)
        #expect(refusal(Self.save(length: 1001)) == .payloadTooLarge)
        #expect(refusal(Self.save(length: Int.max)) == .payloadTooLarge)
    }

    @Test func eachRunHasItsOwnLongToken() {
        let tokens = (0..<8).map { _ in PreviewGuard.randomToken() }
        #expect(Set(tokens).count == 8)
        #expect(tokens.allSatisfy { $0.count == 64 && $0.allSatisfy(\.isHexDigit) })
        #expect(PreviewGuard(port: 1).token != PreviewGuard(port: 1).token)
    }

    /// A URL path is a file inside the output folder or nothing: no `..`,
    /// written plainly or percent-encoded, and no link planted in the output
    /// leads out of it, not even to a folder whose name starts with the output's.
    @Test func aPathNamesOnlyAFileInsideTheOutput() {
        let files = MemoryFiles()
        files.add("/site/public/index.html", text: "home")
        files.add("/site/public/diary/index.html", text: "diary")
        files.add("/site/public/assets/style.css", text: "css")
        files.add("/site/secret.txt", text: "SECRET")
        files.add("/site/public-old/index.html", text: "old")
        files.addLink("/site/public/leak.txt", to: "/site/secret.txt")
        files.addLink("/site/public/old", to: "/site/public-old")
        files.addLink("/site/public/same.css", to: "assets/style.css")
        let io = files.io
        func file(_ path: String) -> String? { PreviewGuard.file(at: path, in: "/site/public", io: io) }
        #expect(file("/") == "/site/public/index.html")
        #expect(file("/diary/") == "/site/public/diary/index.html")
        #expect(file("/diary") == "/site/public/diary/index.html")
        #expect(file("/assets/style.css") == "/site/public/assets/style.css")
        #expect(file("/same.css") == "/site/public/assets/style.css")
        #expect(file("/assets/%73tyle.css") == "/site/public/assets/style.css")
        for path in ["/../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt", "/assets%2F..%2F..%2Fsecret.txt", "/leak.txt",
                     "/old/", "/old/index.html", "/missing.html"] {
            #expect(file(path) == nil, "\(path)")
        }
    }
}
