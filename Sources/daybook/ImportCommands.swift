import ArgumentParser
import DaybookSite
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Bring in words, diary entries and workouts from other apps.",
        discussion: """
        Every import is idempotent (what is already imported is skipped) and atomic (nothing is \
        written unless everything converts and the whole site, with the new files, passes 'daybook check'). \
        It ends with a summary.
        """,
        subcommands: [ImportAnki.self, ImportDayOne.self, ImportJrnl.self, ImportStrong.self, ImportHevy.self, ImportFitNotes.self])
}

/// What every import takes besides its source.
struct ImportOptions: ParsableArguments {
    @OptionGroup var folder: ContentFolder

    @Flag(name: .customLong("dry-run"), help: "Convert and check everything, print the summary, write nothing.")
    var dryRun = false

    @Flag(name: .customLong("skip-bad-rows"), help: "Import the rest when some rows cannot be read (they are listed).")
    var skipBadRows = false

    /// The check of the whole site with the import's files, before any is written.
    var verify: ImportVerification {
        ImportCheck.verifier(BuildOptions(contentDirectory: folder.url, outputDirectory: URL(commandLine: "public"),
                                          contentDisplayName: folder.displayName), dryRun: dryRun)
    }

    /// Runs an import holding the content folder's lock, from before it reads what is there until its files are written.
    func locked(_ body: () throws -> ImportSummary) throws -> ImportSummary {
        try ContentLock.holding(content: folder.url, displayRoot: folder.displayName, by: "daybook import", report: Terminal.report) { _ in try body() }
    }

    func report(_ summary: ImportSummary) {
        Terminal.report(summary.warnings)
        for line in summary.lines { Terminal.say(line) }
    }
}

/// `daybook import anki FILE --deck NAME [--date DATE]`
struct ImportAnki: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anki",
        abstract: "Add the notes of an Anki plain-text export to a deck as one day's word book.",
        discussion: """
        Reads Anki's File › Export › Notes in Plain Text (.txt): the first field is the word, the second \
        the meanings, the third example sentences. New words go under '## DATE' in content/vocab/NAME.md, \
        which is created when missing; words the deck already has are skipped, notes of the same word \
        merged, notes without a meaning left out and listed.
        """)

    @Argument(help: "The exported .txt file.")
    var file: String

    @Option(name: .long, help: "The deck: content/vocab/NAME.md.")
    var deck: String

    @Option(name: .long, help: "The word book's day (YYYY-MM-DD); today when left out.", transform: SiteLocation.date)
    var date: LocalDate?

    @OptionGroup var options: ImportOptions

    @Option(name: .long, help: "For a new deck: the language of its words.")
    var language = "en"

    @Option(name: .customLong("meaning-language"), help: "For a new deck: the language of its meanings.")
    var meaningLanguage = "ko"

    func validate() throws {
        if let problem = AnkiFiles.deckNameProblem(deck) { throw ValidationError(problem) }
    }

    func run() throws {
        let summary = try options.locked { try AnkiFiles.importNotes(
            from: URL(commandLine: file), displayPath: file, deck: deck, date: date,
            content: options.folder.url, contentDisplayName: options.folder.displayName,
            language: language, meaningLanguage: meaningLanguage,
            dryRun: options.dryRun, skipBadRows: options.skipBadRows, verify: options.verify,
            progress: Terminal.progress) }
        options.report(summary)
    }
}

/// The arguments of `daybook import strong|hevy|fitnotes FILE.csv`.
struct TrainingExportArguments: ParsableArguments {
    @Argument(help: "The exported .csv file.")
    var file: String

    @Option(name: .long, help: "For exports without a unit (Strong's comma form): kg or lb; site.yml's workouts.unit when left out.")
    var unit: SiteConfig.Workouts.Unit?

    @OptionGroup var options: ImportOptions

    func run(_ source: TrainingImport.Source) throws {
        let summary = try options.locked { try TrainingImport.run(source, file: URL(commandLine: file), displayPath: file,
                                             content: options.folder.url, contentDisplayName: options.folder.displayName,
                                             unit: unit, dryRun: options.dryRun, skipBadRows: options.skipBadRows, verify: options.verify,
            progress: Terminal.progress) }
        options.report(summary)
    }
}

extension SiteConfig.Workouts.Unit: ExpressibleByArgument {}

private let trainingDiscussion = """
One workout file per session under content/workouts/YEAR/, in Daybook's set notation; sessions the \
content already has (same date and start time) are skipped.
"""

struct ImportStrong: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "strong", abstract: "Import Strong's CSV export.", discussion: trainingDiscussion)
    @OptionGroup var arguments: TrainingExportArguments
    func run() throws { try arguments.run(.strong) }
}

struct ImportHevy: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hevy", abstract: "Import Hevy's CSV export.", discussion: trainingDiscussion)
    @OptionGroup var arguments: TrainingExportArguments
    func run() throws { try arguments.run(.hevy) }
}

struct ImportFitNotes: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "fitnotes", abstract: "Import FitNotes' CSV export.", discussion: trainingDiscussion)
    @OptionGroup var arguments: TrainingExportArguments
    func run() throws { try arguments.run(.fitnotes) }
}

struct ImportDayOne: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dayone", abstract: "Import Day One's JSON export (its .zip, its unzipped folder, or a journal's .json).",
        discussion: """
        One diary file per entry under content/diary/YEAR/, named by the entry's local date; photos, videos, \
        audio and PDFs are copied beside it. Entries already imported (same Day One uuid) are skipped.
        """)

    @Argument(help: "The export's .zip, its folder, or one journal's .json.")
    var path: String

    @OptionGroup var options: ImportOptions

    func run() throws {
        let summary = try options.locked { try DayOneImport.run(URL(commandLine: path), displayPath: path, content: options.folder.url,
                                           contentDisplayName: options.folder.displayName,
                                           dryRun: options.dryRun, skipBadRows: options.skipBadRows, verify: options.verify,
            progress: Terminal.progress) }
        options.report(summary)
    }
}

struct ImportJrnl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "jrnl", abstract: "Import a jrnl journal (its text file) or its JSON export.",
        discussion: """
        One diary file per entry under content/diary/YEAR/, named by its date; the title is the entry's \
        first line (or first sentence), @tags become tags, starred entries 'starred: true'. Entries already \
        imported (same date, time and title) are skipped. Dates in another style than jrnl's default \
        ('[2013-04-09 15:39]', with seconds, 12-hour, or jrnl 1.x without brackets) need --timeformat.
        """)

    @Argument(help: "The journal's text file (jrnl.txt) or the output of 'jrnl --export json'.")
    var file: String

    @Option(name: .long, help: ArgumentHelp("The journal's timeformat from jrnl's config, like '%d/%m/%Y %H:%M'; common ones are found by themselves.",
                                            valueName: "strftime"),
            transform: Self.timeFormat)
    var timeformat: JrnlTimeFormat?

    @OptionGroup var options: ImportOptions

    static func timeFormat(_ text: String) throws -> JrnlTimeFormat {
        guard let format = JrnlTimeFormat(text) else {
            throw ValidationError("'\(text)' is not a timeformat with a day, month and year, like '%Y-%m-%d %H:%M' (codes: %Y %y %m %b %B %d %H %I %M %S %p %a %A)")
        }
        return format
    }

    func run() throws {
        let summary = try options.locked { try JrnlImport.run(URL(commandLine: file), displayPath: file, content: options.folder.url,
                                         contentDisplayName: options.folder.displayName, timeFormat: timeformat,
                                         dryRun: options.dryRun, skipBadRows: options.skipBadRows, verify: options.verify,
            progress: Terminal.progress) }
        options.report(summary)
    }
}
