import DaybookContent
import FlyingFox
import Foundation

/// `POST /__daybook/reviews`: the flip-card test page sends the day's missed
/// words (none for a deck tested with every word known) and they are merged into `content/vocab/reviews.md`. Only a page this
/// server served can do it: it must come from the preview's own origin and
/// host (no other site, no DNS rebinding) with this run's random token, as a
/// small JSON body. Nothing but `reviews.md` is ever written, and only when the
/// merged file reads without an error.
final class ReviewSaver: @unchecked Sendable {
    let token: String
    private let loopback: LoopbackHost
    private let contentDirectory: URL
    private let today: LocalDate?
    /// The content as it is on disk now (for the decks, their words and the site's time zone).
    private let load: @Sendable () -> (Content, Diagnostics)
    private let lock = NSLock()
    static let maximumBody = 64 * 1024

    init(port: UInt16, contentDirectory: URL, today: LocalDate?, load: @escaping @Sendable () -> (Content, Diagnostics)) {
        loopback = LoopbackHost(port: port)
        self.contentDirectory = contentDirectory
        self.today = today
        self.load = load
        var generator = SystemRandomNumberGenerator()
        token = (0..<4).map { _ in String(generator.next() as UInt64, radix: 16).leftPadded(to: 16) }.joined()
    }

    /// What the page sends: the day and, per deck, the missed words.
    struct Request: Decodable {
        struct Deck: Decodable {
            let deck: String
            let words: [String]
        }
        let date: String
        let decks: [Deck]
    }

    struct Refusal: Error {
        let status: HTTPStatusCode
        let message: String
        init(_ status: HTTPStatusCode, _ message: String) {
            self.status = status
            self.message = message
        }
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try checkSender(request)
            guard let length = request.bodySequence.count else { throw Refusal(.lengthRequired, "the body needs a Content-Length") }
            guard length <= Self.maximumBody else { throw Refusal(.payloadTooLarge, "the body is larger than \(Self.maximumBody) bytes") }
            let body = try await request.bodyData
            let sent: Request
            do { sent = try JSONDecoder().decode(Request.self, from: body) } catch {
                throw Refusal(.badRequest, "the body is not the JSON of a test's results")
            }
            let lines = try lock.withLock { try save(sent) }
            return reply(.ok, ["saved": lines])
        } catch let refusal as Refusal {
            return reply(refusal.status, ["error": refusal.message])
        } catch {
            return reply(.badRequest, ["error": "the request could not be read"])
        }
    }

    /// The page's own origin and host, and this run's token.
    func checkSender(_ request: HTTPRequest, contentTypes: [String] = ["application/json"]) throws {
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
            throw Refusal(.unsupportedMediaType, "the body must be JSON")
        }
    }

    /// Compares without stopping at the first difference, so timing tells nothing of the token.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Checks the results against the decks, merges them and writes `reviews.md` atomically; returns the lines saved.
    private func save(_ sent: Request) throws -> String {
        let (content, _) = load()
        let today = self.today ?? TimeZones.today(in: content.config.timezone)
        guard let date = LocalDate(iso: sent.date), date.yearProblem == nil else { throw Refusal(.unprocessableContent, "'\(sent.date)' is not a date like 2026-11-25") }
        guard date <= today else { throw Refusal(.unprocessableContent, "\(date.iso) is after today (\(today.iso))") }
        let decks = Dictionary(content.decks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var misses: [ReviewMerge.Misses] = []
        for entry in sent.decks {
            guard let deck = decks[entry.deck] else {
                let hint = Suggestion.hint(for: entry.deck, in: decks.keys.sorted()).map { "; \($0)" } ?? ""
                throw Refusal(.unprocessableContent, "unknown deck '\(entry.deck)'\(hint)")
            }
            for word in entry.words where deck.word(word) == nil || word.contains(where: \.isNewline) {
                throw Refusal(.unprocessableContent, "'\(word)' is not a word of deck '\(deck.id)'")
            }
            misses.append(ReviewMerge.Misses(deckID: deck.id, words: entry.words))
        }

        // Merged afresh from the file as it is when the guard has it, unchanged and still.
        let update = GuardedFileUpdate(path: contentDirectory.appendingPathComponent("vocab/reviews.md").path)
        do {
            _ = try update.update { old in
                guard let text = String(validating: old, as: UTF8.self) else {
                    throw Refusal(.conflict, "vocab/reviews.md is not UTF-8 text; nothing was saved")
                }
                let merged = ReviewMerge.merging(misses, on: date, into: text)
                // The merged file must read without an error, as the build will read it.
                var diagnostics = Diagnostics()
                let source = SourceFile(displayPath: "vocab/reviews.md", relativePath: "vocab/reviews.md", text: TextLines.lineFeeds(merged.hasPrefix("\u{FEFF}") ? String(merged.dropFirst()) : merged))
                _ = ReviewLogParser.parse(source, decks: content.decks, into: &diagnostics)
                if let error = diagnostics.errors.first {
                    throw Refusal(.unprocessableContent, "\(error.location.path):\(error.location.line):\(error.location.column): \(error.message)"
                        + (error.hint.map { " (\($0))" } ?? ""))
                }
                return Data(merged.utf8)
            }
        } catch let failure as GuardedFileUpdate.Failure {
            switch failure {
            case .notPlainFile, .changedMeanwhile: throw Refusal(.conflict, "vocab/reviews.md: \(failure)")
            case .failed: throw Refusal(.internalServerError, "cannot write vocab/reviews.md: \(failure)")
            }
        }
        return (["## \(date.iso)"] + misses.map(ReviewMerge.line)).joined(separator: "\n")
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
