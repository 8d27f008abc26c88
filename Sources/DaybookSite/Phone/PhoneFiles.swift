import Foundation

/// The files that make the site an app on a phone (docs/phone.md): the web app
/// manifest, and the service worker that keeps today's pages for use
/// without a network. Both sit at the site's root, their URLs relative, so
/// that the site works under a sub-path; the worker's code is the theme's
/// `assets/sw.js`.
struct PhonePages: SiteFeature {
    func pages(_ site: SiteData) -> [Page] {
        [Page(file: Routes.manifest) { context in try PhoneFiles.manifest(site, context.t) }]
    }
}

enum PhoneFiles {
    /// The theme's icons, named in the manifest.
    static let icons: [(path: String, sizes: String)] = [("icon-192.png", "192x192"), ("icon-512.png", "512x512")]

    /// The label under the icon on a home screen: launchers show about 12
    /// Latin letters (half as many Hangul or Han) and cut the rest mid-word.
    /// The theme may name it (`app_short_name`); else the title, or as many of
    /// its first words as fit, or "Daybook" when not even the first one does.
    static func shortName(title: String, themes named: String) -> String {
        if !named.isEmpty { return named }
        let room = 12
        guard labelWidth(title) > room else { return title }
        var label = ""
        for word in title.split(whereSeparator: \.isWhitespace) {
            let longer = label.isEmpty ? String(word) : label + " " + word
            if labelWidth(longer) > room { break }
            label = longer
        }
        return label.isEmpty ? "Daybook" : label
    }

    /// Wide letters (Hangul, Han, kana, full-width forms) take two places.
    static func labelWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in
            switch scalar.value {
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
                width + 2
            default:
                width + 1
            }
        }
    }

    static func manifest(_ site: SiteData, _ t: Translation) throws(Diagnostic) -> [UInt8] {
        struct Icon: Encodable {
            let src: String
            let sizes: String
            let type = "image/png"
            let purpose = "any maskable"
        }
        struct Manifest: Encodable {
            let name: String
            let short_name: String
            let lang: String
            let start_url = "./"
            let scope = "./"
            let display = "standalone"
            let background_color = "#fbfaf7"
            let theme_color = "#2f6fb3"
            let icons: [Icon]
        }
        let title = site.config.title
        let manifest = Manifest(name: title, short_name: shortName(title: title, themes: t.strings["app_short_name"] ?? ""), lang: site.locale,
                                icons: icons.map { Icon(src: Routes.asset($0.path), sizes: $0.sizes) })
        return Array(try PublishedJSON.encode(manifest, for: Routes.manifest)) + [0x0A]
    }

    /// What the phone keeps at install, among the files this build writes:
    /// today's plan, the due cards and their test, the due books, today's
    /// workout and routines pages, and what those pages load.
    static func precache(_ site: SiteData, writing paths: Set<String>) -> [SitePath] {
        var books: [SitePath] = []
        var deckCards: [SitePath] = []
        for day in site.published.vocab.comingPlans {
            for activity in day.decks where !(activity.studies.isEmpty && activity.reviews.isEmpty) {
                deckCards.append(Routes.deckCards(activity.deckID))
                books += (activity.studies + activity.reviews).map { Routes.wordBook(activity.deckID, $0.start) }
            }
        }
        // The encrypted part's page, index and search index, when the site has one (the items' files are kept once opened: sealed.js).
        let pages = [Routes.home, Routes.vocabToday, Routes.vocabTodayCards] + deckCards + books + [Routes.workouts, Routes.routines,
                                                                                                 Routes.unlock, Routes.sealedIndex, Routes.sealedSearch]
        let assets = ["style.css", "daybook.js", "phone.js", "sets.js", "cards.js", "cards.css", "vocab.css", "training.css", "sealed.js"]
            + icons.map(\.path)
        var seen = Set<String>()
        return (pages + [Routes.manifest] + assets.map { SitePath(Routes.asset($0)) }).filter {
            paths.contains($0.filePath) && seen.insert($0.value).inserted
        }
    }

    /// How many days of the diary are kept for reading offline.
    static let diaryDays = 30
    /// The bytes the phone keeps at most (sw.js stops keeping the later files there).
    static let offlineBudget = 2_000_000

    /// What the phone keeps once the day's files are in, without the install
    /// waiting on it (sw.js `DAYBOOK_LATER`), in this order while the budget
    /// lasts: this month's calendar, the diary's front page and its last 30
    /// days (up to the newest entry, newest first: a diary not written in a
    /// while still has its last month), KaTeX when pages have math, the
    /// search page and its index.
    static func later(_ site: SiteData, writing paths: Set<String>) -> [SitePath] {
        let written = site.published.entries.filter { $0.date <= site.today }
        let from = (written.last?.date ?? site.today).adding(days: 1 - diaryDays)
        let entries = written.filter { $0.date >= from }.map { Routes.content($0.source) }
        // The index's manifest, then its terms (what a search looks up), then its documents, the newest first.
        func rank(_ path: String) -> (Int, Int) {
            let number = Int(path.split(separator: "/").last?.split(separator: ".").first ?? "") ?? 0
            return (path.hasPrefix("search/terms/") ? 1 : path.hasPrefix("search/docs/") ? 2 : 0, number)
        }
        // Each path ranked once, not at every comparison (3 % of a 10,000-entry build).
        let search = paths.filter { $0.hasPrefix(Routes.search.value) && !$0.hasSuffix("/index.html") }.map { (rank($0), $0) }
            .sorted { $0.0 < $1.0 }.map { SitePath($0.1) }
        // KaTeX, when pages have math: the script and style sheet, then the fonts.
        let katex = paths.filter { $0.hasPrefix(Routes.asset(KaTeX.assetFolder)) }
            .sorted { $0.contains("/fonts/") == $1.contains("/fonts/") ? $0 < $1 : $1.contains("/fonts/") }
            .map(SitePath.init)
        let asked = [Routes.calendarMonth(site.today.monthKey), Routes.diary] + entries.reversed() + katex + [Routes.search] + search
        var seen = Set<String>()
        return asked.filter { paths.contains($0.filePath) && seen.insert($0.value).inserted }
    }

    /// The site's `sw.js`: this build's id and files, then the theme's worker.
    /// - Parameter digests: each precached file's bytes in one number, so that
    ///   a build that changes any of them has a new worker, which replaces what
    ///   the phone kept, and a build that changes none writes the same bytes.
    /// - Parameter later: kept after the install (`later(_:writing:)`); their names count in the id, so a
    ///   build that moves the diary's 30 days has a new worker, which keeps them again.
    static func serviceWorker(files: [SitePath], later: [SitePath] = [], digests: [String: UInt64]) -> [UInt8] {
        var id = FNV()
        for file in files {
            id.add(Array(file.value.utf8))
            id.add(UInt64(digests[file.filePath] ?? 0))
        }
        for file in later { id.add(Array(file.value.utf8)) }
        let build = String(id.value, radix: 16)
        func list(_ files: [SitePath]) -> String { files.map { "\"" + ($0.value.isEmpty ? "./" : $0.value) + "\"" }.joined(separator: ",") }
        return Array("""
        // Made by daybook for this build; the worker is the theme's assets/sw.js.
        self.DAYBOOK_BUILD = "\(build)";
        self.DAYBOOK_FILES = [\(list(files))];
        self.DAYBOOK_LATER = [\(list(later))];
        self.DAYBOOK_BUDGET = \(offlineBudget);
        importScripts("\(Routes.asset("sw.js"))?build=\(build)");

        """.utf8)
    }
}

/// FNV-1a, 64 bits: the same from build to build (Swift's `Hasher` is seeded per process).
struct FNV {
    private(set) var value: UInt64 = 0xcbf29ce484222325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100000001b3 }
    }

    mutating func add(_ number: UInt64) {
        add((0..<8).map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) })
    }

    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = FNV()
        hash.add(bytes)
        return hash.value
    }
}

/// The digests of the precached files' bytes, noted as the pages render on all cores.
final class PrecacheDigests: @unchecked Sendable {
    let files: [SitePath]
    let later: [SitePath]
    private let wanted: Set<String>
    private let lock = NSLock()
    private var noted: [String: UInt64] = [:]

    init(_ files: [SitePath], later: [SitePath] = []) {
        self.files = files
        self.later = later
        wanted = Set(files.map(\.filePath))
    }

    var digests: [String: UInt64] { lock.withLock { noted } }

    func note(_ path: String, _ bytes: [UInt8]) {
        guard wanted.contains(path) else { return }
        note(path, digest: FNV.of(bytes))
    }

    func note(_ path: String, digest: UInt64) { lock.withLock { noted[path] = digest } }

    /// `sw.js`, once every other file is made; `others` are the files written besides the pages (the theme's assets).
    func serviceWorker(_ others: [(String, [UInt8])]) -> (String, [UInt8]) {
        for (path, bytes) in others { note(path, bytes) }
        return (Routes.serviceWorker.filePath, PhoneFiles.serviceWorker(files: files, later: later, digests: digests))
    }
}
