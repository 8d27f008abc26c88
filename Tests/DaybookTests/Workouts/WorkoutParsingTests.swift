import Testing
@testable import DaybookSite

@Suite struct WorkoutParsingTests {
    var settings: SiteConfig.Workouts {
        var settings = SiteConfig.Workouts()
        settings.split = ["Chest", "Back", "Legs"]
        return settings
    }

    func parse(_ text: String, path: String = "workouts/2026/session.md", settings: SiteConfig.Workouts? = nil) -> (WorkoutSession?, Diagnostics) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/\(path)", relativePath: path, text: text)
        let session = WorkoutParser.parse(file, settings: settings ?? self.settings, into: &diagnostics)
        return (session, diagnostics)
    }

    @Test func readsTheSpecExample() throws {
        let text = """
        ---
        date: 2026-11-20
        split: Chest          # optional; defaults to the planned split of that day
        duration: 55m
        ---
        - Bench press: 60kg x 8, 8, 6
        - Incline dumbbell press: 22.5kg x 10 x 3
        - Push-up: 20, 20, 15
        - Plank: 60s x 3
        - Deadlift: 100kg x 5; 110kg x 3; 120kg x 1
        Felt strong today.
        """
        let (session, diagnostics) = parse(text)
        #expect(diagnostics.items.isEmpty)
        let s = try #require(session)
        #expect(s.date.iso == "2026-11-20")
        #expect(s.split == "Chest")
        #expect(s.durationMinutes == 55)
        #expect(s.exercises.map(\.name) == ["Bench press", "Incline dumbbell press", "Push-up", "Plank", "Deadlift"])
        #expect(s.exercises.map(\.line) == [6, 7, 8, 9, 10])
        #expect(s.exercises.map(\.sets.count) == [3, 3, 3, 3, 3])
        #expect(s.exercises[4].groups.count == 3)
        #expect(s.exercises[0].notation == "60kg x 8, 8, 6")
        #expect(s.note == "Felt strong today.")
        #expect(!s.isPrivate)
    }

    @Test func takesTheDateFromTheFileName() {
        let (session, diagnostics) = parse("- Squat: 100kg x 5\n", path: "workouts/2026-11-21-legs.md")
        #expect(diagnostics.items.isEmpty)
        #expect(session?.date.iso == "2026-11-21")
        #expect(session?.split == nil)
        #expect(session?.note == nil)
    }

    @Test func aDurationWithASpaceBeforeItsUnitIsTheManualsError() {
        let (session, diagnostics) = parse("---\ndate: 2026-11-20\nduration: 50 min\n---\n")
        #expect(session == nil)
        #expect(diagnostics.errors.map(\.message) == ["invalid duration '50 min'"])
    }

    @Test func aFileNameDateThatDisagreesWithTheDateIsAWarning() {
        let (session, diagnostics) = parse("---\ndate: 2026-12-21\n---\n- Squat: 100kg x 5\n", path: "workouts/2026-11-21.md")
        #expect(session?.date.iso == "2026-12-21")
        #expect(diagnostics.items.map(\.description) == [
            "content/workouts/2026-11-21.md:2:7: warning: the workout is dated 2026-12-21 but its file name says 2026-11-21\n    hint: correct the date or rename the file",
        ])
    }

    @Test func aSessionWithoutADateIsAnError() {
        let (session, diagnostics) = parse("- Squat: 100kg x 5\n", path: "workouts/legs.md")
        #expect(session == nil)
        #expect(diagnostics.errors.map(\.description) == [
            "content/workouts/legs.md:1:1: error: workout has no date\n    hint: add 'date: 2026-11-20' to the front matter, or start the file name with the date",
        ])
    }

    @Test func rejectsUnknownFrontMatterKeysWithAHint() {
        let (session, diagnostics) = parse("---\ndate: 2026-11-20\nduraton: 55m\n---\n")
        #expect(session == nil)
        #expect(diagnostics.errors.count == 1)
        #expect(diagnostics.errors.first?.location.line == 3)
        #expect(diagnostics.errors.first?.hint == "did you mean 'duration'?")
    }

    @Test func readsDurations() {
        let cases: [(String, Int?)] = [
            ("55m", 55), ("90", 90), ("1h", 60), ("1h30m", 90), ("1h 30m", 90), ("45min", 45), ("2H", 120),
            ("0", nil), ("30m1h", nil), ("1h30", nil), ("abc", nil), ("25h", nil), ("1h1h", nil), ("", nil),
            // The manual lists `invalid duration '55 min'`: a space between a number and its unit.
            ("50 min", nil), ("55 m", nil), ("1 h 30m", nil),
        ]
        for (text, minutes) in cases {
            #expect(WorkoutParser.durationMinutes(text) == minutes, "\(text)")
        }
        let (_, diagnostics) = parse("---\ndate: 2026-11-20\nduration: 1h30\n---\n")
        #expect(diagnostics.errors.map(\.location.line) == [3])
    }

    @Test func readsTitleTimeAndPrivate() {
        let (session, _) = parse("---\ndate: 2026-11-20 07:30\ntitle: Morning lift\nprivate: true\n---\n")
        #expect(session?.title == "Morning lift")
        #expect(session?.time?.text == "07:30")
        #expect(session?.isPrivate == true)
    }

    @Test func aSplitMatchesTheConfiguredOneWhateverItsCase() {
        #expect(parse("---\ndate: 2026-11-20\nsplit: legs\n---\n").0?.split == "Legs")
        // A one-off split is fine; a near miss of a configured one is a warning.
        let (cardio, quiet) = parse("---\ndate: 2026-11-20\nsplit: Cardio\n---\n")
        #expect(cardio?.split == "Cardio")
        #expect(quiet.items.isEmpty)
        let (typo, warned) = parse("---\ndate: 2026-11-20\nsplit: Chst\n---\n")
        #expect(typo?.split == "Chst")
        #expect(warned.items.map(\.severity) == [.warning])
        #expect(warned.items.first?.hint == "did you mean 'Chest'?")
    }

    @Test func badSetsAreAnErrorAtTheirLineAndColumn() {
        let text = """
        ---
        date: 2026-11-20
        ---
        - Bench press: 60kg x 8
        - Squat: 100kgs x 5
          * Row:  60kg x 8 (slow)
        """
        let (session, diagnostics) = parse(text)
        #expect(session == nil)
        #expect(diagnostics.errors.map { "\($0.location.line):\($0.location.column)" } == ["5:13", "6:20"])
        #expect(diagnostics.errors.first?.message == "unknown unit 'kgs' in the sets of 'Squat'")
        #expect(diagnostics.errors.first?.hint == "did you mean 'kg'?")
    }

    @Test func columnsCountUTF8Bytes() {
        let (_, diagnostics) = parse("- 벤치프레스: 60kg x 8 x\n", path: "workouts/2026-11-20.md")
        // `- 벤치프레스: ` is 19 bytes (a Hangul syllable is 3): the sets start at
        // column 20, the missing count after their 10 characters at 30.
        #expect(diagnostics.errors.map(\.location.column) == [30])
    }

    @Test func listItemsThatDoNotLookLikeExercisesAreNotes() throws {
        let text = """
        - Warm-up first
        - Mood: great
        - Squats:
        * Bench press: 60kg x 5
        - 5x5 program: week two
        Rest 2 minutes between sets: 3 of them.
        1. Stretch: 10 minutes
            - Indented: 60kg x 8

        ```
        - Code: 60kg x 8
        ```
        """
        let (session, diagnostics) = parse(text, path: "workouts/2026-11-20.md")
        #expect(diagnostics.items.isEmpty)
        let s = try #require(session)
        #expect(s.exercises.map(\.name) == ["Bench press"])
        #expect(s.note == """
        - Warm-up first
        - Mood: great
        - Squats:
        - 5x5 program: week two
        Rest 2 minutes between sets: 3 of them.
        1. Stretch: 10 minutes
            - Indented: 60kg x 8

        ```
        - Code: 60kg x 8
        ```
        """)
    }

    @Test func bodyweightItemsStartingWithBwAreExercises() {
        let (session, _) = parse("- Pull-up: bw x 8 x 3\n- Note: bwah\n", path: "workouts/2026-11-20.md")
        #expect(session?.exercises.map(\.name) == ["Pull-up"])
        #expect(session?.note == "- Note: bwah")
    }

    @Test func anExerciseNeedsAName() {
        let (_, diagnostics) = parse("- : 60kg x 8\n", path: "workouts/2026-11-20.md")
        #expect(diagnostics.errors.map(\.message) == ["exercise has no name before ':'"])
    }

    @Test func collectsEveryErrorInTheFile() {
        let text = "---\ndate: 2026-13-01\nprivate: maybe\n---\n- A: 60kg\n- B: 1m75s\n"
        let (_, diagnostics) = parse(text)
        #expect(diagnostics.errors.map(\.location.line) == [2, 3, 5, 6])
    }

    @Test func theDefaultUnitComesFromTheSettings() {
        var pounds = settings
        pounds.unit = .lb
        let (session, _) = parse("- Bench: 135 x 5\n", path: "workouts/2026-11-20.md", settings: pounds)
        #expect(session?.exercises.first?.sets.first?.weight == Weight(135, .lb))
    }
}
