import Foundation

/// A field of a CSV record and where it starts.
struct CSVField {
    var text: String
    let line: Int
    let column: Int
}

/// CSV records as Anki's reader (the Rust `csv` crate) splits them: quotes
/// only where a field starts, `""` for a quote inside, `#` lines are comments
/// (for Anki), blank lines skipped, records of any length.
///
/// Our own rather than SwiftCSV or CSV.swift: both were tried on real export
/// shapes; CSV.swift keeps a byte-order mark in the first header, and neither
/// says on which line a record starts, which every message about a row needs.
struct CSVReader {
    let chars: [Character]
    let separator: Character
    let firstLine: Int
    var comments = true

    /// A record with a quoted field that is never closed is a bad row, left out.
    func records(file: SourceFile, badRows: inout BadRows) -> [[CSVField]] {
        var records: [[CSVField]] = []
        var record: [CSVField] = []
        var index = 0
        var line = firstLine
        var column = 1
        var bad = false

        func advance() {
            if chars[index] == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }

        while index < chars.count {
            if record.isEmpty, (comments && chars[index] == "#") || chars[index] == "\n" {
                while index < chars.count, chars[index] != "\n" { advance() }
                if index < chars.count { advance() }
                continue
            }
            var field = CSVField(text: "", line: line, column: column)
            if chars[index] == "\"" {
                advance()
                var closed = false
                while index < chars.count {
                    if chars[index] == "\"" {
                        if index + 1 < chars.count, chars[index + 1] == "\"" {
                            field.text.append("\"")
                            advance()
                            advance()
                            continue
                        }
                        advance()
                        closed = true
                        break
                    }
                    field.text.append(chars[index])
                    advance()
                }
                if !closed {
                    bad = true
                    badRows.add(file.location(line: field.line, column: field.column), "quoted field is never closed",
                                hint: "end it with '\"'; write a quote inside it as '\"\"'")
                }
            }
            while index < chars.count, chars[index] != separator, chars[index] != "\n" {
                field.text.append(chars[index])
                advance()
            }
            record.append(field)
            if index < chars.count, chars[index] == separator {
                advance()
                if index == chars.count { record.append(CSVField(text: "", line: line, column: column)) }
                continue
            }
            if index < chars.count { advance() }
            if !bad { records.append(record) }
            record = []
            bad = false
        }
        if !record.isEmpty, !bad { records.append(record) }
        return records
    }
}


/// A CSV export with a header row: Strong's, Hevy's, FitNotes'. Columns are
/// found by name, whatever their order; the separator is the one of `,`, `;`
/// and tab that the header line has most of.
struct CSVTable {
    struct Row {
        let fields: [CSVField]
        let table: CSVTable
        /// Line where the row starts.
        var line: Int { fields.first?.line ?? 1 }

        /// The trimmed text of the first of `names` the table has; nil when empty.
        func text(_ names: String...) -> String? {
            for name in names {
                if let index = table.index[CSVTable.key(name)], index < fields.count {
                    let value = fields[index].text.trimmingCharacters(in: .whitespacesAndNewlines)
                    return value.isEmpty ? nil : value
                }
            }
            return nil
        }

        func location(_ name: String) -> SourceLocation {
            let field = table.index[CSVTable.key(name)].flatMap { $0 < fields.count ? fields[$0] : nil } ?? fields.first
            return table.file.location(line: field?.line ?? line, column: field?.column ?? 1)
        }

        /// A number as the export writes it: `80`, `80.5`, `8,5` in a `;` file;
        /// nil when empty, an error (bad row) when not a number or past 10⁹.
        func number(_ name: String, badRows: inout BadRows) -> Double? {
            guard let text = text(name) else { return nil }
            let normalized = table.separator == ";" || !text.contains(".") ? text.replacingOccurrences(of: ",", with: ".") : text
            guard let value = Double(normalized), value.isFinite else {
                badRows.add(location(name), "\(name) '\(text)' is not a number")
                return nil
            }
            // Reps and seconds become whole numbers; no real set comes near.
            guard value.magnitude <= 1e9 else {
                badRows.add(location(name), "\(name) '\(text)' is out of range (at most 1,000,000,000)")
                return nil
            }
            return value
        }
    }

    let file: SourceFile
    let separator: Character
    let headers: [String]
    let rows: [Row]
    private var index: [String: Int] = [:]

    init(_ file: SourceFile, badRows: inout BadRows) {
        self.file = file
        var text = Substring(file.text)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        let firstLine = text.prefix { $0 != "\n" }
        separator = [",", ";", "\t"].max { a, b in firstLine.filter { $0 == a }.count < firstLine.filter { $0 == b }.count } ?? ","
        var reader = CSVReader(chars: Array(text), separator: separator, firstLine: 1)
        reader.comments = false
        let records = reader.records(file: file, badRows: &badRows)
        headers = records.first?.map { $0.text.trimmingCharacters(in: .whitespaces) } ?? []
        for (position, header) in headers.enumerated() where index[Self.key(header)] == nil { index[Self.key(header)] = position }
        var rows: [Row] = []
        let placeholder = CSVTable(file: file, separator: separator, headers: headers, index: index)
        for record in records.dropFirst() where !(record.count == 1 && record[0].text.trimmingCharacters(in: .whitespaces).isEmpty) {
            rows.append(Row(fields: record, table: placeholder))
        }
        self.rows = rows
    }

    private init(file: SourceFile, separator: Character, headers: [String], index: [String: Int]) {
        self.file = file
        self.separator = separator
        self.headers = headers
        self.rows = []
        self.index = index
    }

    func has(_ name: String) -> Bool { index[Self.key(name)] != nil }

    /// Headers compare without case and surrounding spaces.
    static func key(_ name: String) -> String { name.trimmingCharacters(in: .whitespaces).lowercased() }

    /// Headers not in `known`, for the one summary warning.
    func unknownHeaders(known: Set<String>) -> [String] {
        headers.filter { !$0.isEmpty && !known.contains(Self.key($0)) }
    }
}
