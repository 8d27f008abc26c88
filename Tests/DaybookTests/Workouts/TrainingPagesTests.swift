@testable import DaybookSite
import Foundation
import Testing

/// The workout and routine pages as a user reads them: URLs, sets, records,
/// calendar stamps and dots, privacy.
@Suite struct TrainingPagesTests {
    static let siteYML = """
    title: T
    locale: en
    workouts:
      split: [Chest, Back, Legs, Shoulders, Arms]
      start: 2026-11-01
      rotate: daily
      unit: kg
    """

    /// The spec's example session.
    static let example = """
    ---
    date: 2026-11-20
    split: Chest
    duration: 55m
    ---
    - Bench press: 60kg x 8, 8, 6
    - Incline dumbbell press: 22.5kg x 10 x 3
    - Push-up: 20, 20, 15
    - Plank: 60s x 3
    - Deadlift: 100kg x 5; 110kg x 3; 120kg x 1
    - Cable fly: 35lb x 12
    Felt *strong* today.
    """

    static let routinesYML = """
    - id: wake
      name: Wake at six
      days: [mon, tue, wed, thu, fri, sat, sun]
      time: "06:00"
      minutes: 10
      from: 2026-11-01
    - id: reading
      name: Reading
      days: [sat, sun]
      minutes: 30
      from: 2026-11-01
    """

    func site(_ extra: [String: String] = [:]) throws -> TestSite {
        try TestSite(["content/site.yml": Self.siteYML, "content/workouts/2026/2026-11-20.md": Self.example].merging(extra) { $1 })
    }

    /// The text of the element that starts at the first match of `marker`, up to `end`.
    func fragment(_ html: String, from marker: String, to end: String) -> String? {
        guard let start = html.range(of: marker), let stop = html.range(of: end, range: start.upperBound..<html.endIndex) else { return nil }
        return String(html[start.lowerBound..<stop.upperBound])
    }

    /// The calendar cell of a day: `<td …>` up to its `</td>`.
    func cell(_ html: String, day: Int) -> String? {
        let pattern = try! Regex("<td class=\"day[^\"]*\"><span class=\"day-number\" title=\"[^\"]*\">\(day)</span>.*?</td>")
        return html.firstMatch(of: pattern).map { String(html[$0.range]) }
    }

    func context(_ site: TestSite, today: String = "2026-11-23", path: SitePath = SitePath("calendar/2026/11/"),
                 visibility: Visibility = Visibility()) throws -> PageContext {
        let (data, _, _) = try SiteBuilder.prepare(site.options(today: today, visibility: visibility))
        return PageContext(path: path, site: data)
    }

    // MARK: set formatting

    @Test func setsReadAsWritten() {
        func sets(_ notation: String, unit: SiteConfig.Workouts.Unit = .kg) -> String {
            guard case let .success(groups) = SetNotation.parse(notation, defaultUnit: unit) else { return "parse error" }
            return SetFormat.groups(groups)
        }
        #expect(sets("60kg x 8, 8, 6") == "60 kg × 8, 8, 6")
        #expect(sets("22.5kg x 10 x 3") == "22.5 kg × 10 × 3")
        #expect(sets("60kg x 8") == "60 kg × 8")
        #expect(sets("20, 20, 15") == "20, 20, 15")
        #expect(sets("bw x 12 x 3") == "12 × 3")
        #expect(sets("60s x 3") == "60 s × 3")
        #expect(sets("1m30s") == "90 s")
        #expect(sets("2m30s, 2m") == "2 min 30 s, 2 min")
        #expect(sets("20kg x 45s x 2") == "20 kg × 45 s × 2")
        #expect(sets("100kg x 5; 110kg x 3; 120kg x 1") == "100 kg × 5; 110 kg × 3; 120 kg × 1")
        #expect(sets("135lb x 5") == "135 lb × 5")
        #expect(sets("60 x 8", unit: .lb) == "60 lb × 8")
    }

    @Test func numbersAndMasses() {
        #expect(SetFormat.number(22.5) == "22.5")
        #expect(SetFormat.number(1440) == "1,440")
        #expect(SetFormat.number(1234567.891) == "1,234,567.89")
        #expect(SetFormat.number(76.66666, decimals: 1) == "76.7")
        #expect(SetFormat.number(0.04, decimals: 1) == "0")
        #expect(SetFormat.mass(kilograms: 2945, unit: .kg, decimals: 0) == "2,945 kg")
        #expect(SetFormat.mass(kilograms: Weight(135, .lb).kilograms, unit: .lb) == "135 lb")
    }

    // MARK: pages

    @Test func pagesLiveAtTheSpecURLs() throws {
        let site = try site(["content/routines.yml": Self.routinesYML, "content/routines/log.md": "- 2026-11-22: wake\n"])
        defer { site.remove() }
        try site.build()
        for path in ["workouts/index.html", "workouts/stats/index.html", "workouts/2026/2026-11-20/index.html", "routines/index.html"] {
            #expect(site.read(path) != nil, "missing \(path)")
        }
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<a href=\"workouts/index.html\">Workouts</a>"))
        #expect(home.contains("<a href=\"routines/index.html\">Routines</a>"))
    }

    @Test func aSiteWithoutTrainingHasNoTrainingPagesOrMenu() throws {
        let site = try TestSite(["content/diary/2026/2026-11-20.md": "Hi"])
        defer { site.remove() }
        try site.build()
        #expect(site.outputFiles().filter { $0.hasPrefix("workouts/") || $0.hasPrefix("routines/") } == [])
        let home = try #require(site.read("index.html"))
        #expect(!home.contains("workouts/index.html") && !home.contains("routines/index.html"))
    }

    @Test func aSessionShowsItsSetsVolumeAndOneRepMax() throws {
        let site = try site()
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("workouts/2026/2026-11-20/index.html"))
        #expect(page.contains("<title>Chest · Fri, 20 November 2026 · T</title>"))
        #expect(page.contains("<dd>55 min</dd>"))
        let bench = try #require(fragment(page, from: ">Bench press</a>", to: "</tr>"))
        #expect(bench.contains("<td class=\"sets\">60 kg × 8, 8, 6</td>"))
        #expect(bench.contains(">1,320 kg</td>"))          // 60 × 22
        #expect(bench.contains(">76 kg</td>"))             // 60 × (1 + 8/30)
        #expect(page.contains("<td class=\"sets\">22.5 kg × 10 × 3</td>"))
        #expect(page.contains("<td class=\"sets\">20, 20, 15</td>"))
        #expect(page.contains("<td class=\"sets\">60 s × 3</td>"))
        #expect(page.contains("<td class=\"sets\">35 lb × 12</td>"))
        let deadlift = try #require(fragment(page, from: ">Deadlift</a>", to: "</tr>"))
        #expect(deadlift.contains("100 kg × 5; 110 kg × 3; 120 kg × 1"))
        #expect(deadlift.contains(">950 kg</td>") && deadlift.contains(">121 kg</td>"))  // 110 × 1.1 beats the single 120
        // 1,320 + 675 + 950 + 35 lb × 12 (190.5 kg)
        #expect(page.contains("<td class=\"num\">3,136 kg</td>"))
        #expect(page.contains("<p>Felt <em>strong</em> today.</p>"))
        #expect(page.contains("<th scope=\"row\"><a href=\"../../stats/index.html#ex-bench-press\">Bench press</a></th>"))
        #expect(try #require(site.read("workouts/stats/index.html")).contains("id=\"ex-bench-press\""))
    }

    @Test func aSessionWithoutSplitShowsThePlannedOneAndLinksItsNeighbours() throws {
        let site = try site(["content/workouts/2026/2026-11-18.md": "---\ndate: 2026-11-18\n---\n- Squat: 80kg x 5\n",
                             "content/workouts/2026/2026-11-21.md": "---\ndate: 2026-11-21\nsplit: Arms\n---\n- Curl: 12kg x 10\n"])
        defer { site.remove() }
        try site.build()
        // 2026-11-18 is day 17 after the start: split[17 mod 5] = Legs.
        let page = try #require(site.read("workouts/2026/2026-11-18/index.html"))
        #expect(page.contains("<dd>Legs <span class=\"detail\">(as planned for the day)</span></dd>"))
        let middle = try #require(site.read("workouts/2026/2026-11-20/index.html"))
        #expect(middle.contains("rel=\"prev\" href=\"../2026-11-18/index.html\""))
        #expect(middle.contains("rel=\"next\" href=\"../2026-11-21/index.html\""))
        #expect(middle.contains("18 November · Legs") && middle.contains("21 November · Arms"))
    }

    @Test func theLogCountsSessionsPerMonthNewestFirst() throws {
        let site = try site(["content/workouts/2026/2026-10-30.md": "---\ndate: 2026-10-30\nsplit: Legs\n---\n- Squat: 80kg x 5\n",
                             "content/workouts/2026/2026-11-18.md": "---\ndate: 2026-11-18\n---\n- Squat: 80kg x 5\n"])
        defer { site.remove() }
        try site.build()
        let log = try #require(site.read("workouts/index.html"))
        let november = try #require(log.range(of: "id=\"m-2026-11-h\">November 2026 <span class=\"count\">2×</span>"))
        let october = try #require(log.range(of: "id=\"m-2026-10-h\">October 2026 <span class=\"count\">1×</span>"))
        #expect(november.lowerBound < october.lowerBound)
        let newest = try #require(log.range(of: "datetime=\"2026-11-20\""))
        #expect(newest.lowerBound < log.range(of: "datetime=\"2026-11-18\"")!.lowerBound)
        // Today (2026-11-23, day 22) is planned Legs and not logged.
        #expect(log.contains("<p class=\"split-today planned\"><span class=\"split-name\">Legs</span>"))
    }

    @Test func theRecordsTableHasEachExercisesBests() throws {
        let site = try site(["content/workouts/2026/2026-11-18.md": "---\ndate: 2026-11-18\n---\n- Bench press: 60kg x 8\n- Dips: 12, 10\n",
                             "content/workouts/2026/2026-11-21.md": "---\ndate: 2026-11-21\n---\n- bench  Press: 62.5kg x 5; 65kg x 1\n- Dips: 15\n"])
        defer { site.remove() }
        try site.build()
        let stats = try #require(site.read("workouts/stats/index.html"))
        let table = try #require(fragment(stats, from: "<table class=\"data-table records-table\">", to: "</table>"))
        let bench = try #require(fragment(table, from: ">Bench press</a>", to: "</tr>"))
        // Best e1RM: 60 × (1 + 8/30) = 76 on the 18th (62.5 × 5 is 72.9, the single 65 is 65).
        let cells = bench.components(separatedBy: "<td")
        #expect(cells[1].contains("href=\"../2026/2026-11-18/index.html\">76 kg</a>") && cells[1].contains("60 kg × 8") && cells[1].contains("18 November"))
        #expect(cells[2].contains("href=\"../2026/2026-11-21/index.html\">65 kg</a>") && cells[2].contains("21 November"))
        // Best session volume: 60 × 22 on the 20th, against 480 and 377.5.
        #expect(cells[3].contains(">1,320 kg</a>") && cells[3].contains("20 November"))
        #expect(cells[4] == "></td>" && cells[5].hasPrefix("></td>"))
        let dips = try #require(fragment(table, from: ">Dips</a>", to: "</tr>"))
        #expect(dips.contains(">15</a>") && dips.contains("21 November"))
        #expect(stats.contains("<strong class=\"figure-value\">3</strong>"))
        #expect(stats.contains("<svg class=\"chart bar-chart\""))
        #expect(stats.contains("<svg class=\"chart line-chart\""))
    }

    // MARK: calendar layers

    @Test func loggedDaysGetAStampAndTheDaysAheadThePlannedSplit() throws {
        let site = try site()
        defer { site.remove() }
        let context = try context(site)
        let layer = WorkoutLayer(site: context.site)
        let logged = layer.marks(on: LocalDate(iso: "2026-11-20")!, context)
        #expect(logged.map(\.cssClass) == ["mark workout stamp"])
        #expect(logged.first?.text == "Chest")
        #expect(logged.first?.href == "../../../workouts/2026/2026-11-20/index.html")
        #expect(logged.first?.label == "Done: Chest · 55 min")
        // A past day without a session is a rest day: no mark. Today and later show the plan.
        #expect(layer.marks(on: LocalDate(iso: "2026-11-22")!, context).isEmpty)
        let today = layer.marks(on: LocalDate(iso: "2026-11-23")!, context)
        #expect(today.map(\.cssClass) == ["mark workout planned"] && today.first?.text == "Legs")
        #expect(layer.marks(on: LocalDate(iso: "2026-11-26")!, context).first?.text == "Chest")

        try site.build()
        let month = try #require(site.read("calendar/2026/11/index.html"))
        let stamp = try #require(cell(month, day: 20))
        #expect(stamp.contains("<li class=\"mark workout stamp\"><a href=\"../../../workouts/2026/2026-11-20/index.html\" title=\"Done: Chest · 55 min\"><span class=\"mark-text\">Chest</span>"))
        #expect(try #require(cell(month, day: 23)).contains("<li class=\"mark workout planned\">"))
        #expect(try #require(cell(month, day: 22)).contains("workout") == false)
    }

    @Test func aSessionLoggedTodayReplacesThePlan() throws {
        let site = try site()
        defer { site.remove() }
        let context = try context(site, today: "2026-11-20")
        let marks = WorkoutLayer(site: context.site).marks(on: LocalDate(iso: "2026-11-20")!, context)
        #expect(marks.map(\.cssClass) == ["mark workout stamp"])
        try site.build(today: "2026-11-20")
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<a href=\"workouts/2026/2026-11-20/index.html\">Done: Chest</a> <span class=\"detail\">55 min</span>"))
        #expect(try #require(site.read("workouts/index.html")).contains("<ul class=\"split-today done\">"))
    }

    @Test func routineDotsAroundToday() throws {
        // Sat 21: wake done, reading missed; Sun 22: wake missed, reading done;
        // Mon 23 (today): wake done; Tue 24: wake planned; Wed 18: reading done extra.
        let log = "- 2026-11-18: wake, reading\n- 2026-11-21: wake\n- 2026-11-22: reading\n- 2026-11-23: wake\n"
        let site = try site(["content/routines.yml": Self.routinesYML, "content/routines/log.md": log])
        defer { site.remove() }
        let context = try context(site)
        let layer = RoutineLayer(site: context.site)
        func dots(_ iso: String) -> [String] { layer.marks(on: LocalDate(iso: iso)!, context).map(\.cssClass) }
        #expect(dots("2026-11-18") == ["dot routine done", "dot routine extra"])
        #expect(dots("2026-11-21") == ["dot routine done", "dot routine missed"])
        #expect(dots("2026-11-22") == ["dot routine missed", "dot routine done"])
        #expect(dots("2026-11-23") == ["dot routine done"])
        #expect(dots("2026-11-24") == ["dot routine planned"])
        #expect(dots("2026-11-28") == ["dot routine planned", "dot routine planned"])
        #expect(dots("2026-10-31") == [])
        #expect(layer.marks(on: LocalDate(iso: "2026-11-22")!, context).map(\.label) == ["Wake at six: Missed", "Reading: Done"])

        try site.build()
        let routines = try #require(site.read("routines/index.html"))
        let sunday = try #require(cell(routines, day: 22))
        #expect(sunday.contains("<li class=\"dot routine missed\"><a href=\"index.html#m-2026-11\" title=\"Wake at six: Missed\">"))
        #expect(sunday.contains("<li class=\"dot routine done\"><a href=\"index.html#m-2026-11\" title=\"Reading: Done\">"))
        let calendar = try #require(site.read("calendar/2026/11/index.html"))
        #expect(try #require(cell(calendar, day: 21)).contains("title=\"Reading: Missed\""))
        let home = try #require(site.read("index.html"))
        #expect(home.contains("<li class=\"routine done\">Wake at six <span class=\"detail\">06:00 · 10 min · Done</span></li>"))
    }

    @Test func theRoutinesPageShowsEachMonthsShareAndMinutes() throws {
        let log = "- 2026-11-01: wake, reading\n- 2026-11-02: wake\n- 2026-11-18: reading\n- 2026-11-23: wake\n"
        let site = try site(["content/routines.yml": Self.routinesYML, "content/routines/log.md": log])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("routines/index.html"))
        let november = try #require(fragment(page, from: "<section class=\"routine-month\" id=\"m-2026-11\"", to: "</section>"))
        #expect(november.contains("<span class=\"badge\">This month</span>"))
        // Wake, every day: done the 1st, 2nd and today, missed the 3rd to the 22nd, planned from the 24th → 3 / 23.
        let wake = try #require(fragment(november, from: "<tr><th scope=\"row\">Wake at six</th>", to: "</tr>"))
        #expect(wake == "<tr><th scope=\"row\">Wake at six</th><td class=\"num\">30</td><td class=\"num\">3</td><td class=\"num\">20</td><td class=\"num\">7</td><td class=\"num\">0</td><td class=\"num\">13%</td><td class=\"num\">30 min</td></tr>")
        // Reading: weekends 1, 7, 8, 14, 15, 21, 22 past → done 1, missed 6; the 18th is extra (minutes count, share does not).
        let reading = try #require(fragment(november, from: "<tr><th scope=\"row\">Reading</th>", to: "</tr>"))
        #expect(reading == "<tr><th scope=\"row\">Reading</th><td class=\"num\">9</td><td class=\"num\">1</td><td class=\"num\">6</td><td class=\"num\">2</td><td class=\"num\">1</td><td class=\"num\">14%</td><td class=\"num\">60 min</td></tr>")
        #expect(november.contains("<svg class=\"chart pie-chart\""))
        #expect(november.contains(">13%</text>"))
    }

    @Test func aRoutineBegunDecadesAgoShowsTwelveMonthsAndCountsThemAll() throws {
        let yml = "- id: wake\n  name: Wake at six\n  days: daily\n  from: 1900-01-01\n"
        let site = try site(["content/routines.yml": yml, "content/routines/log.md": "- 1900-01-01: wake\n"])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("routines/index.html"))
        #expect(page.components(separatedBy: "<section class=\"routine-month\"").count - 1 == 12)
        #expect(page.contains("id=\"m-2026-11\"") && page.contains("id=\"m-2025-12\"") && !page.contains("id=\"m-2025-11\""))
        // All time: done on the first of the 46,347 days from 1900-01-01 to 2026-11-22, the rest missed.
        #expect(page.contains("<td class=\"num\">1</td><td class=\"num\">46346</td>"))
    }

    // MARK: privacy and search

    @Test func aPrivateSessionAppearsNowhereUnlessAsked() throws {
        let secret = "---\ndate: 2026-11-19\nprivate: true\n---\n- Secretlift: 99kg x 3\nSECRET-WORKOUT note\n"
        let site = try site(["content/workouts/2026/2026-11-19.md": secret])
        defer { site.remove() }
        try site.build()
        for file in site.outputFiles() {
            let text = site.text(file)
            #expect(!text.contains("SECRET") && !text.contains("Secretlift"), "private session in \(file)")
        }
        #expect(site.read("workouts/2026/2026-11-19/index.html") == nil)
        let month = try #require(site.read("calendar/2026/11/index.html"))
        #expect(try #require(cell(month, day: 19)).contains("workout") == false)
        #expect(try #require(site.read("workouts/stats/index.html")).contains("<strong class=\"figure-value\">1</strong>"))

        try site.build(visibility: Visibility(includePrivate: true))
        let page = try #require(site.read("workouts/2026/2026-11-19/index.html"))
        #expect(page.contains("<span class=\"badge private\">") && page.contains("99 kg × 3"))
        #expect(!site.searchIndex().isEmpty && !site.searchIndex().contains("Secretlift"))
        #expect(site.read("feed.xml")?.contains("SECRET") == false)
    }

    @Test func sessionsAreSearchable() throws {
        let site = try site()
        defer { site.remove() }
        let (data, _, _) = try SiteBuilder.prepare(site.options())
        let records = WorkoutsKind().searchRecords(PublicSite(data))
        #expect(records.count == 1)
        #expect(records.first?.title == "Fri, 20 November 2026 · Chest")
        #expect(records.first?.url == "workouts/2026/2026-11-20/index.html")
        #expect(records.first?.text.contains("Bench press 60 kg × 8, 8, 6") == true)
        #expect(records.first?.text.contains("Felt strong today.") == true)
    }
}
