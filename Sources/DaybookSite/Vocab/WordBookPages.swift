
/// `vocab/<deck>/<date>/`: one word book — its stage today, all its dates
/// with what was missed on each, its words (those that joined by a miss
/// marked), the words that left it, and the day's notes.
enum WordBookPages {
    struct SessionRow: TemplateData {
        let label, dateLabel, iso: String
        /// `past`, `today` or `future`.
        let state: String
        /// `5단어`; nil on the mastered row.
        let countLabel: String?
        let missedLabel: String?
    }

    struct MovedWord: TemplateData {
        let wordHTML, lang, label, href: String
    }

    struct WordBookLink: TemplateData {
        let title, href: String
    }

    struct WordBookPage: TemplateData {
        let deckTitle, deckHref, title, stageLabel, stageClass: String
        let sessions: [SessionRow]
        let words: [WordRow]
        let wordCount: Int
        let moved: [MovedWord]
        let notesHTML: String?
        /// A book made only by misses has no heading in the deck file.
        let madeByMisses: Bool
        let cardsHref, printHref: String
        let previous, next: WordBookLink?
    }

    static func pages(_ vocab: VocabSite) -> [Page] {
        vocab.decks.flatMap { deck in
            let books = vocab.schedule.books(of: deck.id)
            let deckKey = vocab.site.decksKey([deck])
            // The keys of a deck's books are made of its schedule's inputs: its file, its misses, the settings and today.
            let scheduleKey = PageKey { $0.combine(deckKey); $0.combine(vocab.site.vocabKey(of: Routes.deck(deck.id))); $0.combine(vocab.today) }
            let keys = vocab.site.memo.value("book keys " + deck.id, key: scheduleKey) { books.indices.map { key(books, $0, deck, deckKey, vocab) } }
            return books.indices.map { index in
                Page(Routes.wordBook(deck.id, books[index].start), template: "pages/vocab-book", key: keys[index]) { context in
                    bookPage(books, index, deck, vocab, context)
                }
            }
        }
    }

    /// What `bookPage` reads besides its deck's file (`deckKey`) and the
    /// site's shared inputs: the book's dates, its words, each one's misses and books,
    /// the sessions of the book's dates, and its neighbours' dates. A miss
    /// renders the books the word leaves and joins, not the deck's others.
    static func key(_ books: [WordBook], _ index: Int, _ deck: Deck, _ deckKey: PageKey, _ vocab: VocabSite) -> PageKey {
        let book = books[index]
        return PageKey { hasher in
            hasher.combine(deckKey)
            // Its dates: when each review was taken moves the ones after it.
            hasher.combine(book.plan)
            hasher.combine(index > 0 ? books[index - 1].start : nil)
            hasher.combine(index + 1 < books.count ? books[index + 1].start : nil)
            for group in [book.words, book.added, book.joined] {
                hasher.combine(group.count)
                for word in group {
                    hasher.combine(text: word.text)
                    guard let status = vocab.schedule.word(word.text, in: deck.id) else { continue }
                    hasher.combine(status.missedOn)
                    hasher.combine(status.bookHistory)
                }
            }
            for date in book.plan.dates {
                let activities = vocab.schedule.day(date).deck(deck.id)
                let sessions = ((activities?.studies ?? []) + (activities?.reviews ?? [])).filter { $0.start == book.start }
                hasher.combine(sessions.count)
                for session in sessions {
                    hasher.combine(session.activity)
                    hasher.combine(session.words.count)
                    hasher.combine(session.missed.count)
                    for word in session.missed { hasher.combine(text: word.text) }
                }
            }
        }
    }

    static func bookPage(_ books: [WordBook], _ index: Int, _ deck: Deck, _ vocab: VocabSite, _ context: PageContext) -> PageViewModel {
        let t = context.t
        let book = books[index]
        let stage = StageView(book.stage, t)
        let joined = Set(book.joined.map(\.text))
        var shared = WordRowLabels()
        let words = book.words.enumerated().compactMap { order, word in
            vocab.schedule.word(word.text, in: deck.id).map {
                WordRow($0, order: order, deck: deck, vocab: vocab, joined: joined.contains(word.text), context, shared: &shared)
            }
        }
        let current = Set(book.words.map(\.text))
        let moved = (book.added + book.joined).filter { !current.contains($0.text) }.compactMap { word -> MovedWord? in
            guard let status = vocab.schedule.word(word.text, in: deck.id),
                  let position = status.bookHistory.firstIndex(of: book.start), position + 1 < status.bookHistory.count else { return nil }
            let next = status.bookHistory[position + 1]
            return MovedWord(wordHTML: vocab.html(word, in: deck.id).word, lang: deck.language,
                             label: t.format("vocab_moved", ["date": vocab.shortDate(next), "book": vocab.bookTitle(next)]),
                             href: context.link(Routes.wordBook(deck.id, next)))
        }
        func link(_ other: WordBook) -> WordBookLink {
            WordBookLink(title: vocab.bookTitle(other.start), href: context.link(Routes.wordBook(deck.id, other.start)))
        }
        let page = WordBookPage(
            deckTitle: deck.title, deckHref: context.link(Routes.deck(deck.id)), title: vocab.bookTitle(book.start),
            stageLabel: stage.label, stageClass: stage.cssClass, sessions: sessions(book, deck, vocab, t),
            words: words, wordCount: words.count, moved: moved, notesHTML: book.day?.notes.map(Markdown.html), madeByMisses: book.day == nil,
            cardsHref: context.link(Routes.deckCards(deck.id)), printHref: context.link(Routes.wordBookPrint(deck.id, book.start)),
            previous: index > 0 ? link(books[index - 1]) : nil,
            next: index + 1 < books.count ? link(books[index + 1]) : nil)
        return PageViewModel(title: "\(deck.title) · \(page.title)", section: .vocab, page: page)
    }

    /// Every study and review date of the book, then the day it counts as mastered.
    static func sessions(_ book: WordBook, _ deck: Deck, _ vocab: VocabSite, _ t: Translation) -> [SessionRow] {
        let today = vocab.today
        func state(_ date: LocalDate) -> String { date < today ? "past" : date == today ? "today" : "future" }
        var rows = book.plan.dates.compactMap { date -> SessionRow? in
            guard let activity = book.plan.activity(on: date) else { return nil }
            let activities = vocab.schedule.day(date).deck(deck.id)
            let session = ((activities?.studies ?? []) + (activities?.reviews ?? [])).first { $0.start == book.start && $0.activity == activity }
            let missed = session?.missed ?? []
            return SessionRow(label: sessionLabel(activity, plan: book.plan, t), dateLabel: t.longDate(date), iso: date.iso,
                              state: state(date), countLabel: t.count("vocab_word_count", session?.words.count ?? 0),
                              missedLabel: missed.isEmpty ? nil : t.format("vocab_session_missed", [
                                  "n": String(missed.count), "words": missed.map { vocab.html($0, in: deck.id).plain }.joined(separator: ", "),
                              ]))
        }
        let mastered = book.plan.masteredOn.adding(days: 1)
        rows.append(SessionRow(label: t["vocab_stage_mastered"], dateLabel: t.longDate(mastered), iso: mastered.iso,
                               state: state(mastered), countLabel: nil, missedLabel: nil))
        return rows
    }
}
