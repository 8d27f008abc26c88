import ArgumentParser

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Build, watch content and theme, rebuild on change, reload the browser.")
}

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Scaffold an entry, a deck or a workout.")
}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Import words from another app.")
}

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Export a deck for another app.")
}
