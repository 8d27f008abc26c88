@testable import DaybookSite
import Foundation
import PropertyBased
import Testing

/// The privacy rule over whole builds: whatever mix of private and draft
/// entries, decks, workouts, pages and images a site has, no private or
/// draft marker reaches any output file (nor a file name), and the feeds,
/// the search index, the calendar feed, the calendars and their heatmaps
/// stay free of private ones even with --include-private, whose sitemap is
/// the one of the same build without the flag.
@Suite struct PrivacyPropertyTests {
    enum Flag: Int { case shown, hidden, draft }

    /// One content item: its kind (0 entry, 1 deck, 2 workout, 3 page, 4 entry with an image, 5 a book of the
    /// reading log that `ReadingLogKindTests` registers) and its flag.
    struct Item {
        let kind: Int
        let flag: Flag
    }

    /// The kind of each `Item.kind`, as `files` writes it (4: an entry with an image beside it).
    static let kindsWritten: [any ContentKind.Type] = [DiaryKind.self, VocabKind.self, WorkoutsKind.self, PagesKind.self, DiaryKind.self,
                                                       ReadingLogKindTests.ReadingLog.self]

    /// The property runs over every registered kind whose items may be
    /// private, the test's reading log among them: a kind added to the
    /// registry fails here until `files` writes items of it.
    @Test func itsItemsAreOfEveryRegisteredKind() {
        let written = Set(Self.kindsWritten.map { ObjectIdentifier($0) })
        // A kind with no items (routines: a plan, never private) has nothing to hide.
        let registered = Set(ReadingLogKindTests.features.contentKinds.filter { !$0.itemsKeys.isEmpty }.map { ObjectIdentifier(type(of: $0)) })
        #expect(registered == written)
    }

    /// What each item says about itself: found in the output only when it may be.
    static func marker(_ index: Int, _ flag: Flag) -> String {
        switch flag {
        case .shown: "shownmark\(index)x"
        case .hidden: "privatemark\(index)x"
        case .draft: "draftmark\(index)x"
        }
    }

    static func day(_ index: Int) -> String { "2026-11-\((index + 1).zeroPadded(2))" }

    static func files(_ items: [Item]) -> [String: String] {
        var files = ["content/site.yml": "title: Privacy\nbase_url: https://example.org/\n"]
        // Every entry and page links to every entry, in the sentence holding its marker, as
        // `[[day]]` and as a Markdown link: what links here and the previews are over all of them.
        let days = items.indices.filter { [0, 4].contains(items[$0].kind) }.map(day)
        for (index, item) in items.enumerated() {
            let day = Self.day(index)
            let links = days.map { "[[\($0)]] [\($0)](../../diary/2026/\($0)/)" }.joined(separator: " ")
            // Decks and workouts have no drafts: a draft flag makes them plain.
            let flag = item.flag == .draft && [1, 2].contains(item.kind) ? .shown : item.flag
            let mark = marker(index, flag)
            let flags = (flag == .hidden ? "private: true\n" : "") + (flag == .draft ? "draft: true\n" : "")
            switch item.kind {
            case 0, 4:
                files["content/diary/2026/\(day).md"] = "---\ntitle: Title \(mark)\ndate: \(day) 08:00\ntags: [\(mark)]\n\(flags)---\nBody \(mark) \(links.replacingOccurrences(of: "../../diary/2026/", with: "../"))\n"
                if item.kind == 4 {
                    files["content/diary/2026/\(day)/photo-\(mark).svg"] = "<svg xmlns=\"http://www.w3.org/2000/svg\"><title>\(mark)</title></svg>"
                }
            case 1:
                files["content/vocab/deck\(index).md"] = "---\ntitle: Deck \(mark)\n\(flags)---\n## \(day)\n- word\(mark) :: meaning \(mark)\n"
            case 2:
                files["content/workouts/2026/\(day).md"] = "---\ndate: \(day) 07:00\ntitle: Workout \(mark)\n\(flags)---\n- Squat \(mark): 60kg x 5\n\nNote \(mark)\n"
            case 3:
                files["content/pages/page-\(mark).md"] = "---\ntitle: Page \(mark)\n\(flags)---\nText \(mark) \(links)\n"
            default:
                files["content/reading/book-\(mark).md"] = "---\ntitle: Book \(mark)\nauthor: Author \(mark)\nfinished: \(day)\n\(flags)---\nNotes \(mark)\n"
            }
        }
        return files
    }

    /// Output files (by path) whose name or bytes contain one of the words.
    static func leaks(_ site: TestSite, of words: [String], in paths: [String]? = nil) -> [String] {
        (paths ?? site.outputFiles()).compactMap { path in
            let data = site.data(path) ?? Data()
            let text = (path + "\n" + String(decoding: data, as: UTF8.self)).lowercased()
            let found = words.filter { text.contains($0) }
            return found.isEmpty ? nil : "\(path): \(found.joined(separator: ", "))"
        }
    }

    @Test func noPrivateOrDraftMarkerReachesTheOutput() async {
        let items = Gen.int(in: 0...(Self.kindsWritten.count * 3 - 1)).map { Item(kind: $0 / 3, flag: Flag(rawValue: $0 % 3)!) }.array(of: 1...10)
        await propertyCheck(count: 12, input: items) { items in
            var site: TestSite
            do { site = try TestSite(Self.files(items).merging(ReadingLogKindTests.templates) { $1 }) } catch {
                Issue.record("cannot write the site: \(error)")
                return
            }
            defer { site.remove() }
            // Every registered kind, and one the test target adds.
            site.features = ReadingLogKindTests.features
            do {
                try site.build()
                #expect(Self.leaks(site, of: ["privatemark", "draftmark"]) == [], "default build")
                // Two public entries list each other: the test of what links here can fail.
                if items.filter({ $0.kind == 0 && $0.flag == .shown }).count > 1 {
                    #expect(site.outputFiles().contains { site.text($0).contains("class=\"linked-from\"") })
                }
                #expect(site.read("feed.xml") != nil)

                try site.build(visibility: Visibility(includePrivate: false, includeDrafts: true))
                let publicSitemap = site.read("sitemap.xml")
                try site.build(visibility: Visibility(includePrivate: true, includeDrafts: true))
                // Issue 39: the calendars (month pages, the year's heatmap) and the sitemap are what a build without the flag has.
                let calendars = site.outputFiles().filter { $0.hasPrefix("calendar/") }
                #expect(Self.leaks(site, of: ["privatemark"], in: calendars) == [], "calendars with --include-private")
                #expect(site.read("sitemap.xml") == publicSitemap, "the sitemap with --include-private")
                // The search index is every file under search/ but its page: manifest, term shards, chunks of documents.
                let search = site.outputFiles().filter { $0.hasPrefix("search/") && $0.hasSuffix(".js") }
                #expect(Self.leaks(site, of: ["privatemark"], in: ["feed.xml", "calendar.ics"] + search) == [], "--include-private --drafts")
                // The year in review counts and shows public content only, even with --include-private:
                // its tags, photos and lifts; one word a deck, all studied by today.
                let review = "year/2026/index.html"
                #expect(Self.leaks(site, of: ["privatemark"], in: [review]) == [], "year in review")
                let publicDecks = items.indices.filter { items[$0].kind == 1 && items[$0].flag != .hidden }.count
                let learned = site.read(review).flatMap { html in
                    html.firstMatch(of: /id="review-study"[\s\S]*?figure-value">(\d+)</).map { Int($0.1)! }
                }
                #expect(learned == (publicDecks == 0 ? nil : publicDecks), "words learned")
                // The markers are found where they may be, the search index too: the test can fail.
                let shown = items.indices.filter { items[$0].flag == .shown && items[$0].kind != 4 }.map { Self.marker($0, .shown) }
                #expect(shown.allSatisfy { mark in !Self.leaks(site, of: [mark], in: search).isEmpty })
                let shownLifts = items.indices.filter { items[$0].flag != .hidden && items[$0].kind == 2 }.map { Self.marker($0, .shown) }
                #expect(shownLifts.allSatisfy { mark in !Self.leaks(site, of: [mark], in: [review]).isEmpty }, "public lifts shown")
            } catch {
                Issue.record("build failed: \(error)")
            }
        }
    }
}
