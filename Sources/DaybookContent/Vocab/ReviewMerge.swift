/// Adds one day's test results to the text of `reviews.md` the way a person
/// would paste them: under the day's `## DATE` heading (made, in date order,
/// when missing), one `- deck: word, word` line per deck tested — `- deck:`
/// when it missed nothing, which still records the test (SPEC §4) — words
/// already listed for that day and deck kept once. Every other byte stays as
/// it was, line endings included.
public enum ReviewMerge {
    /// One deck's missed words, in the order they were tested; none when every word was known.
    public struct Misses: Sendable, Equatable {
        public let deckID: String
        public let words: [String]

        public init(deckID: String, words: [String]) {
            self.deckID = deckID
            self.words = words
        }
    }

    public static func merging(_ misses: [Misses], on date: LocalDate, into text: String) -> String {
        // New lines take the file's line ending: a CRLF file keeps its "\r" at each line's end.
        let ending = text.utf8.contains(UInt8(ascii: "\r")) && text.contains("\r\n") ? "\r" : ""
        // Lines without their "\n".
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let endsWithNewline = text.isEmpty || text.hasSuffix("\n")
        if endsWithNewline { lines.removeLast() }
        guard !misses.isEmpty else { return text }

        var sections = daySections(lines)
        if !sections.contains(where: { $0.date == date }) {
            let later = sections.first { $0.date > date }
            let heading = "## \(date.iso)" + ending
            if let later {
                lines.insert(contentsOf: [heading, ending], at: later.heading)
            } else {
                if let last = lines.last, !last.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { lines.append(ending) }
                lines.append(heading)
            }
            sections = daySections(lines)
        }

        for deck in misses {
            let ofDay = sections.filter { $0.date == date }
            if let (index, listed) = ofDay.lazy.compactMap({ deckLine(deck.deckID, in: lines, section: $0) }).first {
                let added = unique(deck.words).filter { !listed.contains($0) }
                guard !added.isEmpty else { continue }
                let (body, lineEnding) = splitEnding(lines[index])
                let trimmed = String(Substring(body).trimmingTrailingSpaces())
                let separator = trimmed.hasSuffix(":") ? " " : ", "
                lines[index] = trimmed + separator + added.joined(separator: ", ") + lineEnding
            } else {
                let section = ofDay[0]
                let lastText = (section.heading + 1..<section.end).last { !lines[$0].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
                lines.insert(line(deck) + ending, at: (lastText ?? section.heading) + 1)
            }
            sections = daySections(lines)
        }
        return lines.joined(separator: "\n") + (endsWithNewline ? "\n" : "")
    }

    /// `- toeic: abandon, candid`, or `- toeic:` with nothing missed.
    public static func line(_ misses: Misses) -> String {
        "- \(misses.deckID):" + (misses.words.isEmpty ? "" : " " + unique(misses.words).joined(separator: ", "))
    }

    /// A day's block: its `## DATE` heading and the lines up to the next heading of level 2 or more.
    private struct Section {
        let date: LocalDate
        let heading: Int
        let end: Int
    }

    private static func daySections(_ lines: [String]) -> [Section] {
        var headings: [(index: Int, date: LocalDate?)] = []
        for (index, line) in lines.enumerated() {
            let (indent, content) = MarkdownLine.split(Substring(splitEnding(line).body))
            guard indent < 4, let heading = MarkdownLine.heading(content), heading.level >= 2 else { continue }
            headings.append((index, heading.level == 2 ? LocalDate(iso: heading.text) : nil))
        }
        return headings.enumerated().compactMap { position, heading in
            guard let date = heading.date else { return nil }
            let end = position + 1 < headings.count ? headings[position + 1].index : lines.count
            return Section(date: date, heading: heading.index, end: end)
        }
    }

    /// The line `- deckID: …` in a section, and the words it lists.
    private static func deckLine(_ deckID: String, in lines: [String], section: Section) -> (Int, Set<String>)? {
        for index in section.heading + 1..<section.end {
            let (indent, content) = MarkdownLine.split(Substring(splitEnding(lines[index]).body))
            guard indent < 4, let item = MarkdownLine.listItem(content) else { continue }
            let rest = content.dropFirst(item)
            guard let colon = rest.firstIndex(of: ":"), rest[..<colon].trimmingCharacters(in: .whitespaces) == deckID else { continue }
            let listed = rest[rest.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return (index, Set(listed))
        }
        return nil
    }

    private static func splitEnding(_ line: String) -> (body: String, ending: String) {
        line.hasSuffix("\r") ? (String(line.dropLast()), "\r") : (line, "")
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
