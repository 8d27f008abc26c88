
/// A word in a list (deck and book pages): both sides rendered, its stage and
/// dates, and the values the list's script sorts and filters by. A class: the
/// list hands the template each row by reference, not its fields copied.
final class WordRow: InliningTemplateData {
    let anchor: String
    fileprivate let faces: WordFaces
    var inlined: WordFaces { faces }
    let stageLabel: String
    let stageClass: String
    /// `data-added`: the day the word was written down.
    let added: String
    let addedLabel: String
    /// `다음 11월 25일 · 복습 1/3`; nil once mastered.
    let nextLabel: String?
    /// The book the word is in today.
    let bookHref: String
    let bookLabel: String
    /// Position in the deck file, for "oldest/newest" ties.
    let order: Int
    let isMastered: Bool
    let missedCount: Int
    let missedLabel: String?
    /// On a book page: the word came in by a miss on the book's first day.
    let joinedLabel: String?
    /// On the deck's page, the word's place: the entries and pages whose `[[word]]` links lead to it.
    let linkedFrom: [LinksHere.Linker]

    init(_ status: WordStatus, order: Int, deck: Deck, vocab: VocabSite, joined: Bool = false, listsLinks: Bool = false, _ context: PageContext,
         shared: inout WordRowLabels) {
        let t = context.t
        let stage = shared.stage(status.stage, t, vocab)
        let day = shared.day(status.added, t, vocab)
        let book = shared.book(status.book, deck: deck, vocab, context)
        anchor = vocab.anchor(status.word, in: deck.id)
        faces = WordFaces(vocab.html(status.word, in: deck.id), deck)
        stageLabel = stage.label
        stageClass = stage.cssClass
        added = day.iso
        addedLabel = day.label
        nextLabel = book.nextLabel
        bookHref = book.href
        bookLabel = book.title
        self.order = order
        isMastered = status.isMastered
        missedCount = status.missedOn.count
        missedLabel = status.missedOn.isEmpty ? nil
            : t.format("vocab_missed_on", ["dates": status.missedOn.map(vocab.shortDate).joined(separator: ", ")])
        joinedLabel = joined ? t.format("vocab_joined", ["date": vocab.shortDate(status.book.start)]) : nil
        let links = context.site.linksHere
        linkedFrom = listsLinks && links.linksWords(of: deck.id) ? links.linkers(of: Routes.word(deck.id, anchor), context) : []
    }
}

/// A word's two sides as a list shows them (deck, book and card pages), in
/// the deck's languages.
struct WordFaces: TemplateData {
    let wordHTML: String
    let meanings, examples: [String]
    let lang, meaningLang: String

    init(_ html: RenderedWord, _ deck: Deck) {
        wordHTML = html.word
        meanings = html.meanings
        examples = html.examples
        lang = deck.language
        meaningLang = deck.meaningLanguage
    }
}

/// What the rows of one list share, made once per stage, day and book
/// rather than once per word: a deck's 4,000 words are in a few books.
struct WordRowLabels {
    private var stages: [ReviewStage: StageView] = [:]
    private var days: [LocalDate: (iso: String, label: String)] = [:]
    private var books: [LocalDate: (href: String, title: String, nextLabel: String?)] = [:]

    mutating func stage(_ stage: ReviewStage, _ t: Translation, _ vocab: VocabSite) -> StageView {
        if let view = stages[stage] { return view }
        let view = StageView(stage, t, shortDate: vocab.shortDate)
        stages[stage] = view
        return view
    }

    /// The day a word was added: `data-added` and its label.
    mutating func day(_ date: LocalDate, _ t: Translation, _ vocab: VocabSite) -> (iso: String, label: String) {
        if let day = days[date] { return day }
        let day = (date.iso, t.format("vocab_added_on", ["date": vocab.shortDate(date)]))
        days[date] = day
        return day
    }

    /// The book a word is in today (a plan is its start under the site's settings):
    /// its link, its title, and its next session (`다음 11월 25일 · 복습 1/3`; nil once mastered).
    mutating func book(_ plan: WordBookPlan, deck: Deck, _ vocab: VocabSite, _ context: PageContext)
        -> (href: String, title: String, nextLabel: String?) {
        if let book = books[plan.start] { return book }
        let today = vocab.today
        let next = plan.dates.first { $0 > today }.flatMap { date in
            plan.activity(on: date).map { activity in
                context.t.format("vocab_next", ["date": vocab.shortDate(date), "session": sessionLabel(activity, plan: plan, context.t)])
            }
        }
        let book = (context.link(Routes.wordBook(deck.id, plan.start)), vocab.bookTitle(plan.start), next)
        books[plan.start] = book
        return book
    }
}
