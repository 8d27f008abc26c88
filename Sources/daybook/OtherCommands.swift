import ArgumentParser
import DaybookContent
import Foundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export a deck for another app.", subcommands: [ExportAnki.self])
}

/// `daybook export anki DECK`
struct ExportAnki: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "anki",
        abstract: "Write a deck in Anki's plain-text format (tab-separated) to standard output.",
        discussion: "Import the result in Anki with File › Import; the columns are Front, Back, Example and Tags.")

    @Argument(help: "The deck's name: content/vocab/DECK.md.")
    var deck: String

    @Option(name: .long, help: "The content folder.")
    var content = "content"

    func run() throws {
        let text = try AnkiFiles.export(deck: deck, content: URL(fileURLWithPath: content), contentDisplayName: displayName(content))
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// How a folder given on the command line is named in messages.
func displayName(_ folder: String) -> String {
    folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
}
