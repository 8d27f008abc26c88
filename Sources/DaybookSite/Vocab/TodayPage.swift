
/// `vocab/today/` and the home page's vocabulary plan: the books in their
/// study days (day n of N) and the reviews due (review n), across decks.
enum TodayPage {
    struct TodayWord: TemplateData {
        let deckID, word: String
        let wordHTML: String
        let meanings: [String]
        let lang, meaningLang: String
        /// Already listed as missed today in reviews.md.
        let isMissed: Bool
    }

    struct SessionGroup: TemplateData {
        let title, href, sessionLabel, countLabel, cssClass: String
        let words: [TodayWord]
    }

    struct DeckToday: TemplateData {
        let title, href, countsLabel: String
        let sessions: [SessionGroup]
        let cardsHref, testHref: String
    }

    struct TodayView: TemplateData {
        let dateLabel, countsLabel: String
        let decks: [DeckToday]
        let isEmpty: Bool
        let cardsHref, testHref, printHref, indexHref: String
        /// The words of the days after today, for the phone to list its own day's (phone.js, from `planState`).
        let coming: [TodayWord]
        let planState: String?
    }

    static func pages(_ vocab: VocabSite) -> [Page] {
        [Page(Routes.vocabToday, template: "pages/vocab-today") { context in
            try todayPage(vocab, context)
        }]
    }

    static func todayPage(_ vocab: VocabSite, _ context: PageContext) throws(Diagnostic) -> PageViewModel {
        let t = context.t
        let activity = vocab.todayActivity
        // Decks with an overdue review come first, as the reviews do within a deck.
        let ordered = activity.filter { !$0.lateReviews.isEmpty } + activity.filter { $0.lateReviews.isEmpty }
        let decks = ordered.compactMap { deckActivity -> DeckToday? in
            guard let deck = vocab.deck(deckActivity.deckID), !(deckActivity.studies.isEmpty && deckActivity.reviews.isEmpty) else { return nil }
            let missed = Set(deckActivity.missed.map(\.text))
            return DeckToday(title: deck.title, href: context.link(Routes.deck(deck.id)),
                             countsLabel: DeckIndexPage.todayCounts(deckActivity.studyCount, deckActivity.reviewCount, t),
                             sessions: deckActivity.planOrder.map { session in
                let isStudy = if case .study = session.activity { true } else { false }
                return SessionGroup(
                    title: vocab.bookTitle(session.start), href: context.link(Routes.wordBook(deck.id, session.start)),
                    sessionLabel: sessionLabel(session.activity, plan: session.plan, t),
                    countLabel: t.count("vocab_word_count", session.words.count),
                    cssClass: isStudy ? "session-study" : session.daysLate > 0 ? "session-review session-overdue" : "session-review",
                    words: session.words.map { todayWord($0, deck, vocab, isMissed: missed.contains($0.text)) })
            }, cardsHref: context.link(Routes.deckCards(deck.id)),
                             testHref: context.link(Routes.deckCards(deck.id), fragment: Routes.testFragment))
        }
        let page = TodayView(
            dateLabel: t.longDate(vocab.today),
            countsLabel: DeckIndexPage.todayCounts(activity.reduce(0) { $0 + $1.studyCount }, activity.reduce(0) { $0 + $1.reviewCount }, t),
            decks: decks, isEmpty: decks.isEmpty,
            cardsHref: context.link(Routes.vocabTodayCards),
            testHref: context.link(Routes.vocabTodayCards, fragment: Routes.testFragment),
            printHref: context.link(Routes.vocabTodayPrint), indexHref: context.link(Routes.vocab),
            coming: comingWords(vocab), planState: try VocabPhoneState.json(vocab.site, context))
        return PageViewModel(title: t["vocab_today_title"], section: .vocab, page: page)
    }

    static func todayWord(_ word: VocabWord, _ deck: Deck, _ vocab: VocabSite, isMissed: Bool) -> TodayWord {
        let html = vocab.html(word, in: deck.id)
        return TodayWord(deckID: deck.id, word: word.text, wordHTML: html.word, meanings: html.meanings, lang: deck.language,
                         meaningLang: deck.meaningLanguage, isMissed: isMissed)
    }

    /// Each word due or studied on the days after today that the phone may open the page on, once.
    static func comingWords(_ vocab: VocabSite) -> [TodayWord] {
        var seen = Set<String>()
        var words: [TodayWord] = []
        for date in (1..<PhonePlan.dayCount).map({ vocab.today.adding(days: $0) }) {
            for activity in vocab.activity(on: date) {
                guard let deck = vocab.deck(activity.deckID) else { continue }
                for session in activity.planOrder {
                    for word in session.words where seen.insert("\(deck.id)/\(word.text)").inserted {
                        words.append(todayWord(word, deck, vocab, isMissed: false))
                    }
                }
            }
        }
        return words
    }

    /// The home page's sections: books in study, reviews due with counts.
    static func plan(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] {
        let decks = site.published.decks
        guard !decks.isEmpty else { return [] }
        let t = context.t
        let titles = Dictionary(decks.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        let activity = site.published.vocab.plan(on: date).decks
        let todayHref = context.link(Routes.vocabToday)

        func items(_ sessions: (DeckActivity) -> [WordBookSession], cssClass: String, recorded: String?) -> [PlanItem] {
            activity.flatMap { deckActivity in
                sessions(deckActivity).map { session in
                    PlanItem(text: "\(titles[deckActivity.deckID] ?? deckActivity.deckID) · \(bookTitle(session.start, t))",
                             detail: "\(sessionLabel(session.activity, plan: session.plan, t)) · \(t.count("vocab_word_count", session.words.count))",
                             href: context.link(Routes.wordBook(deckActivity.deckID, session.start)), cssClass: cssClass,
                             recorded: recorded.map { $0 + deckActivity.deckID })
                }
            }
        }
        let overdue = items(\.lateReviews, cssClass: "vocab-review vocab-overdue", recorded: "review:")
        let studies = items(\.studies, cssClass: "vocab-study", recorded: nil)
        let reviews = items(\.onTimeReviews, cssClass: "vocab-review", recorded: "review:")
        if overdue.isEmpty && studies.isEmpty && reviews.isEmpty {
            return [PlanSection(title: t["vocab_plan_study"], cssClass: "vocab",
                                items: [PlanItem(text: t["vocab_nothing_today"], detail: nil, href: nil, cssClass: "empty")],
                                moreHref: context.link(Routes.vocab), moreLabel: t["vocab_all_decks"])]
        }
        var sections: [PlanSection] = []
        func wordCount(_ sessions: (DeckActivity) -> [WordBookSession]) -> Int {
            activity.reduce(0) { total, deck in sessions(deck).reduce(total) { $0 + $1.words.count } }
        }
        let testHref = context.link(Routes.vocabTodayCards, fragment: Routes.testFragment)
        // Reviews not taken on their day come first, as in the original app.
        if !overdue.isEmpty {
            sections.append(PlanSection(title: t.count("vocab_plan_overdue_count", wordCount(\.lateReviews)),
                                        cssClass: "vocab vocab-review vocab-overdue", items: overdue, moreHref: testHref, moreLabel: t["vocab_open_test"]))
        }
        if !studies.isEmpty {
            sections.append(PlanSection(title: t.count("vocab_plan_study_count", wordCount(\.studies)), cssClass: "vocab vocab-study",
                                        items: studies, moreHref: todayHref, moreLabel: t["vocab_open_today"]))
        }
        if !reviews.isEmpty {
            sections.append(PlanSection(title: t.count("vocab_plan_review_count", wordCount(\.onTimeReviews)),
                                        cssClass: "vocab vocab-review", items: reviews, moreHref: testHref, moreLabel: t["vocab_open_test"]))
        }
        return sections
    }
}
