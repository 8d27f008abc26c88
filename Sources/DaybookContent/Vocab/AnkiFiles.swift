import Foundation

/// `daybook import anki` and `daybook export anki` on the files of a content
/// folder. Every problem is thrown as `ContentErrors`, and an import writes
/// nothing unless the deck it produces parses without an error.
public enum AnkiFiles {
    public struct Imported: Sendable {
        /// `content/vocab/toeic.md`
        public let deckPath: String
        /// The deck file did not exist before.
        public let created: Bool
        public let wordCount: Int
        /// Notes of the export that were left out (extra fields).
        public let warnings: [Diagnostic]
    }

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
    public static let reservedNames: Set<String> = ["reviews", "today"]

    /// Adds the notes of an Anki plain-text export to `content/vocab/DECK.md`
    /// as the word book of `date` (under an existing `## date` heading, or a new
    /// one at the end), creating the deck with `language`/`meaningLanguage` when
    /// the file does not exist. Words the deck already has are errors at their
    /// line of the export.
    public static func importNotes(from file: URL, displayPath: String, deck name: String, date: LocalDate,
                                   content: URL, contentDisplayName: String,
                                   language: String = "en", meaningLanguage: String = "ko") throws -> Imported {
        let id = deckID(name)
        if let problem = deckNameProblem(name) { throw ContentErrors([Diagnostic(SourceLocation(path: displayPath), problem)]) }
        let files = FileWalker(root: content, displayRoot: contentDisplayName)
        var diagnostics = Diagnostics()
        let config = SiteConfig.parse(files.read("site.yml", into: &diagnostics), into: &diagnostics)

        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw ContentErrors([Diagnostic(SourceLocation(path: displayPath), "cannot read the Anki export")])
        }
        let text = String(decoding: data, as: UTF8.self)
        let export = SourceFile(displayPath: displayPath, relativePath: file.lastPathComponent, text: text)
        let notes = AnkiImport.parse(export, maxMeanings: config.vocab.maxMeanings, into: &diagnostics)
        if notes.isEmpty && !diagnostics.hasErrors {
            diagnostics.error(export.location(line: 1), "no notes to import",
                              hint: "export from Anki with File › Export › Notes in Plain Text (.txt)")
        }

        let relative = "vocab/\(id).md"
        let existing = files.read(relative, into: &diagnostics)
        if let existing {
            var deckDiagnostics = Diagnostics()
            if let deck = DeckParser.parse(existing, settings: config.vocab, into: &deckDiagnostics), !deckDiagnostics.hasErrors {
                for note in notes {
                    if let word = deck.word(note.word) {
                        diagnostics.error(export.location(line: note.line), "'\(note.word)' is already in deck '\(id)' (\(existing.displayPath):\(word.line))",
                                          hint: "remove the note from the export, or the word from the deck")
                    }
                }
            }
            diagnostics.append(contentsOf: deckDiagnostics)
        }
        var firstLine: [String: Int] = [:]
        for note in notes {
            if let first = firstLine[note.word] {
                diagnostics.error(export.location(line: note.line), "'\(note.word)' is in the export twice: lines \(first) and \(note.line)",
                                  hint: "keep one of the notes")
            } else {
                firstLine[note.word] = note.line
            }
        }
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }

        let updated = existing.map { AnkiImport.appendBook(to: $0.text, date: date, words: notes) }
            ?? AnkiImport.newDeck(title: id, language: language, meaningLanguage: meaningLanguage, date: date, words: notes)
        // The deck as it would be written must itself be valid.
        let result = SourceFile(displayPath: files.display(relative), relativePath: relative, text: updated)
        var check = Diagnostics()
        _ = DeckParser.parse(result, settings: config.vocab, into: &check)
        if check.hasErrors { throw ContentErrors(check.sorted) }

        let url = content.appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(updated.utf8).write(to: url, options: .atomic)
        } catch {
            throw ContentErrors([Diagnostic(SourceLocation(path: result.displayPath), "cannot write the deck: \(error.localizedDescription)")])
        }
        return Imported(deckPath: result.displayPath, created: existing == nil, wordCount: notes.count,
                        warnings: diagnostics.items.filter { $0.severity == .warning })
    }

    /// `content/vocab/DECK.md` in Anki's plain-text format (`AnkiExport.text`).
    public static func export(deck name: String, content: URL, contentDisplayName: String) throws -> String {
        let id = deckID(name)
        let files = FileWalker(root: content, displayRoot: contentDisplayName)
        var diagnostics = Diagnostics()
        let config = SiteConfig.parse(files.read("site.yml", into: &diagnostics), into: &diagnostics)
        let relative = "vocab/\(id).md"
        guard deckNameProblem(name) == nil, let file = files.read(relative, into: &diagnostics) else {
            if !diagnostics.hasErrors {
                let decks = files.relativeFiles(under: "vocab", recursive: false)
                    .filter { $0.hasSuffix(".md") && $0 != "vocab/reviews.md" }
                    .map { String($0.dropFirst("vocab/".count).dropLast(".md".count)) }
                diagnostics.error(SourceLocation(path: files.display(relative)), "no deck '\(id)'",
                                  hint: Suggestion.hint(for: id, in: decks) ?? (decks.isEmpty ? "there are no decks in \(files.display("vocab"))/" : "decks: \(decks.joined(separator: ", "))"))
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
