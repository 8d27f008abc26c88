import DaybookContent
import DaybookRender
import DaybookSchedule

/// A word in a list (deck and book pages): both sides rendered, its stage and
/// dates, and the values the list's script sorts and filters by.
struct WordRow {
    let anchor: String
    let wordHTML: String
    let meanings: [String]
    let examples: [String]
    let lang: String
    let meaningLang: String
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

    init(_ status: WordStatus, order: Int, deck: Deck, vocab: VocabSite, joined: Bool = false, _ context: PageContext) {
        let t = context.t
        let html = vocab.html(status.word, in: deck.id)
        let stage = StageView(status.stage, t, shortDate: vocab.shortDate)
        anchor = vocab.anchor(status.word, in: deck.id)
        wordHTML = html.word
        meanings = html.meanings
        examples = html.examples
        lang = deck.language
        meaningLang = deck.meaningLanguage
        stageLabel = stage.label
        stageClass = stage.cssClass
        added = status.added.iso
        addedLabel = t.format("vocab_added_on", ["date": vocab.shortDate(status.added)])
        let today = vocab.today
        nextLabel = status.book.dates.first { $0 > today }.flatMap { date in
            status.book.activity(on: date).map { activity in
                t.format("vocab_next", ["date": vocab.shortDate(date), "session": sessionLabel(activity, plan: status.book, t)])
            }
        }
        bookHref = context.link(Routes.book(deck.id, status.book.start))
        bookLabel = vocab.bookTitle(status.book.start)
        self.order = order
        isMastered = status.isMastered
        missedCount = status.missedOn.count
        missedLabel = status.missedOn.isEmpty ? nil
            : t.format("vocab_missed_on", ["dates": status.missedOn.map(vocab.shortDate).joined(separator: ", ")])
        joinedLabel = joined ? t.format("vocab_joined", ["date": vocab.shortDate(status.book.start)]) : nil
    }
}

extension WordRow: TemplateFields {
    func field(_ name: String) -> (any TemplateRepresentable)? {
        switch name {
        case "anchor": anchor
        case "wordHTML": wordHTML
        case "meanings": meanings
        case "examples": examples
        case "lang": lang
        case "meaningLang": meaningLang
        case "stageLabel": stageLabel
        case "stageClass": stageClass
        case "added": added
        case "addedLabel": addedLabel
        case "bookHref": bookHref
        case "bookLabel": bookLabel
        case "order": order
        case "isMastered": isMastered
        case "missedCount": missedCount
        case "nextLabel": nextLabel.orMissing
        case "missedLabel": missedLabel.orMissing
        case "joinedLabel": joinedLabel.orMissing
        default: nil
        }
    }
}
