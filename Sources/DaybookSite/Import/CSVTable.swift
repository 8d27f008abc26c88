import Foundation

/// A field of a CSV record and where it starts.
struct CSVField {
    var text: String
    let line: Int
    /// In UTF-8 bytes from 1, as every message counts.
    let column: Int

    func location(in file: SourceFile) -> SourceLocation {
        SourceLocation(path: file.displayPath, line: line, column: column)
    }
}

/// CSV records as Anki's reader (the Rust `csv` crate) splits them: quotes
/// only where a field starts, `""` for a quote inside, `#` lines are comments
/// (for Anki), blank lines skipped, records of any length.
///
/// Our own rather than SwiftCSV or CSV.swift: both were tried on real export
/// shapes; CSV.swift keeps a byte-order mark in the first header, and neither
/// says on which line a record starts, which every message about a row needs.
///
/// It reads UTF-8 bytes, once each, so that a 50 MB line takes a fraction of
/// a second; the separators, quotes and line ends it looks for are ASCII, or
/// the one character Anki's header names.
struct CSVReader {
    let bytes: [UInt8]
    let separator: [UInt8]
    let firstLine: Int
    var comments = true

    init(text: some StringProtocol, separator: Character, firstLine: Int) {
        bytes = Array(text.utf8)
        self.separator = Array(String(separator).utf8)
        self.firstLine = firstLine
    }

    /// A record with a quoted field that is never closed is a bad row, left out.
    /// A quote that opens a field but is not its end (`"hold 2s,…` with the
    /// next quote on a later line) is a stray: the field is read from its
    /// start as unquoted text, as the row looks, with a warning, instead of
    /// swallowing the rows that follow. Control characters (NUL…) other than
    /// tab and line end are left out, with one warning.
    func records(file: SourceFile, badRows: inout BadRows) -> [[CSVField]] {
        let quote = UInt8(ascii: "\""), newline = UInt8(ascii: "\n"), hash = UInt8(ascii: "#")
        var records: [[CSVField]] = []
        var record: [CSVField] = []
        var index = 0
        var line = firstLine
        var column = 1
        var bad = false
        var text: [UInt8] = []
        var controls = 0
        var firstControl: SourceLocation?

        func advance() {
            let byte = bytes[index]
            if byte == newline {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index += 1
        }
        func isSeparator(_ at: Int) -> Bool {
            guard bytes[at] == separator[0] else { return false }
            if separator.count == 1 { return true }
            return at + separator.count <= bytes.count && bytes[at..<at + separator.count].elementsEqual(separator)
        }
        func skipSeparator() { for _ in separator { advance() } }
        func keep(_ byte: UInt8) {
            if byte < 0x20, byte != newline, byte != UInt8(ascii: "\t") {
                controls += 1
                if firstControl == nil { firstControl = SourceLocation(path: file.displayPath, line: line, column: column) }
                return
            }
            text.append(byte)
        }
        /// The rest of an unquoted field, up to a separator or the line's end.
        func unquoted() {
            while index < bytes.count, bytes[index] != newline, !isSeparator(index) {
                keep(bytes[index])
                advance()
            }
        }

        while index < bytes.count {
            if record.isEmpty, (comments && bytes[index] == hash) || bytes[index] == newline {
                while index < bytes.count, bytes[index] != newline { advance() }
                if index < bytes.count { advance() }
                continue
            }
            let start = (index: index, line: line, column: column)
            text.removeAll(keepingCapacity: true)
            if bytes[index] == quote {
                advance()
                var closed = false
                while index < bytes.count {
                    if bytes[index] == quote {
                        if index + 1 < bytes.count, bytes[index + 1] == quote {
                            text.append(quote)
                            advance()
                            advance()
                            continue
                        }
                        advance()
                        closed = true
                        break
                    }
                    keep(bytes[index])
                    advance()
                }
                // Across a line end, a close followed by more text, or no close
                // with rows after it, means the opening quote was a stray.
                var stray = false
                if let end = text.firstIndex(of: newline) {
                    stray = closed ? !(index == bytes.count || bytes[index] == newline || isSeparator(index))
                        : text[(end + 1)...].contains { $0 != newline && $0 != UInt8(ascii: " ") }
                }
                if stray {
                    badRows.diagnostics.warning(SourceLocation(path: file.displayPath, line: start.line, column: start.column),
                                                "a stray '\"' starts this field; it is read as a quote character, up to the field's end on this line",
                                                hint: "a field with a quote inside is quoted, and the quote doubled: \"say \"\"hi\"\"\"")
                    (index, line, column) = (start.index, start.line, start.column)
                    text.removeAll(keepingCapacity: true)
                } else if !closed {
                    bad = true
                    badRows.diagnostics.error(SourceLocation(path: file.displayPath, line: start.line, column: start.column),
                                              "quoted field is never closed", hint: "end it with '\"'; write a quote inside it as '\"\"'")
                }
            }
            unquoted()
            record.append(CSVField(text: String(decoding: text, as: UTF8.self), line: start.line, column: start.column))
            if index < bytes.count, isSeparator(index) {
                skipSeparator()
                if index == bytes.count { record.append(CSVField(text: "", line: line, column: column)) }
                continue
            }
            if index < bytes.count { advance() }
            if !bad { records.append(record) }
            record = []
            bad = false
        }
        if !record.isEmpty, !bad { records.append(record) }
        if let firstControl {
            badRows.diagnostics.warning(firstControl, "\(controls) control character\(controls == 1 ? "" : "s") (such as NUL) left out of the text",
                                        hint: "they are not text; the export has them by mistake")
        }
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
                    let value = fields[index].text.trimmedWhitespace
                    return value.isEmpty ? nil : value
                }
            }
            return nil
        }

        func location(_ name: String) -> SourceLocation {
            let field = table.index[CSVTable.key(name)].flatMap { $0 < fields.count ? fields[$0] : nil } ?? fields.first
            return field?.location(in: table.file) ?? table.file.location(line: line)
        }

        /// A number as the export writes it: `80`, `80.5`, `8,5` in a `;` file;
        /// nil when empty, an error (bad row) when not a number or past 10⁹.
        func number(_ name: String, badRows: inout BadRows) -> Double? {
            guard let text = text(name) else { return nil }
            let normalized = table.separator == ";" || !text.contains(".") ? text.replacingOccurrences(of: ",", with: ".") : text
            guard let value = Double(normalized), value.isFinite else {
                badRows.diagnostics.error(location(name), "\(name) '\(text)' is not a number")
                return nil
            }
            // Reps and seconds become whole numbers; no real set comes near.
            guard value.magnitude <= 1e9 else {
                badRows.diagnostics.error(location(name), "\(name) '\(text)' is out of range (at most 1,000,000,000)")
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
        let firstLine = text.utf8.prefix { $0 != UInt8(ascii: "\n") }
        let count = { (c: Character) in firstLine.reduce(0) { $0 + ($1 == c.asciiValue! ? 1 : 0) } }
        separator = [",", ";", "\t"].max { count($0) < count($1) } ?? ","
        var reader = CSVReader(text: text, separator: separator, firstLine: 1)
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
