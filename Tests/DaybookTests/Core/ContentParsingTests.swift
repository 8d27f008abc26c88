@testable import DaybookSite
import Testing

@Suite struct ContentParsingTests {
    func file(_ text: String, _ path: String = "diary/2026/2026-11-20.md") -> SourceFile {
        SourceFile(displayPath: "content/" + path, relativePath: path, text: text)
    }

    @Test(arguments: [
        ("2026-11-20", "2026-11-20", nil, nil),
        ("2026-11-20 21:30", "2026-11-20", "21:30", nil),
        ("2026-11-20T21:30:00+09:00", "2026-11-20", "21:30", 540),
        ("2026-11-20T21:30:00.123-05:30", "2026-11-20", "21:30", -330),
        ("2026-11-20T06:05Z", "2026-11-20", "06:05", 0),
    ] as [(String, String, String?, Int?)])
    func readsEveryDateForm(text: String, day: String, time: String?, offset: Int?) throws {
        let parsed = try #require(EntryDate(parsing: text))
        #expect(parsed.date.iso == day)
        #expect(parsed.time?.text == time)
        #expect(parsed.utcOffsetMinutes == offset)
    }

    @Test(arguments: ["2026-11-31", "2026-11-20 25:00", "20-11-2026", "2026-11-20 9:3", "yesterday"])
    func rejectsBadDates(text: String) {
        #expect(EntryDate(parsing: text) == nil)
    }

    @Test func dateComesFromTheFileNameWhenMissing() throws {
        var diagnostics = Diagnostics()
        let entry = try #require(DiaryParser.parse(file("no front matter", "diary/2026-11-19-walk.md"), into: &diagnostics))
        #expect(entry.date.iso == "2026-11-19")
        #expect(entry.title == "2026-11-19")
    }

    @Test func titleFallsBackToTheFirstHeadingThenTheDate() throws {
        var diagnostics = Diagnostics()
        let text = "---\ndate: 2026-11-20\n---\n```\n# not this\n```\n## Sub\n# The title #\n"
        let entry = try #require(DiaryParser.parse(file(text), into: &diagnostics))
        #expect(entry.title == "The title")
    }

    @Test func frontMatterErrorsPointAtTheirLineInTheFile() {
        var diagnostics = Diagnostics()
        _ = DiaryParser.parse(file("---\ntitle: x\ndate: 2026-13-01\nprivate: maybe\n---\n"), into: &diagnostics)
        let messages = diagnostics.items.map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:3:7: error: invalid date '2026-13-01'") })
        #expect(messages.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:4:10: error: private must be true or false") })
    }

    @Test func yamlSyntaxErrorsCarryTheirPosition() {
        var diagnostics = Diagnostics()
        _ = DiaryParser.parse(file("---\ntitle: [unclosed\ndate: 2026-11-20\n---\n"), into: &diagnostics)
        #expect(diagnostics.items.first?.location.line ?? 0 >= 2)
        #expect(diagnostics.items.first?.message.hasPrefix("invalid YAML") == true)
    }

    @Test func siteConfigDefaultsAndTypos() {
        var diagnostics = Diagnostics()
        let defaults = SiteConfig.parse(nil, into: &diagnostics)
        #expect(defaults.vocab.reviewIntervals == [3, 7, 14])
        #expect(defaults.flashcards.columns == 2 && defaults.flashcards.rows == 4)
        let text = "title: T\nvocab:\n  study_day: 2\nflashcards:\n  duplex: long_edge\ntimezone: Mars/Base\n"
        _ = SiteConfig.parse(SourceFile(displayPath: "content/site.yml", relativePath: "site.yml", text: text), into: &diagnostics)
        let messages = diagnostics.items.map(\.description)
        #expect(messages.contains { $0.hasPrefix("content/site.yml:3:3: error: unknown key 'study_day' in vocab") && $0.contains("'study_days'") })
        #expect(messages.contains { $0.hasPrefix("content/site.yml:5:11: error: unknown duplex 'long_edge'") && $0.contains("'long-edge'") })
        #expect(messages.contains { $0.hasPrefix("content/site.yml:6:11: error: unknown timezone 'Mars/Base'") })
    }

    /// docs/content.md#siteyml: `vocab.unrecorded`, `vocab.remind` and `workouts.remind`; a bad value is an error at its place, all of them together.
    @Test func remindHoursAndTheUnrecordedRule() {
        var diagnostics = Diagnostics()
        let defaults = SiteConfig.parse(nil, into: &diagnostics)
        #expect(defaults.vocab.unrecorded == .overdue && defaults.vocab.remind == nil && defaults.workouts.remind == nil)
        let good = "vocab:\n  unrecorded: passed\n  remind: \"21:00\"\nworkouts:\n  remind: 6:05\n"
        let config = SiteConfig.parse(SourceFile(displayPath: "content/site.yml", relativePath: "site.yml", text: good), into: &diagnostics)
        #expect(diagnostics.items.isEmpty)
        #expect(config.vocab.unrecorded == .passed && config.vocab.remind?.text == "21:00" && config.workouts.remind?.text == "06:05")
        // Empty: no hour, as the starter site.yml leaves it.
        let empty = SiteConfig.parse(SourceFile(displayPath: "content/site.yml", relativePath: "site.yml", text: "vocab:\n  remind:\n"), into: &diagnostics)
        #expect(diagnostics.items.isEmpty && empty.vocab.remind == nil)

        let bad = "vocab:\n  unrecorded: skip\n  remind: \"25:00\"\nworkouts:\n  remind: 6pm\n"
        _ = SiteConfig.parse(SourceFile(displayPath: "content/site.yml", relativePath: "site.yml", text: bad), into: &diagnostics)
        #expect(diagnostics.items.map(\.description) == [
            "content/site.yml:2:15: error: unknown unrecorded 'skip'; expected one of overdue, passed",
            "content/site.yml:3:11: error: invalid remind '25:00'\n    hint: write it like \"06:00\" (24-hour clock, in quotes)",
            "content/site.yml:5:11: error: invalid remind '6pm'\n    hint: write it like \"06:00\" (24-hour clock, in quotes)",
        ])
    }

    @Test func suggestionsFindNearWordsOnly() {
        #expect(Suggestion.nearest(to: "snwo", in: ["snow", "rain"]) == "snow")
        #expect(Suggestion.nearest(to: "xyzzy", in: ["snow", "rain"]) == nil)
    }
}

@Suite struct TitleHeadingTests {
    @Test func aHeadingThatOpensTheBodyBecomesTheTitleAndLeavesTheBody() {
        let (title, body, _) = DiaryParser.titleAndBody(nil, "\n# A bright day\n\nText", fallback: "2026-11-21")
        #expect(title == "A bright day")
        #expect(!body.contains("A bright day") && body.contains("Text"))
    }

    @Test func aDifferentFrontMatterTitleKeepsTheHeading() {
        let (title, body, _) = DiaryParser.titleAndBody("Given", "# Heading\nText", fallback: "x")
        #expect(title == "Given" && body.contains("# Heading"))
    }

    @Test func aLaterHeadingIsOnlyTheFallbackTitle() {
        let (title, body, _) = DiaryParser.titleAndBody(nil, "Intro\n# Later", fallback: "x")
        #expect(title == "Later" && body.contains("# Later"))
    }
}
