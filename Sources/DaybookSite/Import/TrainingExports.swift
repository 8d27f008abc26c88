/// Strong's CSV export, in the four shapes it has had:
/// - comma-separated, no unit (`Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE`):
///   the unit is `--unit`, else site.yml's `workouts.unit`;
/// - the older `;` form with `Weight Unit` and `Distance Unit` columns;
/// - the 2016 form with the unit in the headers (`Weight (kg)`, `Distance (km)`), set order from 0;
/// - the newer fully quoted `;` form with `Workout #` and `Duration (sec)`, `Weight (kg)`/`Weight (lbs)`, `Distance (meters)`.
/// `Set Order` is a number, or `W` (warm-up), `D` (drop set), `F` (failure);
/// `Rest Timer` rows are not sets.
enum StrongExport {
    static let required = ["date", "exercise name"]
    static let known: Set<String> = ["workout #", "date", "workout name", "duration", "duration (sec)", "exercise name", "set order",
                                     "weight unit", "reps", "rpe", "distance unit", "seconds", "notes", "workout notes"]

    static func sessions(_ table: CSVTable, unit defaultUnit: SiteConfig.Workouts.Unit, badRows: inout BadRows) -> [ImportedSession] {
        let weightHeader = table.headers.first { $0.lowercased().hasPrefix("weight") && !$0.lowercased().contains("unit") }
        let distanceHeader = table.headers.first { $0.lowercased().hasPrefix("distance") && !$0.lowercased().contains("unit") }
        let durationInSeconds = table.has("duration (sec)")
        var collector = SessionCollector()
        for row in table.rows {
            let order = row.text("Set Order") ?? ""
            if order.lowercased().contains("rest") { continue }
            guard let (dateText, date, time, exercise) = row.when("Date", exercise: "Exercise Name", example: "2024-03-04 18:30:00",
                                                                  badRows: &badRows) else { continue }
            let name = row.text("Workout Name")
            let unit = row.text("Weight Unit").flatMap(ExportUnit.weight) ?? weightHeader.flatMap(ExportUnit.weight) ?? defaultUnit
            var set = ImportedSet(unit: unit, line: row.line)
            set.weight = weightHeader.flatMap { row.number($0, badRows: &badRows) }
            set.reps = row.number("Reps", badRows: &badRows).map { Int($0.rounded()) }
            set.seconds = row.number("Seconds", badRows: &badRows).map { Int($0.rounded()) }
            set.rpe = row.number("RPE", badRows: &badRows).flatMap { $0 > 0 ? $0 : nil }
            if let header = distanceHeader, let distance = row.number(header, badRows: &badRows), distance > 0 {
                let unitName = row.text("Distance Unit") ?? ExportUnit.distance(inHeader: header) ?? (defaultUnit == .kg ? "km" : "mi")
                set.distance = "\(WorkoutText.number(distance)) \(unitName)"
            }
            switch order.uppercased() {
            case "W": set.kind = .warmUp
            case "D": set.kind = .drop
            case "F": set.kind = .failure
            default: break
            }
            let durationText = row.text(durationInSeconds ? "Duration (sec)" : "Duration")
            let key = row.text("Workout #").map { "#" + $0 } ?? "\(dateText)|\(name ?? "")"
            collector.add(set, exercise: exercise, note: row.text("Notes"), sessionNote: row.text("Workout Notes"), session: key) {
                ImportedSession(date: date, time: time, name: name,
                                durationMinutes: durationText.flatMap { ExportDuration.minutes($0, seconds: durationInSeconds) }, line: row.line)
            }
        }
        return collector.sessions
    }
}

/// Hevy's CSV export (`title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,
/// weight_kg,reps,distance_km,duration_seconds,rpe`), headers quoted or not; `weight_lbs` and `distance_miles` instead of
/// (or beside) `weight_kg` and `distance_km`; dates like `12 Sep 2024, 21:46`; `set_type` normal, warmup, dropset or failure.
enum HevyExport {
    static let required = ["start_time", "exercise_title"]
    static let known: Set<String> = ["title", "start_time", "end_time", "description", "exercise_title", "superset_id", "exercise_notes",
                                     "set_index", "set_type", "weight_kg", "weight_lbs", "reps", "distance_km", "distance_miles",
                                     "duration_seconds", "rpe"]

    static func sessions(_ table: CSVTable, badRows: inout BadRows) -> [ImportedSession] {
        var collector = SessionCollector()
        for row in table.rows {
            guard let (startText, date, time, exercise) = row.when("start_time", exercise: "exercise_title", example: "12 Sep 2024, 21:46",
                                                                   badRows: &badRows) else { continue }
            var set = ImportedSet(line: row.line)
            if let kg = row.number("weight_kg", badRows: &badRows) {
                set.weight = kg
            } else if let lb = row.number("weight_lbs", badRows: &badRows) {
                set.weight = lb
                set.unit = .lb
            }
            set.reps = row.number("reps", badRows: &badRows).map { Int($0.rounded()) }
            set.seconds = row.number("duration_seconds", badRows: &badRows).map { Int($0.rounded()) }
            set.rpe = row.number("rpe", badRows: &badRows)
            if let km = row.number("distance_km", badRows: &badRows), km > 0 {
                set.distance = "\(WorkoutText.number(km)) km"
            } else if let miles = row.number("distance_miles", badRows: &badRows), miles > 0 {
                set.distance = "\(WorkoutText.number(miles)) mi"
            }
            switch row.text("set_type")?.lowercased() {
            case "warmup": set.kind = .warmUp
            case "dropset": set.kind = .drop
            case "failure": set.kind = .failure
            default: break
            }
            let title = row.text("title")
            collector.add(set, exercise: exercise, note: row.text("exercise_notes"), sessionNote: row.text("description"),
                          session: "\(startText)|\(title ?? "")") {
                var minutes: Int?
                if let end = row.text("end_time").flatMap(ExportDate.parse), let start = time, let stop = end.1 {
                    let total = start.minutes(on: date, until: stop, on: end.0)
                    minutes = (1...1440).contains(total) ? total : nil
                }
                return ImportedSession(date: date, time: time, name: title, durationMinutes: minutes, line: row.line)
            }
        }
        return collector.sessions
    }
}

/// FitNotes' CSV export: `Date,Exercise,Category,Weight (kgs),Reps,Distance,Distance Unit,Time` (or `Weight (lbs)`), and the
/// newer `Date,Exercise,Category,Weight,Weight Unit,Reps,Distance,Distance Unit,Time,Comment` with `kgs`/`lbs` per row.
/// FitNotes has no workout times or names: one session per day.
enum FitNotesExport {
    static let required = ["date", "exercise"]
    static let known: Set<String> = ["date", "exercise", "category", "weight unit", "reps", "distance", "distance unit", "time", "comment"]

    static func sessions(_ table: CSVTable, unit defaultUnit: SiteConfig.Workouts.Unit, badRows: inout BadRows) -> [ImportedSession] {
        let weightHeader = table.headers.first { $0.lowercased().hasPrefix("weight") && !$0.lowercased().contains("unit") }
        var collector = SessionCollector()
        for row in table.rows {
            guard let (_, date, _, exercise) = row.when("Date", exercise: "Exercise", example: "2024-09-12", badRows: &badRows) else { continue }
            let unit = row.text("Weight Unit").flatMap(ExportUnit.weight) ?? weightHeader.flatMap(ExportUnit.weight) ?? defaultUnit
            var set = ImportedSet(unit: unit, line: row.line)
            set.weight = weightHeader.flatMap { row.number($0, badRows: &badRows) }
            set.reps = row.number("Reps", badRows: &badRows).map { Int($0.rounded()) }
            if let time = row.text("Time") {
                if let seconds = ExportDuration.clockSeconds(time) {
                    set.seconds = seconds
                } else {
                    badRows.diagnostics.error(row.location("Time"), "time '\(time)' is not like 0:01:30")
                }
            }
            if let distance = row.number("Distance", badRows: &badRows), distance > 0 {
                set.distance = "\(WorkoutText.number(distance)) \(row.text("Distance Unit") ?? (defaultUnit == .kg ? "km" : "mi"))"
            }
            collector.add(set, exercise: exercise, note: row.text("Comment"), session: date.iso) { ImportedSession(date: date, line: row.line) }
        }
        return collector.sessions
    }
}

/// Dates as the training apps write them: `2024-03-04 18:30:00`, `2024-03-04 18:30`,
/// `2024-03-04T18:30:00`, `2024-03-04`, `12 Sep 2024, 21:46`.
enum ExportDate {
    static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func parse(_ text: String) -> (LocalDate, LocalTime?)? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = LocalDate(iso: trimmed.prefix(10)) {
            let rest = trimmed.dropFirst(10).drop { $0 == " " || $0 == "T" }
            if rest.isEmpty { return (date, nil) }
            guard let time = LocalTime(text: rest.prefix(5)) else { return nil }
            return (date, time)
        }
        // `12 Sep 2024, 21:46`
        let parts = trimmed.replacingOccurrences(of: ",", with: " ").split(separator: " ")
        guard parts.count >= 3, let day = Int(parts[0]), let month = months.firstIndex(of: parts[1].prefix(3).lowercased()),
              let year = Int(parts[2]), let date = LocalDate(year: year, month: month + 1, day: day) else { return nil }
        if parts.count == 3 { return (date, nil) }
        guard let time = LocalTime(text: parts[3].prefix(5)) else { return nil }
        return (date, time)
    }
}

enum ExportUnit {
    /// `kg`, `kgs`, `Weight (kg)` → kg; `lbs`, `Weight (lbs)` → lb.
    static func weight(_ text: String) -> SiteConfig.Workouts.Unit? {
        let lower = text.lowercased()
        if lower.contains("lb") { return .lb }
        if lower.contains("kg") { return .kg }
        return nil
    }

    /// `Distance (km)` → `km`, `Distance (meters)` → `m`, `Distance (mi)` → `mi`.
    static func distance(inHeader header: String) -> String? {
        guard let open = header.firstIndex(of: "("), let close = header.lastIndex(of: ")"), open < close else { return nil }
        let unit = header[header.index(after: open)..<close].lowercased()
        return ["meters": "m", "metres": "m", "miles": "mi", "kilometers": "km"][unit] ?? unit
    }
}

enum ExportDuration {
    /// Whole minutes of `1h 3m`, `31m`, `35min`, `45s`, or a count of seconds; nil below a minute.
    static func minutes(_ text: String, seconds: Bool) -> Int? {
        // Past 10⁹ seconds (31 years) it is not a workout, and `Int(_:)` would trap.
        if seconds { return Double(text).flatMap { $0 >= 60 && $0 <= 1e9 ? Int(($0 / 60).rounded()) : nil } }
        var compact = text.filter { $0 != " " }.lowercased()
        if let end = compact.lastIndex(where: { $0.isLetter }), compact[end] == "s", !compact.hasSuffix("hs") {
            // A trailing seconds part rounds into the minutes.
            let head = compact[..<end].reversed().drop { $0.isASCIIDigit }
            compact = String(head.reversed())
            if compact.isEmpty { return nil }
        }
        return WorkoutParser.durationMinutes(compact)
    }

    /// `0:01:30`, `1:30` → seconds.
    static func clockSeconds(_ text: String) -> Int? {
        let parts = text.split(separator: ":").map { Int($0) }
        // Bounded parts, so that the sum cannot overflow.
        guard !parts.isEmpty, parts.count <= 3, parts.allSatisfy({ $0.map { 0..<1_000_000 ~= $0 } ?? false }) else { return nil }
        return parts.reduce(0) { $0 * 60 + $1! }
    }
}

extension CSVTable.Row {
    /// The date, time and exercise every row of a training export has; nil
    /// (a bad row) when one is missing or not a date.
    func when(_ dateColumn: String, exercise exerciseColumn: String, example: String,
              badRows: inout BadRows) -> (String, LocalDate, LocalTime?, String)? {
        guard let text = text(dateColumn), let (date, time) = ExportDate.parse(text) else {
            badRows.diagnostics.error(location(dateColumn), "'\(text(dateColumn) ?? "")' is not a date", hint: "the export writes dates like \(example)")
            return nil
        }
        guard let exercise = self.text(exerciseColumn) else {
            badRows.diagnostics.error(location(exerciseColumn), "the row has no \(exerciseColumn)")
            return nil
        }
        return (text, date, time, exercise)
    }
}

extension LocalTime {
    /// Minutes from this time on `date` to `end` on `endDate`.
    func minutes(on date: LocalDate, until end: LocalTime, on endDate: LocalDate) -> Int {
        date.days(until: endDate) * 1440 + end.minutes - minutes
    }
}
