@testable import DaybookSite
import Foundation
import Testing

/// Every name a template of themes/default reads is answered by the view
/// model of the pages rendered with it: the sample site is built in memory
/// and every page rendered with a log of the names looked up.
///
/// A name fails when, on every page where it was looked up, nothing in the
/// context stack answered it: a misspelling, or a field a view model lost.
/// An optional field answers with "empty" (`.null`, a nil optional), so
/// `{{#page.cover}}` on an entry without a cover is answered, not missing.
/// A name never looked up (inside a section that is empty on every sample
/// page) fails too, unless it is a translation (see `mayGoUnreached`).
/// Names are kept per template file, not per section: a name written in two
/// sections of one file counts as answered if either answers it.
@Suite struct TemplateNamesTests {
    /// The sample site (content/) copied into memory at its own path: photos,
    /// which libvips reads from the disk, are found there too.
    static func sampleSite() throws -> MemoryFiles {
        let memory = MemoryFiles()
        let content = Repository.root.appendingPathComponent("content")
        let walker = FileManager.default.enumerator(at: content, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = walker?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            memory.add(url.standardizedFileURL.path, try Data(contentsOf: url))
        }
        return memory
    }

    /// Which names each template looked up, and whether they were answered.
    static func renderEverything() throws -> (TemplateNameLog, Theme) {
        let memory = try sampleSite()
        // A year of more entries than a list shows in full: its pages list them as lines.
        let year = Repository.root.appendingPathComponent("content/diary/2019").standardizedFileURL.path
        for number in 0...DiaryKind.fullItemLimit {
            let date = String(format: "2019-%02d-%02d", number / 28 + 1, number % 28 + 1)
            memory.add("\(year)/\(date).md", Data("---\ntitle: Day \(number)\ndate: \(date)\ntags: [walks]\n---\nA walk.\n".utf8))
        }
        // A year before the sample's today, with weather and a photo: the home page's "on this day".
        let lastYear = Repository.root.appendingPathComponent("content/diary/2025/2025-11-23.md").standardizedFileURL.path
        memory.add(lastYear, Data("---\ntitle: A year back\ndate: 2025-11-23\nweather: {condition: snow, temp: -2}\ncover: ../2026/2026-11-20-snowman.jpg\n---\nSnow.\n".utf8))
        // A kind with no templates of its own (`scripts/new-kind`'s): the list and item pages every such kind gets.
        let book = Repository.root.appendingPathComponent("content/books/dune.md").standardizedFileURL.path
        memory.add(book, Data("---\ntitle: Dune\ndate: 2026-11-02\n---\nA desert planet.\n".utf8))
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-names-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cache) }
        let log = TemplateNameLog()
        var theme: Theme?
        // Today, with and without the hidden content; a day with a workout done; and private entries published encrypted.
        let runs = [("2026-11-23", Visibility(), false), ("2026-11-23", Visibility(includePrivate: true, includeDrafts: true), false),
                    (lastWorkout, Visibility(), false), ("2026-11-23", Visibility(), true)]
        let siteFile = Repository.root.appendingPathComponent("content/site.yml").standardizedFileURL.path
        for (today, visibility, encrypted) in runs {
            if encrypted { memory.add(siteFile, try Data(contentsOf: URL(fileURLWithPath: siteFile)) + Data("\nprivate:\n  publish: encrypted\n".utf8)) }
            var options = BuildOptions(contentDirectory: Repository.root.appendingPathComponent("content"),
                                       outputDirectory: URL(fileURLWithPath: "/memory/public"),
                                       themesDirectory: URL(fileURLWithPath: "/memory/themes"),
                                       today: LocalDate(iso: today)!, seed: 7, visibility: visibility,
                                       contentDisplayName: "content", io: memory.io)
            options.cacheDirectory = cache
            options.features = BooksKindTests.features
            options.passphrase = { "a passphrase for the names test" }
            let (site, loaded, _) = try SiteBuilder.prepare(options)
            theme = loaded
            for page in SiteBuilder.pages(for: site) {
                guard case let .template(name, make) = page.body else { continue }
                let context = PageContext(path: page.path, site: site)
                var html: [UInt8] = []
                #expect(loaded.templates.render(name, Layout.context(for: try make(context), in: context), log: log, into: &html))
            }
        }
        return (log, try #require(theme))
    }

    /// The sample's last workout (content/workouts/2026/2026-11-21.md).
    static let lastWorkout = "2026-11-21"

    /// Names the sample site never reaches. Translations (`t.…`) are not
    /// listed: every key a template uses is checked in every translation file
    /// (TranslationKeyTests), and the sample has no empty page to show them.
    static func mayGoUnreached(_ name: String) -> Bool { name.hasPrefix("t.") }

    @Test func everyNameATemplateReadsIsAnsweredByItsViewModel() throws {
        let (log, theme) = try Self.renderEverything()
        var missing: [String] = [], unreached: [String] = []
        for template in theme.templatePaths.keys.sorted() {
            for name in theme.templates.names(in: template).sorted() {
                switch log.answered[template]?[name] {
                case false?: missing.append("\(template).mustache reads '\(name)': no view model of its pages answers it")
                case nil where !Self.mayGoUnreached(name):
                    unreached.append("\(template).mustache: '\(name)'")
                default: break
                }
            }
        }
        #expect(missing == [])
        #expect(unreached == [], "not looked up on any sample page")
        #expect(log.answered.values.reduce(0) { $0 + $1.count } > 200, "the log saw the templates' names")
    }

    /// The check itself can fail: a misspelt name in an entry's template is named.
    @Test func aMisspeltNameIsFound() throws {
        let set = TemplateSet(["page": "{{#page}}{{title}} {{titel}} {{#cover}}{{alt}}{{/cover}}{{/page}}"])
        let log = TemplateNameLog()
        let model = TemplateTable(["page": .object(TemplateTable(["title": .text("T"), "cover": .null]))])
        var html: [UInt8] = []
        #expect(set.render("page", .object(model), log: log, into: &html))
        #expect(log.answered["page"] == ["page": true, "title": true, "titel": false, "cover": true])
        #expect(set.names(in: "page") == ["page", "title", "titel", "cover", "alt"])
    }
}

@Suite struct FragmentIDTests {
    /// Word and exercise ids on one page: the slug, then `-2`, `-3` when two slug alike.
    @Test func namesThatSlugAlikeGetNumberedIDs() {
        #expect(Routes.fragmentIDs(["Squat", "squat", "Squat 2", "Bench"], prefix: "ex-") == ["ex-squat", "ex-squat-2", "ex-squat-2-2", "ex-bench"])
        #expect(Routes.wordFragment("Abandon") == "w-abandon")
    }
}
