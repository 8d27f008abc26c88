/// The words of the published decks as HTML, rendered once for every page
/// that shows them, when the first one does (`check` shows none).
struct PublishedWords: DerivedData {
    let rendered: OnFirstUse<RenderedWords>

    static func derive(_ build: Derivation) -> PublishedWords {
        let decks = build.published.decks, memo = build.memo
        let key = SiteData.decksKey(decks, build.content.textHashes)
        return PublishedWords(rendered: OnFirstUse { memo.value("words", key: key) { RenderedWords(decks) } })
    }
}

/// What each deck's own pages are made of (`vocab/ID/…`): its file, its
/// misses and test days so far and the list of decks; a deck's schedule
/// depends on nothing else (`VocabSchedule`).
struct DeckKeys: DerivedData {
    let keys: [String: PageKey]

    static func derive(_ build: Derivation) -> DeckKeys {
        let content = build.content, today = build.today
        let missesByDeck = Dictionary(grouping: content.reviews.misses.filter { $0.date <= today }, by: \.deckID)
        let testsByDeck = content.reviews.testDays(through: today)
        let deckList = PageKey { hasher in for deck in content.decks { hasher.combine(text: deck.source.relativePath) } }
        return DeckKeys(keys: Dictionary(content.decks.map { deck in
            (deck.id, PageKey { hasher in
                hasher.combine(deckList)
                hasher.combine(text: deck.source.relativePath)
                hasher.combine(content.textHashes[deck.source.relativePath])
                for miss in missesByDeck[deck.id] ?? [] {
                    hasher.combine(text: miss.date.iso)
                    hasher.combine(text: miss.word)
                }
                // A line with no miss still takes the deck's due reviews that day.
                hasher.combine(testsByDeck[deck.id] ?? [])
            })
        }, uniquingKeysWith: { first, _ in first }))
    }
}

extension SiteData {
    var renderedWords: OnFirstUse<RenderedWords> { self[PublishedWords.self].rendered }
    /// What the vocabulary pages are made of: every file of `vocab/`.
    var vocabKey: PageKey { filesKey(of: VocabKind()) }
    /// What the vocabulary page at `path` is made of: its deck's inputs, or all of `vocab/`.
    func vocabKey(of path: SitePath) -> PageKey { Routes.deckID(of: path).flatMap { self[DeckKeys.self].keys[$0] } ?? vocabKey }

    /// What these decks are made of: their files and `site.yml` (`PageKey`).
    func decksKey(_ decks: [Deck]) -> PageKey { Self.decksKey(decks, textHashes) }

    /// A deck's word fragments (`Routes.wordFragments`), made once for its pages and its search records.
    func wordFragments(_ deck: Deck) -> WordAnchors {
        memo.value("word fragments " + deck.id, key: decksKey([deck])) { Routes.wordFragments(deck) }
    }

    static func decksKey(_ decks: [Deck], _ textHashes: [String: Int]) -> PageKey {
        PageKey { hasher in
            // The settings a deck is read with.
            hasher.combine(textHashes["site.yml"])
            for deck in decks {
                hasher.combine(text: deck.source.relativePath)
                hasher.combine(textHashes[deck.source.relativePath])
            }
        }
    }
}

extension VocabKind {
    var derivedData: [any DerivedData.Type] { [WholeSchedule.self, PublishedWords.self, DeckKeys.self] }
    var audienceData: [any AudienceData.Type] { [PublishedSchedule.self] }
}
