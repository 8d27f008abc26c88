import ArgumentParser

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Import words from another app.")
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export a deck for another app.")
}
