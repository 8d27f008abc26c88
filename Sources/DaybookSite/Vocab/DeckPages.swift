
/// `vocab/<deck>/`: the deck's books and every word with its meanings,
/// examples, stage and next date. The list is complete without JavaScript;
/// `assets/vocab.js` adds sorting, filters and search.
enum DeckPages {
    struct WordBookRow: TemplateData {
        let href, title, iso, stageLabel, stageClass: String
        let wordCount: Int
        /// Words that came in by a miss, when any did.
        let joinedLabel: String?
    }

    struct DeckPage: TemplateData {
        let title, languagePair, lang: String
        let introHTML: String?
        let counts: [StageCount]
        let wordCount: Int
        let books: [WordBookRow]
        /// Newest first: the order without JavaScript, and the script's default.
        let words: [WordRow]
        let isPrivate: Bool
        let indexHref, todayHref, cardsHref, testHref, printHref: String
    }

    static func pages(_ vocab: VocabSite) -> [Page] {
        vocab.decks.map { deck in
            Page(Routes.deck(deck.id), template: "pages/vocab-deck") { context in
                deckPage(deck, vocab, context)
            }
        }
    }

    static func deckPage(_ deck: Deck, _ vocab: VocabSite, _ context: PageContext) -> PageViewModel {
        let t = context.t
        let statuses = vocab.schedule.words(of: deck.id)
        var shared = WordRowLabels()
        let rows = statuses.enumerated().map { WordRow($1, order: $0, deck: deck, vocab: vocab, listsLinks: true, context, shared: &shared) }
        let books = vocab.schedule.books(of: deck.id).reversed().map { book in
            let stage = StageView(book.stage, t, shortDate: vocab.shortDate)
            let joined = book.words.filter { word in book.joined.contains { $0.text == word.text } }.count
            return WordBookRow(href: context.link(Routes.wordBook(deck.id, book.start)), title: vocab.bookTitle(book.start),
                           iso: book.start.iso, stageLabel: stage.label, stageClass: stage.cssClass, wordCount: book.words.count,
                           joinedLabel: joined == 0 ? nil : t.format("vocab_joined_count", ["n": String(joined)]))
        }
        let page = DeckPage(
            title: deck.title, languagePair: languagePair(deck, locale: context.site.locale), lang: deck.language,
            introHTML: deck.intro.map(Markdown.html), counts: StageCount.of(statuses, t), wordCount: statuses.count,
            books: Array(books), words: newestFirst(rows), isPrivate: deck.isPrivate,
            indexHref: context.link(Routes.vocab), todayHref: context.link(Routes.vocabToday),
            cardsHref: context.link(Routes.deckCards(deck.id)),
            testHref: context.link(Routes.deckCards(deck.id), fragment: Routes.testFragment),
            printHref: context.link(Routes.deckPrint(deck.id)))
        return PageViewModel(title: deck.title, section: .vocab, page: page)
    }

    /// Latest day first, file order within a day (as vocab.js sorts "newest").
    static func newestFirst(_ rows: [WordRow]) -> [WordRow] {
        rows.sorted { $0.added != $1.added ? $0.added > $1.added : $0.order < $1.order }
    }
}
