import ArgumentParser
import DaybookContent
import Foundation

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Import words from another app.", subcommands: [ImportAnki.self])
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export a deck for another app.", subcommands: [ExportAnki.self])
}

/// `daybook import anki FILE --deck NAME --date DATE`
struct ImportAnki: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anki",
        abstract: "Add the notes of an Anki plain-text export to a deck as one day's word book.",
        discussion: """
        Reads Anki's File › Export › Notes in Plain Text (.txt): the first field is the word, the second \
        the meanings, the third example sentences. The words go under '## DATE' in content/vocab/NAME.md, \
        which is created when missing. Nothing is written if a word is already in the deck or the result \
        would not be a valid deck.
        """)

    @Argument(help: "The exported .txt file.")
    var file: String

    @Option(name: .long, help: "The deck: content/vocab/NAME.md.")
    var deck: String

    @Option(name: .long, help: "The word book's day (YYYY-MM-DD).", transform: SiteLocation.date)
    var date: LocalDate

    @OptionGroup var folder: ContentFolder

    @Option(name: .long, help: "For a new deck: the language of its words.")
    var language = "en"

    @Option(name: .customLong("meaning-language"), help: "For a new deck: the language of its meanings.")
    var meaningLanguage = "ko"

    func validate() throws {
        if let problem = AnkiFiles.deckNameProblem(deck) { throw ValidationError(problem) }
    }

    func run() throws {
        let imported = try AnkiFiles.importNotes(
            from: URL(fileURLWithPath: file), displayPath: file, deck: deck, date: date,
            content: folder.url, contentDisplayName: folder.displayName,
            language: language, meaningLanguage: meaningLanguage)
        Terminal.report(imported.warnings)
        let words = "\(imported.wordCount) word\(imported.wordCount == 1 ? "" : "s")"
        print("\(imported.created ? "Created" : "Updated") \(imported.deckPath): \(words) in the book of \(date.iso)")
    }
}

/// `daybook export anki DECK`
struct ExportAnki: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anki",
        abstract: "Write a deck in Anki's plain-text format (tab-separated) to standard output.",
        discussion: "Import the result in Anki with File › Import; the columns are Front, Back, Example and Tags.")

    @Argument(help: "The deck's name: content/vocab/DECK.md.")
    var deck: String

    @OptionGroup var folder: ContentFolder

    func run() throws {
        let text = try AnkiFiles.export(deck: deck, content: folder.url, contentDisplayName: folder.displayName)
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
