import DaybookSite
import FlyingFox
import Foundation

/// `daybook serve` and the phone's inbox (docs/phone.md): `POST /__daybook/inbox`
/// takes a page's events as JSON Lines, from the preview's own pages only
/// (`PreviewGuard`: its host and origin, this run's token), and merges them as `daybook inbox` merges an inbox
/// file, recording their ids in `content/inbox/merged/serve-DATE.jsonl`. An
/// inbox file that appears in `content/inbox/` is merged the same way. One
/// merge at a time.
final class InboxSaver: @unchecked Sendable {
    private let requests: PreviewGuard
    private let options: BuildOptions
    private let lock = NSLock()

    init(requests: PreviewGuard, options: BuildOptions) {
        self.requests = requests
        self.options = options
    }

    func handle(_ request: HTTPRequest) async -> HTTPResponse {
        do {
            try requests.checkWrite(PreviewGuard.write(request), contentTypes: ["application/x-ndjson", "application/jsonl", "application/json"],
                                    maximumBytes: InboxParser.maximumFileBytes)
            let body = Array(try await request.bodyData)
            let outcome = try lock.withLock { try InboxRun.run(options, dryRun: false, events: (name: recordName(), bytes: body),
                                                                   again: "send again from the page, where the records still wait") }
            report(outcome)
            return reply(.ok, ["merged": String(outcome.merge.merged), "summary": outcome.merge.summary.joined(separator: "\n")])
        } catch let refusal as PreviewGuard.Refusal {
            return reply(refusal.httpStatus, ["error": refusal.message])
        } catch let errors as ContentErrors {
            Terminal.report(errors.diagnostics)
            Terminal.error("a page's records were not merged; nothing was written, and they still wait on the page")
            return reply(.unprocessableContent, ["error": errors.description])
        } catch {
            return reply(.badRequest, ["error": "the request could not be read"])
        }
    }

    private func reply(_ status: HTTPStatusCode, _ body: [String: String]) -> HTTPResponse {
        let json = (try? JSONEncoder().encode(body)) ?? Data("{}".utf8)
        // A refused body may not have been read: the connection is not reused.
        var headers: HTTPHeaders = [.contentType: "application/json", .cacheControl: "no-store"]
        if status != .ok { headers[.connection] = "close" }
        return HTTPResponse(statusCode: status, headers: headers, body: json)
    }

    /// Merges the inbox files waiting in `content/inbox/`, if any (at the start and after each change the watcher sees).
    func mergeWaiting() {
        var ignored = Diagnostics()
        let walk = FolderWalk(root: options.contentDirectory, displayRoot: options.contentDisplayName, io: options.io)
        guard !InboxFolder.waiting(in: walk, into: &ignored).isEmpty else { return }
        do {
            // The watcher sees the editor's save and merges again by itself.
            report(try lock.withLock { try InboxRun.run(options, dryRun: false, again: "serve merges the inbox file again when it sees the save") })
        } catch let errors as ContentErrors {
            Terminal.report(errors.diagnostics)
            Terminal.error("the inbox files were not merged; nothing was written")
        } catch {
            Terminal.error("the inbox files were not merged: \(error)")
        }
    }

    /// Where a page's events are recorded: one file a day of the computer's calendar.
    private func recordName() -> String {
        "serve-\((options.today ?? TimeZones.today(in: TimeZone.current.identifier)).iso).jsonl"
    }

    private func report(_ outcome: InboxRun.Outcome) {
        Terminal.report(outcome.warnings)
        let root = options.contentDisplayName
        // The summary quotes what the phone sent: said through Terminal, as plain text.
        Terminal.say(outcome.merge.summary.map { "\(root)/\($0)\n" }.joined()
                     + "Merged \(outcome.merge.merged) event\(outcome.merge.merged == 1 ? "" : "s") from the inbox.")
    }
}
