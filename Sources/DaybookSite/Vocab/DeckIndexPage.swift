
/// `vocab/`: every published deck with its words per stage and today's work.
enum DeckIndexPage {
    struct DeckSummary: TemplateData {
        let title, href, languagePair: String
        let wordCount, bookCount: Int
        let counts: [StageCount]
        /// `오늘 공부 8 · 복습 10`; nil when the deck has nothing today.
        let todayLabel: String?
        let cardsHref, testHref, printHref: String
        let isPrivate: Bool
    }

    struct IndexPage: TemplateData {
        let decks: [DeckSummary]
        let todayHref, todayCardsHref, todayTestHref, todayLabel: String
    }

    static func pages(_ vocab: VocabSite) -> [Page] {
        [Page(Routes.vocab, template: "pages/vocab-index") { context in
            let t = context.t
            let activity = Dictionary(vocab.todayActivity.map { ($0.deckID, $0) }, uniquingKeysWith: { first, _ in first })
            let decks = vocab.decks.map { deck in
                DeckSummary(title: deck.title, href: context.link(Routes.deck(deck.id)),
                            languagePair: languagePair(deck, locale: context.site.locale),
                            wordCount: deck.words.count, bookCount: vocab.schedule.books(of: deck.id).count,
                            counts: StageCount.of(vocab.schedule.words(of: deck.id), t),
                            todayLabel: activity[deck.id].map { todayCounts($0.studyCount, $0.reviewCount, t) },
                            cardsHref: context.link(Routes.deckCards(deck.id)),
                            testHref: context.link(Routes.deckCards(deck.id), fragment: Routes.testFragment),
                            printHref: context.link(Routes.deckPrint(deck.id)), isPrivate: deck.isPrivate)
            }
            let today = vocab.todayActivity
            let page = IndexPage(decks: decks, todayHref: context.link(Routes.vocabToday),
                                 todayCardsHref: context.link(Routes.vocabTodayCards),
                                 todayTestHref: context.link(Routes.vocabTodayCards, fragment: Routes.testFragment),
                                 todayLabel: todayCounts(today.reduce(0) { $0 + $1.studyCount }, today.reduce(0) { $0 + $1.reviewCount }, t))
            return PageViewModel(title: t["nav_vocab"], section: .vocab, page: page)
        }]
    }

    /// `공부 8단어 · 복습 10단어`, or that nothing is due.
    static func todayCounts(_ study: Int, _ review: Int, _ t: Translation) -> String {
        if study == 0 && review == 0 { return t["vocab_nothing_today"] }
        let parts = [study > 0 ? t.count("vocab_today_study", study) : nil,
                     review > 0 ? t.count("vocab_today_review", review) : nil]
        return parts.compactMap { $0 }.joined(separator: " · ")
    }
}
