import Foundation

/// Reads a diary entry's front matter and body into a `DiaryEntry`.
public enum DiaryParser {
    static let keys = ["title", "date", "weather", "tags", "mood", "private", "draft", "cover"] + FrontMatterKeys.synonyms

    public static func parse(_ file: SourceFile, into diagnostics: inout Diagnostics) -> DiaryEntry? {
        let errorsBefore = diagnostics.errors.count
        guard let (document, fields) = FrontMatterDocument.read(file, known: keys, keepingOthers: true, into: &diagnostics) else { return nil }
        let when = EntryDate.read(fields?.dateValue, file: file, what: "diary entry", into: &diagnostics)

        let weather = fields?["weather"].flatMap { Weather.parse($0, into: &diagnostics) }
        let tags = fields?.tags(into: &diagnostics) ?? []
        let mood = fields?["mood"]?.string("mood", into: &diagnostics)
        let audience = fields?.audience(drafts: true, into: &diagnostics) ?? Audience()
        let lastModified = fields?.lastModified(into: &diagnostics)
        let aliases = fields?.aliases(into: &diagnostics) ?? (redirects: [], names: [])
        let cover = fields?["cover"]?.string("cover", into: &diagnostics)

        guard let when, diagnostics.errors.count == errorsBefore else { return nil }
        let (title, body, dropped) = titleAndBody(fields?["title"]?.string("title", into: &diagnostics), ObsidianText.withLoneBreaksBlank(ObsidianText.withoutComments(document.body)), fallback: when.date.iso)
        return DiaryEntry(source: file, title: title, date: when.date, time: when.time, utcOffsetMinutes: when.utcOffsetMinutes,
                          weather: weather, tags: tags, mood: mood, isPrivate: audience.isPrivate, isDraft: audience.isDraft,
                          body: body, bodyFirstLine: document.bodyFirstLine + dropped,
                          frontMatter: EntryFrontMatter(lastModified: lastModified, aliases: aliases.redirects, names: aliases.names, params: fields?.paramValues ?? []),
                          cover: cover, coverLocation: fields?["cover"]?.location)
    }

    /// The title (front matter, else the body's first `#` heading, else the
    /// fallback) and the body to render. A `#` heading that opens the body and
    /// says the title is dropped from it, since the page shows the title already;
    /// `dropped` counts the lines that went, so that lines are still told as the file has them.
    static func titleAndBody(_ given: String?, _ body: String, fallback: @autoclosure () -> String) -> (title: String, body: String, dropped: Int) {
        // Most bodies open with a line of words: one that is not blank and no heading.
        if opensWithWords(body) { return (given ?? firstHeading(in: body) ?? fallback(), body, 0) }
        // Only the first non-blank line matters; find it without splitting the whole body.
        var lines = LineCursor(Substring(body))
        var read = 0
        while let line = lines.next() {
            read += 1
            guard !isBlank(line) else { continue }
            guard let heading = heading(line) else { break }
            let title = given ?? heading
            guard title == heading else { return (title, body, 0) }
            return (title, String(lines.text[lines.position...]), read)
        }
        return (given ?? firstHeading(in: body) ?? fallback(), body, 0)
    }

    /// The text of the body's first `# ` heading (ATX level 1), outside code fences.
    static func firstHeading(in body: String) -> String? {
        var inFence = false
        var found: String?
        forEachMarkedLine(of: body) { line in
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                inFence.toggle()
                return true
            }
            found = inFence ? nil : heading(line)
            return found == nil
        }
        return found
    }

    /// Whether the first byte after the white space that opens `text` is
    /// ASCII other than `#`, or starts a Hangul syllable: its line is then
    /// not blank and not a heading. Neither joins the white space before it
    /// into one Character, as a combining mark would.
    private static func opensWithWords(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let start = utf8.firstIndex(where: { $0 != 0x20 && !(0x09...0x0D).contains($0) }) else { return false }
        let lead = utf8[start]
        if lead < 0x80 { return lead != UInt8(ascii: "#") }
        let bytes = utf8[start...].prefix(3)
        guard bytes.count == 3, (0xEA...0xED).contains(lead) else { return false }
        let scalar = UInt32(lead & 0x0F) << 12 | UInt32(bytes[bytes.index(after: start)] & 0x3F) << 6 | UInt32(bytes.last! & 0x3F)
        return (0xAC00...0xD7A3).contains(scalar)
    }

    /// Calls `body` with each line of `text` (as `LineCursor` splits it)
    /// that `isMarked`, until it returns false. The other lines, nearly
    /// all, are passed over by a byte search for their end.
    private static func forEachMarkedLine(of text: String, _ body: (Substring) -> Bool) {
        // `withUTF8` needs a variable; the copy shares `text`'s bytes, so offsets are the same in both.
        var copy = text
        copy.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            let count = bytes.count
            var start = 0
            while start < count {
                // The line ends at a line feed that does not end a "\r\n" (one Character).
                var end = start
                while let feed = memchr(base + end, 0x0A, count - end) {
                    end = base.distance(to: feed.assumingMemoryBound(to: UInt8.self))
                    if end == start || base[end - 1] != 0x0D { break }
                    end += 1
                }
                if end < start || end >= count || base[end] != 0x0A { end = count }
                var first = start
                while first < end, base[first] == UInt8(ascii: " ") { first += 1 }
                if first < end, base[first] == UInt8(ascii: "#") || base[first] == UInt8(ascii: "`") || base[first] == UInt8(ascii: "~") {
                    let utf8 = text.utf8
                    let line = text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
                    guard body(line) else { return }
                }
                start = end + 1
            }
        }
    }

    /// The text of a line that is an ATX level 1 heading.
    private static func heading(_ line: Substring) -> String? {
        guard isMarked(line) else { return nil }
        let trimmed = line.drop { $0 == " " }
        guard line.count - trimmed.count < 4, trimmed.hasPrefix("# ") || trimmed == "#" else { return nil }
        var text = trimmed.dropFirst(1).trimmingTrailingSpaces()
        // Optional closing sequence of #s.
        while text.last == "#" { text = text.dropLast() }
        let heading = String(text).trimmingCharacters(in: " ")
        return heading.isEmpty ? nil : heading
    }

    /// Whether the first byte after the line's spaces is `#`, a backquote or
    /// `~`: only such a line can be a heading or a fence, so the others (nearly
    /// all) skip the reading by characters.
    private static func isMarked(_ line: Substring) -> Bool {
        guard let first = line.utf8.first(where: { $0 != UInt8(ascii: " ") }) else { return false }
        return first == UInt8(ascii: "#") || first == UInt8(ascii: "`") || first == UInt8(ascii: "~")
    }

    /// `line.allSatisfy(\.isWhitespace)`, by bytes while they are ASCII: an
    /// ASCII byte that is not a space is never part of a whitespace character.
    private static func isBlank(_ line: Substring) -> Bool {
        for byte in line.utf8 {
            if byte >= 0x80 { return line.allSatisfy(\.isWhitespace) }
            if byte != 0x20, !(0x09...0x0D).contains(byte) { return false }
        }
        return true
    }
}
