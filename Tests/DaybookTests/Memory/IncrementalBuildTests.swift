@testable import DaybookSite
import Foundation
import Testing

/// `serve` rebuilds with what it kept from its last build (parsed entries, a
/// digest of each file written) and writes only what changed. After any
/// sequence of edits its output must be exactly what a clean build makes.
/// Each test has a site and a memory of its own: they run side by side.
@Suite struct IncrementalBuildTests {
    static let sample = Repository.root.appendingPathComponent("content")

    /// Named edits the generated ones (`KindEdits`) are unlikely to make,
    /// each tried once in turn: a theme's override, a miss long ago, an entry
    /// named like an archive, a file beside the entries, the watcher's overflow.
    enum Edit: CaseIterable {
        case addEntry, editEntry, retitleEntry, retagEntry, deleteEntry, renameEntry, makeEntryPrivate, entryInNewYearAndTag, linkingEntry
        case makeEntryPublic, entryWithAlias, entryNamedLikeAnArchive
        case addWord, deleteDeck, addReview, pastMiss, earlierMiss, reviewDayRemoved, retitleDeck, addWorkout, deleteWorkout, logRoutine, renameRoutine
        case siteTitle, vocabSettings, themeOverride, themeTranslation, themeOverrideRemoved, invalidEntry
        /// An entry edited in place to another day: it moves among the others.
        case redateEntry
        /// An entry edited in place gains a warning, and loses it.
        case entryWarning
        /// An entry edited while the watcher's queue overflowed: the rebuild examines every file.
        case missedByTheWatcher
        /// A file beside the entries comes and goes: the kept listings must not hide it.
        case addAsset, removeAsset
        /// An entry edited in place gains links to other entries, and loses them: what links here on their pages follows.
        case linkAdded
    }

    /// Tells the build what changed, as `serve`'s watcher does (`ParseCache.noteChanges`),
    /// from the content folder as it was at the last rebuild and as it is now.
    final class SimulatedWatcher {
        let site: TestSite
        let memory: ServeMemory
        private var seen: [String: Data]
        /// The next report says the changes are unknown, as after an overflow.
        var overflowed = false

        /// After the first build, as `serve` starts its watcher.
        init(_ site: TestSite, _ memory: ServeMemory) {
            self.site = site
            self.memory = memory
            seen = IncrementalBuildTests.tree(site, site.content)
            memory.parsed.startWatching()
        }

        func report() {
            let now = IncrementalBuildTests.tree(site, site.content)
            let changed = Set(now.keys).union(seen.keys).filter { now[$0] != seen[$0] }
            func folders(_ tree: [String: Data]) -> Set<String> { Set(tree.keys.map { ($0 as NSString).deletingLastPathComponent }) }
            // A folder that came or went is an event the watcher cannot follow file by file.
            let known = !overflowed && folders(now) == folders(seen)
            memory.parsed.noteChanges(known ? changed : nil, listed: Set(now.keys) != Set(seen.keys))
            seen = now
            overflowed = false
        }
    }

    /// Applies `edit`; returns a fix to apply next when the edit breaks the build.
    static func apply(_ edit: Edit, in site: TestSite, step: Int, random: inout SystemRandomNumberGenerator) throws -> (() throws -> Void)? {
        let io = site.io
        let content = site.content
        func entries() -> [String] {
            (site.memory?.files(under: content.appendingPathComponent("diary").path) ?? []).filter { $0.hasSuffix(".md") }.sorted()
        }
        func text(_ path: String) throws -> String { String(decoding: try io.read(content.appendingPathComponent(path).path), as: UTF8.self) }
        func remove(_ path: String) throws { try io.remove(content.appendingPathComponent(path).path) }
        let someEntry = entries().randomElement(using: &random).map { "diary/" + $0 }
        switch edit {
        case .addEntry:
            let day = Int.random(in: 1...28, using: &random)
            try site.write("content/diary/2026/2026-10-\(String(format: "%02d", day))-new\(step).md",
                           "---\ndate: 2026-10-\(String(format: "%02d", day))\ntags: [added]\n---\n# Added \(step)\n\nA line.\n")
        case .editEntry, .missedByTheWatcher:
            guard let path = someEntry else { return nil }
            try site.write("content/" + path, try text(path) + "\nOne more line, edit \(step).\n")
        case .retitleEntry:
            // Its neighbours' previous/next links and every list showing it change with it.
            guard let path = someEntry else { return nil }
            let old = try text(path)
            guard let line = old.range(of: "\ntitle: ") ?? old.range(of: "\n# ") else { return nil }
            let end = old[line.upperBound...].firstIndex(of: "\n") ?? old.endIndex
            try site.write("content/" + path, old.replacingCharacters(in: line.upperBound..<end, with: "Retitled \(step)"))
        case .linkingEntry:
            // Where its links lead changes when their targets are retitled, deleted or made private.
            try site.write("content/diary/2026/2026-10-30-links\(step).md",
                           "# Links \(step)\n\nSee [[Morning fog]], [[2026-11-14]] and [[Retitled \(max(step - 1, 0))]].\n")
        case .redateEntry:
            guard let path = entries().map({ "diary/" + $0 }).filter({ (try? text($0))?.contains("\ndate: ") == true }).randomElement(using: &random)
            else { return nil }
            let old = try text(path)
            let line = old.range(of: "\ndate: ")!
            let end = old[line.upperBound...].firstIndex(of: "\n") ?? old.endIndex
            try site.write("content/" + path, old.replacingCharacters(in: line.upperBound..<end, with: "2026-09-\(10 + step % 18) 0\(step % 10):30"))
        case .entryWarning:
            // A mistyped key is kept, with a warning that goes with the fix.
            guard let path = entries().map({ "diary/" + $0 }).filter({ (try? text($0))?.hasPrefix("---\n") == true }).randomElement(using: &random)
            else { return nil }
            let old = try text(path)
            try site.write("content/" + path, "---\nmoood: calm\n" + old.dropFirst(4))
            return { try site.write("content/" + path, old) }
        case .retagEntry:
            guard let path = someEntry else { return nil }
            try site.write("content/" + path, try text(path) + "\n#retagged\(step % 2)\n")
        case .deleteEntry:
            guard let path = someEntry else { return nil }
            try remove(path)
        case .renameEntry:
            guard let path = someEntry, !path.contains("2026-11-21") else { return nil }
            try io.move(content.appendingPathComponent(path).path, content.appendingPathComponent("diary/2026/2026-09-\(10 + step % 18)-renamed.md").path)
        case .makeEntryPrivate:
            guard let path = someEntry else { return nil }
            let old = try text(path)
            guard old.hasPrefix("---\n") else { return nil }
            try site.write("content/" + path, "---\nprivate: true\n" + old.dropFirst(4))
        case .makeEntryPublic:
            // Back from private: its page, its neighbours' links and its lists return.
            guard let path = entries().map({ "diary/" + $0 }).first(where: { (try? text($0))?.hasPrefix("---\nprivate: true\n") == true }) else { return nil }
            try site.write("content/" + path, "---\n" + (try text(path)).dropFirst("---\nprivate: true\n".count))
        case .entryWithAlias:
            // An old URL: a redirect page, and a path claimed by the entry.
            try site.write("content/diary/2026/2026-10-2\(step % 8)-moved.md",
                           "---\naliases: [/old/moved-\(step % 3)]\n---\n# Moved \(step)\n")
        case .entryNamedLikeAnArchive:
            // Its page would be the month's archive: an error, until it is renamed.
            let path = "content/diary/2026/11.md"
            try site.write(path, "---\ndate: 2026-11-02\n---\n# Named like a month\n")
            return { try io.move(site.root.appendingPathComponent(path).path, site.root.appendingPathComponent("content/diary/2026/2026-11-02-month.md").path) }
        case .entryInNewYearAndTag:
            try site.write("content/diary/2019/2019-03-0\(1 + step % 9).md", "---\ntags: [first-year-\(step)]\n---\n# Long ago\n")
        case .addWord:
            try site.write("content/vocab/toeic.md", try text("vocab/toeic.md") + "- newword\(step) :: 새 단어\n")
        case .deleteDeck:
            guard io.exists(content.appendingPathComponent("vocab/interview.md").path) else { return nil }
            // A deck named in reviews.md cannot go alone: its lines go with it.
            let reviews = try text("vocab/reviews.md").split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("- interview:") }.joined(separator: "\n")
            try site.write("content/vocab/reviews.md", reviews)
            try remove("vocab/interview.md")
        case .addReview:
            try site.write("content/vocab/reviews.md", try text("vocab/reviews.md") + "\n## 2026-11-23\n- toeic: meticulous\n")
        case .pastMiss:
            // A miss long ago moves the word through every book after it: their pages and the calendar's days change.
            let word = ["abandon", "candid", "eligible", "negotiate", "tentative", "surplus"].randomElement(using: &random)!
            try site.write("content/vocab/reviews.md", try text("vocab/reviews.md") + "\n## 2026-11-0\(1 + step % 9)\n- toeic: \(word)\n")
        case .earlierMiss:
            // adjacent, missed on 11-17, missed before that too: it passes through one more book and
            // ends in the same one, whose page lists the new miss beside its words alone.
            try site.write("content/vocab/reviews.md", try text("vocab/reviews.md") + "\n## 2026-11-09\n- toeic: adjacent\n")
        case .reviewDayRemoved:
            // The last day's misses taken back: the words return to the books they left.
            let reviews = try text("vocab/reviews.md")
            guard let last = reviews.range(of: "\n## ", options: .backwards) else { return nil }
            try site.write("content/vocab/reviews.md", String(reviews[..<last.lowerBound]) + "\n")
        case .retitleDeck:
            // A deck's title is on its books' pages and on the calendar's marks.
            let deck = try text("vocab/jlpt-n3.md")
            guard let line = deck.range(of: "\ntitle: ") else { return nil }
            let end = deck[line.upperBound...].firstIndex(of: "\n")!
            try site.write("content/vocab/jlpt-n3.md", deck.replacingCharacters(in: line.upperBound..<end, with: "JLPT \(step)"))
        case .addWorkout:
            try site.write("content/workouts/2026/2026-11-0\(1 + step % 9)-extra.md", "---\ndate: 2026-11-0\(1 + step % 9)\nsplit: Legs\n---\n- Squat: 80kg x 5 x 3\n")
        case .deleteWorkout:
            guard let name = try io.list(content.appendingPathComponent("workouts/2026").path).map(\.name).sorted().randomElement(using: &random) else { return nil }
            try remove("workouts/2026/" + name)
        case .logRoutine:
            try site.write("content/routines/log.md", try text("routines/log.md") + "- 2026-11-2\(step % 4): wake\n")
        case .renameRoutine:
            // The log is read against the routines.
            try site.write("content/routines.yml", try text("routines.yml").replacingOccurrences(of: "name: 6시 기상", with: "name: 기상 \(step)"))
        case .vocabSettings:
            // The decks are read and scheduled with the settings.
            let config = try text("site.yml")
            let days = config.contains("study_days: 2\n") ? "3" : "2"
            try site.write("content/site.yml", config.replacingOccurrences(of: #"study_days: \d+"#, with: "study_days: \(days)", options: .regularExpression))
        case .siteTitle:
            let config = try text("site.yml")
            try site.write("content/site.yml", config.replacingOccurrences(of: "title:", with: "title: Edit \(step) —", options: [], range: config.range(of: "title:")))
        case .themeOverride:
            try site.write("themes/default/assets/style.css", "body { color: #\(String(step, radix: 16)); }\n")
            try site.write("themes/default/partials/entry-item.mustache", "<li class=\"edited-\(step)\"><a href=\"{{href}}\">{{title}}</a></li>\n")
        case .themeTranslation:
            // A theme's own translation replaces the built-in one.
            let built = try String(contentsOf: sample.deletingLastPathComponent().appendingPathComponent("themes/default/i18n/ko.yml"), encoding: .utf8)
            try site.write("themes/default/i18n/ko.yml", built.replacingOccurrences(of: "nav_diary: ", with: "nav_diary: \(step) "))
        case .themeOverrideRemoved:
            try? io.remove(site.root.appendingPathComponent("themes").path)
        case .addAsset:
            try site.write("content/diary/2026/handout-\(step % 3).pdf", Data("%PDF-1.4 handout \(step)\n".utf8))
        case .removeAsset:
            let diary = content.appendingPathComponent("diary")
            guard let path = (site.memory?.files(under: diary.path) ?? []).sorted().first(where: { $0.hasSuffix(".pdf") }) else { return nil }
            try remove("diary/" + path)
        case .linkAdded:
            guard let path = entries().map({ "diary/" + $0 }).filter({ $0.hasPrefix("diary/2026/") && !$0.contains("2026-11-14") })
                .randomElement(using: &random) else { return nil }
            let old = try text(path)
            try site.write("content/" + path, old + "\nAs on [[2026-11-14]], edit \(step). And [that day](../2026-11-18/) too.\n")
            return { try site.write("content/" + path, old) }
        case .invalidEntry:
            let path = "content/diary/2026/2026-11-25-broken.md"
            try site.write(path, "---\nweather: snwo\n---\n# Broken\n")
            return { try io.remove(site.root.appendingPathComponent(path).path) }
        }
        return nil
    }

    static func tree(_ site: TestSite, _ folder: URL) -> [String: Data] {
        let files = site.memory?.files(under: folder.path) ?? []
        return Dictionary(uniqueKeysWithValues: files.map { ($0, (try? site.io.read(folder.appendingPathComponent($0).path)) ?? Data()) })
    }

    /// A copy of the sample site's content in memory, without its photos
    /// and the entries that show them (libvips reads only from disk).
    static func sampleSite() throws -> TestSite {
        let site = try TestSite()
        let photo = ["jpg", "heic", "png"]
        for case let path as String in FileManager.default.enumerator(atPath: sample.path) ?? NSEnumerator() {
            let url = sample.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  !photo.contains(url.pathExtension.lowercased()) else { continue }
            let data = try Data(contentsOf: url)
            if path.hasPrefix("diary/"), photo.contains(where: { String(decoding: data, as: UTF8.self).contains("." + $0) }) { continue }
            try site.write("content/" + path, data)
        }
        return site
    }

    /// Builds with the memory into public/, and clean into fresh/; the two must match byte for byte.
    /// - Parameter mustBuild: the content is valid, so both builds must succeed.
    /// - Parameter watcher: tells the build what changed, as `serve`'s does; without, every file is examined.
    static func compare(_ site: TestSite, _ memory: ServeMemory, step: String, mustBuild: Bool = false, watcher: SimulatedWatcher? = nil) -> Bool {
        let fresh = site.root.appendingPathComponent("fresh")
        var options = site.options()
        let before = tree(site, site.output)
        watcher?.report()
        let served = Result { try SiteBuilder.build(options, memory: memory) }
        options.outputDirectory = fresh
        try? site.io.remove(fresh.path)
        let clean = Result { try SiteBuilder.build(options) }
        switch (served, clean) {
        case (.success, .success):
            let (a, b) = (tree(site, site.output), tree(site, fresh))
            #expect(!a.isEmpty)
            let differing = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted()
            #expect(differing.isEmpty, "after \(step): \(differing.prefix(5))")
            let warnings = (try? served.get().warnings) ?? [], cleanWarnings = (try? clean.get().warnings) ?? []
            #expect(warnings == cleanWarnings, "after \(step)")
            return differing.isEmpty && warnings == cleanWarnings
        case let (.failure(servedError), .failure(cleanError)):
            #expect(!mustBuild, "after \(step): \(served)")
            #expect("\(servedError)" == "\(cleanError)", "after \(step)")
            #expect(tree(site, site.output) == before, "a failed rebuild changed public/ after \(step)")
            return true
        default:
            Issue.record("after \(step): served \(served), clean \(clean)")
            return false
        }
    }

    /// Sequences of edits generated from the files the registered kinds
    /// declare (`ContentKind.files`, the test's reading log among them) and
    /// `site.yml` (`KindEdits`), some undone: no edit is listed by hand, so
    /// an input a page's key forgets is found whichever kind it belongs to.
    /// Three sequences, each a test case of its own, so that they run side by side.
    @Test(arguments: 0..<3) func randomEditSequencesEndAsACleanBuild(sequence: Int) throws {
        var random = SystemRandomNumberGenerator()
        var site = try Self.sampleSite()
        try ReadingLogKindTests.register(in: &site)
        try site.write("content/reading/dune.md", ReadingLogKindTests.book("Dune", by: "Frank Herbert", finished: "2026-11-02"))
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        // One sequence is told what changed, as `serve` is; the others examine every file.
        let watcher = sequence == 0 ? SimulatedWatcher(site, memory) : nil
        var done: [String] = []
        for step in 0..<10 {
            let (said, undo) = try KindEdits.apply(in: site, step: step, random: &random)
            done.append(said)
            // Now and then the watcher's queue overflows: the rebuild examines every file.
            if Int.random(in: 0..<8, using: &random) == 0 { watcher?.overflowed = true }
            guard Self.compare(site, memory, step: "sequence \(sequence): \(done)", watcher: watcher) else { return }
            if Bool.random(using: &random) {
                try undo()
                done.append("undone")
                guard Self.compare(site, memory, step: "sequence \(sequence): \(done)", watcher: watcher) else { return }
            }
        }
    }

    /// Random edits of each registered kind's own files (`ContentKind.files`),
    /// the test's reading log among them: no kind's inputs are listed by hand.
    @Test func randomEditsOfEveryKindsFilesEndAsACleanBuild() throws {
        var random = SystemRandomNumberGenerator()
        var site = try Self.sampleSite()
        try ReadingLogKindTests.register(in: &site)
        try site.write("content/reading/dune.md", ReadingLogKindTests.book("Dune", by: "Frank Herbert", finished: "2026-11-02"))
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        let watcher = SimulatedWatcher(site, memory)
        for kind in site.features.contentKinds {
            for step in 0..<3 {
                let (said, undo) = try KindEdits.apply(kind: kind, in: site, step: step, random: &random)
                #expect(Self.compare(site, memory, step: said, watcher: watcher))
                if Bool.random(using: &random) {
                    try undo()
                    #expect(Self.compare(site, memory, step: "undone: " + said, watcher: watcher))
                }
            }
        }
    }

    /// Every kind of edit once, in turn, so that none is left to chance.
    @Test func everyKindOfEditInTurnEndsAsACleanBuild() throws {
        var random = SystemRandomNumberGenerator()
        let site = try Self.sampleSite()
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        let watcher = SimulatedWatcher(site, memory)
        for (step, edit) in Edit.allCases.enumerated() {
            let fix = try Self.apply(edit, in: site, step: step, random: &random)
            if edit == .missedByTheWatcher { watcher.overflowed = true }
            guard Self.compare(site, memory, step: "\(edit)", mustBuild: fix == nil, watcher: watcher) else { return }
            if let fix {
                try fix()
                guard Self.compare(site, memory, step: "\(edit) + fix", mustBuild: true, watcher: watcher) else { return }
            }
        }
    }

    /// The search index is kept while its records are the same, and made again when an entry's text changes.
    @Test func anEntryEditReachesTheSearchIndex() throws {
        let site = try Self.sampleSite()
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        let search = site.output.appendingPathComponent("search")
        let before = Self.tree(site, search)
        let path = "content/diary/2026/2026-11-18.md"
        let old = String(decoding: try site.io.read(site.root.appendingPathComponent(path).path), as: UTF8.self)
        try site.write(path, old + "\nZebrafinch sighting.\n")
        #expect(Self.compare(site, memory, step: "a word added"))
        #expect(Self.tree(site, search) != before)
    }

    @Test func anUnchangedRebuildReadsNoEntryAndWritesNothing() throws {
        let site = try Self.sampleSite()
        let memory = ServeMemory()
        let first = try SiteBuilder.build(site.options(), memory: memory)
        try SiteBuilder.build(site.options(), memory: memory)
        #expect(memory.parsed.filesParsed == 0)
        #expect(memory.filesChanged == 0)
        // Entries, archives, vocabulary and workout pages keep their bytes.
        #expect(memory.pagesRendered < first.files / 3)
        try site.write("content/diary/2026/2026-11-22.md", "---\ndate: 2026-11-22\n---\n# Edited\n")
        try SiteBuilder.build(site.options(), memory: memory)
        #expect(memory.parsed.filesParsed == 1)
        #expect(memory.filesChanged > 0)
    }

    /// Told by the watcher which file changed, a rebuild examines that entry alone.
    @Test func aWatchedEntryEditExaminesOnlyThatEntry() throws {
        let site = try Self.sampleSite()
        let memory = ServeMemory()
        let examined = Examined()
        var options = site.options()
        let attributes = options.io.attributes
        options.io.attributes = { path in
            if path.hasSuffix(".md"), path.contains("/content/diary/") { examined.add(path) }
            return attributes(path)
        }
        try SiteBuilder.build(options, memory: memory)
        let watcher = SimulatedWatcher(site, memory)
        try SiteBuilder.build(options, memory: memory)
        let all = examined.take()
        #expect(all.count > 10)
        let path = "content/diary/2026/2026-11-18.md"
        let old = String(decoding: try site.io.read(site.root.appendingPathComponent(path).path), as: UTF8.self)
        try site.write(path, old + "\nA line added.\n")
        watcher.report()
        try SiteBuilder.build(options, memory: memory)
        #expect(examined.take().map { String($0.suffix(path.count)) } == [path])
        #expect(memory.parsed.filesParsed == 1)
        #expect(Self.compare(site, memory, step: "a line added", watcher: watcher))
    }

    /// Paths whose attributes a build asked for.
    final class Examined: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        func add(_ path: String) { lock.withLock { paths.append(path) } }
        func take() -> [String] { lock.withLock { defer { paths = [] }; return paths } }
    }

    /// A miss renders the word books it moves the word between and the
    /// calendar days whose marks change, not every book and month; and those
    /// pages show it.
    @Test func aMissRendersOnlyTheBooksAndMonthsItChanges() throws {
        let site = try Self.sampleSite()
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        let books = Self.tree(site, site.output.appendingPathComponent("vocab/toeic")).keys.filter { $0.hasPrefix("20") }.count
        let months = Self.tree(site, site.output.appendingPathComponent("calendar")).count
        let book = site.output.appendingPathComponent("vocab/toeic/2026-11-23/index.html").path
        #expect(!String(decoding: try site.io.read(book), as: UTF8.self).contains("eligible"))
        let path = "content/vocab/reviews.md"
        let reviews = String(decoding: try site.io.read(site.root.appendingPathComponent(path).path), as: UTF8.self)
        try site.write(path, reviews + "\n## 2026-11-23\n- toeic: eligible\n")
        #expect(Self.compare(site, memory, step: "a miss"))
        // Keyed by all of vocab/, every book, print sheet and month rendered, and the deck's and today's pages besides.
        #expect(memory.pagesRendered < books + months)
        #expect(String(decoding: try site.io.read(book), as: UTF8.self).contains("eligible"))
    }

    /// A year in review keeps its bytes, its words uncounted, while nothing
    /// of its year changes, and shows the new count when an entry of its year gains words.
    @Test func aYearPageIsMadeAgainOnlyWhenItsYearChanges() throws {
        let site = try Self.sampleSite()
        try site.write("content/diary/2019/2019-03-01.md", "# Long ago\n\nA line from then.\n")
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        func key(_ year: Int) -> PageKey? { memory.pages.paths.firstIndex(of: "year/\(year)/index.html").flatMap { memory.pages.pageKeys[$0] } }
        func words() throws -> Int? {
            let page = String(decoding: try site.io.read(site.output.appendingPathComponent("year/2026/index.html").path), as: UTF8.self)
            // The second figure: entries, then words.
            let figures = page.matches(of: /class="figure-value">(\d+)</).map { Int($0.1)! }
            return figures.count > 1 ? figures[1] : nil
        }
        let (before2019, before2026, wordsBefore) = (key(2019), key(2026), try words())
        #expect(before2019 != nil && before2026 != nil && wordsBefore != nil)
        let path = "content/diary/2026/2026-11-18.md"
        let old = String(decoding: try site.io.read(site.root.appendingPathComponent(path).path), as: UTF8.self)
        try site.write(path, old + "\nZebrafinch sighting today.\n")
        #expect(Self.compare(site, memory, step: "three words added"))
        #expect(key(2019) == before2019)
        #expect(key(2026) != before2026)
        #expect(try words() == wordsBefore.map { $0 + 3 })
    }

    /// An edit renders the pages that show what changed, and those pages show it.
    @Test func anEntryEditRendersOnlyThePagesShowingIt() throws {
        let site = try Self.sampleSite()
        let memory = ServeMemory()
        try SiteBuilder.build(site.options(), memory: memory)
        let all = memory.pagesRendered
        let path = "content/diary/2026/2026-11-18.md"
        let old = String(decoding: try site.io.read(site.root.appendingPathComponent(path).path), as: UTF8.self)
        try site.write(path, old + "\nA line added.\n")
        #expect(Self.compare(site, memory, step: "a line added"))
        let body = memory.pagesRendered
        #expect(body < all / 3)

        // A new title shows on the neighbours' pages and in the lists: more pages, still not all.
        let titled = old.replacingOccurrences(of: "\ntitle: ", with: "\ntitle: Renamed ", options: [], range: old.range(of: "\ntitle: "))
        #expect(titled != old)
        try site.write(path, titled)
        #expect(Self.compare(site, memory, step: "a new title"))
        #expect(memory.pagesRendered > body)
        #expect(memory.pagesRendered < all / 2)
        let neighbour = try site.io.read(site.output.appendingPathComponent("diary/2026/2026-11-17-hugo/index.html").path)
        #expect(String(decoding: neighbour, as: UTF8.self).contains("Renamed Morning fog"))

        // site.yml renders everything again.
        let config = String(decoding: try site.io.read(site.root.appendingPathComponent("content/site.yml").path), as: UTF8.self)
        try site.write("content/site.yml", config.replacingOccurrences(of: "title:", with: "title: Edited —", options: [],
                                                                      range: config.range(of: "title:")))
        #expect(Self.compare(site, memory, step: "site.yml"))
        #expect(memory.pagesRendered == all)

        // Private: its page is gone at once, and its neighbours no longer link to it.
        try site.write(path, "---\nprivate: true\n" + titled.dropFirst(4))
        #expect(Self.compare(site, memory, step: "made private"))
        #expect(!site.io.exists(site.output.appendingPathComponent("diary/2026/2026-11-18/index.html").path))
    }
}
