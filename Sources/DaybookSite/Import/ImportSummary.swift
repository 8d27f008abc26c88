/// What an import did, or would do with `--dry-run`: printed at its end.
public struct ImportSummary: Sendable {
    /// `word`, `entry`, `session`: what one imported thing is called.
    var noun: String
    var plural: String
    /// Things written (or that would be written).
    var added = 0
    /// Display paths of the files written or updated.
    var files: [String] = []
    /// Names of things the content already has, by the source's id.
    var alreadyImported: [String] = []
    /// One line each: what was merged into what.
    var merged: [String] = []
    /// Notes of what was changed to fit, one line each (meanings joined...).
    var adjusted: [String] = []
    /// Things of the export left out, each at its place in the export and why.
    var leftOut: [Diagnostic] = []
    /// Summary warnings (unknown columns, media not copied), one per kind.
    public var warnings: [Diagnostic] = []
    var dryRun = false

    init(noun: String, plural: String) {
        self.noun = noun
        self.plural = plural
    }

    func count(_ n: Int) -> String { "\(n) \(n == 1 ? noun : plural)" }

    /// The lines printed at the end of an import.
    public var lines: [String] {
        var lines: [String] = []
        let verb = dryRun ? "Would import" : "Imported"
        if added == 0 {
            lines.append("Nothing new to import\(alreadyImported.isEmpty ? "" : ": all \(count(alreadyImported.count)) already imported").")
        } else {
            let target = files.count == 1 ? " into \(files[0])" : files.isEmpty ? "" : " into \(files.count) files"
            lines.append("\(verb) \(count(added))\(target).")
        }
        if added > 0, !alreadyImported.isEmpty {
            lines.append("Skipped \(count(alreadyImported.count)) already imported: \(Self.list(alreadyImported)).")
        }
        if !merged.isEmpty {
            lines.append("Merged \(merged.count) duplicate\(merged.count == 1 ? "" : "s"): \(Self.list(merged)).")
        }
        lines.append(contentsOf: adjusted)
        if !leftOut.isEmpty {
            lines.append("Left out \(leftOut.count):")
            lines.append(contentsOf: leftOut.sorted { $0.location < $1.location }.map {
                "  \($0.location.path):\($0.location.line):\($0.location.column): \($0.message)"
            })
        }
        return lines
    }

    /// The first few items of a long list, then how many more.
    static func list(_ items: [String], limit: Int = 8) -> String {
        let shown = items.prefix(limit).joined(separator: ", ")
        return items.count > limit ? "\(shown) and \(items.count - limit) more" : shown
    }
}

/// The rows of an export that could not be read at all: an error each, unless
/// the user asked with `--skip-bad-rows` to import the rest without them.
public struct BadRows: Sendable {
    /// An error each for the rows that could not be read; a warning each for
    /// rows read with something changed or left aside (an implausible value,
    /// a stray quote), which are imported.
    var diagnostics = Diagnostics()
    public init() {}

    /// The rows that could not be read.
    public var items: [Diagnostic] { diagnostics.errors }
    var warnings: [Diagnostic] { diagnostics.items.filter { $0.severity == .warning } }

    /// With `skip`, the bad rows become left-out items of the summary; without,
    /// they are errors that stop the import.
    func settle(skip: Bool, into diagnostics: inout Diagnostics, summary: inout ImportSummary) {
        summary.warnings += warnings
        guard !items.isEmpty else { return }
        if skip {
            summary.leftOut += items.map { Diagnostic($0.location, "unreadable: \($0.message)", severity: .warning) }
        } else {
            for (index, item) in items.enumerated() {
                diagnostics.append(Diagnostic(item.location, item.message,
                                              hint: index == 0 ? (item.hint.map { $0 + "; or " } ?? "") + "pass --skip-bad-rows to import the other rows" : item.hint))
            }
        }
    }
}
