import ArgumentParser
import DaybookSite
import Foundation

/// Exit codes of the contract: 1 for content errors, 2 for usage errors.
@main
enum Main {
    static func main() async {
        do {
            var command = try Daybook.parseAsRoot()
            if var asynchronous = command as? AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch let errors as ContentErrors {
            Terminal.report(errors.diagnostics)
            let count = errors.diagnostics.filter { $0.severity == .error }.count
            Terminal.error("\(count) error\(count == 1 ? "" : "s"); nothing was written")
            exit(1)
        } catch let usage as UsageError {
            Terminal.error(usage.message)
            exit(2)
        } catch let code as ExitCode {
            // Said already, line by line; only the status is left.
            exit(code.rawValue)
        } catch let diagnostic as Diagnostic {
            Terminal.report([diagnostic])
            exit(1)
        } catch {
            let code = Daybook.exitCode(for: error)
            if code == .success {
                Daybook.exit(withError: error)
            }
            Terminal.error(Daybook.fullMessage(for: error))
            exit(code == .validationFailure ? 2 : 1)
        }
    }
}

struct Daybook: AsyncParsableCommand {
    // Every command names itself (`commandName`): else ArgumentParser derives
    // each name from its type with String(describing:), 12.8 M instructions a run.
    static let configuration = CommandConfiguration(
        commandName: "daybook",
        abstract: "Build a journal and study site from plain files.",
        subcommands: [Build.self, Check.self, Serve.self, New.self, WeatherCommand.self, Init.self, Import.self, Export.self, InboxCommand.self, Publish.self],
        defaultSubcommand: Build.self
    )
}

/// `--content`, shared by every command that reads the site.
struct ContentFolder: ParsableArguments {
    @Option(name: .long, help: "The content folder.")
    var content = "content"

    var url: URL { URL(commandLine: content) }
    /// How the folder is named in messages.
    var displayName: String { content.count > 1 && content.hasSuffix("/") ? String(content.dropLast()) : content }
}

/// Where the site's files are and which day it is, shared by the building commands.
struct SiteLocation: ParsableArguments {
    @OptionGroup var folder: ContentFolder

    @Option(name: .long, help: "Compute schedules for this day (YYYY-MM-DD) instead of today.", transform: Self.date)
    var today: LocalDate?

    static func date(_ text: String) throws -> LocalDate {
        guard let date = LocalDate(iso: text) else { throw ValidationError("'\(text)' is not a date like 2026-11-20") }
        if let problem = date.yearProblem { throw ValidationError("\(problem.message) (\(text)); \(problem.hint)") }
        return date
    }

    var content: String { folder.content }
    var contentURL: URL { folder.url }

    func buildOptions(output: String = "public", seed: UInt64? = nil, visibility: Visibility = Visibility()) -> BuildOptions {
        BuildOptions(contentDirectory: contentURL, outputDirectory: URL(commandLine: output), today: today, seed: seed,
                     visibility: visibility, contentDisplayName: folder.displayName)
    }
}

/// What to include, shared by `build` and `serve`.
struct BuildFlags: ParsableArguments {
    @Flag(name: .customLong("include-private"), help: "Include private entries (for reading locally; never in feeds).")
    var includePrivate = false

    @Flag(name: .long, help: "Include drafts.")
    var drafts = false

    /// Once needed to build a moved or cloned site; accepted so that scripts that pass it keep working.
    @Flag(name: .long, help: .hidden)
    var force = false

    @OptionGroup var passphrase: PassphraseSource

    func buildOptions(_ location: SiteLocation, output: String, seed: UInt64? = nil) -> BuildOptions {
        var options = location.buildOptions(output: output, seed: seed, visibility: Visibility(includePrivate: includePrivate, includeDrafts: drafts))
        options.passphrase = passphrase.reader(content: location.contentURL)
        return options
    }
}

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Build the site into the output folder.")

    @OptionGroup var location: SiteLocation

    @Option(name: .long, help: "The output folder; changed only when the build succeeds.")
    var output = "public"

    @Option(name: .long, parsing: .unconditional, help: "Shuffle flashcards with this seed (repeats a printed order).", transform: Self.seed)
    var seed: UInt64?

    /// `.unconditional`: `--seed -1` is a bad seed, not a missing one.
    static func seed(_ text: String) throws -> UInt64 {
        guard let seed = UInt64(text) else { throw ValidationError("use a whole number from 0 to \(UInt64.max), not '\(text)'") }
        return seed
    }

    @OptionGroup var flags: BuildFlags

    func run() throws {
        var options = flags.buildOptions(location, output: output, seed: seed)
        options.exitsAfterBuild = true
        if let pending = ContentJournal.pendingError(content: location.contentURL, displayRoot: location.folder.displayName) { throw pending }
        try SiteBuilder.checkOutput(options)
        let summary = try SiteBuilder.build(options, progress: Terminal.progress)
        Terminal.clearProgress()
        Terminal.report(summary.warnings)
        let photos = summary.photosEncoded + summary.photosCached == 0 ? ""
            : "; photos: \(summary.photosEncoded) resized, \(summary.photosCached) from .daybook-cache/"
        let kept = summary.pagesKept == 0 ? "" : "; \(summary.pagesKept) as the last build made them, not rendered"
        Terminal.say("Built \(summary.pages) pages (\(summary.files) files\(photos)\(kept)) in \(String(format: "%.2f", summary.seconds)) s → \(output)/")
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check", abstract: "Validate all content and the theme; write nothing.")

    @OptionGroup var location: SiteLocation

    func run() throws {
        if let pending = ContentJournal.pendingError(content: location.contentURL, displayRoot: location.folder.displayName) { throw pending }
        let (warnings, entries) = try SiteBuilder.check(location.buildOptions())
        Terminal.report(warnings)
        Terminal.say("No errors in \(location.content)/ (\(entries) entries).")
    }
}

/// Everything Daybook says goes through here: progress on a terminal,
/// nothing when piped; diagnostics on stderr; results on stdout. Messages
/// quote files and services, so each is made plain text here, once
/// (`TerminalText`): no file or answer can drive the terminal.
enum Terminal {
    static let isInteractive = isatty(STDERR_FILENO) == 1

    static func progress(_ message: String) {
        guard isInteractive else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K\(TerminalText.plain(message))…".utf8))
    }

    static func clearProgress() {
        guard isInteractive else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }

    static func report(_ diagnostics: [Diagnostic]) {
        clearProgress()
        for diagnostic in diagnostics { FileHandle.standardError.write(Data((TerminalText.plain(diagnostic.description) + "\n").utf8)) }
    }

    static func error(_ message: String) {
        clearProgress()
        FileHandle.standardError.write(Data("daybook: \(TerminalText.plain(message))\n".utf8))
    }

    /// A line of the command's result, on stdout.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((TerminalText.plain(line) + "\n").utf8))
    }

    /// A note beside the result, on stderr (`weather: snow, -1.5 °C`).
    static func note(_ line: String) {
        FileHandle.standardError.write(Data((TerminalText.plain(line) + "\n").utf8))
    }
}

extension URL {
    /// A path as the shell left it: a `~` that reaches Daybook was quoted, so
    /// it names a folder `~` (Foundation would make it the account's home).
    init(commandLine path: String) {
        self.init(fileURLWithPath: path.hasPrefix("~") ? "./" + path : path)
    }
}
