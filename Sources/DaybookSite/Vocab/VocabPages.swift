import Foundation

/// Vocabulary pages: vocab/, vocab/today/, each deck, each word book and the
/// flip cards. Only `site.published.decks` appear anywhere (pages, navigation,
/// home plan, calendar); search leaves private decks out even with
/// --include-private, as it does private entries.
extension VocabKind {

    func pages(_ site: SiteData) -> [Page] {
        guard !site.published.decks.isEmpty else { return [] }
        let vocab = VocabSite(site)
        // Made of the decks and reviews.md alone; a deck's own pages of its file and misses;
        // a book's page says what it reads.
        return (DeckIndexPage.pages(vocab) + DeckPages.pages(vocab) + WordBookPages.pages(vocab)
            + TodayPage.pages(vocab) + CardPages.pages(vocab)).map { page in
                page.key != nil ? page : page.keyed(PageKey { hasher in
                    hasher.combine(site.vocabKey(of: page.path))
                    // A deck's page shows what links to each word.
                    site.linksHere.combineWords(of: Routes.deckID(of: page.path), into: &hasher)
                })
            }
    }

    /// Navigation items (id, path, label) when the site has this content.
    func navigation(_ site: SiteData) -> [NavigationEntry] {
        site.published.decks.isEmpty ? [] : [NavigationEntry(section: .vocab, path: Routes.vocab, label: site.translation["nav_vocab"])]
    }

    /// This feature's part of today's plan on the home page.
    func plan(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] {
        TodayPage.plan(site, on: date, context)
    }

    /// None for the days after today: the phone works them out itself, from `VocabPhoneState`.
    func planAhead(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] { [] }

    /// Made once per build for the calendar and the home page, and kept while the decks and reviews are the same.
    /// Public decks only, even with --include-private.
    func calendarLayers(_ site: SiteData) -> [any CalendarLayer] {
        guard !site.publicView.decks.isEmpty else { return [] }
        return [site.memo.value("vocab layer", key: PageKey { $0.combine(site.sharedKey); $0.combine(site.vocabKey) }) { VocabLayer(site) }]
    }

    /// One record per word: title the word, text its meanings, url its place on the deck page.
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record] {
        let decks = site.content.decks
        return site.memo.value("word records", key: site.decksKey(decks)) { Self.searchRecords(decks, fragments: site.wordFragments) }
    }

    func combineSearchKey(_ site: PublicSite, into hasher: inout StableHasher) { hasher.combine(site.decksKey(site.content.decks)) }

    static func searchRecords(_ decks: [Deck], fragments: (Deck) -> WordAnchors) -> [SearchPages.Record] {
        decks.flatMap { deck in
            let anchors = fragments(deck)
            return deck.words.map { word in
                SearchPages.Record(title: Markdown.plainText(word.text),
                                   url: Routes.deck(deck.id).filePath + "#" + anchors[word.text],
                                   date: word.added, kind: .word, tags: [deck.title],
                                   text: Markdown.plainText(word.meanings.joined(separator: "; ")))
            }
        }
    }
}

/// A word's Markdown rendered as inline HTML.
struct RenderedWord: Sendable {
    let word: String
    let meanings: [String]
    let examples: [String]
    /// The word without markup, for sorting and labels.
    let plain: String

    init(_ word: VocabWord) {
        self.word = Markdown.vocabHTML(word.text)
        meanings = word.meanings.map(Markdown.vocabHTML)
        examples = word.examples.map(Markdown.vocabHTML)
        plain = HTMLTags.strip(self.word)
    }
}

/// Every published deck word's Markdown rendered once per build: a word shows
/// on its deck, book, today, cards and print pages.
struct RenderedWords: Sendable {
    private let rendered: [String: [String: RenderedWord]]

    init(_ decks: [Deck]) {
        let words = decks.flatMap { deck in deck.words.map { (deckID: deck.id, word: $0) } }
        let html = words.parallelMap { RenderedWord($0.word) }
        var rendered: [String: [String: RenderedWord]] = [:]
        for (item, html) in zip(words, html) { rendered[item.deckID, default: [:]][item.word.text] = html }
        self.rendered = rendered
    }

    subscript(_ word: VocabWord, in deckID: String) -> RenderedWord {
        rendered[deckID]?[word.text] ?? RenderedWord(word)
    }
}

/// What every vocabulary page reads: the published decks and their words rendered.
struct VocabSite: Sendable {
    let site: SiteData
    let decks: [Deck]
    private let deckIndex: [String: Int]
    private let anchors: [String: WordAnchors]
    /// `11월 20일` for every day a book of a published deck has a session:
    /// word lists show a few dates per word, and formatting one is not free.
    private let shortDates: [LocalDate: String]

    init(_ site: SiteData) {
        self.site = site
        decks = site.published.decks
        deckIndex = Dictionary(decks.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        anchors = Dictionary(decks.map { ($0.id, site.wordFragments($0)) }, uniquingKeysWith: { first, _ in first })
        var shortDates: [LocalDate: String] = [:]
        for deck in decks {
            for book in site.published.vocab.books(of: deck.id) {
                for date in book.plan.dates + [book.plan.masteredOn.adding(days: 1)] where shortDates[date] == nil {
                    shortDates[date] = site.translation.shortDate(date)
                }
            }
        }
        self.shortDates = shortDates
    }

    func shortDate(_ date: LocalDate) -> String { shortDates[date] ?? site.translation.shortDate(date) }

    /// `11월 18일 단어장`
    func bookTitle(_ start: LocalDate) -> String { site.translation.format("vocab_book_title", ["date": shortDate(start)]) }

    var schedule: PublishedSchedule { site.published.vocab }
    var today: LocalDate { site.today }

    func deck(_ id: String) -> Deck? { deckIndex[id].map { decks[$0] } }

    func html(_ word: VocabWord, in deckID: String) -> RenderedWord {
        site.renderedWords.value[word, in: deckID]
    }

    func anchor(_ word: VocabWord, in deckID: String) -> String { anchors[deckID]?[word.text] ?? Routes.wordFragment(word.text) }

    /// Today's sessions in the published decks.
    var todayActivity: [DeckActivity] { activity(on: today) }

    /// The published decks' activity on `date`: today, or a day the phone may open the site on (`PhonePlan`).
    func activity(on date: LocalDate) -> [DeckActivity] { site.published.vocab.plan(on: date).decks }
}

/// Turns inline HTML into its text: for sort keys and labels of rendered words.
enum HTMLTags {
    static func strip(_ html: String) -> String {
        var text = ""
        var inTag = false
        for char in html {
            if char == "<" { inTag = true } else if char == ">" { inTag = false } else if !inTag { text.append(char) }
        }
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}

// MARK: - Labels shared by the pages

/// How a book's or word's stage reads and looks.
struct StageView {
    let label: String
    let cssClass: String

    init(_ stage: ReviewStage, _ t: Translation) { self.init(stage, t, shortDate: t.shortDate) }

    init(_ stage: ReviewStage, _ t: Translation, shortDate: (LocalDate) -> String) {
        switch stage {
        case let .upcoming(startsOn):
            label = t.format("vocab_stage_upcoming", ["date": shortDate(startsOn)])
            cssClass = "stage-upcoming"
        case let .studying(day, of):
            label = t.format("vocab_stage_studying", ["n": String(day), "of": String(of)])
            cssClass = "stage-studying"
        case let .waiting(review, on):
            label = t.format("vocab_stage_waiting", ["n": String(review), "date": shortDate(on)])
            cssClass = "stage-waiting"
        case let .reviewDue(review, of):
            label = t.format("vocab_stage_due", ["n": String(review), "of": String(of)])
            cssClass = "stage-due"
        case let .overdue(review, of, daysLate):
            label = t.format("vocab_stage_overdue", ["n": String(review), "of": String(of), "late": lateLabel(daysLate, t)])
            cssClass = "stage-due stage-overdue"
        case .mastered:
            label = t["vocab_stage_mastered"]
            cssClass = "stage-mastered"
        }
    }
}

/// Which of the four counted stages a word is in.
enum StageBucket: CaseIterable {
    case studying, waiting, due, mastered

    init(_ stage: ReviewStage) {
        switch stage {
        case .studying: self = .studying
        case .upcoming, .waiting: self = .waiting
        case .reviewDue, .overdue: self = .due
        case .mastered: self = .mastered
        }
    }

    var key: String {
        switch self {
        case .studying: "vocab_count_studying"
        case .waiting: "vocab_count_waiting"
        case .due: "vocab_count_due"
        case .mastered: "vocab_count_mastered"
        }
    }

    var cssClass: String {
        switch self {
        case .studying: "stage-studying"
        case .waiting: "stage-waiting"
        case .due: "stage-due"
        case .mastered: "stage-mastered"
        }
    }
}

struct StageCount: TemplateData {
    let label: String
    let count: Int
    let cssClass: String

    /// The four stage counts of a deck's words today.
    static func of(_ statuses: [WordStatus], _ t: Translation) -> [StageCount] {
        var counts: [StageBucket: Int] = [:]
        for status in statuses { counts[StageBucket(status.stage), default: 0] += 1 }
        return StageBucket.allCases.map { StageCount(label: t[$0.key], count: counts[$0] ?? 0, cssClass: $0.cssClass) }
    }
}

/// `영어 → 한국어`, in the site's language.
func languagePair(_ deck: Deck, locale: String) -> String {
    let names = Locale(identifier: locale)
    func name(_ code: String) -> String { names.localizedString(forIdentifier: code) ?? code }
    return "\(name(deck.language)) → \(name(deck.meaningLanguage))"
}

/// What a book session is called: `공부 2/3일째`, `복습 1/3`, `복습 1/3 — 3일 늦음`.
func sessionLabel(_ activity: WordBookActivity, plan: WordBookPlan, _ t: Translation) -> String {
    switch activity {
    case let .study(day):
        return t.format("vocab_session_study", ["n": String(day), "of": String(plan.studyDays.count)])
    case let .review(number):
        let values = ["n": String(number), "of": String(plan.reviewDays.count)]
        let late = plan.daysLate(review: number)
        return late > 0 ? t.format("vocab_session_overdue", values.merging(["late": lateLabel(late, t)]) { $1 })
            : t.format("vocab_session_review", values)
    }
}

/// `3 days late`
func lateLabel(_ days: Int, _ t: Translation) -> String {
    days == 1 ? t["vocab_late_day"] : t.format("vocab_late_days", ["n": String(days)])
}

/// `11월 18일 단어장`
func bookTitle(_ start: LocalDate, _ t: Translation) -> String {
    t.format("vocab_book_title", ["date": t.shortDate(start)])
}

extension Section {
    static let vocab = Section("vocab")
}

extension SearchKind {
    static let word = SearchKind("word", rank: 1)
}
