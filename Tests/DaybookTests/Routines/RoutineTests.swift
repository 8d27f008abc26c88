import Testing
@testable import DaybookSite

@Suite struct RoutineTests {
    func routines(_ yaml: String) -> ([Routine], Diagnostics) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/routines.yml", relativePath: "routines.yml", text: yaml)
        return (RoutineParser.parseRoutines(file, into: &diagnostics), diagnostics)
    }

    func log(_ text: String, routines: [Routine]) -> (RoutineLog, Diagnostics) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/routines/log.md", relativePath: "routines/log.md", text: text)
        return (RoutineParser.parseLog(file, routines: routines, into: &diagnostics), diagnostics)
    }

    func date(_ iso: String) -> LocalDate { LocalDate(iso: iso)! }

    /// `line:column message` of each error in file order, to compare with what the user sees.
    func errors(_ diagnostics: Diagnostics) -> [String] {
        diagnostics.sorted.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }

    @Test func moreThanAHundredRoutinesIsOneErrorAtTheFirstTooMany() {
        let yaml = (0..<10_000).map { "- id: r\($0)\n  days: daily\n" }.joined()
        let (list, diagnostics) = routines(yaml)
        #expect(errors(diagnostics) == ["201:3 more than 100 routines (10000)"])
        #expect(list.count == 10_000)
        // The log of such a file is read against every id, not flooded with unknown ones.
        let (_, logDiagnostics) = log("- 2026-11-20: r9999\n", routines: list)
        #expect(!logDiagnostics.hasErrors)
    }

    // MARK: routines.yml

    @Test func readsTheSpecExample() {
        let (list, diagnostics) = routines("""
        - id: wake
          name: 6시 기상
          days: [mon, tue, wed, thu, fri]
          time: "06:00"
          minutes: 10
        - id: reading
          name: Reading
          days: [sat, sun]
          time: 07:00
          minutes: 30
          from: 2026-11-01
          until: 2026-12-31
        """)
        #expect(diagnostics.items.isEmpty)
        #expect(list.map(\.id) == ["wake", "reading"])
        #expect(list[0].name == "6시 기상")
        #expect(list[0].weekdays == [1, 2, 3, 4, 5])
        #expect(list[0].time?.text == "06:00")
        #expect(list[0].minutes == 10)
        #expect(list[0].from == nil && list[0].until == nil)
        #expect(list[1].weekdays == [6, 7])
        #expect(list[1].time?.text == "07:00")
        #expect(list[1].from == date("2026-11-01"))
        #expect(list[1].until == date("2026-12-31"))
    }

    @Test func daysAcceptGroupsFullNamesAndKorean() {
        let (list, diagnostics) = routines("""
        - id: a
          days: weekdays
        - id: b
          days: [weekends, Monday]
        - id: c
          days: [월, 수, 금]
        - id: d
        """)
        #expect(diagnostics.items.isEmpty)
        #expect(list.map(\.weekdays) == [[1, 2, 3, 4, 5], [1, 6, 7], [1, 3, 5], Set(1...7)])
        #expect(list[3].name == "d")
    }

    @Test func reportsEveryMistakeWithItsLine() {
        let (list, diagnostics) = routines("""
        - id: wake
          days: [mon, tues]
          minute: 10
        - id: wake
        - name: No id
        - id: run
          time: "25:00"
          from: 2026-12-01
          until: 2026-11-01
        - id: two words
        - id: rest
          days: []
        """)
        #expect(errors(diagnostics) == [
            "2:15 unknown day 'tues'",
            "3:3 unknown key 'minute' in routine",
            "4:7 duplicate routine id 'wake'",
            "5:3 routine has no id",
            "7:9 invalid time '25:00'",
            "9:10 until 2026-11-01 is before from 2026-12-01",
            "10:7 routine id 'two words' must be one word without ',' or ':'",
            "12:9 days is empty",
        ])
        #expect(diagnostics.sorted.map(\.hint)[0...2] == ["did you mean 'tue'?", "did you mean 'minutes'?", "it is already used on line 1"])
        // Routines with a valid id are kept so the log is checked against them.
        #expect(list.map(\.id) == ["wake", "run", "rest"])
    }

    @Test func theFileMustBeAList() {
        let (list, diagnostics) = routines("id: wake\ndays: daily\n")
        #expect(list.isEmpty)
        #expect(diagnostics.errors.map(\.message) == ["routines.yml must be a list of routines"])
        #expect(routines("").0.isEmpty)
        #expect(routines("").1.items.isEmpty)
    }

    // MARK: log.md

    let known = [Routine(id: "wake", name: "Wake"), Routine(id: "reading", name: "Reading")]

    @Test func readsTheLogAndMergesRepeatedDays() {
        let (log, diagnostics) = log("""
        # November

        - 2026-11-20: wake, reading
        - 2026-11-21: wake
        * 2026-11-21 : reading,
        - 2026-11-22:
        """, routines: known)
        #expect(diagnostics.items.isEmpty)
        #expect(log.done(on: date("2026-11-20")) == ["wake", "reading"])
        #expect(log.done(on: date("2026-11-21")) == ["wake", "reading"])
        #expect(log.done(on: date("2026-11-22")).isEmpty)
        #expect(log.done(on: date("2026-11-23")).isEmpty)
    }

    @Test func logErrorsPointAtTheWord() {
        let (log, diagnostics) = log("""
        - 2026-11-20: wake, raeding, gym
        - 2026-11-31: wake
        - 2026/11/22: wake
        - 2026-11-23 wake
        did some stretching
        - 2026-11-24: wake
        """, routines: known)
        #expect(errors(diagnostics) == [
            "1:21 unknown routine 'raeding'",
            "1:30 unknown routine 'gym'",
            "2:3 invalid date '2026-11-31'",
            "3:3 invalid date '2026/11/22'",
            "4:14 expected ':' after the date",
            "5:1 expected a list item with a date and routines",
        ])
        #expect(diagnostics.errors[0].hint == "did you mean 'reading'?")
        #expect(diagnostics.errors[1].hint == "known routines: wake, reading")
        // The valid parts are still read.
        #expect(log.done(on: date("2026-11-20")) == ["wake"])
        #expect(log.done(on: date("2026-11-24")) == ["wake"])
    }

    @Test func minutesAfterAnIdAreRead() {
        let (log, diagnostics) = log("""
        - 2026-11-20: wake 12 min, reading 30min
        - 2026-11-21: wake 7분, reading
        - 2026-11-21: wake 3 MIN
        """, routines: known)
        #expect(diagnostics.items.isEmpty)
        #expect(log.done(on: date("2026-11-20")) == ["wake", "reading"])
        #expect(log.minutes(of: "wake", on: date("2026-11-20")) == 12)
        #expect(log.minutes(of: "reading", on: date("2026-11-20")) == 30)
        // Two lines for one day add up; a routine without minutes has none.
        #expect(log.minutes(of: "wake", on: date("2026-11-21")) == 10)
        #expect(log.minutes(of: "reading", on: date("2026-11-21")) == nil)
    }

    @Test func minutesThatDoNotReadAreErrorsAtThem() {
        let (log, diagnostics) = log("""
        - 2026-11-20: wake 12, reading
        - 2026-11-21: wake reading
        - 2026-11-22: wake 2000 min
        - 2026-11-23: gym 10 min
        """, routines: known)
        #expect(errors(diagnostics) == [
            "1:20 expected the minutes after 'wake', like 'wake 12 min'",
            "2:20 expected the minutes after 'wake', like 'wake 12 min'",
            "3:20 minutes must be 0 to 1440, not 2000",
            "4:15 unknown routine 'gym'",
        ])
        #expect(diagnostics.errors[1].hint?.hasPrefix("separate routines with commas") == true)
        #expect(log.done(on: date("2026-11-20")) == ["reading"])
    }

    // MARK: RoutinePlan

    /// Friday 20 November 2026 is today. Wake is on weekdays, never given a `from`;
    /// reading on weekends through November; stretch daily, never logged.
    var plan: RoutinePlan {
        let wake = Routine(id: "wake", name: "Wake", weekdays: [1, 2, 3, 4, 5], minutes: 10)
        let reading = Routine(id: "reading", name: "Reading", weekdays: [6, 7], minutes: 30,
                              from: date("2026-11-01"), until: date("2026-11-30"))
        let stretch = Routine(id: "stretch", name: "Stretch")
        let log = RoutineLog(days: [
            date("2026-11-01"): ["reading"],
            date("2026-11-16"): ["wake"],
            date("2026-11-18"): ["wake"],
            date("2026-11-20"): ["wake"],
            date("2026-11-21"): ["wake"],
            date("2026-12-05"): ["reading"],
        ], minutes: [date("2026-11-18"): ["wake": 25], date("2026-11-21"): ["wake": 0]])
        return RoutinePlan(routines: [wake, reading, stretch], log: log, today: date("2026-11-20"))
    }

    func states(_ id: String, from: String, days: Int) -> [String] {
        let plan = plan
        let routine = plan.routines.first { $0.id == id }!
        return (0..<days).map { plan.state(of: routine, on: date(from).adding(days: $0))?.rawValue ?? "-" }
    }

    @Test func statesAroundToday() {
        // Fri 13 … Mon 23: not begun before the first log line, then done, missed, done today, extra on Saturday.
        #expect(states("wake", from: "2026-11-13", days: 11) == [
            "-", "-", "-", "done", "missed", "done", "missed", "done", "extra", "-", "planned",
        ])
        // A routine that is logged done today is done, not planned.
        #expect(plan.day(date("2026-11-20")).map(\.state) == [.done, .planned])
    }

    @Test func fromAndUntilBoundTheSchedule() {
        #expect(states("reading", from: "2026-11-01", days: 8) == ["done", "-", "-", "-", "-", "-", "missed", "missed"])
        #expect(states("reading", from: "2026-11-28", days: 3) == ["planned", "planned", "-"])
        // Logged after `until`: extra.
        #expect(states("reading", from: "2026-12-05", days: 2) == ["extra", "-"])
    }

    @Test func aRoutineNeverLoggedStartsToday() {
        #expect(plan.start(of: plan.routines[2]) == date("2026-11-20"))
        #expect(states("stretch", from: "2026-11-19", days: 3) == ["-", "planned", "planned"])
    }

    @Test func dayListsRoutinesInFileOrder() {
        #expect(plan.day(date("2026-11-21")).map { "\($0.routine.id) \($0.state)" } == ["wake extra", "reading planned", "stretch planned"])
        #expect(plan.day(date("2026-11-10")).isEmpty)
    }

    @Test func monthlyFigures() {
        let november = plan.month(YearMonth(year: 2026, month: 11))
        let wake = november.routines[0].counts
        // Logged minutes count as logged (25 on the 18th, 0 on the 21st), the planned 10 on the other two days.
        #expect([wake.scheduled, wake.done, wake.missed, wake.planned, wake.extra, wake.minutesDone] == [11, 3, 2, 6, 1, 45])
        #expect(wake.successShare == 0.6)
        let reading = november.routines[1].counts
        #expect([reading.scheduled, reading.done, reading.missed, reading.planned, reading.extra, reading.minutesDone] == [9, 1, 4, 4, 0, 30])
        #expect(reading.successShare == 0.2)
        let stretch = november.routines[2].counts
        #expect([stretch.scheduled, stretch.planned, stretch.minutesDone] == [11, 11, 0])
        #expect(stretch.successShare == nil)
        let total = november.total
        #expect([total.scheduled, total.done, total.missed, total.planned, total.extra, total.minutesDone] == [31, 4, 6, 21, 1, 75])
        #expect(total.successShare == 0.4)

        let december = plan.month(YearMonth(year: 2026, month: 12))
        #expect(december.routines[1].counts.extra == 1)
        #expect(december.routines[1].counts.minutesDone == 30)
        #expect(december.routines[1].counts.successShare == nil)
    }
}
