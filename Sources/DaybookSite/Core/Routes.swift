
/// Every page path and fragment id of the site (docs/site.md), so that a URL is
/// decided in one place and every link to a page uses the same one.
enum Routes {
    static let home = SitePath.home
    static let notFound = SitePath("404.html")
    static let feed = SitePath("feed.xml")
    static let sitemap = SitePath("sitemap.xml")
    static let calendarFeed = SitePath("calendar.ics")
    static let stylesheet = SitePath("assets/style.css")
    static let script = SitePath("assets/daybook.js")
    /// The web app manifest and the service worker, at the root so that they cover the whole site (docs/phone.md).
    static let manifest = SitePath("manifest.webmanifest")
    static let serviceWorker = SitePath("sw.js")
    /// The ids of the phone's events merged into the content (`MergedEvents`).
    static let mergedEvents = SitePath("inbox-merged.json")
    /// Where a theme asset is copied.
    static func asset(_ path: String) -> String { "assets/" + path }

    /// The encrypted part (docs/privacy.md): its one page, and its files under opaque names.
    static let unlock = SitePath.folder("unlock")
    static let sealedFolder = "sealed/"
    static let sealedIndex = SitePath(sealedFolder + "index.bin")
    static let sealedSearch = SitePath(sealedFolder + "search.bin")
    static func sealed(_ name: String) -> SitePath { SitePath(sealedFolder + name + ".bin") }

    /// An old URL from front matter `aliases:`: a folder, or a file when it ends in `.html`.
    static func alias(_ alias: String) -> SitePath { SitePath(alias.hasSuffix(".html") ? alias : alias + "/") }

    /// Entries, free pages and workout sessions live at their file's path
    /// under content/ without `.md`: `diary/2026/2026-11-20/`.
    static func content(_ source: SourceFile) -> SitePath { SitePath(source.slugPath + "/") }

    /// The list of a `ListedKind`'s items (`books/`); each item is at its file's path (`content`).
    static func listed(_ folder: String) -> SitePath { .folder(folder) }

    // Diary
    static let diary = SitePath.folder("diary")
    static func diaryYear(_ year: Int) -> SitePath { .folder("diary", String(year)) }
    static func diaryMonth(_ month: YearMonth) -> SitePath { .folder("diary", month.path) }
    /// A month's photos, each linking to its entry.
    static func diaryMonthPhotos(_ month: YearMonth) -> SitePath { .folder("diary", month.path, "photos") }
    static let tags = SitePath.folder("tags")
    static func tag(_ slug: String) -> SitePath { .folder("tags", slug) }

    // Calendar
    static func calendarMonth(_ month: YearMonth) -> SitePath { .folder("calendar", month.path) }
    static func calendarYear(_ year: Int) -> SitePath { .folder("calendar", String(year)) }
    static func yearInReview(_ year: Int) -> SitePath { .folder("year", String(year)) }

    // Vocabulary and its print sheets
    static let vocab = SitePath.folder("vocab")
    static let vocabToday = SitePath.folder("vocab", "today")
    static let vocabTodayCards = SitePath.folder("vocab", "today", "cards")
    static let vocabTodayPrint = SitePath.folder("vocab", "today", "print")
    static func deck(_ id: String) -> SitePath { .folder("vocab", id) }
    static func deckCards(_ id: String) -> SitePath { .folder("vocab", id, "cards") }
    static func deckPrint(_ id: String) -> SitePath { .folder("vocab", id, "print") }
    /// The deck whose folder holds `path` (`vocab/ID/…`); nil for the pages of all decks (`vocab/`, `vocab/today/…`).
    static func deckID(of path: SitePath) -> String? {
        let parts = path.value.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 2, parts[0] == "vocab", parts[1] != "today" else { return nil }
        return String(parts[1])
    }
    static func wordBook(_ id: String, _ start: LocalDate) -> SitePath { .folder("vocab", id, start.iso) }
    static func wordBookPrint(_ id: String, _ start: LocalDate) -> SitePath { .folder("vocab", id, start.iso, "print") }
    /// The cards page opens in test mode with this fragment.
    static let testFragment = "test"
    /// `w-abandon`: each word's place on its deck page, by the word's text.
    static func wordFragments(_ deck: Deck) -> WordAnchors {
        let words = deck.words.map(\.text)
        return WordAnchors(words, fragmentIDs(words, prefix: "w-"))
    }
    /// A word on its deck's page, as what links here knows it: `vocab/toeic/#w-abandon` (not a page of its own).
    static func word(_ deck: String, _ fragment: String) -> SitePath { SitePath(Routes.deck(deck).value + "#" + fragment) }
    /// A word's fragment when its deck is not at hand.
    static func wordFragment(_ word: String) -> String { "w-" + Slug.make(word) }

    // Workouts and routines
    static let workouts = SitePath.folder("workouts")
    static let workoutStats = SitePath.folder("workouts", "stats")
    static let routines = SitePath.folder("routines")
    /// `m-2026-11`: a month's section on the workout log and the routines page.
    static func monthID(_ month: YearMonth) -> String { "m-\(month.year)-\(month.month.zeroPadded(2))" }
    /// `ex-squat`: each exercise's section on the stats page, by exercise key.
    static func exerciseFragments(_ exercises: [ExerciseHistory]) -> [String: String] {
        Dictionary(zip(exercises.map(\.key), fragmentIDs(exercises.map(\.name), prefix: "ex-")), uniquingKeysWith: { _, last in last })
    }

    /// Fragment ids for named items of one page, in order: the prefix and
    /// the name's slug, then `-2`, `-3`… when two slug alike, so that each is
    /// unique on its page and stays the same while the names do.
    static func fragmentIDs(_ names: [String], prefix: String) -> [String] {
        var used = Set<String>()
        return names.map { name in
            let base = prefix + Slug.make(name)
            var id = base
            var suffix = 2
            while !used.insert(id).inserted {
                id = "\(base)-\(suffix)"
                suffix += 1
            }
            return id
        }
    }

    // Search
    static let search = SitePath.folder("search")
    /// The manifest of the search index, its term shards and its chunks of documents (`SearchIndex`).
    static let searchIndex = SitePath("search/index.js")
    static func searchTerms(_ number: Int) -> SitePath { SitePath("search/terms/\(number).js") }
    static func searchDocs(_ number: Int) -> SitePath { SitePath("search/docs/\(number).js") }
}

/// Fragment ids of a deck's words, by the word's text (`Routes.wordFragments`).
struct WordAnchors: Sendable {
    private let ids: [String: String]

    init(_ words: [String], _ ids: [String]) {
        self.ids = Dictionary(zip(words, ids), uniquingKeysWith: { _, last in last })
    }

    subscript(word: String) -> String { ids[word] ?? Routes.wordFragment(word) }
}
