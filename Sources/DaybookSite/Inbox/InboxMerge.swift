import Foundation

/// `daybook inbox` without the file system: the inbox files' bytes and the
/// content files' bytes in, the changed and new files' bytes out (docs/phone.md).
///
/// Merging is idempotent and independent of order: events already merged
/// (their ids are in `content/inbox/merged/`) are skipped, events are applied
/// sorted by time and id, and whatever is added goes where a sorted insert
/// puts it (a missed word by the deck's word order, a deck line by its name,
/// a routine by routines.yml's order, a day by its date, a workout's
/// exercise by its event's time), so that two devices' files merged in either
/// order, in one run or two, give the same bytes.
public enum InboxMerge {
    /// What the merge knows of the site.
    public struct Site: Sendable {
        var decks: [Deck]
        var routines: [Routine]
        var timeZone: TimeZone
        var today: LocalDate
        /// The first workout file of each day (`workouts/2026/2026-11-27.md`).
        var workoutFiles: [LocalDate: String]
        /// Every file below `workouts/` and `diary/`: new ones get free names.
        var takenPaths: Set<String>

        public init(decks: [Deck], routines: [Routine], timeZone: TimeZone, today: LocalDate,
                    workoutFiles: [LocalDate: String] = [:], takenPaths: Set<String> = []) {
            self.decks = decks
            self.routines = routines
            self.timeZone = timeZone
            self.today = today
            self.workoutFiles = workoutFiles
            self.takenPaths = takenPaths
        }

        /// From the content as loaded.
        init(_ content: Content, today: LocalDate, takenPaths: Set<String>) {
            var workouts: [LocalDate: String] = [:]
            for session in content.workouts where workouts[session.date] == nil { workouts[session.date] = session.source.relativePath }
            self.init(decks: content.decks, routines: content.routines,
                      timeZone: TimeZone(identifier: content.config.timezone) ?? TimeZone(identifier: "UTC")!,
                      today: today, workoutFiles: workouts, takenPaths: takenPaths)
        }
    }

    /// One inbox file.
    public struct InboxFile: Sendable {
        var displayPath: String
        var bytes: [UInt8]

        public init(displayPath: String, bytes: [UInt8]) {
            self.displayPath = displayPath
            self.bytes = bytes
        }
    }

    public struct Result: Sendable {
        /// Relative path below `content/` → the file's new bytes (new files included).
        public var files: [String: [UInt8]] = [:]
        /// The files among `files` that did not exist.
        var created: Set<String> = []
        /// What was merged, a line each, for the person.
        public var summary: [String] = []
        var warnings: [Diagnostic] = []
        public var merged = 0
        /// Events whose id was merged before (or is twice in the files).
        public var alreadyMerged = 0
        /// Files an undo leaves without anything the merge wrote into them, to be removed (paths below `content/`).
        var removed: Set<String> = []

        init() {}
    }

    /// The days an event may fall on: what a phone's clock can say for an
    /// inbox file a person brings home, and no more.
    static let daysAfterToday = 1
    static let daysBeforeToday = 366

    /// - Parameters:
    ///   - merged: the events of the inbox files merged before (`content/inbox/merged/`);
    ///     `mergedIDs` the ids of their lines, including lines that no longer read as events.
    ///   - read: the bytes of a content file by its path below `content/`; nil when there is none.
    /// - Throws: `ContentErrors` with every error, at the inbox files' lines; then nothing is to be written.
    public static func merge(_ inbox: [InboxFile], site: Site, merged: [InboxEvent] = [], mergedIDs: Set<String> = [],
                             read: @escaping (String) -> [UInt8]?) throws -> Result {
        var diagnostics = Diagnostics()
        var result = Result()
        let known = mergedIDs.union(merged.map(\.id))
        // Merged before as this event, or as another: whichever file came first, a second meaning of an id is an error.
        let mergedByID = Dictionary(merged.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var seen: [String: InboxEvent] = [:]
        var events: [InboxEvent] = []
        for file in inbox {
            for event in InboxParser.parse(file.bytes, displayPath: file.displayPath, into: &diagnostics) {
                if let before = mergedByID[event.id], !before.isSame(as: event) {
                    diagnostics.error(event.location, "the id '\(event.id)' was merged before for another event; this one is not merged",
                                      hint: "at \(before.location.path):\(before.location.line); each event's id is unique")
                } else if known.contains(event.id) {
                    result.alreadyMerged += 1
                } else if let first = seen[event.id] {
                    if !first.isSame(as: event) {
                        diagnostics.error(event.location, "the id '\(event.id)' is used by another event",
                                          hint: "at \(first.location.path):\(first.location.line); each event's id is unique")
                    } else {
                        result.alreadyMerged += 1
                    }
                } else {
                    seen[event.id] = event
                    events.append(event)
                }
            }
        }
        var checker = Checker(site: site)
        let all = events.sorted(by: InboxEvent.isOrdered).compactMap { checker.check($0, into: &diagnostics) }
        let undo = Undo(all.map(\.event), merged: merged, into: &diagnostics)
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }
        result.warnings = diagnostics.items
        let checked = all.filter { !undo.cancelled.contains($0.event.id) }

        var files = Files(read: read)
        applyTests(checked, site: site, files: &files, summary: &result.summary)
        applyRoutines(checked, site: site, files: &files, summary: &result.summary)
        applyWorkouts(checked, site: site, merged: merged, files: &files, summary: &result.summary)
        applyEntries(checked, site: site, files: &files, summary: &result.summary)
        takeBack(undo.takenBack, site: site, files: &files, summary: &result.summary)
        if let problem = files.problem { throw ContentErrors([problem]) }
        result.files = files.changed
        result.created = files.created
        result.removed = files.removed
        result.summary += undo.summary
        result.merged = all.count
        return result
    }

    /// The undo events of a merge (docs/phone.md): an undo and its event in the same
    /// merge are both left out; an undo of an event merged before takes its
    /// lines back out (`takeBack`). Only routines and workouts are undone; an
    /// undo of an event neither here nor merged is an error, so nothing is
    /// merged before the file with that event comes home.
    struct Undo {
        /// The ids of undo events and of the events they cancel in this merge.
        var cancelled = Set<String>()
        /// Events merged before that are to be taken back out of the files.
        var takenBack: [InboxEvent] = []
        var summary: [String] = []

        init(_ events: [InboxEvent], merged: [InboxEvent], into diagnostics: inout Diagnostics) {
            let here = Dictionary(events.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let before = Dictionary(merged.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let undoneBefore = Set(merged.compactMap { event -> String? in if case let .undo(of) = event.kind { of } else { nil } })
            for event in events {
                guard case let .undo(of) = event.kind else { continue }
                cancelled.insert(event.id)
                guard let target = here[of] ?? before[of] else {
                    diagnostics.error(event.location, "undoes '\(of)', an event that is neither in the inbox files nor merged before",
                                      hint: "bring home the inbox file that holds it too; the phone sends both")
                    continue
                }
                switch target.kind {
                case .routine, .workout: break
                default:
                    diagnostics.error(event.location, "undoes '\(of)', which is not a routine or a workout", hint: "only routines and workouts are undone")
                    continue
                }
                if here[of] != nil {
                    cancelled.insert(of)
                    summary.append("undo: \(Self.describe(target)) taken back before it was merged (no line written)")
                } else if !undoneBefore.contains(of) {
                    takenBack.append(target)
                }
            }
        }

        static func describe(_ event: InboxEvent) -> String {
            switch event.kind {
            case let .routine(id, _): "routine \(id) of \(event.at.date.iso)"
            case let .workout(split, _, _): "workout" + (split.map { " \($0)" } ?? "") + " of \(event.at.date.iso)"
            default: event.id
            }
        }
    }

    /// An event checked against the site, with its day in the site's time zone.
    struct Checked {
        let event: InboxEvent
        let date: LocalDate
        let time: LocalTime
    }

    /// Checks each event against the decks, routines and the calendar; errors at the event's line.
    struct Checker {
        let site: Site
        let decks: [String: Deck]
        /// Each deck's words in file order, for hints.
        let wordsOfDecks: [String: [String]]

        init(site: Site) {
            self.site = site
            decks = Dictionary(site.decks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            wordsOfDecks = decks.mapValues { $0.words.map(\.text) }
        }

        mutating func check(_ event: InboxEvent, into diagnostics: inout Diagnostics) -> Checked? {
            let (date, time) = event.at.local(in: site.timeZone)
            let location = event.location
            if let problem = date.yearProblem {
                diagnostics.error(location, "\(problem.message) (\(date.iso))", hint: "check the phone's date")
                return nil
            }
            let lead = site.today.days(until: date)
            guard lead <= InboxMerge.daysAfterToday else {
                diagnostics.error(location, "\(date.iso) is \(lead) days after today (\(site.today.iso))", hint: "check the phone's date and time zone")
                return nil
            }
            guard -lead <= InboxMerge.daysBeforeToday else {
                diagnostics.error(location, "\(date.iso) is more than a year before today (\(site.today.iso))",
                                  hint: "check the phone's date; an inbox file older than that is not merged")
                return nil
            }
            switch event.kind {
            case let .test(deckID, word, _):
                guard let deck = decks[deckID] else {
                    diagnostics.error(location, "unknown deck \(InboxParser.quoted(deckID))",
                                      hint: Suggestion.hint(for: deckID, in: decks.keys.sorted())
                                          ?? (decks.isEmpty ? "there are no decks in vocab/" : "decks: \(Suggestion.names(decks.keys.sorted()))"))
                    return nil
                }
                guard let found = deck.word(word) else {
                    let other = site.decks.first { $0.word(word) != nil }.map { "it is a word of deck '\($0.id)'" }
                    diagnostics.error(location, "\(InboxParser.quoted(word)) is not a word of deck '\(deckID)'",
                                      hint: other ?? Suggestion.hint(for: word, in: wordsOfDecks[deckID] ?? []))
                    return nil
                }
                guard found.added <= date else {
                    diagnostics.error(location, "'\(found.text)' is tested on \(date.iso) but only added on \(found.added.iso)",
                                      hint: "check the phone's date, or the word's day in \(deck.source.displayPath):\(found.line)")
                    return nil
                }
            case let .routine(id, _):
                guard site.routines.contains(where: { $0.id == id }) else {
                    let ids = site.routines.map(\.id)
                    diagnostics.error(location, "unknown routine \(InboxParser.quoted(id))",
                                      hint: Suggestion.hint(for: id, in: ids) ?? (ids.isEmpty ? "define it in content/routines.yml" : "routines: \(Suggestion.names(ids))"))
                    return nil
                }
            case let .workout(_, sets, _):
                var valid = true
                for line in sets {
                    guard let item = ExerciseLine(Substring("- " + line)), !item.name.isEmpty else {
                        diagnostics.error(location, "\(InboxParser.quoted(line)) is not an exercise line", hint: "write it like 'Squat: 100kg x 5 x 3'")
                        valid = false
                        continue
                    }
                    if case let .failure(failure) = SetNotation.parse(item.sets, defaultUnit: .kg) {
                        diagnostics.error(location, "\(failure.message) in the sets of '\(item.name)'", hint: failure.hint)
                        valid = false
                    }
                }
                guard valid else { return nil }
            case .entry, .undo:
                break
            }
            return Checked(event: event, date: date, time: time)
        }
    }

    /// The content files as the merge has changed them so far.
    struct Files {
        let read: (String) -> [UInt8]?
        var changed: [String: [UInt8]] = [:]
        var created: Set<String> = []
        var removed: Set<String> = []
        var problem: Diagnostic?

        /// The file's text; an empty one when it does not exist; nil (and a problem) when it is not UTF-8.
        mutating func text(_ path: String) -> TextLines? {
            if let bytes = changed[path] { return TextLines(String(decoding: bytes, as: UTF8.self)) }
            guard let bytes = read(path) else { return TextLines("") }
            guard let text = String(validating: bytes, as: UTF8.self).map(TextLines.init) else {
                problem = Diagnostic(SourceLocation(path: path), "is not UTF-8 text; the inbox is not merged", hint: "save it as UTF-8 in your editor")
                return nil
            }
            return text
        }

        /// The file is to go: an undo took back all a merge wrote into it.
        mutating func remove(_ path: String) {
            changed[path] = nil
            if !created.contains(path) { removed.insert(path) }
            created.remove(path)
        }

        /// Keeps the file's new text; one the merge left as it was is no change.
        mutating func store(_ path: String, _ text: TextLines) {
            let original = read(path), bytes = Array(text.text.utf8)
            guard bytes != original || changed[path] != nil else { return }
            if original == nil { created.insert(path) }
            changed[path] = bytes
        }
    }

    /// A line `- name: a, b` (a deck's line in reviews.md, a day's in routines/log.md): the name, and where its list starts.
    static func listLine(_ line: String) -> (name: Substring, colon: String.Index)? {
        let (indent, content) = MarkdownLine.split(Substring(line))
        guard indent < 4, let item = MarkdownLine.listItem(content) else { return nil }
        let rest = content.dropFirst(item)
        guard let colon = rest.firstIndex(of: ":") else { return nil }
        return (rest[..<colon].trimmingCharacters(in: .whitespaces)[...], colon)
    }

    /// `prefix` (the line up to its colon) with the names after it: `- toeic: a, b`, or `- toeic:` with none.
    static func listText(_ line: String, colon: String.Index, names: [String]) -> String {
        String(line[...colon]) + (names.isEmpty ? "" : " " + names.joined(separator: ", "))
    }

    /// The index after the last line that holds more than spaces, from `start` up to `end`; `start` when there is none.
    static func afterLastText(_ text: TextLines, from start: Int, to end: Int) -> Int {
        (start..<end).last { !text[$0].allSatisfy(\.isWhitespace) }.map { $0 + 1 } ?? start
    }

    /// Where a sorted insert puts `new` among `existing`: before the first one ranked after it.
    static func position<T>(of new: T, in existing: [T], ranked rank: (T) -> Int) -> Int {
        existing.firstIndex { rank($0) > rank(new) } ?? existing.count
    }

    // MARK: - Tests into vocab/reviews.md

    static func applyTests(_ events: [Checked], site: Site, files: inout Files, summary: inout [String]) {
        // Per day and deck, the words missed; a deck with a test and no miss gets `- deck:`.
        var days: [LocalDate: [String: Set<String>]] = [:]
        var tested: [LocalDate: [String: Int]] = [:]
        for checked in events {
            guard case let .test(deck, word, missed) = checked.event.kind else { continue }
            let canonical = site.decks.first { $0.id == deck }!.word(word)!.text
            days[checked.date, default: [:]][deck, default: []].formUnion(missed ? [canonical] : [])
            tested[checked.date, default: [:]][deck, default: 0] += 1
        }
        guard !days.isEmpty, var text = files.text("vocab/reviews.md") else { return }
        let decks = Dictionary(site.decks.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for date in days.keys.sorted() {
            for (deckID, missed) in days[date]!.sorted(by: { $0.key < $1.key }) {
                let deck = decks[deckID]!
                let rank = Dictionary(deck.words.enumerated().map { ($1.text, $0) }, uniquingKeysWith: { first, _ in first })
                let ordered = missed.sorted { rank[$0]! < rank[$1]! }
                let added = addReviews(ordered, deck: deck, rank: rank, on: date, to: &text)
                let count = tested[date]![deckID]!
                summary.append("vocab/reviews.md: \(date.iso) \(deckID): \(count) word\(count == 1 ? "" : "s") tested, "
                               + (missed.isEmpty ? "none missed" : "missed \(ordered.joined(separator: ", "))")
                               + (added ? "" : " (already there)"))
            }
        }
        files.store("vocab/reviews.md", text)
    }

    /// Adds a deck's missed words on a day; false when the file had them all.
    static func addReviews(_ missed: [String], deck: Deck, rank: [String: Int], on date: LocalDate, to text: inout TextLines) -> Bool {
        var sections = reviewSections(text)
        if !sections.contains(where: { $0.date == date }) {
            if let later = sections.first(where: { $0.date > date }) {
                text.insert(["## \(date.iso)", ""], at: later.heading)
            } else {
                text.insert((text.count > 0 && !text[text.count - 1].allSatisfy(\.isWhitespace) ? [""] : []) + ["## \(date.iso)"], at: text.count)
            }
            sections = reviewSections(text)
        }
        let ofDay = sections.filter { $0.date == date }
        for section in ofDay {
            for index in section.heading + 1..<section.end {
                guard let (name, colon) = listLine(text[index]), name == deck.id else { continue }
                let line = text[index]
                let chars = Array(line)
                let start = line.distance(from: line.startIndex, to: colon) + 1
                var listed = ReviewLogParser.missedWords(chars, from: start, in: deck).map(\.text).filter { !$0.isEmpty }
                let new = missed.filter { !listed.contains($0) }
                guard !new.isEmpty else { return false }
                for word in new { listed.insert(word, at: position(of: word, in: listed) { rank[$0] ?? -1 }) }
                text[index] = listText(line, colon: colon, names: listed)
                return true
            }
        }
        // No line for the deck that day: one in the first section, sorted by deck name.
        let section = ofDay[0]
        let deckLines = (section.heading + 1..<section.end).compactMap { index in listLine(text[index]).map { (index, String($0.name)) } }
        let at = deckLines.first { $0.1 > deck.id }?.0 ?? afterLastText(text, from: section.heading + 1, to: section.end)
        text.insert(["- \(deck.id):" + (missed.isEmpty ? "" : " " + missed.joined(separator: ", "))], at: at)
        return true
    }

    /// Each `## DATE` heading and the lines up to the next heading.
    static func reviewSections(_ text: TextLines) -> [(date: LocalDate, heading: Int, end: Int)] {
        var headings: [(index: Int, date: LocalDate?)] = []
        for index in 0..<text.count {
            let (indent, content) = MarkdownLine.split(Substring(text[index]))
            guard indent < 4, let heading = MarkdownLine.heading(content), heading.level >= 2 else { continue }
            headings.append((index, heading.level == 2 ? LocalDate(iso: heading.text) : nil))
        }
        return headings.enumerated().compactMap { position, heading in
            guard let date = heading.date else { return nil }
            return (date, heading.index, position + 1 < headings.count ? headings[position + 1].index : text.count)
        }
    }

    // MARK: - Routines into routines/log.md

    /// Each routine done on a day goes on the day's line; the minutes the phone
    /// timed are added to what the line gives (`wake 12 min`): events merge once
    /// each, so the sum is the same in any order.
    static func applyRoutines(_ events: [Checked], site: Site, files: inout Files, summary: inout [String]) {
        var days: [LocalDate: Set<String>] = [:]
        var minutes: [LocalDate: [String: Int]] = [:]
        for checked in events {
            guard case let .routine(id, spent) = checked.event.kind else { continue }
            days[checked.date, default: []].insert(id)
            if let spent { minutes[checked.date, default: [:]][id, default: 0] += spent }
        }
        guard !days.isEmpty, var text = files.text("routines/log.md") else { return }
        let rank = Dictionary(site.routines.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        for date in days.keys.sorted() {
            let ids = days[date]!.sorted { rank[$0]! < rank[$1]! }
            let spent = minutes[date] ?? [:]
            var lines: [(index: Int, colon: String.Index, items: [String])] = []
            var later: Int?
            for index in 0..<text.count {
                guard let (name, colon) = listLine(text[index]), let day = LocalDate(iso: name) else { continue }
                if day == date {
                    let listed = text[index][text[index].index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    lines.append((index, colon, listed.filter { !$0.isEmpty }))
                } else if day > date, later == nil {
                    later = index
                }
            }
            // The log was read by the build's parser, so each item reads.
            func item(_ entry: String) -> RoutineLogItem { (try? RoutineLogItem.parse(entry).get()) ?? RoutineLogItem(id: entry) }
            let new = ids.filter { id in !lines.contains { $0.items.contains { item($0).id == id } } }
            // Minutes go on the first item of the routine that day, or on the new one.
            var timed = Set(spent.keys)
            for line in lines {
                var items = line.items
                for (at, entry) in items.enumerated() {
                    var listed = item(entry)
                    guard let add = spent[listed.id], timed.remove(listed.id) != nil else { continue }
                    listed.minutes = (listed.minutes ?? 0) + add
                    items[at] = listed.text
                }
                if let first = lines.first, first.index == line.index {
                    for id in new {
                        let added = RoutineLogItem(id: id, minutes: timed.remove(id).flatMap { spent[$0] })
                        items.insert(added.text, at: position(of: added.text, in: items) { rank[item($0).id] ?? -1 })
                    }
                }
                if items != line.items { text[line.index] = listText(text[line.index], colon: line.colon, names: items) }
            }
            if lines.isEmpty {
                let items = new.map { RoutineLogItem(id: $0, minutes: spent[$0]).text }
                text.insert(["- \(date.iso): " + items.joined(separator: ", ")], at: later ?? afterLastText(text, from: 0, to: text.count))
            }
            let said = ids.map { id in spent[id].map { "\(id) +\($0) min" } ?? id }
            summary.append("routines/log.md: \(date.iso): \(said.joined(separator: ", "))" + (new.isEmpty && spent.isEmpty ? " (already there)" : ""))
        }
        files.store("routines/log.md", text)
    }

    // MARK: - Workouts into each day's workout file

    static func applyWorkouts(_ events: [Checked], site: Site, merged: [InboxEvent], files: inout Files, summary: inout [String]) {
        let workouts = events.filter { if case .workout = $0.event.kind { true } else { false } }
        guard !workouts.isEmpty else { return }
        // Exercise lines merged before, by the time of their event: new lines go among them in time order.
        var orderOfMerged: [String: Order] = [:]
        for event in merged.sorted(by: InboxEvent.isOrdered).reversed() {
            guard case let .workout(_, sets, _) = event.kind else { continue }
            for line in sets { orderOfMerged["- " + line] = Order(event) }
        }
        var taken = site.takenPaths
        for date in Set(workouts.map(\.date)).sorted() {
            let ofDay = workouts.filter { $0.date == date }
            let lines = ofDay.flatMap { checked in
                guard case let .workout(_, sets, _) = checked.event.kind else { return [(String, Order)]() }
                return sets.map { ("- " + $0, Order(checked.event)) }
            }
            let splits = ofDay.compactMap { checked -> String? in if case let .workout(split, _, _) = checked.event.kind { split } else { nil } }
            let minutes = ofDay.compactMap { checked -> Int? in if case let .workout(_, _, minutes) = checked.event.kind { minutes } else { nil } }
            if let path = site.workoutFiles[date] {
                guard var text = files.text(path) else { return }
                var keyed = orderOfMerged
                for (line, order) in lines {
                    let existing = (0..<text.count).map { text[$0] }
                    let at = existing.firstIndex { keyed[$0].map { $0 > order } ?? false }
                        ?? (0..<text.count).last { ExerciseLine(Substring(text[$0])) != nil }.map { $0 + 1 }
                        ?? afterLastText(text, from: 0, to: text.count)
                    text.insert([line], at: at)
                    keyed[line] = min(keyed[line] ?? order, order)
                }
                var note = lines.isEmpty ? [] : ["\(lines.count) exercise line\(lines.count == 1 ? "" : "s") added"]
                if let split = splits.first, addFrontMatter("split", YAMLText.quoted(split), before: "duration", to: &text) { note.append("split \(split)") }
                if let duration = duration(minutes), addFrontMatter("duration", duration, before: nil, to: &text) { note.append("duration \(duration)") }
                if !note.isEmpty { files.store(path, text) }
                summary.append("\(path): \(date.iso): " + (note.isEmpty ? "already logged" : note.joined(separator: ", ")))
            } else {
                let path = ImportSource.freePath("workouts/\(date.year)/\(date.iso).md", taken: taken)
                taken.insert(path)
                var front = ["---", "date: \(date.iso)"]
                if let split = splits.first { front.append("split: \(YAMLText.quoted(split))") }
                if let duration = duration(minutes) { front.append("duration: \(duration)") }
                var text = TextLines("")
                text.insert(front + ["---"] + lines.map(\.0), at: 0)
                files.store(path, text)
                summary.append("\(path) (new): \(date.iso)" + (splits.first.map { ", \($0)" } ?? "")
                               + ", \(lines.count) exercise line\(lines.count == 1 ? "" : "s")")
            }
        }
    }

    /// A workout's minutes, summed, as a `duration:` value.
    static func duration(_ minutes: [Int]) -> String? {
        let total = minutes.reduce(0, +)
        return total > 0 ? WorkoutText.duration(min(total, 1440)) : nil
    }

    /// Adds `key: value` to a YAML front matter that lacks the key, before
    /// the `before` key's line or else the closing fence, so that the keys
    /// come in the order a new file has them whichever event came first.
    /// False when the file has the key or no YAML front matter.
    static func addFrontMatter(_ key: String, _ value: String, before: String?, to text: inout TextLines) -> Bool {
        guard text.count > 1, text[0].trimmingCharacters(in: .whitespaces) == "---",
              let close = (1..<text.count).first(where: { ["---", "..."].contains(text[$0].trimmingCharacters(in: .whitespaces)) }) else { return false }
        let keys = (1..<close).map { text[$0] }
        guard !keys.contains(where: { $0.hasPrefix(key + ":") }) else { return false }
        let at = before.flatMap { next in keys.firstIndex { $0.hasPrefix(next + ":") }.map { $0 + 1 } } ?? close
        text.insert(["\(key): \(value)"], at: at)
        return true
    }

    /// Events' order, for lines that came from them.
    struct Order: Comparable {
        let seconds: Int
        let id: String
        init(_ event: InboxEvent) {
            seconds = event.at.secondsSinceEpoch
            id = event.id
        }
        static func < (a: Order, b: Order) -> Bool { (a.seconds, a.id) < (b.seconds, b.id) }
    }

    // MARK: - Undo of events merged before

    /// Takes the lines of routines and workouts merged before back out: the
    /// routine's item on its day's line (or its minutes, when more were logged
    /// there), the workout's exercise lines; a workout file left with nothing
    /// but what a merge writes (`date`, `split`, `duration`) is removed.
    static func takeBack(_ events: [InboxEvent], site: Site, files: inout Files, summary: inout [String]) {
        for event in events {
            let date = event.at.local(in: site.timeZone).date
            switch event.kind {
            case let .routine(id, minutes):
                guard var text = files.text("routines/log.md") else { return }
                var done = false
                for index in 0..<text.count where !done {
                    guard let (name, colon) = listLine(text[index]), LocalDate(iso: name) == date else { continue }
                    var items = text[index][text[index].index(after: colon)...].split(separator: ",")
                        .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                    guard let at = items.firstIndex(where: { (try? RoutineLogItem.parse($0).get())?.id == id }),
                          var item = try? RoutineLogItem.parse(items[at]).get() else { continue }
                    if let minutes, let logged = item.minutes, logged > minutes {
                        item.minutes = logged - minutes
                        items[at] = item.text
                    } else {
                        items.remove(at: at)
                    }
                    if items.isEmpty { text.remove(at: index) } else { text[index] = listText(text[index], colon: colon, names: items) }
                    done = true
                }
                files.store("routines/log.md", text)
                summary.append("routines/log.md: \(date.iso): \(id) taken back" + (done ? "" : " (no line for it)"))
            case let .workout(_, sets, _):
                guard let path = site.workoutFiles[date] ?? files.created.first(where: { $0.hasPrefix("workouts/") && $0.hasSuffix("/\(date.iso).md") }),
                      var text = files.text(path) else {
                    summary.append("\(date.iso): workout taken back (no file for it)")
                    continue
                }
                var removedLines = 0
                for line in sets {
                    guard let index = (0..<text.count).first(where: { text[$0] == "- " + line }) else { continue }
                    text.remove(at: index)
                    removedLines += 1
                }
                if Self.isOnlyMergedFrontMatter(text) {
                    files.remove(path)
                    summary.append("\(path): \(date.iso): workout taken back, file removed")
                } else {
                    files.store(path, text)
                    summary.append("\(path): \(date.iso): workout taken back, \(removedLines) exercise line\(removedLines == 1 ? "" : "s") removed")
                }
            default:
                continue
            }
        }
    }

    /// A workout file with front matter of only `date`, `split` and `duration` and nothing after it: what a merge makes.
    static func isOnlyMergedFrontMatter(_ text: TextLines) -> Bool {
        guard text.count > 1, text[0] == "---", let close = (1..<text.count).first(where: { text[$0] == "---" }) else { return false }
        let keys = (1..<close).map { String(text[$0].prefix { $0 != ":" }) }
        return Set(keys).isSubset(of: ["date", "split", "duration"]) && (close + 1..<text.count).allSatisfy { text[$0].allSatisfy(\.isWhitespace) }
    }

    // MARK: - Entries into new diary files

    static func applyEntries(_ events: [Checked], site: Site, files: inout Files, summary: inout [String]) {
        var taken = site.takenPaths.union(files.changed.keys)
        for checked in events {
            guard case let .entry(title, text, isPrivate) = checked.event.kind else { continue }
            let time = checked.time.text.replacingOccurrences(of: ":", with: "")
            let path = ImportSource.freePath("diary/\(checked.date.year)/\(checked.date.iso)-\(time).md", taken: taken)
            taken.insert(path)
            var file = TextLines("")
            file.insert(entryFile(title: title, text: text, isPrivate: isPrivate, date: checked.date, time: checked.time), at: 0)
            files.store(path, file)
            summary.append("\(path) (new): " + (title ?? "entry") + (isPrivate ? " (private)" : ""))
        }
    }

    /// A diary entry's lines: its front matter made here (the title quoted,
    /// so nothing in it is read as a key), then the text, which comes after
    /// the closing fence and can open no front matter of its own.
    static func entryFile(title: String?, text: String, isPrivate: Bool, date: LocalDate, time: LocalTime) -> [String] {
        var front = ["---"]
        if let title { front.append("title: \(YAMLText.quoted(title))") }
        front.append("date: \(date.iso) \(time.text)")
        if isPrivate { front.append("private: true") }
        front.append("---")
        var body = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while body.first?.allSatisfy(\.isWhitespace) == true { body.removeFirst() }
        while body.last?.allSatisfy(\.isWhitespace) == true { body.removeLast() }
        return front + body
    }
}
