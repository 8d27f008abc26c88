/// Vocabulary: a deck per Markdown file directly in `vocab/`, and `vocab/reviews.md`.
struct VocabKind: ContentKind {
    init() {}
    var files: [String] { ["vocab"] }

    func load(_ load: ContentLoad) {
        let vocabFiles = load.markdown(under: "vocab", recursive: false)
        var deckFiles: [SourceFile] = []
        for file in vocabFiles where file.relativePath != "vocab/reviews.md" {
            if file.baseName == "today" {
                load.diagnostics.error(file.location(line: 1), "a deck cannot be named 'today': vocab/today/ is the page of today's words",
                                       hint: "rename the file, for example to today-words.md")
                continue
            }
            deckFiles.append(file)
        }
        let settings = load.content.config.vocab
        load.content[VocabKind.self] = load.reparsedAll(deckFiles) { DeckParser.parse($0, settings: settings, into: &$1) }.compactMap { $0 }
        load.reportUnread(under: "vocab", readsSubfolders: false)
        if let reviews = vocabFiles.first(where: { $0.relativePath == "vocab/reviews.md" }) {
            let decks = load.content.decks
            load.content.reviews = load.reparsed(reviews, after: decks.map(\.source.relativePath)) {
                ReviewLogParser.parse(reviews, decks: decks, into: &$0)
            }
        }
    }
}

extension VocabKind: ItemsKey {
    typealias Item = Deck

    /// `vocab/reviews.md`: not shown as it is, only through the schedule.
    enum Reviews: ContentKey {
        static var empty: ReviewLog { ReviewLog() }
    }
}

extension Deck: ContentItem {
    /// Decks have no drafts.
    var audience: Audience { Audience(isPrivate: isPrivate) }
}

extension ItemsByKind {
    var decks: [Deck] { self[VocabKind.self] }
}

extension Content {
    var reviews: ReviewLog {
        get { self[VocabKind.Reviews.self] }
        set { self[VocabKind.Reviews.self] = newValue }
    }
}
