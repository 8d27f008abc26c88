@testable import DaybookSite
import Foundation
import Testing

/// Hostile input, made by each test: numbers past every range, far-off dates,
/// YAML alias bombs, misplaced messages. Each must end in a located error
/// (or a clear warning), never a trap, a hang or a silently wrong value.
@Suite struct FailClosedInputTests {
    func file(_ text: String, _ path: String) -> SourceFile {
        SourceFile(displayPath: "content/" + path, relativePath: path, text: text)
    }

    func siteErrors(_ yaml: String) -> [Diagnostic] {
        var diagnostics = Diagnostics()
        _ = SiteConfig.parse(file(yaml, "site.yml"), into: &diagnostics)
        return diagnostics.errors
    }

    // MARK: Numbers: range-checked where they are read

    @Test(arguments: [
        ("vocab:\n  study_days: 99999999\n", "2:15", "study_days must be a whole number between 1 and 60"),
        ("vocab:\n  study_days: 9223372036854775807\n", "2:15", "between 1 and 60"),
        ("vocab:\n  review_intervals: [300000]\n", "2:22", "between 1 and 365"),
        ("vocab:\n  review_intervals: [9223372036854775806]\n", "2:22", "between 1 and 365"),
        ("flashcards:\n  rows: 1000\n", "2:9", "rows must be a whole number between 1 and 12, not '1000'"),
        ("flashcards:\n  columns: 9\n", "2:12", "columns must be a whole number between 1 and 8, not '9'"),
        ("flashcards:\n  back_offset: [nan, 0]\n", "2:17", "back_offset (mm) must be a number between -10 and 10, not 'nan'"),
        ("flashcards:\n  back_offset: [.inf, 0]\n", "2:17", "between -10 and 10"),
        ("flashcards:\n  back_offset: [11, 0]\n", "2:17", "between -10 and 10"),
        ("workouts:\n  split: [" + (0..<32).map { "S\($0)" }.joined(separator: ", ") + "]\n", "2:10", "a split of 32 days is longer than 31"),
    ] as [(String, String, String)])
    func siteNumbersOutsideTheirRangeAreLocatedErrors(yaml: String, at: String, message: String) {
        let errors = siteErrors(yaml)
        #expect(errors.count == 1)
        #expect(errors.first.map { "\($0.location.line):\($0.location.column)" } == at)
        #expect(errors.first?.message.contains(message) == true, "\(errors.first?.message ?? "no error")")
    }

    @Test func routineMinutesAreBounded() {
        var diagnostics = Diagnostics()
        let routines = RoutineParser.parseRoutines(file("- id: wake\n  minutes: 9223372036854775807\n", "routines.yml"), into: &diagnostics)
        #expect(diagnostics.errors.map(\.description) == [
            "content/routines.yml:2:12: error: minutes must be a whole number between 1 and 1440, not '9223372036854775807'",
        ])
        #expect(routines.first?.minutes == nil)
    }

    @Test(arguments: ["10000000000000000000kg x 8", String(repeating: "9", count: 309) + " x 8", "1001kg x 1", "2205lb x 1"])
    func weightsPastAnyLiftAreErrors(sets: String) {
        guard case let .failure(failure) = SetNotation.parse(sets, defaultUnit: .kg) else {
            Issue.record("\(sets) parsed")
            return
        }
        #expect(failure.column == 1)
        #expect(failure.message.hasPrefix("a weight must be at most") || failure.message.hasSuffix("is too large"), "\(failure.message)")
    }

    @Test func weatherNumbersWithAnExponentAreNumbers() {
        var diagnostics = Diagnostics()
        _ = DiaryParser.parse(file("---\ndate: 2026-11-20\nweather:\n  temp: 1e308\n---\n", "diary/a.md"), into: &diagnostics)
        #expect(diagnostics.errors.map(\.message) == ["temp must be between -90 and 60 °C, not 1e308"])
    }

    @Test(arguments: ["2026-11-20T10:00+99:99", "2026-11-20T10:00+15:00", "2026-11-20T10:00-0960"])
    func impossibleUTCOffsetsAreInvalidDates(text: String) {
        #expect(EntryDate(parsing: text) == nil)
    }

    @Test func aTodayBefore1970BuildsWithTheDefaultSeed() throws {
        let site = try TestSite(["content/vocab/toeic.md": "---\ntitle: T\n---\n\n## 1969-12-01\n\n- a :: 가\n"])
        defer { site.remove() }
        var options = site.options(today: "1969-12-31")
        options.seed = nil
        try SiteBuilder.build(options)
        #expect(site.read("vocab/toeic/index.html") != nil)
    }

    // MARK: Dates far from the others: errors naming the likely typo

    @Test func yearTyposNameTheLikelyYear() {
        #expect(LocalDate.likelyYear(for: 2626, now: 2026) == 2026)
        #expect(LocalDate.likelyYear(for: 8026, now: 2026) == 2026)
        #expect(LocalDate.likelyYear(for: 1026, now: 2026) == 2026)
        #expect(LocalDate.likelyYear(for: 9999, now: 2026) == 1999)
        #expect(LocalDate.likelyYear(for: 1, now: 2026) == 2001)
        #expect(LocalDate.likelyYear(for: 5555, now: 2026) == nil)
    }

    @Test func datesOutsideTheSupportedYearsAreErrorsInEveryFile() throws {
        let site = try TestSite([
            "content/diary/2026/a.md": "---\ndate: 2626-11-20\n---\nA typo.\n",
            "content/diary/9999-12-31.md": "The file name's date.\n",
            "content/vocab/toeic.md": "---\ntitle: T\n---\n\n## 0001-01-01\n\n- a :: 가\n",
            "content/vocab/reviews.md": "## 8026-11-25\n\n- toeic: a\n",
            "content/workouts/w.md": "---\ndate: 2199-01-01\n---\n- Squat: 60kg x 5\n",
            "content/workouts/x.md": "---\ndate: 2201-01-01\n---\n- Squat: 60kg x 5\n",
            "content/routines.yml": "- id: wake\n  from: 1899-12-31\n",
            "content/routines/log.md": "- 2027-01-01: wake\n- 3026-01-02: wake\n",
        ])
        defer { site.remove() }
        let errors = site.failingBuild().filter { $0.message.contains("outside the supported years") }
        #expect(errors.map { "\($0.location.path):\($0.location.line):\($0.location.column) \($0.hint ?? "")" } == [
            "content/diary/2026/a.md:2:7 did you mean 2026? dates must lie between 1900-01-01 and 2200-12-31",
            "content/diary/9999-12-31.md:1:1 did you mean 1999? dates must lie between 1900-01-01 and 2200-12-31",
            "content/routines.yml:2:9 did you mean 1999? dates must lie between 1900-01-01 and 2200-12-31",
            "content/routines/log.md:2:3 did you mean 2026? dates must lie between 1900-01-01 and 2200-12-31",
            "content/vocab/reviews.md:1:4 did you mean 2026? dates must lie between 1900-01-01 and 2200-12-31",
            "content/vocab/toeic.md:5:4 did you mean 2001? dates must lie between 1900-01-01 and 2200-12-31",
            "content/workouts/x.md:2:7 did you mean 2001? dates must lie between 1900-01-01 and 2200-12-31",
        ])
    }

    @Test func theCalendarSkipsTheYearsBetweenFarApartDates() throws {
        let site = try TestSite(["content/diary/2026-11-20.md": "Now.\n", "content/diary/2199-01-01.md": "Far.\n"])
        defer { site.remove() }
        try site.build()
        let calendar = site.outputFiles().filter { $0.hasPrefix("calendar/") && $0.hasSuffix("/index.html") }
        #expect(calendar.count == 2 * 13, "\(calendar)")
        #expect(site.read("calendar/2100/index.html") == nil)
        #expect(site.read("calendar/2199/01/index.html") != nil)
    }

    // MARK: YAML aliases

    /// Nine keys per level, each level's keys aliases of the level below: Yams
    /// compares such keys by their whole structure, nine times more per level.
    static let aliasBomb: String = {
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 {
            let keys = (0..<9).map { "? *a\(level - 1)\n  : \($0)" }.joined(separator: "\n  ")
            lines.append("a\(level): &a\(level)\n  \(keys)")
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    @Test func anAliasBombFailsFastAtItsFirstAliasedKey() {
        let errors = siteErrors(Self.aliasBomb)
        #expect(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "3:5 invalid YAML: an alias cannot be used as a mapping key",
        ])
    }

    @Test func aliasesArePlainValuesUpToABudget() {
        #expect(siteErrors("title: &t Daybook\nauthor: *t\n").isEmpty)
        let many = "title: &t x\nworkouts:\n  split: [" + Array(repeating: "*t", count: 101).joined(separator: ", ") + "]\n"
        #expect(siteErrors(many).map(\.message) == ["invalid YAML: more than 100 aliases in one file"])
    }

    // MARK: Messages at the right place

    @Test func yamlSyntaxErrorsAreAtYamsMarkInUTF8Bytes() {
        // Yams counts Unicode scalars: the `:` after `😀é한국` is its 12th; the
        // 7 bytes of `title: ` and 12 of `😀é한국` put it at byte 20.
        let errors = siteErrors("locale: ko\ntitle: 😀é한국: x\n")
        #expect(errors.map { "\($0.location.line):\($0.location.column) \($0.message)" } == [
            "2:20 invalid YAML: mapping values are not allowed in this context",
        ])
    }

    @Test func aValueAfterAMultibyteKeyIsAtItsByteColumn() throws {
        var diagnostics = Diagnostics()
        let config = file("title: \"😀é한국\"\nlocale: 한국\n", "site.yml")
        _ = SiteConfig.parse(config, into: &diagnostics)
        #expect(diagnostics.errors.map { "\($0.location.line):\($0.location.column)" } == ["2:9"])
        var more = Diagnostics()
        _ = SiteConfig.parse(file("title: x\nworkouts: {split: [a], rotate: 😀é한국}\n", "site.yml"), into: &more)
        // `workouts: {split: [a], rotate: ` is 31 bytes: the value starts at 32.
        #expect(more.errors.map { "\($0.location.line):\($0.location.column)" } == ["2:32"])
        var again = Diagnostics()
        _ = SiteConfig.parse(file("title: x\nworkouts: {split: [😀é한국], rotate: 1}\n", "site.yml"), into: &again)
        // The emoji, é and 한국 are 4 + 2 + 6 bytes but 4 scalars: `rotate`'s value is at byte 43, not 35.
        #expect(again.errors.map { "\($0.location.line):\($0.location.column)" } == ["2:43"])
    }

    @Test func aYAMLSyntaxErrorIsOnlyThatError() {
        var diagnostics = Diagnostics()
        _ = DiaryParser.parse(file("---\ntitle: a\nmood: [\n---\nBody\n", "diary/walk.md"), into: &diagnostics)
        #expect(diagnostics.errors.count == 1)
        #expect(diagnostics.errors.first?.message.hasPrefix("invalid YAML") == true)
        #expect(diagnostics.errors.first?.location.line == 4)
    }

    @Test func aDuplicateComplexKeyIsNamedAsWritten() {
        let errors = siteErrors("[a, b]: 1\n[a, b]: 2\n")
        #expect(errors.map(\.message) == ["invalid YAML: duplicate key '[a, b]'"])
    }

    @Test func notUTF8IsReportedAtTheFirstBadByte() throws {
        let site = try TestSite()
        defer { site.remove() }
        let bytes = Array("---\ntitle: caf".utf8) + [0xE9] + Array("\n---\n".utf8)
        try site.write("content/diary/2026-11-20.md", Data(bytes))
        #expect(site.failingBuild().map(\.description) == [
            "content/diary/2026-11-20.md:2:11: error: file is not UTF-8 text\n    hint: save it as UTF-8 in your editor",
        ])
    }

    @Test func setErrorsNameTheExerciseOnce() {
        var diagnostics = Diagnostics()
        _ = WorkoutParser.parse(file("---\ndate: 2026-11-20\n---\n- Bench: 60kg x 8 x 3 x 2\n", "workouts/a.md"),
                                settings: SiteConfig.Workouts(), into: &diagnostics)
        #expect(diagnostics.errors.map(\.message) == ["unexpected 'x' in the sets of 'Bench'"])
    }

    // MARK: Work linear in tags

    @Test func listsShowTheFirstTenTagsOfAnEntry() throws {
        let tags = (1...300).map { "t\($0)" }.joined(separator: ", ")
        let site = try TestSite(["content/diary/2026-11-20.md": "---\ntags: [\(tags)]\n---\nMany tags.\n"])
        defer { site.remove() }
        try site.build()
        let tagPage = try #require(site.read("tags/t1/index.html"))
        #expect(tagPage.components(separatedBy: "class=\"tag\"").count - 1 == 10)
        #expect(tagPage.contains("+290"))
        let entryPage = try #require(site.read("diary/2026-11-20/index.html"))
        #expect(entryPage.contains(">#t300<"))
    }

    // MARK: libcmark-gfm's slow paths

    @Test func aSlowParseIsReportedWhileItRuns() throws {
        let reports = Reports()
        let watch = SlowParseWatch(report: { reports.add($0) })
        watch.timing("content/pages/slow.md") { Thread.sleep(forTimeInterval: SlowParseWatch.limit + 0.6) }
        // Slow photo work around a quick parse is not cmark's: no note.
        watch.timing("content/pages/photos.md") {}
        Thread.sleep(forTimeInterval: SlowParseWatch.limit + 0.6)
        watch.timing("content/pages/fast.md") {}
        #expect(reports.all == [
            "content/pages/slow.md: note: still parsing its Markdown after 2 s; libcmark-gfm is slow on some inputs (see docs/limits.md)",
        ])
    }
}

final class Reports: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}

/// Inputs the fuzz targets (scripts/fuzz) found crashing or hanging, kept as tests.
@Suite struct FuzzFindingsTests {
    /// Every run of comma-separated pieces was tried as a word (for words
    /// like `by the way, then`): a line of 2,000 commas took minutes.
    @Test(.timeLimit(.minutes(1)))
    func aReviewLineOfThousandsOfCommasIsRead() {
        let line = "- jlpt-n3: " + Array(repeating: "then", count: 5_000).joined(separator: ", ") + ", by the way, then"
        let (log, diagnostics) = VocabParsingTests.reviews("## 2026-11-25\n\(line)\n")
        #expect(!diagnostics.contains { $0.severity == .error })
        #expect(log.misses.map(\.word) == ["then", "by the way, then"])  // a word once a line
        #expect(log.misses.last?.word == "by the way, then")
        #expect(log.misses.last?.location.column == 11 + 6 * 5_000 + 1)
    }

    @Test(arguments: ["-\t ", "- \t", "*\t\t"])
    func anEmptyListItemWithTrailingTabsIsAnError(item: String) {
        var diagnostics = Diagnostics()
        let deck = "---\ntitle: T\n---\n\n## 2026-11-20\n\n\(item)\n"
        _ = DeckParser.parse(SourceFile(displayPath: "content/vocab/t.md", relativePath: "vocab/t.md", text: deck),
                             settings: SiteConfig.Vocab(), into: &diagnostics)
        #expect(diagnostics.hasErrors)
        var reviewDiagnostics = Diagnostics()
        _ = ReviewLogParser.parse(SourceFile(displayPath: "content/vocab/reviews.md", relativePath: "vocab/reviews.md", text: "## 2026-11-20\n\n\(item)\n"),
                                  decks: [], into: &reviewDiagnostics)
        #expect(reviewDiagnostics.hasErrors)
    }

    /// toml++ aborted the program on a date-time whose `T` is not followed by a time.
    @Test(arguments: ["date = 2026-11-17T:00112 0:+09:00", "date = 2026-11-17T+09:00", "date = [2026-11-17t:00]",
                      "date = {a = 2026-11-17T}", "date = \"\"\"\nx\n\"\"\" \nd = 2026-11-17T:"])
    func aDateTimeWithoutItsTimeIsAnErrorAtTheT(line: String) {
        var diagnostics = Diagnostics()
        let text = "+++\n\(line)\n+++\nBody\n"
        _ = DiaryParser.parse(SourceFile(displayPath: "content/diary/2026-11-17.md", relativePath: "diary/2026-11-17.md", text: text),
                              into: &diagnostics)
        let message = diagnostics.errors.map(\.description).joined(separator: "\n")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let row = lines.firstIndex { $0.contains("17T") || $0.contains("17t") }!
        let t = (lines[row].range(of: "17T") ?? lines[row].range(of: "17t"))!.upperBound
        let column = lines[row].utf8.distance(from: lines[row].startIndex, to: t) + 1
        #expect(message.hasPrefix("content/diary/2026-11-17.md:\(row + 1):\(column): error: invalid TOML: expected a time (HH:MM:SS)"), "\(message)")
    }

    /// toml++ aborted the program on a table header without a name (found by `scripts/fuzz Deck`).
    @Test(arguments: [("[", 2), ("[\t", 3), ("[.a]", 2), ("[[[a]]]", 3), ("[=]", 2), ("[ #x", 3), ("[[ \n", 4), ("[[ .a]]", 4),
                      ("[\u{3000}a]", 2)])
    func aTableHeaderWithoutANameIsAnErrorAtItsStart(header: String, column: Int) {
        var diagnostics = Diagnostics()
        let text = "+++\ndate = 2026-11-17\n\(header)\nx = 1\n+++\nBody\n"
        _ = DiaryParser.parse(SourceFile(displayPath: "content/diary/2026-11-17.md", relativePath: "diary/2026-11-17.md", text: text),
                              into: &diagnostics)
        let message = diagnostics.errors.map(\.description).joined(separator: "\n")
        #expect(message.hasPrefix("content/diary/2026-11-17.md:3:\(column): error: invalid TOML: expected a table name after '['"), "\(message)")
    }

    /// toml++ aborted the program on a `}` where a list expects a value (found by `scripts/fuzz FrontMatter`).
    @Test(arguments: [("tags = [}]", 9), ("tags = [ }]", 10), ("tags = [\"a\", }]", 14), ("tags = [[}]]", 10),
                      ("tags = [\n  \"a\",\n}]", 1), ("tags = [ # }\n}]", 1), ("tags = [{a = 1}, }]", 18)])
    func aBraceWhereAListExpectsAValueIsAnError(value: String, column: Int) {
        var diagnostics = Diagnostics()
        let text = "+++\ndate = 2026-11-17\n\(value)\n+++\nBody\n"
        _ = DiaryParser.parse(SourceFile(displayPath: "content/diary/2026-11-17.md", relativePath: "diary/2026-11-17.md", text: text),
                              into: &diagnostics)
        let message = diagnostics.errors.map(\.description).joined(separator: "\n")
        let row = 3 + value.filter { $0 == "\n" }.count
        #expect(message.hasPrefix("content/diary/2026-11-17.md:\(row):\(column): error: invalid TOML: expected a value or ']' in the list, saw '}'"), "\(message)")
    }

    @Test func tableHeadersAndBracketsInValuesStillParse() {
        var diagnostics = Diagnostics()
        let text = "+++\ndate = 2026-11-17\ntitle = \"[x\" # [\nlist = [\n  [1],\n  [ 2 ],\n  { a = [3], b = \"}\" },\n]\n[ a ]\nb = 1\n[[\"c d\"]]\ne = 2\n['f'.g]\nh = 3\n+++\nBody\n"
        let entry = DiaryParser.parse(SourceFile(displayPath: "content/diary/2026-11-17.md", relativePath: "diary/2026-11-17.md", text: text),
                                      into: &diagnostics)
        #expect(!diagnostics.hasErrors, "\(diagnostics.items)")
        #expect(entry?.title == "[x")
    }

    @Test func aDateTimeInsideAStringOrAKeyIsText() {
        var diagnostics = Diagnostics()
        let text = "+++\ndate = 2026-11-17\ntitle = \"2026-11-17T: notes\" # 2026-11-17T:\n+++\nBody\n"
        let entry = DiaryParser.parse(SourceFile(displayPath: "content/diary/2026-11-17.md", relativePath: "diary/2026-11-17.md", text: text),
                                      into: &diagnostics)
        #expect(!diagnostics.hasErrors, "\(diagnostics.items)")
        #expect(entry?.title == "2026-11-17T: notes")
    }

    @Test func aliasesOfAliasesAreBoundedByWhatTheyExpandTo() {
        // 9 aliases on each of 9 levels: 81 aliases, 387 million values once expanded.
        var lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
        for level in 1...9 { lines.append("a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 9).joined(separator: ", ") + "]") }
        var diagnostics = Diagnostics()
        let text = "---\ndate: 2026-11-20\n" + lines.joined(separator: "\n") + "\n---\nx\n"
        _ = DiaryParser.parse(SourceFile(displayPath: "content/diary/2026-11-20.md", relativePath: "diary/2026-11-20.md", text: text),
                              into: &diagnostics)
        #expect(diagnostics.errors.map(\.description).contains { $0.contains("aliases here expand to more than 100000 values") },
                "\(diagnostics.errors)")
    }

    @Test(arguments: [("+14:01", false), ("-12:01", false), ("-14:00", false), ("+99:99", false), ("+14:00", true), ("-12:00", true), ("+0900", true), ("+05:45", true)])
    func dateOffsetsLieBetweenMinusTwelveAndPlusFourteen(offset: String, accepted: Bool) {
        var diagnostics = Diagnostics()
        let text = "---\ndate: 2026-11-20 07:00 \(offset)\n---\nx\n"
        _ = DiaryParser.parse(SourceFile(displayPath: "content/diary/a.md", relativePath: "diary/a.md", text: text), into: &diagnostics)
        #expect(diagnostics.hasErrors != accepted, "\(diagnostics.items)")
    }
}
