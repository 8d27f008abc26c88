import DaybookContent
import Foundation

/// Obsidian's inline syntax in a run of text: `[[target|label]]` links,
/// `![[file]]` embeds and `#tags`. Pure: finds the pieces, decides nothing
/// about where they lead.
enum ObsidianText {
    enum Piece: Equatable {
        case text(String)
        /// `[[target#heading|label]]`: the target without its heading, the label as shown.
        case link(target: String, label: String, raw: String)
        /// `![[file]]`; `offset` is where it starts in the text, in UTF-8 bytes.
        case embed(target: String, label: String, offset: Int)
        case tag(String)
    }

    /// False when no text node cmark-gfm makes of `markdown` can hold a link,
    /// embed, tag, field or callout; by bytes, as it runs on every entry.
    /// Each needs `[[`, `#`, `::` or `[!` in a text, which needs them in the
    /// source, or a backslash escape or an entity that makes them: so `[[`,
    /// `[!`, `::`, `\[`, `\#`, `\:`, `\!`, `&` before `#` or a letter, or a `#`
    /// that is not a heading's (one followed by a space, a tab, a line end,
    /// another `#` or nothing).
    static func mayHoldSyntax(_ markdown: String) -> Bool {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            let end = base + bytes.count
            /// Whether some `byte` in the text is followed by a byte `followedBy` accepts (0 at the end).
            func any(_ byte: UInt8, followedBy: (UInt8) -> Bool) -> Bool {
                var from = base
                while from < end, let found = memchr(from, Int32(byte), end - from) {
                    let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    if followedBy(at + 1 < end ? at[1] : 0) { return true }
                    from = at + 1
                }
                return false
            }
            return any(UInt8(ascii: "#")) { ![0, UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "#")].contains($0) }
                || any(UInt8(ascii: "[")) { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "!") }
                || any(UInt8(ascii: ":")) { $0 == UInt8(ascii: ":") }
                || any(UInt8(ascii: "\\")) { [UInt8(ascii: "["), UInt8(ascii: "#"), UInt8(ascii: ":"), UInt8(ascii: "!")].contains($0) }
                || any(UInt8(ascii: "&")) { $0 == UInt8(ascii: "#") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
        }
    }

    static func pieces(_ text: String) -> [Piece]? {
        // Runs on every text node of every entry: a byte check keeps plain text off the scan below.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "#") }) else { return nil }
        var pieces: [Piece] = []
        var plain = ""
        var rest = Substring(text)
        var previous: Character?
        while let first = rest.first {
            if first == "!" || first == "[",
               let (piece, after) = wikilink(rest, offset: text.utf8.distance(from: text.startIndex, to: rest.startIndex)) {
                flush(&plain, into: &pieces)
                pieces.append(piece)
                rest = after
                previous = "]"
                continue
            }
            if first == "#", previous.map({ $0.isWhitespace || "([{,".contains($0) }) ?? true, let (name, after) = tag(rest.dropFirst()) {
                flush(&plain, into: &pieces)
                pieces.append(.tag(name))
                rest = after
                previous = nil
                continue
            }
            plain.append(first)
            previous = first
            rest = rest.dropFirst()
        }
        guard pieces.contains(where: { if case .text = $0 { false } else { true } }) else { return nil }
        flush(&plain, into: &pieces)
        return pieces
    }

    private static func flush(_ plain: inout String, into pieces: inout [Piece]) {
        if !plain.isEmpty { pieces.append(.text(plain)) }
        plain = ""
    }

    private static func wikilink(_ text: Substring, offset: Int) -> (Piece, Substring)? {
        let isEmbed = text.hasPrefix("![[")
        guard isEmbed || text.hasPrefix("[[") else { return nil }
        let inner = text.dropFirst(isEmbed ? 3 : 2)
        guard let close = inner.range(of: "]]") else { return nil }
        let body = inner[..<close.lowerBound]
        guard !body.isEmpty, !body.contains("\n"), !body.contains("[") else { return nil }
        let parts = body.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
        let target = parts[0].split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmed
        guard !target.isEmpty else { return nil }
        let label = parts.count > 1 ? parts[1].trimmed : parts[0].trimmed
        let piece: Piece = isEmbed ? .embed(target: target, label: parts.count > 1 ? label : target, offset: offset)
                                   : .link(target: target, label: label, raw: String(body))
        return (piece, inner[close.upperBound...])
    }

    /// A tag name after `#`: letters, digits, `_`, `-`, `/`, not only digits (as Obsidian reads them).
    private static func tag(_ text: Substring) -> (String, Substring)? {
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "/" }
        guard !name.isEmpty, !name.allSatisfy(\.isNumber), !name.hasPrefix("/") else { return nil }
        return (String(name), text.dropFirst(name.count))
    }

    /// `key:: value` lines (Dataview's inline fields); nil unless every line is one.
    static func fields(_ lines: [String]) -> [(key: String, value: String)]? {
        var fields: [(key: String, value: String)] = []
        // Every paragraph of every entry comes here: stop at the first line that is not a field.
        for line in lines {
            guard line.utf8.contains(UInt8(ascii: ":")), let separator = line.range(of: "::") else { return nil }
            let key = line[..<separator.lowerBound].trimmed
            guard !key.isEmpty, !key.contains("[["), !key.contains("("), key.first != "-" else { return nil }
            fields.append((key, line[separator.upperBound...].trimmed))
        }
        return fields.isEmpty ? nil : fields
    }

    /// `[!kind] Title` (also `[!kind]-` and `[!kind]+`, Obsidian's foldable callouts).
    static func callout(_ line: String) -> (kind: String, title: String?)? {
        guard line.hasPrefix("[!"), let close = line.firstIndex(of: "]") else { return nil }
        let kind = line[line.index(line.startIndex, offsetBy: 2)..<close].lowercased()
        guard !kind.isEmpty, kind.allSatisfy({ $0.isLetter || $0 == "-" }) else { return nil }
        var rest = line[line.index(after: close)...]
        if rest.first == "-" || rest.first == "+" { rest = rest.dropFirst() }
        let title = rest.trimmed
        return (kind, title.isEmpty ? nil : title)
    }
}

private extension StringProtocol {
    var trimmed: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
