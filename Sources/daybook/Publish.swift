import ArgumentParser
import DaybookSite
import Dispatch
import Foundation

/// `daybook publish [--watch]` (docs/phone.md, docs/commands.md): what the phone sent home goes
/// to the published site with nobody at the computer. One round merges the
/// waiting inbox files as `daybook inbox` does, builds, and runs
/// `publish.command`; `--watch` runs a round whenever the content, an inbox
/// file or the theme changes.
struct Publish: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Merge the inbox, build, and run publish.command from site.yml; --watch: again on every change.",
        discussion: """
        Inbox files in content/inbox/ are merged as 'daybook inbox' merges them, the site is built without private \
        content, and publish.command from site.yml (like "rsync -a --delete public/ me@host:/srv/daybook/") runs in \
        this folder, without a shell, stopped after publish.timeout seconds; its output is shown without control \
        characters. A failed build runs no command and leaves public/ as it was. With --watch the round runs again \
        2 seconds after content/, content/inbox/ or themes/ last changed, one round at a time, each round one line; \
        a failed build or command is tried again on the next change. Ctrl-C stops it.
        """)

    @OptionGroup var location: SiteLocation

    @Option(name: .long, help: "The output folder (what publish.command sends).")
    var output = "public"

    @Flag(name: .long, help: "Keep running: merge, build and publish again whenever content, the inbox or the theme changes.")
    var watch = false

    func run() throws {
        let options = location.buildOptions(output: output)
        try SiteBuilder.checkOutput(options)
        let publisher = Publisher(options: options, root: location.folder.displayName, output: output)
        guard watch else {
            if !publisher.round(verbose: true) { throw ExitCode(1) }
            return
        }
        try publisher.watch()
    }
}

/// The rounds of `daybook publish`, and what it remembers between them under `--watch`.
final class Publisher: @unchecked Sendable {
    let options: BuildOptions
    let root: String
    let output: String
    /// What the last build wrote, so that a round can tell whether the site changed.
    private let memory = ServeMemory()
    /// Whether the last command ran to success; until then every round runs it.
    private var published = false
    /// Whether a build ran before: only then does its count of files written say what changed.
    private var built = false
    /// Rounds run here, one at a time; the watcher's changes are noted here too.
    private let queue = DispatchQueue(label: "daybook.publish")
    private var pending: DispatchWorkItem?
    /// How long changes must be quiet before a round: a synced file arrives in a few writes.
    static let settle = DispatchTimeInterval.seconds(2)

    init(options: BuildOptions, root: String, output: String) {
        self.options = options
        self.root = root
        self.output = output
    }

    func watch() throws {
        let watcher = try FileWatcher(roots: [options.contentDirectory, options.themesDirectory]) { [self] _ in
            queue.async { self.changed() }
        }
        watcher.start()
        Terminal.say("Watching \(root)/ and themes/; publishing on every change. Ctrl-C stops.")
        queue.sync { _ = round(verbose: false) }
        withExtendedLifetime(watcher) { dispatchMain() }
    }

    /// A change: a round once changes have been quiet for `settle` (on `queue`).
    private func changed() {
        pending?.cancel()
        let work = DispatchWorkItem { [self] in _ = round(verbose: false) }
        pending = work
        queue.asyncAfter(deadline: .now() + Self.settle, execute: work)
    }

    /// Merge, build, publish. Under `--watch` (not `verbose`) its outcome is one line, after what went wrong.
    /// - Returns: whether it all succeeded.
    @discardableResult
    func round(verbose: Bool) -> Bool {
        var parts: [String] = []
        var succeeded = true
        // Said under --watch only: a single run is not tried again.
        let retry = verbose ? "" : "; tried again on the next change"

        // The merge: the same run as `daybook inbox`, its lock and checks included.
        var merged = false
        do {
            let outcome = try InboxRun.run(options, dryRun: false, again: "save it; the next change merges again")
            Terminal.report(outcome.warnings)
            if !outcome.moved.isEmpty {
                merged = true
                if verbose { for line in outcome.merge.summary { Terminal.say("\(root)/\(line)") } }
                parts.append("merged " + InboxCommand.counts(outcome))
            }
        } catch let errors as ContentErrors {
            Terminal.report(errors.diagnostics)
            parts.append("inbox not merged (\(Self.count(errors)); the files wait in \(root)/inbox/)")
            succeeded = false
        } catch {
            Terminal.error("\(error)")
            parts.append("inbox not merged; the files wait in \(root)/inbox/")
            succeeded = false
        }

        // The build: a failed one leaves public/ as it was, and nothing is published.
        let summary: BuildSummary
        do {
            let progress: ((String) -> Void)? = verbose ? { Terminal.progress($0) } : nil
            summary = try SiteBuilder.build(options, memory: memory, progress: progress)
            Terminal.clearProgress()
            Terminal.report(summary.warnings)
        } catch let errors as ContentErrors {
            Terminal.report(errors.diagnostics)
            parts.append("build failed (\(Self.count(errors))): nothing published" + retry)
            return finish(parts, succeeded: false)
        } catch {
            Terminal.error("\(error)")
            parts.append("build failed: nothing published" + retry)
            return finish(parts, succeeded: false)
        }
        let changed = memory.filesChanged
        // Under --watch a round that changed nothing after a good publish says nothing: it is the echo of its own merge, or an edit that changes no page.
        if !verbose, published, !merged, changed == 0, succeeded { return true }
        parts.append("built \(summary.pages) pages" + (built ? " (\(changed) file\(changed == 1 ? "" : "s") changed)" : ""))
        built = true

        let config = ContentLoader.settings(directory: options.contentDirectory, displayRoot: root, io: options.io)
        guard let command = config.publish else {
            parts.append("no publish.command in \(root)/site.yml, so \(output)/ is not sent anywhere")
            published = true
            return finish(parts, succeeded: succeeded)
        }
        let run = CommandRunner.run(command.arguments, timeout: command.timeout)
        show(run.output)
        let name = (command.arguments[0] as NSString).lastPathComponent
        let seconds = String(format: "%.1f", run.seconds)
        switch run.ending {
        case .exited(0):
            parts.append("published by \(name) in \(seconds) s")
        case let .exited(code):
            parts.append("publish failed: \(name) exited with status \(code)" + retry)
        case let .signaled(signal):
            parts.append("publish failed: \(name) was stopped by signal \(signal)" + retry)
        case let .timedOut(limit):
            parts.append("publish failed: \(name) ran past publish.timeout (\(limit) s) and was stopped" + retry)
        case let .cannotStart(reason):
            parts.append("publish failed: cannot run \(reason)" + retry)
        }
        published = run.ending.succeeded
        return finish(parts, succeeded: succeeded && published)
    }

    private func finish(_ parts: [String], succeeded: Bool) -> Bool {
        Terminal.say(Self.clock() + " " + parts.joined(separator: " · "))
        return succeeded
    }

    /// The command's output, without control characters, each line indented under the round.
    private func show(_ output: [UInt8]) {
        let text = TerminalText.plain(String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) { Terminal.say("  | " + line) }
    }

    static func count(_ errors: ContentErrors) -> String {
        let count = errors.diagnostics.filter { $0.severity == .error }.count
        return "\(count) error\(count == 1 ? "" : "s")"
    }

    /// The local time of a round, so a log read later says when.
    static func clock() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: Date())
    }
}
