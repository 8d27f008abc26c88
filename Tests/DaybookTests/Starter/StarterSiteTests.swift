@testable import DaybookSite
import Foundation
import Testing

/// `daybook init`'s files: a site that builds cleanly and a site.yml that
/// names every setting the parser reads.
@Suite struct StarterSiteTests {
    static let today = LocalDate(iso: "2026-11-23")!

    @Test(arguments: SiteConfig.Locale.allCases)
    func starterSiteBuildsWithoutErrorsOrWarnings(locale: SiteConfig.Locale) throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        try site.io.remove(site.content.path)
        #expect(try StarterSite.write(into: site.root.path, today: Self.today, timezone: "Europe/London", locale: locale))
        let summary = try site.build()
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(site.read("index.html") != nil)
        #expect(site.read("diary/2026/2026-11-23/index.html") != nil)
        #expect(site.read("vocab/words/index.html") != nil)
        // Every feature is in the menu, so a newcomer sees each.
        #expect(site.read("routines/index.html") != nil)
        #expect(site.read("workouts/index.html")?.contains("href=\"../routines/index.html\"") == true)
        // No invented fact: the first entry has no weather.
        #expect(StarterSite.firstEntry(Self.today, locale: locale).contains("weather") == false)
    }

    /// Issue 40: what `init` writes is a plan, never something the person did:
    /// today's split is planned, not done; no routine is logged, no review taken.
    @Test func starterSiteRecordsNothingThePersonDid() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        try site.io.remove(site.content.path)
        #expect(try StarterSite.write(into: site.root.path, today: Self.today, timezone: "Europe/London", locale: .en))
        try site.build()
        let (content, _) = ContentLoader.load(directory: site.content, displayRoot: "content", io: site.io,
                                              kinds: SiteFeatures.all.contentKinds)
        #expect(content.workouts.isEmpty)
        #expect(content.routineLog.days.isEmpty)
        #expect(!site.io.exists(site.content.appendingPathComponent("vocab/reviews.md").path))
        let home = try #require(site.read("index.html"))
        #expect(home.contains("Push") && home.contains("Planned"))
        #expect(!home.contains("Done: "))
        #expect(site.read("workouts/index.html") != nil)
    }

    /// `daybook init` beside an existing .gitignore adds only the lines it lacks, at the end.
    @Test func initAddsTheMissingIgnoredLinesAndMakesTheFolders() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        try site.io.remove(site.content.path)
        try site.write(".gitignore", "node_modules/\npublic/")
        #expect(try StarterSite.write(into: site.root.path, today: Self.today, timezone: "Asia/Seoul", locale: .en))
        #expect(site.io.text(site.root.path + "/.gitignore") == "node_modules/\npublic/\n.daybook-cache/\n.build/\n")
        #expect(site.io.isFolder(site.content.path + "/workouts") && site.io.isFolder(site.content.path + "/routines"))
        #expect(Self.files(under: site.content) == ["diary/2026/2026-11-23.md", "pages/about.md", "routines.yml", "routines/log.md",
                                                    "site.yml", "vocab/words.md"])
        // The lock and the journal are gone once it is done.
        #expect(Self.files(under: site.root.appendingPathComponent(".daybook-cache")) == [])
    }

    /// What a killed `init` leaves (its mark beside the lock, the empty
    /// folders) is finished by the next; a `content/` without the mark, even
    /// an empty one, is left alone.
    @Test func initFinishesItsOwnStartAndRefusesAnExistingFolder() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        for folder in StarterSite.folders { try site.io.createFolders(site.root.path + "/" + folder) }
        try site.write(".daybook-cache/content.init", "daybook init\n")
        #expect(try StarterSite.write(into: site.root.path, today: Self.today, timezone: "Asia/Seoul", locale: .en))
        #expect(Self.files(under: site.content).count == 6)
        #expect(Self.files(under: site.root.appendingPathComponent(".daybook-cache")) == [])

        let empty = try TestSite(onDisk: true)
        defer { empty.remove() }
        #expect(try StarterSite.write(into: empty.root.path, today: Self.today, timezone: "Asia/Seoul", locale: .en) == false)
        #expect(Self.files(under: empty.content) == [])

        let other = try TestSite(["content/pages/mine.md": "# Mine\n"], onDisk: true)
        defer { other.remove() }
        #expect(try StarterSite.write(into: other.root.path, today: Self.today, timezone: "Asia/Seoul", locale: .en) == false)
        #expect(Self.files(under: other.content) == ["pages/mine.md"])
        #expect(!other.io.exists(other.root.path + "/.gitignore"))
    }

    static func files(under folder: URL) -> [String] {
        let found = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])?.compactMap { item -> String? in
            guard let url = item as? URL, (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { return nil }
            return String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1))
        }
        return (found ?? []).sorted()
    }

    @Test func siteFileGivesTheDefaults() throws {
        let text = StarterSite.siteFile(timezone: "Asia/Seoul", locale: .ko, today: Self.today)
        var diagnostics = Diagnostics()
        let config = SiteConfig.parse(SourceFile(displayPath: "site.yml", relativePath: "site.yml", text: text), into: &diagnostics)
        #expect(diagnostics.items.isEmpty, "\(diagnostics.items)")
        let defaults = SiteConfig()
        #expect(config.vocab.reviewIntervals == defaults.vocab.reviewIntervals)
        #expect(config.flashcards.duplex == defaults.flashcards.duplex)
        #expect(config.workouts.split == StarterSite.exampleSplit(.ko) && config.workouts.start == Self.today)
        #expect(config.baseURL == nil)
    }

    /// The keys come from the parser itself (its "unknown key" hint lists the
    /// known ones), so a setting added to `SiteConfig.parse` fails this test
    /// until the starter site.yml shows and explains it.
    @Test func siteFileNamesEverySettingTheParserReads() throws {
        let keys = Self.knownKeys(prefix: [])
        #expect(keys.count >= 20, "the probe found too few keys: \(keys)")
        var diagnostics = Diagnostics()
        let text = StarterSite.siteFile(timezone: "Asia/Seoul", locale: .en, today: Self.today)
        let file = SourceFile(displayPath: "site.yml", relativePath: "site.yml", text: text)
        let root = try #require(YAMLValue.parse(text, file: file, into: &diagnostics))
        let missing = keys.filter { !Self.has(root, $0) }.map { $0.joined(separator: ".") }
        #expect(missing == [], "content/site.yml made by `daybook init` lacks \(missing): add each with a comment in StarterSite.siteFile")

        // The manual's table of settings names every key too (leaves, like `vocab.study_days`).
        let manual = try String(contentsOf: Repository.root.appendingPathComponent("docs/content.md"), encoding: .utf8)
        let leaves = keys.filter { key in !keys.contains { $0.count > key.count && Array($0.prefix(key.count)) == key } }
        let undocumented = leaves.map { $0.joined(separator: ".") }.filter { !manual.contains("| `\($0)` |") }
        #expect(undocumented == [], "docs/content.md's table of site.yml settings lacks \(undocumented)")
    }

    /// Every key path the parser accepts, found by offering it an unknown key at each level.
    static func knownKeys(prefix: [String]) -> [[String]] {
        var yaml = ""
        for (depth, key) in prefix.enumerated() { yaml += String(repeating: "  ", count: depth) + key + ":\n" }
        yaml += String(repeating: "  ", count: prefix.count) + "zzzz_probe: 1\n"
        var diagnostics = Diagnostics()
        _ = SiteConfig.parse(SourceFile(displayPath: "site.yml", relativePath: "site.yml", text: yaml), into: &diagnostics)
        guard let hint = diagnostics.items.first(where: { $0.message.hasPrefix("unknown key 'zzzz_probe'") })?.hint,
              let list = hint.components(separatedBy: "known keys: ").last, hint.contains("known keys: ") else { return [] }
        var result: [[String]] = []
        for key in list.components(separatedBy: ", ") {
            let path = prefix + [key]
            let nested = prefix.count < 3 ? knownKeys(prefix: path) : []
            result.append(contentsOf: nested.isEmpty ? [path] : [path] + nested)
        }
        return result
    }

    static func has(_ value: YAMLValue, _ path: [String]) -> Bool {
        guard let key = path.first else { return true }
        var diagnostics = Diagnostics()
        guard let pairs = value.mapping("site.yml", into: &diagnostics), let pair = pairs.first(where: { $0.key == key }) else { return false }
        return path.count == 1 || has(pair.value, Array(path.dropFirst()))
    }
}
