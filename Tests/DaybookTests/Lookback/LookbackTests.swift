@testable import DaybookSite
import Foundation
import PropertyBased
import Testing

/// On this day, streaks and habit strength: pure rules over dates, checked
/// against the plain definition on random sets of days.
@Suite struct LookbackTests {
    static let base = LocalDate(iso: "2020-01-01")!
    /// Random days over seven years, and a today among them.
    static let days = zip(Gen.int(in: 0...2600).array(of: 0...60), Gen.int(in: 0...2600))
        .map { offsets, today in (offsets.map { base.adding(days: $0) }, base.adding(days: today)) }

    static func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    // MARK: On this day

    @Test func theSameDayInEarlierYearsTheLatestFirst() {
        let dates = ["2024-11-28", "2026-11-28", "2025-11-27", "2023-11-28", "2025-11-28"].map(Self.date)
        let match = OnThisDay.match(dates, today: Self.date("2026-11-28"))
        #expect(match.hits == [.init(index: 4, yearsAgo: 1), .init(index: 0, yearsAgo: 2), .init(index: 3, yearsAgo: 3)])
        #expect(!match.isWindow)
    }

    @Test func aWeeksWindowWhenTheDayItselfHasNone() {
        let dates = ["2025-11-24", "2025-11-25", "2025-12-01", "2025-12-02", "2026-11-27"].map(Self.date)
        let match = OnThisDay.match(dates, today: Self.date("2026-11-28"))
        #expect(match.hits.map(\.index) == [1, 2])
        #expect(match.isWindow)
        #expect(OnThisDay.match([Self.date("2025-06-01")], today: Self.date("2026-11-28")) == .init(hits: [], isWindow: false))
    }

    @Test func theWindowCrossesTheNewYearAndLeapDaysFallOnThe28th() {
        let match = OnThisDay.match([Self.date("2024-12-31")], today: Self.date("2026-01-02"))
        #expect(match.hits == [.init(index: 0, yearsAgo: 1)] && match.isWindow)
        #expect(OnThisDay.match([Self.date("2025-02-28")], today: Self.date("2028-02-29")).hits == [.init(index: 0, yearsAgo: 3)])
        // An entry of last week is not "on this day".
        #expect(OnThisDay.match([Self.date("2026-01-01")], today: Self.date("2026-01-02")).hits == [])
    }

    @Test func everyHitIsAnEarlierYearsDayOrItsWeek() async {
        await propertyCheck(input: Self.days) { dates, today in
            let match = OnThisDay.match(dates, today: today, limit: .max)
            let exact = dates.indices.filter { dates[$0].year < today.year && dates[$0] == OnThisDay.anniversary(of: today, in: dates[$0].year) }
            if !exact.isEmpty {
                #expect(Set(match.hits.map(\.index)) == Set(exact) && !match.isWindow)
            }
            for hit in match.hits {
                let anniversary = OnThisDay.anniversary(of: today, in: today.year - hit.yearsAgo)
                #expect(hit.yearsAgo >= 1 && abs(anniversary.days(until: dates[hit.index])) <= OnThisDay.windowDays)
            }
            #expect(match.hits.map(\.yearsAgo) == match.hits.map(\.yearsAgo).sorted())
        }
    }

    // MARK: Streaks

    /// The plain definition: count back from today (or yesterday), and try every day as a run's end.
    static func runEnding(_ day: LocalDate, _ done: Set<LocalDate>) -> Int {
        var length = 0
        while done.contains(day.adding(days: -length)) { length += 1 }
        return length
    }

    @Test func streaksAreTheRunsOfConsecutiveDays() async {
        await propertyCheck(input: Self.days) { dates, today in
            let done = Set(dates.filter { $0 <= today })
            let streak = Streak(done: dates, today: today)
            let current = max(Self.runEnding(today, done), Self.runEnding(today.adding(days: -1), done))
            #expect(streak.current == current)
            #expect(streak.longest == (done.map { Self.runEnding($0, done) }.max() ?? 0))
            #expect(streak.current <= streak.longest)
        }
    }

    @Test func todayNotDoneYetKeepsYesterdaysRun() {
        let today = Self.date("2026-11-28")
        let run = (1...5).map { today.adding(days: -$0) }
        #expect(Streak(done: run, today: today) == Streak(current: 5, longest: 5))
        #expect(Streak(done: run.dropFirst(), today: today) == Streak(current: 0, longest: 4))
        #expect(Streak(done: run + [today, today.adding(days: 1)], today: today) == Streak(current: 6, longest: 6))
    }

    // MARK: Habit strength

    @Test func strengthStaysBetweenZeroAndOneAndNeverFallsForADayMoreDone() async {
        let input = zip(Self.days, Gen.int(in: 1...7))
        await propertyCheck(input: input) { days, perWeek in
            let (dates, today) = days
            let start = Self.base
            let strength = HabitStrength.strength(done: dates, from: start, through: today, timesPerWeek: perWeek)
            #expect(strength >= 0 && strength <= 1)
            let more = HabitStrength.strength(done: dates + [today], from: start, through: today, timesPerWeek: perWeek)
            #expect(more >= strength)
        }
    }

    @Test func everyDayDoneApproachesOneAndAMissedDayOnlyDips() {
        let start = Self.date("2026-01-01")
        let today = start.adding(days: 99)
        let every = (0...99).map { start.adding(days: $0) }
        let m = HabitStrength.multiplier(frequency: 1)
        let full = HabitStrength.strength(done: every, from: start, through: today)
        #expect(abs(full - (1 - pow(m, 100))) < 1e-9)
        // Loop's half-life: thirteen days without the habit halve its strength.
        #expect(abs(pow(m, 13) - 0.5) < 1e-9)
        let missed = HabitStrength.strength(done: every.dropLast(), from: start, through: today)
        #expect(missed > 0.9 * full && missed < full)
        #expect(Streak(done: every.dropLast(), today: today.adding(days: 1)).current == 0)
    }

    @Test func threeTimesAWeekDoneBuildsAsMuchAsEveryDay() {
        let start = Self.date("2026-01-05")
        let today = start.adding(days: 83)
        let mondayWednesdayFriday = (0...83).map { start.adding(days: $0) }.filter { [1, 3, 5].contains($0.weekday) }
        let weekly = HabitStrength.strength(done: mondayWednesdayFriday, from: start, through: today, timesPerWeek: 3)
        let asDaily = HabitStrength.strength(done: mondayWednesdayFriday, from: start, through: today)
        #expect(weekly > 0.6 && asDaily < 0.5)
    }
}

/// On this day on a built home page.
@Suite struct OnThisDayPageTests {
    static func entry(_ day: String, _ title: String, private isPrivate: Bool = false) -> (String, String) {
        ("content/diary/\(day.prefix(4))/\(day).md",
         "---\ntitle: \(title)\ndate: \(day) 08:00\n\(isPrivate ? "private: true\n" : "")---\nFirst lines of \(title).\n")
    }

    @Test func theHomePageShowsEarlierYearsOfTheDayButNoPrivateEntry() throws {
        let files = Dictionary(uniqueKeysWithValues: [
            ("content/site.yml", "title: Lookback\nlocale: en\n"),
            Self.entry("2024-11-23", "Two years back"), Self.entry("2025-11-23", "Hidden one", private: true),
            Self.entry("2025-11-26", "Near the 24th"), Self.entry("2026-11-23", "Today's own"),
        ])
        let site = try TestSite(files)
        defer { site.remove() }
        try site.build(visibility: Visibility(includePrivate: true, includeDrafts: false))
        let home = site.text("index.html")
        let today = try #require(home.range(of: "data-lookback-day=\"2026-11-23\""))
        let tomorrow = try #require(home.range(of: "data-lookback-day=\"2026-11-24\" hidden"))
        let todays = String(home[today.upperBound..<tomorrow.lowerBound])
        #expect(todays.contains("Two years back") && todays.contains("First lines of Two years back."))
        #expect(todays.contains("2 years ago") && !todays.contains("Today's own") && !todays.contains("Near the 24th"))
        // Private stays out even when the build includes it for reading (the recent entries show it then).
        let section = try #require(home.range(of: "class=\"on-this-day\"")).lowerBound
        let columns = try #require(home.range(of: "class=\"home-columns\"")).lowerBound
        #expect(!home[section..<columns].contains("Hidden one") && home[columns...].contains("Hidden one"))
        // The 24th has nothing on its day: the week around it.
        let next = String(home[tomorrow.upperBound...].prefix(1500))
        #expect(next.contains("Near the 24th") && next.contains("the week around it"))
    }
}

/// The year calendar's layers: each day carries the layers done on it, and
/// each layer its streaks and strength, from public content only.
@Suite struct ActivityLayerPageTests {
    @Test func eachDayCarriesItsLayersAndPrivateEntriesCountNowhere() throws {
        var files = ["content/site.yml": "title: Layers\nlocale: en\n",
                     "content/workouts/2026/2026-11-20.md": "---\ndate: 2026-11-20 07:00\n---\n- Squat: 60kg x 5\n",
                     "content/diary/2026/2026-11-10.md": "---\ntitle: Hidden\ndate: 2026-11-10\nprivate: true\n---\nx\n"]
        for day in 21...23 {
            files["content/diary/2026/2026-11-\(day).md"] = "---\ntitle: Day \(day)\ndate: 2026-11-\(day)\n---\nText.\n"
        }
        let site = try TestSite(files)
        defer { site.remove() }
        try site.build(visibility: Visibility(includePrivate: true, includeDrafts: false))
        let year = site.text("calendar/2026/index.html")
        func cell(_ day: Int) -> String? {
            guard let range = year.range(of: " \(day) November 2026") else { return nil }
            let start = year[..<range.lowerBound].range(of: "<td class=\"", options: .backwards)!.upperBound
            return String(year[start...].prefix { $0 != "\"" })
        }
        #expect(cell(21)?.contains("did-writing") == true && cell(21)?.contains("did-workouts") == false)
        #expect(cell(20)?.contains("did-workouts") == true && cell(20)?.contains("did-writing") == false)
        // The private entry marks its day in the all-activity heatmap of a build that includes it, but not the writing layer.
        #expect(cell(10)?.contains("did-writing") == false)
        let writing = try #require(year.range(of: "<a href=\"#layer-writing\">Writing</a></th>"))
        let row = year[writing.upperBound...].prefix { $0 != "\n" }
        // Three days written (the private one not counted), a current streak of three.
        #expect(row.hasPrefix("<td>3</td><td>3 d</td><td>3 d</td>"), "\(row)")
        for layer in ["writing", "study", "workouts", "routines"] {
            #expect(year.contains("<span class=\"layer-target\" id=\"layer-\(layer)\"></span>") && year.contains("href=\"#layer-\(layer)\""))
        }
    }
}
