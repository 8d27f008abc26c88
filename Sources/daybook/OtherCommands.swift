import ArgumentParser
import DaybookSite
import Foundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Export a deck for another app.", subcommands: [ExportAnki.self])
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
