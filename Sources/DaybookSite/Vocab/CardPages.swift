
/// `vocab/<deck>/cards/` (every word of the deck) and `vocab/today/cards/`
/// (today's study and review words across decks). Without JavaScript the
/// page is a list with both sides visible; `assets/cards.js` turns it into
/// flip cards with a study mode and a test mode (`#test`) that writes the
/// `reviews.md` lines of the day's misses.
enum CardPages {
    /// A class: the list hands the template each card by reference, not its fields copied.
    final class Card: InliningTemplateData {
        /// `deck/word`: the card's key in the saved progress.
        let key: String
        let deckID: String
        /// The word as `reviews.md` names it (the deck file's text).
        let word: String
        fileprivate let faces: WordFaces
        var inlined: WordFaces { faces }
        /// `TOEIC · 복습 1/3`
        let context: String
        /// The days the card is due on, of those the page carries (`vocab/today/cards/`); empty: every day.
        fileprivate var dueDays: [String] = []
        /// `data-days`: the due days, space-separated; nil for every day.
        var days: String? { dueDays.isEmpty ? nil : dueDays.joined(separator: " ") }
        /// Not due on the build's day: hidden until the phone's date picks it.
        var isLater: Bool { !dueDays.isEmpty && !dueDays.contains(today) }
        private let today: String

        init(_ word: VocabWord, _ deck: Deck, context: String, _ vocab: VocabSite) {
            key = "\(deck.id)/\(word.text)"
            deckID = deck.id
            self.word = word.text
            faces = WordFaces(vocab.html(word, in: deck.id), deck)
            self.context = context
            today = vocab.today.iso
        }
    }

    struct CardsPage: TemplateData {
        let heading, summary: String
        /// Key of the saved progress: the page's path (with today's date in the script).
        let pageKey: String
        let today: String
        let cards: [Card]
        let isEmpty: Bool
        let backHref, backLabel, printHref: String
        /// The decks' titles and the words of a date, for the script's messages (`PhonePlan.names`).
        let names: String
        /// Today's cards: the schedule's state, for the phone to ask the cards of its own day (`VocabPhoneState`).
        var planState: String? = nil
    }

    static func pages(_ vocab: VocabSite) -> [Page] {
        var pages = vocab.decks.map { deck in
            Page(Routes.deckCards(deck.id), template: "pages/vocab-cards") { context in
                try deckCards(deck, vocab, context)
            }
        }
        pages.append(Page(Routes.vocabTodayCards, template: "pages/vocab-cards") { context in
            try todayCards(vocab, context)
        })
        return pages
    }

    static func deckCards(_ deck: Deck, _ vocab: VocabSite, _ context: PageContext) throws(Diagnostic) -> PageViewModel {
        let t = context.t
        // A deck's words are in a few stages: each label is made once.
        var labels: [ReviewStage: String] = [:]
        let cards = vocab.schedule.words(of: deck.id).map { status in
            let label = labels[status.stage] ?? "\(deck.title) · \(StageView(status.stage, t).label)"
            labels[status.stage] = label
            return Card(status.word, deck, context: label, vocab)
        }
        let page = CardsPage(heading: t.format("vocab_cards_of", ["deck": deck.title]),
                             summary: t.count("vocab_card_count", cards.count),
                             pageKey: Routes.deckCards(deck.id).value, today: vocab.today.iso, cards: cards, isEmpty: cards.isEmpty,
                             backHref: context.link(Routes.deck(deck.id)), backLabel: deck.title,
                             printHref: context.link(Routes.deckPrint(deck.id)), names: try PhonePlan.names([deck], context))
        return PageViewModel(title: page.heading, section: .vocab, page: page)
    }

    /// Each word studied or due today once, in deck order, in plan order
    /// (overdue reviews, study, reviews); then those of the days after today
    /// that the phone may open the page on (`PhonePlan`), each card naming
    /// its days, so the phone's date picks them.
    static func todayCards(_ vocab: VocabSite, _ context: PageContext) throws(Diagnostic) -> PageViewModel {
        let t = context.t
        var index: [String: Int] = [:]
        var cards: [Card] = []
        for date in (0..<PhonePlan.dayCount).map({ vocab.today.adding(days: $0) }) {
            for activity in vocab.activity(on: date) {
                guard let deck = vocab.deck(activity.deckID) else { continue }
                for session in activity.planOrder {
                    let label = "\(deck.title) · \(sessionLabel(session.activity, plan: session.plan, t))"
                    for word in session.words {
                        let key = "\(deck.id)/\(word.text)"
                        if index[key] == nil {
                            index[key] = cards.count
                            cards.append(Card(word, deck, context: label, vocab))
                        }
                        let card = cards[index[key]!]
                        if card.dueDays.last != date.iso { card.dueDays.append(date.iso) }
                    }
                }
            }
        }
        let todays = cards.filter { !$0.isLater }.count
        let page = CardsPage(heading: t["vocab_today_cards"], summary: t.count("vocab_card_count", todays),
                             pageKey: Routes.vocabTodayCards.value, today: vocab.today.iso, cards: cards, isEmpty: cards.isEmpty,
                             backHref: context.link(Routes.vocabToday), backLabel: t["vocab_today_title"],
                             printHref: context.link(Routes.vocabTodayPrint),
                             names: try PhonePlan.names(Array(Set(cards.map(\.deckID))).sorted().compactMap(vocab.deck), context),
                             planState: try VocabPhoneState.json(vocab.site, context))
        return PageViewModel(title: page.heading, section: .vocab, page: page)
    }
}
