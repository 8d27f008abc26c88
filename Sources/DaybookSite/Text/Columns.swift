import Foundation

/// Columns in messages count UTF-8 bytes from 1, as clang, swiftc and Go do,
/// whatever the parser counted in: the line is looked up in the file and the
/// parser's column converted. docs/limits.md states the convention.
struct LineStarts: Sendable {
    /// UTF-8 offset where each line starts; line 1 at index 0.
    private let offsets: [Int]

    init(_ text: String) {
        offsets = text.withUTF8Bytes { bytes in
            var offsets = [0]
            guard let base = bytes.baseAddress else { return offsets }
            var offset = 0
            while let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                offsets.append(offset)
            }
            return offsets
        }
    }

    enum Unit { case characters, unicodeScalars }

    /// The UTF-8 column of the `column`-th character (or Unicode scalar, as
    /// libyaml counts) of `line`. Past the end of the line, each further
    /// position counts one byte; an unknown line keeps the column as given.
    func byteColumn(line: Int, column: Int, unit: Unit, in text: String) -> Int {
        guard column > 1, line >= 1, line <= offsets.count else { return column }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: offsets[line - 1])
        let end = line < offsets.count ? utf8.index(utf8.startIndex, offsetBy: offsets[line] - 1) : utf8.endIndex
        let lineText = Substring(text[start..<end])
        var index = lineText.startIndex
        var remaining = column - 1
        switch unit {
        case .characters:
            while remaining > 0, index < lineText.endIndex { index = lineText.index(after: index); remaining -= 1 }
        case .unicodeScalars:
            let scalars = lineText.unicodeScalars
            while remaining > 0, index < scalars.endIndex { index = scalars.index(after: index); remaining -= 1 }
        }
        return lineText.utf8.distance(from: lineText.startIndex, to: index) + remaining + 1
    }
}

extension SourceFile {
    /// A location whose column counts Unicode scalars, as Yams' marks do.
    func location(line: Int, scalarColumn: Int) -> SourceLocation {
        SourceLocation(path: displayPath, line: line,
                       column: lineStarts.byteColumn(line: line, column: scalarColumn, unit: .unicodeScalars, in: text))
    }
}

enum UTF8Check {
    /// Line and UTF-8 column of the first byte that is not UTF-8, nil when all are.
    static func firstInvalidByte(in bytes: some Sequence<UInt8>) -> (line: Int, column: Int)? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var line = 1, column = 1
        while true {
            switch parser.parseScalar(from: &iterator) {
            case let .valid(encoded):
                if encoded.count == 1, encoded.first == UInt8(ascii: "\n") {
                    line += 1
                    column = 1
                } else {
                    column += encoded.count
                }
            case .error:
                return (line, column)
            case .emptyInput:
                return nil
            }
        }
    }
}
