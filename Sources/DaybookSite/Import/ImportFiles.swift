import Foundation

/// `daybook import strong|hevy|fitnotes` on the files of a content folder:
/// reads the export, leaves out the sessions the content already has (by date
/// and start time), checks every new workout file as the build would read it,
/// and writes them all or none.
public enum TrainingImport {
    public enum Source: String, Sendable, CaseIterable {
        case strong, hevy, fitnotes

        var name: String { ["strong": "Strong", "hevy": "Hevy", "fitnotes": "FitNotes"][rawValue]! }
    }

    /// The sessions of an export (pure: no files).
    static func sessions(_ source: Source, table: CSVTable, unit: SiteConfig.Workouts.Unit, badRows: inout BadRows) -> [ImportedSession] {
        let sessions = switch source {
        case .strong: StrongExport.sessions(table, unit: unit, badRows: &badRows)
        case .hevy: HevyExport.sessions(table, badRows: &badRows)
        case .fitnotes: FitNotesExport.sessions(table, unit: unit, badRows: &badRows)
        }
        // A typo in the person's own log is theirs to see, not a reason to refuse the rest.
        for set in sessions.lazy.flatMap(\.exercises).flatMap(\.sets) {
            if let reason = set.outOfRange {
                badRows.diagnostics.warning(table.file.location(line: set.line), "\(reason): the set is in the exercise's note, not counted",
                                            hint: "correct it in the workout file after the import")
            }
        }
        return sessions
    }

    static func columns(_ source: Source) -> (required: [String], known: Set<String>) {
        switch source {
        case .strong: (StrongExport.required, StrongExport.known)
        case .hevy: (HevyExport.required, HevyExport.known)
        case .fitnotes: (FitNotesExport.required, FitNotesExport.known)
        }
    }

    /// - Parameter unit: for exports without a unit (Strong's comma form); nil means site.yml's `workouts.unit`.
    public static func run(_ source: Source, file: URL, displayPath: String, content: URL, contentDisplayName: String,
                           unit: SiteConfig.Workouts.Unit? = nil, dryRun: Bool = false, skipBadRows: Bool = false,
                           verify: ImportVerification, progress: ImportProgress? = nil, io: FileIO = .disk) throws -> ImportSummary {
        let files = FileWalker(root: content, displayRoot: contentDisplayName, io: io)
        var diagnostics = Diagnostics()
        let config = SiteConfig.parse(files.read("site.yml", into: &diagnostics), into: &diagnostics)
        let export = try ImportSource.text(file, displayPath: displayPath, io: io, progress: progress)

        var badRows = BadRows()
        let table = CSVTable(export, badRows: &badRows)
        let (required, known) = columns(source)
        let missing = required.filter { !table.has($0) }
        if !missing.isEmpty {
            throw ContentErrors([Diagnostic(export.location(line: 1), "not a \(source.name) export: no \(missing.map { "'\($0)'" }.joined(separator: " or ")) column",
                                            hint: "export from \(source.name) as CSV; the first line must be its header")])
        }
        var summary = ImportSummary(noun: "session", plural: "sessions")
        summary.dryRun = dryRun
        let unknown = table.unknownHeaders(known: known).filter { !$0.lowercased().hasPrefix("weight") && !$0.lowercased().hasPrefix("distance") }
        if !unknown.isEmpty {
            diagnostics.warning(export.location(line: 1), "columns left out: \(unknown.joined(separator: ", "))")
        }
        var sessions = sessions(source, table: table, unit: unit ?? config.workouts.unit, badRows: &badRows)
        // Two sessions of the export at one start time (a row whose title a stray quote changed, say) are one
        // workout file's name and one identity: the second is a row that cannot be imported, said at its line.
        var starts: [String: ImportedSession] = [:]
        sessions = sessions.filter { session in
            let label = key(session.date, session.time)
            guard let first = starts[label] else {
                starts[label] = session
                return true
            }
            badRows.diagnostics.error(export.location(line: session.line),
                                      "a second session starting at \(label) (the first is at line \(first.line)); its sets are not imported",
                                      hint: "a session is known by its start time; check this row's title and date against line \(first.line)")
            return false
        }
        badRows.settle(skip: skipBadRows, into: &diagnostics, summary: &summary)
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }

        var existing = Set<String>()
        var workoutDiagnostics = Diagnostics()
        let existingFiles = files.markdown(under: "workouts", into: &workoutDiagnostics)
        for file in existingFiles {
            if let session = WorkoutParser.parse(file, settings: config.workouts, into: &workoutDiagnostics) {
                existing.insert(key(session.date, session.time))
            }
        }
        var paths = Set(existingFiles.map(\.relativePath))
        var written: [ImportedFile] = []
        var rows: [String: Int] = [:]
        var counter = ImportCounter(progress, "Importing % sessions", total: sessions.count)
        for session in sessions {
            counter.count()
            let label = key(session.date, session.time)
            if existing.contains(label) {
                summary.alreadyImported.append(label)
                continue
            }
            existing.insert(label)
            let path = ImportSource.freePath(WorkoutText.path(session), taken: paths)
            paths.insert(path)
            rows[files.display(path)] = session.line
            written.append(ImportedFile(path, .text(WorkoutText.file(session, splits: config.workouts.split))))
        }
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }
        summary.warnings += diagnostics.items.filter { $0.severity == .warning }
        summary.added = written.count
        summary.files = written.count == 1 ? [files.display(written[0].relativePath)] : written.map { files.display($0.relativePath) }
        do {
            try ImportWriter.finish(written, content: content, displayRoot: contentDisplayName, dryRun: dryRun, verify: verify,
                                    progress: progress, io: io)
        } catch let errors as ContentErrors {
            // The check reads the new files as the build does (once: a 50 MB note is not parsed twice),
            // so an import never writes what the parser refuses; an error in one is told at its row.
            throw ContentErrors(errors.diagnostics.map { error in
                guard let row = rows[error.location.path] else { return error }
                return Diagnostic(export.location(line: row), "the session would be written as a workout Daybook cannot read: \(error.message)",
                                  hint: "this is a mistake of Daybook's importer; please report it with this row")
            })
        }
        return summary
    }

    /// `2024-09-12 21:46`, or the date alone.
    static func key(_ date: LocalDate, _ time: LocalTime?) -> String {
        date.iso + (time.map { " " + $0.text } ?? "")
    }
}

/// Reading an export file and naming new files, for every importer.
enum ImportSource {
    /// The export as text: UTF-8, a byte-order mark and CRLF line ends removed.
    /// `progress` is told first: reading a big export is the first long wait.
    static func text(_ url: URL, displayPath: String, io: FileIO, progress: ImportProgress? = nil) throws -> SourceFile {
        progress?("Reading \(displayPath)")
        guard let data = try? io.read(url.path) else {
            throw ContentErrors([Diagnostic(SourceLocation(path: displayPath), "cannot read the export")])
        }
        return try text(data, displayPath: displayPath, relativePath: url.lastPathComponent)
    }

    static func text(_ data: Data, displayPath: String, relativePath: String) throws -> SourceFile {
        guard var text = String(data: data, encoding: .utf8) else {
            throw ContentErrors([Diagnostic(SourceLocation(path: displayPath), "the export is not UTF-8 text")])
        }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        if text.containsByte(UInt8(ascii: "\r")) { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        return SourceFile(displayPath: displayPath, relativePath: relativePath, text: text)
    }

    /// The `entries` list of an app's JSON export (Day One, jrnl).
    static func jsonEntries(_ file: SourceFile, of app: String, hint: String) throws -> [[String: Any]] {
        guard let data = file.text.data(using: .utf8),
              let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let list = root["entries"] as? [[String: Any]] else {
            throw ContentErrors([Diagnostic(file.location(line: 1), "not a \(app) JSON export: no \"entries\" list", hint: hint)])
        }
        return list
    }

    /// The summary a diary import starts from: its bad rows settled (errors
    /// that stop it, unless skipped) and its unknown fields in one warning.
    static func diarySummary(dryRun: Bool, badRows: BadRows, skip: Bool, unknownFields: Set<String>, at location: SourceLocation) throws -> ImportSummary {
        var diagnostics = Diagnostics()
        var summary = ImportSummary(noun: "entry", plural: "entries")
        summary.dryRun = dryRun
        badRows.settle(skip: skip, into: &diagnostics, summary: &summary)
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }
        if !unknownFields.isEmpty {
            summary.warnings.append(Diagnostic(location, "fields left out: \(unknownFields.sorted().joined(separator: ", "))", severity: .warning))
        }
        return summary
    }

    /// `path`, or `name-2.md`, `name-3.md`… when it is taken.
    static func freePath(_ path: String, taken: Set<String>) -> String {
        guard taken.contains(path) else { return path }
        let base = path.dropLast(3)
        var number = 2
        while taken.contains("\(base)-\(number).md") { number += 1 }
        return "\(base)-\(number).md"
    }
}
