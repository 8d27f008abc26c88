/// `content/vocab/reviews.md`: the words missed in each day's test.
/// Every word due on a day and not listed passed.
public struct ReviewLog: Sendable {
    /// One listed miss.
    struct Miss: Hashable, Sendable {
        let date: LocalDate
        let deckID: String
        let word: String
        /// Where the word is written in `reviews.md`.
        let location: SourceLocation

        init(date: LocalDate, deckID: String, word: String, location: SourceLocation) {
            self.date = date
            self.deckID = deckID
            self.word = word
            self.location = location
        }
    }

    /// The results of one day. A date heading written twice is one day.
    struct Day: Sendable {
        let date: LocalDate
        /// The (first) `## date` heading.
        let location: SourceLocation
        /// Decks with a line under the date, in file order, even when it lists no word.
        var decks: [String]
        /// In file order.
        var misses: [Miss]

        init(date: LocalDate, location: SourceLocation, decks: [String] = [], misses: [Miss] = []) {
            self.date = date
            self.location = location
            self.decks = decks
            self.misses = misses
        }
    }

    /// Sorted by date, one per date.
    let days: [Day]

    init(days: [Day] = []) {
        self.days = days.sorted { $0.date < $1.date }
    }

    /// Every miss, by date and then in file order.
    var misses: [Miss] { days.flatMap(\.misses) }

    /// Per deck, the days up to `today` with a line for it (a test taken), in date order.
    func testDays(through today: LocalDate) -> [String: [LocalDate]] {
        days.reduce(into: [:]) { tests, day in
            guard day.date <= today else { return }
            for deckID in day.decks { tests[deckID, default: []].append(day.date) }
        }
    }
}

/// Reads `reviews.md`:
///
/// ```
/// ## 2026-11-25
/// - toeic: abandon, candid
/// ```
///
/// Choices where the spec is silent: a date or a deck written twice is merged
/// (testing one deck twice a day and pasting both results works); a word listed
/// twice on one day is one miss; `- toeic:` with no word records a test with
/// every word passed; a level-1 title line is allowed. A word may contain
/// commas: the longest run of comma-separated pieces that names a word of the
/// deck is taken. A miss dated before the word was added is an error.
public enum ReviewLogParser {
    public static func parse(_ file: SourceFile, decks: [Deck], into diagnostics: inout Diagnostics) -> ReviewLog {
        let decksByID = Dictionary(decks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var days: [Day] = []
        var dayIndex: [LocalDate: Int] = [:]
        var current: Int?
        // Lines under an invalid heading get no error of their own.
        var underInvalidHeading = false
        var missed = Set<MissKey>()

        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            let (indent, content) = MarkdownLine.split(line)
            let contentStart = line.count - content.count
            guard !content.isEmpty, !isComment(content) else { continue }

            if indent < 4, let heading = MarkdownLine.heading(content) {
                if heading.level == 1 { continue }
                let text = String(heading.text)
                let headingColumn = line.count - heading.text.count + 1
                if heading.level == 2, let date = LocalDate(iso: text),
                   date.checkedYear(at: file.location(line: number, column: headingColumn), into: &diagnostics) == nil {
                    current = nil
                    underInvalidHeading = true
                    continue
                }
                guard heading.level == 2, let date = LocalDate(iso: text) else {
                    let hint = MarkdownLine.looksLikeDate(text) ? "'\(text)' is not a day of the calendar"
                        : MarkdownLine.leadingDate(text).map { "the heading holds only the date: '## \($0)'" }
                        ?? "each day's results start with '## 2026-11-25'"
                    diagnostics.error(file.location(line: number, column: headingColumn), "invalid date heading '\(text)'", hint: hint)
                    current = nil
                    underInvalidHeading = true
                    continue
                }
                underInvalidHeading = false
                if let existing = dayIndex[date] {
                    current = existing
                } else {
                    dayIndex[date] = days.count
                    current = days.count
                    days.append(Day(date: date, location: file.location(line: number, column: contentStart + 1)))
                }
                continue
            }

            guard indent < 4, let item = MarkdownLine.listItem(content) else {
                diagnostics.error(file.location(line: number, column: contentStart + 1), "unexpected line in reviews.md",
                                  hint: "under a date heading, write one line per deck: '- toeic: abandon, candid'")
                continue
            }
            let chars = Array(line.trimmingTrailingSpaces())
            // `-\t ` is an empty item whose spaces were trimmed (found by fuzzing).
            let itemStart = min(contentStart + item, chars.count)
            guard let colon = chars[itemStart...].firstIndex(of: ":") else {
                diagnostics.error(file.location(line: number, column: chars.count + 1), "missing ':' after the deck name",
                                  hint: "write '- deck: word, word'")
                continue
            }
            guard let dayPosition = current else {
                if underInvalidHeading { continue }
                diagnostics.error(file.location(line: number, column: contentStart + 1), "missed words before any date heading",
                                  hint: "add the test's date above them: '## 2026-11-25'")
                continue
            }
            let deckID = String(chars[itemStart..<colon]).trimmingCharacters(in: " ")
            guard let deck = decksByID[deckID] else {
                let hint = Suggestion.hint(for: deckID, in: decksByID.keys.sorted())
                    ?? (decks.isEmpty ? "there are no decks in vocab/" : "decks: \(Suggestion.names(decksByID.keys.sorted()))")
                diagnostics.error(file.location(line: number, column: itemStart + 1), "unknown deck '\(deckID)'", hint: hint)
                continue
            }
            let date = days[dayPosition].date
            if !days[dayPosition].decks.contains(deckID) { days[dayPosition].decks.append(deckID) }

            // Each character's byte column, counted once: a line of thousands of words stays linear.
            let columns = chars.reduce(into: [1]) { $0.append($0[$0.count - 1] + $1.utf8.count) }
            for piece in missedWords(chars, from: colon + 1, in: deck) {
                let location = SourceLocation(path: file.displayPath, line: number, column: columns[piece.start])
                if piece.text.isEmpty {
                    diagnostics.error(location, "empty word in the list", hint: "remove the extra ','")
                    continue
                }
                guard let word = deck.word(piece.text) else {
                    var hint = Suggestion.hint(for: piece.text, in: deck.words.map(\.text))
                    if hint == nil, piece.text.contains(where: { "、，;".contains($0) }) { hint = "separate words with ','" }
                    diagnostics.error(location, "'\(piece.text)' is not a word of deck '\(deckID)'", hint: hint)
                    continue
                }
                guard word.added <= date else {
                    diagnostics.error(location, "'\(word.text)' is missed on \(date.iso) but only added on \(word.added.iso)",
                                      hint: "check the date heading, or the word's day in \(deck.source.displayPath):\(word.line)")
                    continue
                }
                if missed.insert(MissKey(date: date, deckID: deckID, word: word.text)).inserted {
                    days[dayPosition].misses.append(ReviewLog.Miss(date: date, deckID: deckID, word: word.text, location: location))
                }
            }
        }
        return ReviewLog(days: days)
    }

    private typealias Day = ReviewLog.Day

    private struct MissKey: Hashable {
        let date: LocalDate
        let deckID: String
        let word: String
    }

    private static func isComment(_ content: Substring) -> Bool {
        content.hasPrefix("<!--") && content.trimmingTrailingSpaces().hasSuffix("-->")
    }

    /// The comma-separated words after `start`; where a word of the deck
    /// itself contains commas, the longest run of pieces naming a word wins.
    /// A run is at most as long as the deck's longest such word, so a line of
    /// thousands of commas is linear (trying every run took minutes).
    static func missedWords(_ chars: [Character], from start: Int, in deck: Deck) -> [(text: String, start: Int)] {
        guard !chars[start...].allSatisfy(\.isWhitespace) else { return [] }
        var pieces: [Range<Int>] = []
        var pieceStart = start
        for index in start..<chars.count where chars[index] == "," {
            pieces.append(pieceStart..<index)
            pieceStart = index + 1
        }
        pieces.append(pieceStart..<chars.count)

        func trimmed(_ range: Range<Int>) -> (text: String, start: Int) {
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, chars[lower].isWhitespace { lower += 1 }
            while upper > lower, chars[upper - 1].isWhitespace { upper -= 1 }
            return (String(chars[lower..<upper]), lower < upper ? lower : range.lowerBound)
        }

        var result: [(String, Int)] = []
        var index = 0
        while index < pieces.count {
            var taken = index
            for end in stride(from: min(pieces.count - 1, index + deck.mostCommasInAWord), to: index, by: -1) {
                let joined = trimmed(pieces[index].lowerBound..<pieces[end].upperBound)
                if deck.word(joined.text) != nil {
                    taken = end
                    break
                }
            }
            result.append(trimmed(pieces[index].lowerBound..<pieces[taken].upperBound))
            index = taken + 1
        }
        return result
    }
}
