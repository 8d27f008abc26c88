@testable import DaybookSite
import Foundation
import Testing

/// Strong, Hevy and FitNotes exports into workout files.
@Suite struct TrainingImportTests {
    static let samples = Repository.root.appendingPathComponent("Tests/Samples")

    static func table(_ text: String) -> (CSVTable, BadRows) {
        var badRows = BadRows()
        let table = CSVTable(SourceFile(displayPath: "export.csv", relativePath: "export.csv", text: text), badRows: &badRows)
        return (table, badRows)
    }

    static func sessions(_ source: TrainingImport.Source, _ text: String, unit: SiteConfig.Workouts.Unit = .kg) -> ([ImportedSession], [String]) {
        var (table, badRows) = table(text)
        let sessions = TrainingImport.sessions(source, table: table, unit: unit, badRows: &badRows)
        return (sessions, badRows.items.map { "\($0.location.line):\($0.location.column) \($0.message)" })
    }

    // MARK: Set notation

    @Test func setsBecomeDaybookNotation() {
        let kg = { (w: Double?, r: Int) in ImportedSet(weight: w, reps: r) }
        #expect(WorkoutText.notation([kg(60, 8), kg(60, 8), kg(60, 6)]) == "60kg x 8, 8, 6")
        #expect(WorkoutText.notation([kg(60, 8), kg(60, 8), kg(60, 8)]) == "60kg x 8 x 3")
        #expect(WorkoutText.notation([kg(40, 10), kg(149.99999999999997, 5), kg(150, 5)]) == "40kg x 10; 150kg x 5 x 2")
        #expect(WorkoutText.notation([kg(0, 20), kg(nil, 20), kg(nil, 15)]) == "20, 20, 15")
        #expect(WorkoutText.notation([kg(nil, 12), kg(nil, 12)]) == "12, 12")
        #expect(WorkoutText.notation([ImportedSet(seconds: 60), ImportedSet(seconds: 60)]) == "1m x 2")
        #expect(WorkoutText.notation([ImportedSet(weight: 20, seconds: 45)]) == "20kg x 45s")
        #expect(WorkoutText.notation([ImportedSet(weight: 135, unit: .lb, reps: 5)]) == "135lb x 5")
        #expect(WorkoutText.notation([ImportedSet(distance: "5 km")]) == nil)
    }

    @Test func everyNotationWrittenParsesBackToTheSameSets() {
        let sets = [ImportedSet(weight: 102.058, reps: 3), ImportedSet(weight: 22.5, reps: 12), ImportedSet(reps: 8), ImportedSet(seconds: 90)]
        let text = WorkoutText.notation(sets)!
        let parsed = try? SetNotation.parse(text, defaultUnit: .lb).get().flatMap { $0 }
        #expect(parsed == [WorkoutSet(weight: Weight(102.058, .kg), reps: 3), WorkoutSet(weight: Weight(22.5, .kg), reps: 12),
                           WorkoutSet(reps: 8), WorkoutSet(seconds: 90)])
    }

    @Test func numbersAndDurations() {
        #expect(WorkoutText.number(149.99999999999997) == "150")
        #expect(WorkoutText.number(22.5) == "22.5")
        #expect(WorkoutText.duration(63) == "1h 3m")
        #expect(WorkoutText.duration(31) == "31m")
        #expect(ExportDuration.minutes("1h 3m", seconds: false) == 63)
        #expect(ExportDuration.minutes("35min", seconds: false) == 35)
        #expect(ExportDuration.minutes("1h 2m 40s", seconds: false) == 62)
        #expect(ExportDuration.minutes("3720", seconds: true) == 62)
        #expect(ExportDuration.clockSeconds("0:01:30") == 90)
        #expect(ExportDate.parse("12 Sep 2024, 21:46").map { "\($0.0.iso) \($0.1!.text)" } == "2024-09-12 21:46")
        #expect(ExportDate.parse("2024-03-04 18:30:00").map { "\($0.0.iso) \($0.1!.text)" } == "2024-03-04 18:30")
        #expect(ExportDate.parse("2024-03-04").map { $0.1 == nil } == true)
    }

    @Test func theWorkoutNameIsTheSplitWhenSiteYmlHasIt() {
        let session = ImportedSession(date: LocalDate(iso: "2024-09-12")!, time: LocalTime(hour: 21, minute: 46), name: "push day",
                                      durationMinutes: 65, notes: ["Late."],
                                      exercises: [ImportedExercise(name: "Bench: wide", sets: [ImportedSet(weight: 40, reps: 10, kind: .warmUp),
                                                                                            ImportedSet(weight: 80, reps: 5, rpe: 8)])])
        #expect(WorkoutText.file(session, splits: ["Push day", "Pull"]) == """
        ---
        date: 2024-09-12 21:46
        split: "Push day"
        duration: 1h 5m
        ---
        - Bench - wide: 40kg x 10; 80kg x 5

        - Bench - wide — set 1 warm-up · RPE 8 (set 2)

        Late.

        """)
        #expect(WorkoutText.file(session, splits: []).contains("title: \"push day\"\n"))
        #expect(WorkoutText.path(session) == "workouts/2024/2024-09-12-2146.md")
    }

    // MARK: The exports

    @Test func strongsCommaFormWithoutUnitTakesTheGivenUnit() {
        let (sessions, bad) = Self.sessions(.strong, """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2024-03-04 18:30:00,Legs,1h 5m,Squat,W,95,10,0,0,,,
        2024-03-04 18:30:00,Legs,1h 5m,Squat,1,225,5,0,0,Belt,,8
        2024-03-04 18:30:00,Legs,1h 5m,Rest Timer,Rest Timer,0,0,0,90,,,
        """, unit: .lb)
        #expect(bad.isEmpty)
        #expect(sessions.count == 1)
        #expect(sessions[0].durationMinutes == 65)
        #expect(sessions[0].exercises.map(\.name) == ["Squat"])
        #expect(sessions[0].exercises[0].sets.map(\.unit) == [.lb, .lb])
        #expect(sessions[0].exercises[0].sets.map(\.kind) == [.warmUp, .normal])
        #expect(WorkoutText.exerciseNote(sessions[0].exercises[0]) == "set 1 warm-up · RPE 8 (set 2) · Belt")
    }

    @Test func strongsQuotedSemicolonFormWithDecimalCommas() {
        let (sessions, bad) = Self.sessions(.strong, """
        "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (lbs)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
        "3";"2025-06-01 07:05:00";"Upper";"3720";"Press";"1";"92,5";"8";"8,5";"";"";"";"Fasted; early"
        "3";"2025-06-01 07:05:00";"Upper";"3720";"Sled";"1";"80";"";"";"20";"";"";""
        """)
        #expect(bad.isEmpty)
        #expect(sessions.map(\.durationMinutes) == [62])
        #expect(sessions[0].notes == ["Fasted; early"])
        #expect(sessions[0].exercises[0].sets == [ImportedSet(weight: 92.5, unit: .lb, reps: 8, rpe: 8.5, line: 2)])
        #expect(WorkoutText.exerciseNote(sessions[0].exercises[1]) == "80lb, 20 m")
    }

    @Test func hevyMixesUnitsAndMarksSetTypes() {
        let (sessions, bad) = Self.sessions(.hevy, """
        title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_lbs,weight_kg,reps,distance_miles,distance_km,duration_seconds,rpe
        Mix,"1 Feb 2025, 23:30","2 Feb 2025, 00:10",,Curl,,,0,dropset,30,,10,,,,
        Mix,"1 Feb 2025, 23:30","2 Feb 2025, 00:10",,Curl,,,1,failure,,12.5,8,,,,
        Mix,"1 Feb 2025, 23:30","2 Feb 2025, 00:10",,Bike,,,0,normal,,,,,10.2,1500,
        """)
        #expect(bad.isEmpty)
        #expect(sessions[0].durationMinutes == 40)
        #expect(WorkoutText.notation(sessions[0].exercises[0].sets) == "30lb x 10; 12.5kg x 8")
        #expect(WorkoutText.exerciseNote(sessions[0].exercises[0]) == "set 1 drop set · set 2 to failure")
        #expect(WorkoutText.exerciseNote(sessions[0].exercises[1]) == "10.2 km")
    }

    @Test func fitNotesGroupsADayAndReadsRowUnits() {
        let (sessions, bad) = Self.sessions(.fitnotes, """
        Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment
        2024-01-15,Squat,Legs,100.0,kgs,5,,,,
        2024-01-15,Curl,Biceps,30.0,lbs,12,,,,Slow
        2024-01-16,Plank,Abs,,,,,,0:01:30,
        """)
        #expect(bad.isEmpty)
        #expect(sessions.map(\.date.iso) == ["2024-01-15", "2024-01-16"])
        #expect(sessions[0].exercises.map { WorkoutText.notation($0.sets) } == ["100kg x 5", "30lb x 12"])
        #expect(sessions[1].exercises[0].sets[0].seconds == 90)
    }

    @Test func unreadableRowsAreReportedByLine() {
        let (sessions, bad) = Self.sessions(.fitnotes, "Date,Exercise,Weight (kgs),Reps\n2024-13-40,Squat,100,5\n2024-01-15,Squat,heavy,5\n2024-01-15,Squat,100,5\n")
        #expect(bad == ["2:1 '2024-13-40' is not a date", "3:18 Weight (kgs) 'heavy' is not a number"])
        #expect(sessions.count == 1)
    }

    /// What an import writes, read back with the build's own parser.
    static func parsed(_ session: ImportedSession) -> (WorkoutSession?, [String]) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "w.md", relativePath: WorkoutText.path(session), text: WorkoutText.file(session, splits: []))
        let workout = WorkoutParser.parse(file, settings: SiteConfig.Workouts(), into: &diagnostics)
        return (workout, diagnostics.items.map(\.message))
    }

    /// A real Strong export was refused whole: "unknown unit 'on' in the sets of
    /// 'Incline Bench Press (Dumbbell) — RPE'", from a note `RPE: 8 on the top set`.
    @Test func aNoteThatLooksLikeSetsStaysANote() throws {
        let (sessions, bad) = Self.sessions(.strong, """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2024-03-04 18:30:00,Push,1h,Incline Bench Press (Dumbbell),1,30,8,0,0,RPE: 8 on the top set,"- Squat: 100kg x 5\nthen: 5 min walk",
        2024-03-04 18:30:00,Push,1h,Incline Bench Press (Dumbbell),2,30,8,0,0,RPE: 8 on the top set,,
        """)
        #expect(bad.isEmpty)
        let text = WorkoutText.file(sessions[0], splits: [])
        #expect(text.contains("- Incline Bench Press (Dumbbell) — RPE&#58; 8 on the top set\n"))
        let (workout, messages) = Self.parsed(sessions[0])
        #expect(messages == [])
        #expect(workout?.exercises.map(\.name) == ["Incline Bench Press (Dumbbell)"], "only the sets are sets")
        #expect(workout?.note?.contains("- Squat&#58; 100kg x 5") == true)
    }

    /// A typo in the person's own log (1,500 kg) or a row of negative numbers
    /// is imported, kept in the exercise's note, and named in a warning: not
    /// a refusal of the whole export, and not dropped in silence.
    @Test func implausibleSetsAreKeptInTheNoteWithAWarningNamingTheRow() throws {
        let export = """
        Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE
        2024-03-04 18:30:00,Legs,1h,Squat,1,100,5,0,0,,,
        2024-03-04 18:30:00,Legs,1h,Squat,2,1500,5,0,0,,,
        2024-03-04 18:30:00,Legs,1h,Squat,3,-100,-5,0,0,,,
        """
        var (table, badRows) = Self.table(export)
        let sessions = TrainingImport.sessions(.strong, table: table, unit: .kg, badRows: &badRows)
        #expect(badRows.items.isEmpty)
        #expect(badRows.warnings.map { "\($0.location.line) \($0.message)" } == [
            "3 weight 1500 kg is over 1000 kg: the set is in the exercise's note, not counted",
            "4 weight -100 is negative: the set is in the exercise's note, not counted",
        ])
        let (workout, messages) = Self.parsed(sessions[0])
        #expect(messages == [])
        #expect(workout?.exercises.first?.sets == [WorkoutSet(weight: Weight(100, .kg), reps: 5)])
        #expect(workout?.note == "- Squat — set 2 1500kg x 5 not counted (weight 1500 kg is over 1000 kg) · set 3 -100kg x -5 not counted (weight -100 is negative)")

        let site = try TestSite(["strong.csv": export])
        let summary = try TrainingImport.run(.strong, file: site.root.appendingPathComponent("strong.csv"), displayPath: "strong.csv",
                                             content: site.content, contentDisplayName: "content", verify: site.verify, io: site.io)
        #expect(summary.added == 1)
        #expect(summary.warnings.map { "\($0.location.path):\($0.location.line)" } == ["strong.csv:3", "strong.csv:4"])
    }

    /// Hevy quotes every field; a quote typed into a note that opens a field
    /// and is closed only on a later row swallowed that row (3 sets became 2).
    @Test func aStrayQuoteDoesNotMergeRows() throws {
        let export = """
        "title","start_time","end_time","description","exercise_title","superset_id","exercise_notes","set_index","set_type","weight_kg","reps","distance_km","duration_seconds","rpe"
        "Push","1 Feb 2025, 10:00","1 Feb 2025, 11:00","","Bench","","","0","normal","60","8","","",""
        "Push","1 Feb 2025, 10:00","1 Feb 2025, 11:00","",Bench,,"paused 2s at the chest,1,normal,60,8,,,
        "Push","1 Feb 2025, 10:00","1 Feb 2025, 11:00","","Bench","","","2","normal","60","6","","",""
        """
        let (table, badRows) = Self.table(export)
        #expect(table.rows.count == 3)
        #expect(badRows.items.isEmpty)
        #expect(badRows.warnings.map { "\($0.location.line):\($0.location.column)" } == ["3:58"], "the stray quote, by row and column")
        let (sessions, _) = Self.sessions(.hevy, export)
        #expect(sessions.count == 1)
        #expect(sessions.first.map { WorkoutText.notation($0.exercises[0].sets) } == "60kg x 8, 8, 6")

        let site = try TestSite()
        try site.write("hevy.csv", export)
        let summary = try TrainingImport.run(.hevy, file: site.root.appendingPathComponent("hevy.csv"), displayPath: "hevy.csv",
                                             content: site.content, contentDisplayName: "content", verify: site.verify, io: site.io)
        #expect(summary.added == 1)
        #expect(summary.alreadyImported.isEmpty)
        #expect(summary.lines.first == "Imported 1 session into content/workouts/2025/2025-02-01-1000.md.")
    }

    @Test func controlCharactersNeverReachAWorkoutFile() throws {
        let (sessions, bad) = Self.sessions(.strong, "Date,Workout Name,Exercise Name,Set Order,Weight,Reps,Notes\n"
                                                   + "2024-03-04 18:30:00,Le\u{0}gs,Squat\u{0},1,100,5,deep\u{0}\u{1B}[31m\n")
        #expect(bad.isEmpty)
        let text = WorkoutText.file(sessions[0], splits: [])
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.contains("title: \"Legs\"") && text.contains("- Squat: 100kg x 5") && text.contains("deep[31m"))
        let (_, badRows) = Self.table("Date,Exercise Name,Reps\n2024-03-04,Squat\u{0},5\n")
        #expect(badRows.warnings.map { "\($0.location.line):\($0.location.column) \($0.message)" } == ["2:17 1 control character (such as NUL) left out of the text"])
    }

    // MARK: Into a content folder

    /// Per exercise, total volume and best Epley e1RM computed straight from
    /// the CSV columns equal what the site's statistics compute after the import.
    @Test(arguments: [("strong", "strong-comma.csv"), ("strong", "strong-semicolon.csv"), ("strong", "strong-units.csv"),
                      ("strong", "strong-2016.csv"), ("hevy", "hevy-kg.csv"), ("hevy", "hevy-lbs.csv"),
                      ("fitnotes", "fitnotes-lbs.csv"), ("fitnotes", "fitnotes-units.csv")])
    func statisticsAfterTheImportMatchTheExport(source: String, sample: String) throws {
        let site = try TestSite(["content/site.yml": "workouts:\n  unit: kg\n"], onDisk: true)
        defer { site.remove() }
        let url = Self.samples.appendingPathComponent(sample)
        let summary = try TrainingImport.run(TrainingImport.Source(rawValue: source)!, file: url, displayPath: sample,
                                             content: site.content, contentDisplayName: "content", verify: site.verify)
        #expect(summary.added > 0)
        let (content, diagnostics) = ContentLoader.load(directory: site.content, displayRoot: "content", kinds: SiteBuilder.contentKinds)
        #expect(!diagnostics.hasErrors)
        let stats = WorkoutStats(sessions: content.workouts, today: LocalDate(iso: "2026-11-23")!, weekStart: .monday)

        let expected = try Self.straightFromCSV(String(contentsOf: url, encoding: .utf8), source: source)
        for (exercise, numbers) in expected {
            let history = stats.history(of: exercise)
            let volume = history?.performances.reduce(0) { $0 + $1.volume } ?? 0
            #expect(abs(volume - numbers.volume) < 0.01, "\(sample): volume of \(exercise)")
            #expect(abs((history?.records.bestOneRepMax?.value ?? 0) - numbers.best) < 0.01, "\(sample): e1RM of \(exercise)")
        }
        // A second import writes nothing.
        let again = try TrainingImport.run(TrainingImport.Source(rawValue: source)!, file: url, displayPath: sample,
                                           content: site.content, contentDisplayName: "content", verify: site.verify)
        #expect(again.added == 0)
        #expect(again.alreadyImported.count == summary.added)
    }

    /// Volume (Σ kg × reps) and best Epley e1RM per exercise, from the columns
    /// themselves: no sessions, no set notation.
    static func straightFromCSV(_ text: String, source: String) throws -> [String: (volume: Double, best: Double)] {
        let (table, _) = table(text)
        var result: [String: (volume: Double, best: Double)] = [:]
        let weightColumns = table.headers.filter { $0.lowercased().hasPrefix("weight") && !$0.lowercased().contains("unit") }
        for row in table.rows {
            let exercise = row.text("Exercise Name", "exercise_title", "Exercise") ?? ""
            if row.text("Set Order") == "Rest Timer" { continue }
            var weight = 0.0
            var pounds = false
            for column in weightColumns {
                if let value = row.text(column).flatMap({ Double($0.replacingOccurrences(of: ",", with: ".")) }) {
                    weight = value
                    pounds = column.lowercased().contains("lb") || row.text("Weight Unit")?.lowercased().hasPrefix("lb") == true
                }
            }
            let kg = pounds ? weight * Weight.kilogramsPerPound : weight
            let reps = Double(row.text("Reps", "reps") ?? "") ?? 0
            var numbers = result[exercise] ?? (0, 0)
            if kg > 0, reps > 0 {
                numbers.volume += kg * reps
                numbers.best = max(numbers.best, reps == 1 ? kg : kg * (1 + reps / 30))
            }
            result[exercise] = numbers
        }
        return result
    }
}
