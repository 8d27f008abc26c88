/// Reads a diary entry's front matter and body into a `DiaryEntry`.
public enum DiaryParser {
    static let keys = ["title", "date", "weather", "tags", "mood", "private", "draft", "cover"] + FrontMatterKeys.synonyms

    public static func parse(_ file: SourceFile, into diagnostics: inout Diagnostics) -> DiaryEntry? {
        let errorsBefore = diagnostics.errors.count
        guard let (document, fields) = FrontMatterDocument.read(file, known: keys, keepingOthers: true, into: &diagnostics) else { return nil }
        let when = EntryDate.read(fields?["date"], file: file, what: "diary entry", into: &diagnostics)

        let weather = fields?["weather"].flatMap { Weather.parse($0, into: &diagnostics) }
        let tags = fields?.tags(into: &diagnostics) ?? []
        let mood = fields?["mood"]?.string("mood", into: &diagnostics)
        let isPrivate = fields?["private"]?.bool("private", into: &diagnostics) ?? false
        let isDraft = fields?.isDraft(into: &diagnostics) ?? false
        let lastModified = fields?.lastModified(into: &diagnostics)
        let aliases = fields?.aliases(into: &diagnostics) ?? []
        let cover = fields?["cover"]?.string("cover", into: &diagnostics)

        guard let when, diagnostics.errors.count == errorsBefore else { return nil }
        let (title, body) = titleAndBody(fields?["title"]?.string("title", into: &diagnostics), document.body, fallback: when.date.iso)
        return DiaryEntry(source: file, title: title, date: when.date, time: when.time, utcOffsetMinutes: when.utcOffsetMinutes,
                          weather: weather, tags: tags, mood: mood, isPrivate: isPrivate, isDraft: isDraft,
                          body: body, bodyFirstLine: document.bodyFirstLine,
                          frontMatter: EntryFrontMatter(lastModified: lastModified, aliases: aliases, params: fields?.paramValues ?? []),
                          cover: cover, coverLocation: fields?["cover"]?.location)
    }

    /// The title (front matter, else the body's first `#` heading, else the
    /// fallback) and the body to render. A `#` heading that opens the body and
    /// says the title is dropped from it, since the page shows the title already.
    static func titleAndBody(_ given: String?, _ body: String, fallback: String) -> (String, String) {
        // Only the first non-blank line matters; find it without splitting the whole body.
        var lines = LineCursor(Substring(body))
        while let line = lines.next() {
            guard !isBlank(line) else { continue }
            guard let heading = heading(line) else { break }
            let title = given ?? heading
            guard title == heading else { return (title, body) }
            return (title, String(lines.text[lines.position...]))
        }
        return (given ?? firstHeading(in: body) ?? fallback, body)
    }

    /// The text of the body's first `# ` heading (ATX level 1), outside code fences.
    public static func firstHeading(in body: String) -> String? {
        var inFence = false
        var lines = LineCursor(Substring(body))
        while let line = lines.next() {
            guard isMarked(line) else { continue }
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { inFence.toggle(); continue }
            if !inFence, let heading = heading(line) { return heading }
        }
        return nil
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
