import Foundation

/// `daybook import anki` and `daybook export anki` on the files of a content
/// folder. Every problem is thrown as `ContentErrors`, and an import writes
/// nothing unless the deck it produces parses without an error.
public enum AnkiFiles {
    /// Why `name` cannot name a deck file, if it cannot: decks are the files
    /// `vocab/NAME.md`, and `reviews` and `today` are taken.
    public static func deckNameProblem(_ name: String) -> String? {
        let id = deckID(name)
        if id.isEmpty { return "the deck name is empty" }
        if id.contains("/") || id.contains("\\") || id.hasPrefix(".") {
            return "'\(name)' is not a file name: give the deck's name without a folder, like 'toeic'"
        }
        if reservedNames.contains(id) { return "'\(id)' cannot be a deck: vocab/\(id)\(id == "reviews" ? ".md holds review results" : "/ is today's page")" }
        return nil
    }

    /// Names a deck file cannot have: `reviews.md` holds the review results,
    /// `vocab/today/` is the site's page of the day.
    static let reservedNames: Set<String> = ["reviews", "today"]

    /// Adds the notes of an Anki plain-text export to `content/vocab/DECK.md`
    /// as the word book of `date` (under an existing `## date` heading, or a new
    /// one at the end), creating the deck with `language`/`meaningLanguage` when
    /// the file does not exist. Words the deck already has are skipped, so a
    /// second import of the same export adds nothing and a newer export adds
    /// only its new words. `date` nil means today in the site's time zone.
    public static func importNotes(from file: URL, displayPath: String, deck name: String, date: LocalDate?,
                                   content: URL, contentDisplayName: String,
                                   language: String = "en", meaningLanguage: String = "ko",
                                   dryRun: Bool = false, skipBadRows: Bool = false, verify: ImportVerification,
                                   progress: ImportProgress? = nil, io: FileIO = .disk) throws -> ImportSummary {
        let id = deckID(name)
        if let problem = deckNameProblem(name) { throw ContentErrors([Diagnostic(SourceLocation(path: displayPath), problem)]) }
        let files = FileWalker(root: content, displayRoot: contentDisplayName, io: io)
        var diagnostics = Diagnostics()
        let config = SiteConfig.parse(files.read("site.yml", into: &diagnostics), into: &diagnostics)
        let date = date ?? TimeZones.today(in: config.timezone)

        let export = try ImportSource.text(file, displayPath: displayPath, io: io, progress: progress)
        let reading = AnkiImport.read(export, progress: progress)
        diagnostics.append(contentsOf: reading.diagnostics)
        var summary = ImportSummary(noun: "word", plural: "words")
        summary.dryRun = dryRun
        summary.leftOut = reading.leftOut
        reading.badRows.settle(skip: skipBadRows, into: &diagnostics, summary: &summary)
        if reading.notes.isEmpty && reading.leftOut.isEmpty && !diagnostics.hasErrors {
            diagnostics.error(export.location(line: 1), "no notes to import",
                              hint: "export from Anki with File › Export › Notes in Plain Text (.txt)")
        }

        let relative = "vocab/\(id).md"
        let existing = files.read(relative, into: &diagnostics)
        var deck: Deck?
        if let existing {
            var deckDiagnostics = Diagnostics()
            deck = DeckParser.parse(existing, settings: config.vocab, into: &deckDiagnostics)
            // The import appends to the deck: it must be valid to begin with.
            diagnostics.append(contentsOf: deckDiagnostics)
        }
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }

        let (notes, merges) = AnkiImport.merged(reading.notes)
        summary.merged = merges
        let maxMeanings = deck?.maxMeanings ?? config.vocab.maxMeanings
        var joined: [String] = []
        var new: [AnkiNote] = []
        for note in notes {
            if deck?.word(note.word) != nil {
                summary.alreadyImported.append(note.word)
                continue
            }
            let fitted = AnkiImport.fitted(note, maxMeanings: maxMeanings)
            if fitted != note { joined.append("'\(note.word)'") }
            new.append(fitted)
        }
        if !joined.isEmpty {
            summary.adjusted.append("Joined the meanings past the \(maxMeanings == 1 ? "first" : "first \(maxMeanings - 1)") into the last for \(joined.count) word\(joined.count == 1 ? "" : "s") with more than \(maxMeanings) (max_meanings): \(ImportSummary.list(joined)).")
        }
        summary.warnings += diagnostics.items.filter { $0.severity == .warning }
        guard !new.isEmpty else { return summary }

        let updated = existing.map { AnkiImport.appendBook(to: $0.text, date: date, words: new) }
            ?? AnkiImport.newDeck(title: id, language: language, meaningLanguage: meaningLanguage, date: date, words: new)
        summary.added = new.count
        summary.files = [files.display(relative)]
        try ImportWriter.finish([ImportedFile(relative, .text(updated), replaces: existing != nil)],
                                content: content, displayRoot: contentDisplayName, dryRun: dryRun, verify: verify,
                                progress: progress, io: io)
        return summary
    }

    /// `content/vocab/DECK.md` in Anki's plain-text format (`AnkiExport.text`).
    public static func export(deck name: String, content: URL, contentDisplayName: String, io: FileIO = .disk) throws -> String {
        let id = deckID(name)
        let files = FileWalker(root: content, displayRoot: contentDisplayName, io: io)
        var diagnostics = Diagnostics()
        let config = SiteConfig.parse(files.read("site.yml", into: &diagnostics), into: &diagnostics)
        let relative = "vocab/\(id).md"
        guard deckNameProblem(name) == nil, let file = files.read(relative, into: &diagnostics) else {
            if !diagnostics.hasErrors {
                let decks = files.relativeFiles(under: "vocab", recursive: false)
                    .filter { $0.hasSuffix(".md") && $0 != "vocab/reviews.md" }
                    .map { String($0.dropFirst("vocab/".count).dropLast(".md".count)) }
                diagnostics.error(SourceLocation(path: files.display(relative)), "no deck '\(id)'",
                                  hint: Suggestion.hint(for: id, in: decks) ?? (decks.isEmpty ? "there are no decks in \(files.display("vocab"))/" : "decks: \(Suggestion.names(decks))"))
            }
            throw ContentErrors(diagnostics.sorted)
        }
        let deck = DeckParser.parse(file, settings: config.vocab, into: &diagnostics)
        guard let deck, !diagnostics.hasErrors else { throw ContentErrors(diagnostics.sorted) }
        return AnkiExport.text(of: deck)
    }

    /// `toeic.md` and `toeic` name the same deck.
    static func deckID(_ name: String) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.hasSuffix(".md") ? String(trimmed.dropLast(3)) : trimmed
    }
}
