/// Adds one day's test results to the text of `reviews.md` the way a person
/// would paste them: under the day's `## DATE` heading (made, in date order,
/// when missing), one `- deck: word, word` line per deck tested — `- deck:`
/// when it missed nothing, which still records the test (SPEC §4) — words
/// already listed for that day and deck kept once. Every other byte stays as
/// it was: the byte order mark, line endings and final newline (`TextLines`).
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
        guard !misses.isEmpty else { return text }
        var lines = TextLines(text)

        var sections = daySections(lines.lines)
        if !sections.contains(where: { $0.date == date }) {
            let heading = "## \(date.iso)"
            if let later = sections.first(where: { $0.date > date }) {
                lines.insert([heading, ""], at: later.heading)
            } else if let last = lines.lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append(["", heading])
            } else {
                lines.append([heading])
            }
            sections = daySections(lines.lines)
        }

        for deck in misses {
            let ofDay = sections.filter { $0.date == date }
            if let (index, listed) = ofDay.lazy.compactMap({ deckLine(deck.deckID, in: lines.lines, section: $0) }).first {
                let added = unique(deck.words).filter { !listed.contains($0) }
                guard !added.isEmpty else { continue }
                let trimmed = String(Substring(lines[index]).trimmingTrailingSpaces())
                let separator = trimmed.hasSuffix(":") ? " " : ", "
                lines[index] = trimmed + separator + added.joined(separator: ", ")
            } else {
                let section = ofDay[0]
                let lastText = (section.heading + 1..<section.end).last { !lines[$0].trimmingCharacters(in: .whitespaces).isEmpty }
                lines.insert([line(deck)], at: (lastText ?? section.heading) + 1)
            }
            sections = daySections(lines.lines)
        }
        return lines.text
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
            let (indent, content) = MarkdownLine.split(Substring(line))
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
            let (indent, content) = MarkdownLine.split(Substring(lines[index]))
            guard indent < 4, let item = MarkdownLine.listItem(content) else { continue }
            let rest = content.dropFirst(item)
            guard let colon = rest.firstIndex(of: ":"), rest[..<colon].trimmingCharacters(in: .whitespaces) == deckID else { continue }
            let listed = rest[rest.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return (index, Set(listed))
        }
        return nil
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
