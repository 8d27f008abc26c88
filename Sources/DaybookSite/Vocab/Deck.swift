/// A vocabulary deck (`content/vocab/NAME.md`): one category of words,
/// grouped into the days they were added.
public struct Deck: Sendable {
    let source: SourceFile
    /// The file name without `.md`: `toeic`. Also the name `reviews.md` uses.
    /// Kept, not derived on each use: pages ask for it once per word.
    let id: String
    var title: String
    /// `lang` of the word side (`en`).
    var language: String
    /// `lang` of the meanings (`ko`).
    var meaningLanguage: String
    /// `private: true`: never published unless `--include-private`.
    var isPrivate: Bool
    /// The deck's `max_meanings`, else the site's.
    var maxMeanings: Int
    /// Prose before the first date heading, raw Markdown.
    var intro: String?
    /// One per `## YYYY-MM-DD` heading, sorted by date.
    let days: [DeckDay]
    /// Every word of the deck, by day and then in file order.
    let words: [VocabWord]
    private let index: [String: Int]
    /// The most commas in one word's text (`a, b`): how many comma-separated
    /// pieces of a review line can name one word.
    let mostCommasInAWord: Int

    init(source: SourceFile, title: String? = nil, language: String = "en", meaningLanguage: String = "ko",
                isPrivate: Bool = false, intro: String? = nil, days: [DeckDay] = [], maxMeanings: Int = 3) {
        self.source = source
        id = source.baseName
        self.title = title ?? id
        self.language = language
        self.meaningLanguage = meaningLanguage
        self.isPrivate = isPrivate
        self.maxMeanings = maxMeanings
        self.intro = intro
        self.days = days.sorted { $0.date < $1.date }
        words = self.days.flatMap(\.words)
        var index: [String: Int] = [:]
        for (position, word) in words.enumerated() where index[word.text] == nil { index[word.text] = position }
        self.index = index
        mostCommasInAWord = words.lazy.map { $0.text.utf8.count(where: { $0 == UInt8(ascii: ",") }) }.max() ?? 0
    }

    /// The word whose text is exactly `text`.
    func word(_ text: String) -> VocabWord? { index[text].map { words[$0] } }

    /// The day section opened by `## date`, if the deck has one.
    func day(_ date: LocalDate) -> DeckDay? { days.first { $0.date == date } }
}

/// The words under one `## YYYY-MM-DD` heading: the day's new word book.
struct DeckDay: Equatable, Sendable {
    let date: LocalDate
    /// Line of the heading.
    let line: Int
    /// In file order.
    var words: [VocabWord]
    /// Prose under the heading that is not a word, raw Markdown (paragraphs kept).
    var notes: String?

    init(date: LocalDate, line: Int, words: [VocabWord] = [], notes: String? = nil) {
        self.date = date
        self.line = line
        self.words = words
        self.notes = notes
    }
}

/// One item `- word :: meaning; meaning` with its example sentences.
struct VocabWord: Hashable, Sendable {
    /// The word side, raw inline Markdown; also its name in `reviews.md`.
    let text: String
    /// Raw inline Markdown each; a `\;` inside one stays escaped (cmark renders `;`).
    let meanings: [String]
    /// The nested list items under the word, raw inline Markdown.
    let examples: [String]
    /// The date of the heading the word stands under.
    let added: LocalDate
    let line: Int

    init(text: String, meanings: [String], examples: [String] = [], added: LocalDate, line: Int) {
        self.text = text
        self.meanings = meanings
        self.examples = examples
        self.added = added
        self.line = line
    }
}

/// Reads a deck file. Lines of the body:
/// - `## YYYY-MM-DD` opens a day; any other `##` heading is an error.
/// - a top-level list item (`-`, `*`, `+`) is a word: `word :: meaning; meaning`;
/// - list items indented under a word are its example sentences (an indented
///   line right after one continues it);
/// - anything else is kept as notes of the day (or the deck's intro before the
///   first heading), except lines that look like a mistyped word, which are errors.
public enum DeckParser {
    static let keys = ["title", "language", "meaning_language", "private", "max_meanings"]

    /// Always gives a deck, partial when errors were reported, so that
    /// `reviews.md` can still be checked against its words.
    public static func parse(_ file: SourceFile, settings: SiteConfig.Vocab, into diagnostics: inout Diagnostics) -> Deck? {
        guard let (document, fields) = FrontMatterDocument.read(file, known: keys, into: &diagnostics) else { return nil }
        var title: String?
        if let value = fields?["title"], let text = value.string("title", into: &diagnostics) {
            let trimmed = text.trimmingCharacters(in: " ")
            if trimmed.isEmpty {
                diagnostics.error(value.location, "title is empty", hint: "remove it to use the file name '\(file.baseName)'")
            } else {
                title = trimmed
            }
        }
        let language = fields?["language"].flatMap { languageTag($0, "language", into: &diagnostics) } ?? "en"
        let meaningLanguage = fields?["meaning_language"].flatMap { languageTag($0, "meaning_language", into: &diagnostics) } ?? "ko"
        let isPrivate = fields?.audience(drafts: false, into: &diagnostics).isPrivate ?? false

        // A deck may allow more meanings than the site (an imported Anki deck).
        var maxMeanings = settings.maxMeanings
        if let n = fields?["max_meanings"]?.int("max_meanings", in: SiteConfig.Limits.maxMeanings, into: &diagnostics) { maxMeanings = n }
        var body = DeckBodyParser(file: file, maxMeanings: maxMeanings)
        // By bytes: with line ends made "\n", a "\n" byte is always a Character of its own.
        for (offset, line) in document.body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            body.read(Substring(line), number: document.bodyFirstLine + offset, into: &diagnostics)
        }
        body.finish()
        return Deck(source: file, title: title, language: language, meaningLanguage: meaningLanguage,
                    isPrivate: isPrivate, intro: body.intro.text, days: body.days, maxMeanings: maxMeanings)
    }

    /// A BCP 47 tag as `lang` takes it: `en`, `ko`, `zh-Hant`.
    private static func languageTag(_ value: YAMLValue, _ what: String, into diagnostics: inout Diagnostics) -> String? {
        guard let text = value.string(what, into: &diagnostics) else { return nil }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let valid = (2...3).contains(parts[0].count) && parts[0].allSatisfy { $0.isASCII && $0.isLetter }
            && parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
        guard valid else {
            diagnostics.error(value.location, "\(what) must be a language tag like en, ko, ja or zh-Hant, not '\(text)'")
            return nil
        }
        return text
    }
}

/// The line-by-line state of reading a deck's body.
private struct DeckBodyParser {
    let file: SourceFile
    let maxMeanings: Int

    private(set) var days: [DeckDay] = []
    private(set) var intro = NoteText()
    private var notes: [NoteText] = []
    private var dayIndex: [LocalDate: Int] = [:]
    private var current: Int?
    /// Set after an invalid date heading: its words are left out without an
    /// error of their own, the heading's error being the one to fix.
    private var underInvalidHeading = false
    private var firstLine: [String: Int] = [:]
    private var word: WordBuilder?
    private var lastWasExample = false
    private var fence: Substring?

    init(file: SourceFile, maxMeanings: Int) {
        self.file = file
        self.maxMeanings = maxMeanings
    }

    /// A word being read; examples arrive on the following lines.
    struct WordBuilder {
        var text: String
        var meanings: [String]
        var examples: [String] = []
        var line: Int
        /// False when the item had an error that leaves it out of the deck.
        var keep: Bool
    }

    mutating func read(_ line: Substring, number: Int, into diagnostics: inout Diagnostics) {
        let (indent, content) = MarkdownLine.split(line)
        if let marker = fence {
            addNote(line)
            if indent < 4, content.hasPrefix(marker), content.trimmingTrailingSpaces().allSatisfy({ $0 == marker.first }) { fence = nil }
            return
        }
        if content.isEmpty {
            if let current { notes[current].blank() } else { intro.blank() }
            lastWasExample = false
            return
        }
        if indent < 4, let marker = MarkdownLine.fenceOpening(content) {
            finishWord()
            fence = marker
            addNote(line)
            return
        }
        if indent < 4, let heading = MarkdownLine.heading(content) {
            finishWord()
            readHeading(heading, line: line, number: number, into: &diagnostics)
            return
        }
        // The indentation is spaces and tabs, a byte each.
        let contentColumn = line.utf8.distance(from: line.startIndex, to: content.startIndex) + 1
        if word != nil, indent >= 2 {
            readUnderWord(content, column: contentColumn, number: number, into: &diagnostics)
            return
        }
        finishWord()
        if indent < 4, let item = MarkdownLine.listItem(content), !MarkdownLine.isThematicBreak(content) {
            readWord(line: line, itemStart: contentColumn - 1 + item, number: number, into: &diagnostics)
        } else if indent < 4, content.contains("::") {
            diagnostics.error(file.location(line: number, column: contentColumn), "a word must be a list item",
                              hint: content.hasPrefix("::") ? "write '- word :: meaning'" : "start the line with '- ': '- \(content.trimmingTrailingSpaces())'")
        } else {
            addNote(line)
        }
    }

    mutating func finish() {
        finishWord()
        for index in days.indices { days[index].notes = notes[index].text }
    }

    private mutating func readHeading(_ heading: (level: Int, text: Substring), line: Substring, number: Int, into diagnostics: inout Diagnostics) {
        let text = String(heading.text)
        let date = LocalDate(iso: text)
        guard heading.level == 2 else {
            if date != nil || MarkdownLine.looksLikeDate(text) {
                diagnostics.error(file.location(line: number), "a day's word book opens with a level-2 heading",
                                  hint: "write '## \(text)'")
            } else {
                addNote(line)
            }
            return
        }
        if let date, date.checkedYear(at: file.location(line: number, column: line.count - heading.text.count + 1), into: &diagnostics) == nil {
            current = nil
            underInvalidHeading = true
            return
        }
        guard let date else {
            let column = line.count - heading.text.count + 1
            let hint: String
            if MarkdownLine.looksLikeDate(text) {
                hint = "'\(text)' is not a day of the calendar"
            } else if let found = MarkdownLine.leadingDate(text) {
                hint = "the heading holds only the date: '## \(found)'"
            } else {
                hint = "'##' headings open a day's word book: '## 2026-11-20'"
            }
            diagnostics.error(file.location(line: number, column: column), "invalid date heading '\(text)'", hint: hint)
            current = nil
            underInvalidHeading = true
            return
        }
        if let existing = dayIndex[date] {
            diagnostics.error(file.location(line: number), "the word book \(date.iso) is opened twice: lines \(days[existing].line) and \(number)",
                              hint: "put all words of \(date.iso) under the first heading")
            current = existing
            return
        }
        underInvalidHeading = false
        dayIndex[date] = days.count
        current = days.count
        days.append(DeckDay(date: date, line: number))
        notes.append(NoteText())
    }

    private mutating func readUnderWord(_ content: Substring, column: Int, number: Int, into diagnostics: inout Diagnostics) {
        if let item = MarkdownLine.listItem(content) {
            let text = content.dropFirst(item).trimmingTrailingSpaces()
            if text.isEmpty {
                diagnostics.error(file.location(line: number, column: column), "empty example sentence",
                                  hint: "write the sentence after '- ', or remove the line")
            } else {
                word?.examples.append(String(text))
            }
            lastWasExample = !text.isEmpty
        } else if lastWasExample {
            // A lazy continuation line of the example above.
            if let last = word?.examples.indices.last { word?.examples[last] += " " + content.trimmingTrailingSpaces() }
        } else {
            diagnostics.error(file.location(line: number, column: column), "indented text under a word must be an example sentence",
                              hint: "write it as a nested item '  - \(content.trimmingTrailingSpaces())', or unindent it to make it a note of the day")
        }
    }

    private mutating func readWord(line: Substring, itemStart: Int, number: Int, into diagnostics: inout Diagnostics) {
        let line = line.trimmingTrailingSpaces()
        // By scalars when each is a character: a tenth of the cost, the same indices.
        if line.unicodeScalars.allSatisfy(\.standsAlone) {
            readWord(Array(line.unicodeScalars), itemStart: itemStart, number: number, into: &diagnostics)
        } else {
            readWord(Array(line), itemStart: itemStart, number: number, into: &diagnostics)
        }
    }

    private mutating func readWord<C: LineCharacter>(_ chars: [C], itemStart: Int, number: Int, into diagnostics: inout Diagnostics) {
        // `-\t ` is an empty item whose spaces were trimmed (found by fuzzing).
        let itemStart = min(itemStart, chars.count)
        func location(_ index: Int) -> SourceLocation { file.location(line: number, column: index + 1) }
        var keep = true

        guard let separator = WordLine.separator(in: chars, from: itemStart) else {
            let rest = C.text(chars[itemStart...]).trimmingCharacters(in: " ")
            if let bare = WordLine.find(["::"], in: chars, from: itemStart) {
                diagnostics.error(location(bare), "'::' needs a space on each side", hint: "write '- word :: meaning'")
            } else if let near = WordLine.find([" : ", ": ", "：", " = ", " - ", " – ", "\t"], in: chars, from: itemStart) {
                let column = chars[near] == " " ? near + 1 : near
                diagnostics.error(location(column), "no meaning for '\(rest)'", hint: "use ' :: ' between word and meaning")
            } else {
                diagnostics.error(location(chars.count), "no meaning for '\(rest)'", hint: "write '- \(rest) :: meaning'")
            }
            word = WordBuilder(text: rest, meanings: [], line: number, keep: false)
            return
        }

        let text = C.text(chars[itemStart..<separator]).trimmingCharacters(in: " ")
        if text.isEmpty {
            diagnostics.error(location(itemStart), "no word before '::'", hint: "write '- word :: meaning'")
            keep = false
        }

        var meanings: [String] = []
        let meaningStart = separator + 2
        if chars[meaningStart...].allSatisfy({ $0 == " " || $0 == "\t" }) {
            diagnostics.error(location(chars.count), "no meaning after '::'", hint: "write the meaning after '::': '- \(text.isEmpty ? "word" : text) :: meaning'")
            keep = false
        } else {
            for segment in WordLine.meanings(in: chars, from: meaningStart) {
                if segment.text.isEmpty {
                    diagnostics.error(location(segment.start), "empty meaning", hint: "remove the extra ';'")
                    continue
                }
                meanings.append(segment.text)
                if meanings.count == maxMeanings + 1 {
                    diagnostics.error(location(segment.start), "too many meanings: at most \(maxMeanings) (max_meanings)",
                                      hint: "join close meanings with ',', or raise vocab.max_meanings in site.yml")
                }
            }
        }

        if current == nil {
            if !underInvalidHeading {
                diagnostics.error(location(itemStart), "'\(text)' comes before any date heading, so it has no day",
                                  hint: "add a heading like '## 2026-11-20' above it")
            }
            keep = false
        } else if keep, let first = firstLine[text] {
            diagnostics.error(location(itemStart), "'\(text)' appears twice in this deck: lines \(first) and \(number)",
                              hint: "keep one of them; add more meanings or examples to the first")
            keep = false
        }
        if keep { firstLine[text] = number }
        word = WordBuilder(text: text, meanings: meanings, line: number, keep: keep)
    }

    private mutating func finishWord() {
        defer {
            word = nil
            lastWasExample = false
        }
        guard let word, word.keep, let current else { return }
        days[current].words.append(VocabWord(text: word.text, meanings: word.meanings, examples: word.examples,
                                             added: days[current].date, line: word.line))
    }

    private mutating func addNote(_ line: Substring) {
        if let current { notes[current].add(line) } else { intro.add(line) }
    }
}

/// Prose lines collected into Markdown, blank lines between paragraphs kept.
struct NoteText {
    private var lines: [Substring] = []
    private var pendingBlank = false

    mutating func add(_ line: Substring) {
        if pendingBlank, !lines.isEmpty { lines.append("") }
        pendingBlank = false
        lines.append(line.trimmingTrailingSpaces())
    }

    mutating func blank() { pendingBlank = true }

    var text: String? { lines.isEmpty ? nil : lines.joined(separator: "\n") }
}
