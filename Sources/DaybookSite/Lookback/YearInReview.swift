/// The year in review (docs/site.md, `year/YYYY/`): what one year's entries and
/// workouts add up to. A pure function of the values it is given; the site
/// passes only what its public view holds, so nothing private is counted.
struct YearInReview: Sendable, Equatable {
    /// What one diary entry brings to the review.
    struct Entry: Sendable {
        let date: LocalDate
        let words: Int
        let tags: [String]
        let condition: String?
        /// °C
        let temperature: Double?

        init(date: LocalDate, words: Int, tags: [String] = [], condition: String? = nil, temperature: Double? = nil) {
            self.date = date
            self.words = words
            self.tags = tags
            self.condition = condition
            self.temperature = temperature
        }
    }

    /// A name and how many times it came up.
    struct Count: Sendable, Equatable {
        let name: String
        let count: Int
    }

    /// The day with the highest or lowest recorded temperature.
    struct Extreme: Sendable, Equatable {
        let date: LocalDate
        let temperature: Double
    }

    let year: Int
    let entries: Int
    let words: Int
    /// Most used first; ties by name.
    let tags: [Count]
    /// Each kind of weather by how many entries had it, most first; ties by name.
    let weather: [Count]
    /// The first such day when several share the temperature.
    let warmest: Extreme?
    let coldest: Extreme?
    /// Workouts in January … December.
    let workoutsPerMonth: [Int]

    var workouts: Int { workoutsPerMonth.reduce(0, +) }

    /// - Parameters:
    ///   - entries: entries of any years; those of `year` count.
    ///   - workouts: the days of workouts of any years; one per session.
    ///   - tagLimit: how many of the most used tags to keep.
    init(year: Int, entries: [Entry], workouts: [LocalDate], tagLimit: Int = 10) {
        self.year = year
        let ofYear = entries.filter { $0.date.year == year }
        self.entries = ofYear.count
        words = ofYear.reduce(0) { $0 + $1.words }
        tags = Self.ranked(ofYear.flatMap(\.tags), limit: tagLimit)
        weather = Self.ranked(ofYear.compactMap(\.condition), limit: .max)
        let measured = ofYear.compactMap { entry in entry.temperature.map { Extreme(date: entry.date, temperature: $0) } }
            .sorted { $0.date < $1.date }
        warmest = measured.max { $0.temperature < $1.temperature || ($0.temperature == $1.temperature && $0.date > $1.date) }
        coldest = measured.min { $0.temperature < $1.temperature || ($0.temperature == $1.temperature && $0.date < $1.date) }
        var perMonth = Array(repeating: 0, count: 12)
        for day in workouts where day.year == year { perMonth[day.monthKey.month - 1] += 1 }
        workoutsPerMonth = perMonth
    }

    /// Words of an entry's Markdown as a reader counts them: runs of letters
    /// or digits between spaces and punctuation, an apostrophe inside one
    /// (`it's`) kept (Korean is written with spaces too). What a reader does
    /// not read as text is skipped: images and embeds (`![alt](photo.jpg)`,
    /// `![[photo.jpg]]`), a link's address (`[text](address)` counts its text)
    /// and HTML tags. Read byte by byte, once per entry when its body renders
    /// (`EntryRendering.words`): every entry of the site goes through it.
    static func words(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { words(bytes: $0) }
    }

    static func words(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        wordBytes.withUnsafeBufferPointer { words(bytes: bytes, table: $0) }
    }

    private static func words(bytes: UnsafeBufferPointer<UInt8>, table: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0, inWord = false, index = 0
        let end = bytes.count
        /// Moves past the first `closing` from `from`; to the end when there is none.
        func skip(past closing: UInt8, from: Int) -> Int {
            var at = from
            while at < end && bytes[at] != closing { at += 1 }
            return min(at + 1, end)
        }
        /// Past the letters that follow inside a word, ASCII or Hangul syllables (U+AC00–U+D7A3,
        /// led by 0xEA–0xED): most of a text's bytes, read in one table lookup each.
        func restOfWord(from: Int) -> Int {
            var at = from
            while at < end {
                let byte = bytes[at]
                let step = table[Int(byte)]
                guard step != 0 else { break }
                at += Int(step)
            }
            return min(at, end)
        }
        while index < end {
            let byte = bytes[index]
            if byte < 0x80 {
                if table[Int(byte)] == 1 {
                    if !inWord { count += 1 }
                    inWord = true
                    index = restOfWord(from: index + 1)
                    continue
                }
                switch byte {
                case UInt8(ascii: "!") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "["):
                    // An image or an embed: its alt text and address are not read as words.
                    index = skip(past: UInt8(ascii: "]"), from: index + 2)
                    if index < end && bytes[index] == UInt8(ascii: "]") { index += 1 }
                    if index < end && bytes[index] == UInt8(ascii: "(") { index = skip(past: UInt8(ascii: ")"), from: index) }
                    inWord = false
                case UInt8(ascii: "]") where index + 1 < end && bytes[index + 1] == UInt8(ascii: "("):
                    index = skip(past: UInt8(ascii: ")"), from: index + 1)
                    inWord = false
                case UInt8(ascii: "<") where index + 1 < end && (bytes[index + 1] == UInt8(ascii: "/") || isASCIILetter(bytes[index + 1])):
                    index = skip(past: UInt8(ascii: ">"), from: index)
                    inWord = false
                case UInt8(ascii: "'"):
                    // Inside a word an apostrophe is part of it (`it's`); elsewhere it starts none.
                    index += 1
                default:
                    inWord = false
                    index += 1
                }
                continue
            }
            let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            let second = index + 1 < end ? bytes[index + 1] : 0
            // Not letters: U+0080–U+00BF (no-break space, «, », ·), U+2000–U+206F (spaces, dashes,
            // quotes, …; ’ inside a word is an apostrophe), U+3000–U+303F (CJK spaces and punctuation),
            // U+FF01–U+FF0F (fullwidth punctuation).
            let letter: Bool
            if byte == 0xC2 {
                letter = false
            } else if byte == 0xE2 && (second == 0x80 || second == 0x81) {
                letter = inWord && second == 0x80 && index + 2 < end && bytes[index + 2] == 0x99
            } else if byte == 0xE3 && second == 0x80 {
                letter = false
            } else if byte == 0xEF && second == 0xBC && index + 2 < end && bytes[index + 2] <= 0x8F {
                letter = false
            } else {
                letter = true
            }
            if letter && !inWord { count += 1 }
            inWord = letter
            index += length
            if letter { index = restOfWord(from: index) }
        }
        return count
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 }
    /// For each first byte, how far a word's letter that starts with it reaches when it is
    /// surely one (an ASCII letter or digit, a Hangul syllable); 0 for the rest.
    private static let wordBytes: [UInt8] = (0...255).map { byte in
        isASCIILetterOrDigit(UInt8(byte)) ? 1 : (0xEA...0xED).contains(byte) ? 3 : 0
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool { isASCIILetter(byte) || byte &- UInt8(ascii: "0") < 10 }

    static func ranked(_ names: [String], limit: Int) -> [Count] {
        let counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        return counts.map { Count(name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            .prefix(limit).map { $0 }
    }
}

/// The year's study, from the review schedule (docs/content.md#the-review-schedule), as docs/site.md defines it:
/// - **learned**: a word whose first study days (those of the word book it was
///   added in) ended in the year, by today; each word once, in that year;
/// - **mastered**: a word whose last review was taken in the year and that has
///   not been missed since (its stage today is mastered, on a day of the year);
/// - **recall rate**: of the words tested in the year's review sessions (review
///   1…n, on the day each was taken), the share not listed as missed. Tests on
///   study days change nothing in the schedule and are not counted.
struct YearStudy: Sendable, Equatable {
    /// A word of a public deck as the schedule sees it today.
    struct Word: Sendable {
        /// The last of its first study days.
        let learnedOn: LocalDate
        /// The day of its last review, when it is mastered today.
        let masteredOn: LocalDate?

        init(learnedOn: LocalDate, masteredOn: LocalDate?) {
            self.learnedOn = learnedOn
            self.masteredOn = masteredOn
        }
    }

    /// One review session that was taken: how many words it tested and how many were missed.
    struct Review: Sendable {
        let date: LocalDate
        let words: Int
        let missed: Int

        init(date: LocalDate, words: Int, missed: Int) {
            self.date = date
            self.words = words
            self.missed = missed
        }
    }

    let learned: Int
    let mastered: Int
    /// Words tested in reviews.
    let reviewed: Int
    /// Of those, the ones not missed.
    let recalled: Int

    /// The words of `decks` as `schedule` sees them today.
    static func words(of decks: [String], in schedule: some YearStudySchedule, settings: SiteConfig.Vocab) -> [Word] {
        decks.flatMap { deck in
            schedule.words(of: deck).map { status in
                let masteredOn: LocalDate? = if case let .mastered(on) = status.stage { on } else { nil }
                return Word(learnedOn: WordBookPlan(start: status.added, settings: settings).lastStudyDay, masteredOn: masteredOn)
            }
        }
    }

    /// The review sessions of the year that were taken: every past one, and
    /// today's once reviews.md has the deck's line for today.
    static func reviews(_ year: Int, in schedule: some YearStudySchedule, today: LocalDate) -> [Review] {
        let first = YearMonth(year: year, month: 1).firstDay, last = min(YearMonth(year: year, month: 12).lastDay, today)
        guard first <= last else { return [] }
        return schedule.days(in: first...last).flatMap { day in
            day.decks.filter { day.date < today || schedule.isTested($0.deckID, on: day.date) }.flatMap { deck in
                deck.reviews.map { Review(date: day.date, words: $0.words.count, missed: $0.missed.count) }
            }
        }
    }

    /// nil when no review was taken in the year.
    var recallRate: Double? { reviewed == 0 ? nil : Double(recalled) / Double(reviewed) }

    /// - Parameters:
    ///   - words: every word, of any year; a word learned after `today` is not learned yet.
    ///   - reviews: the taken review sessions, of any year.
    init(year: Int, words: [Word], reviews: [Review], today: LocalDate) {
        learned = words.count { $0.learnedOn.year == year && $0.learnedOn <= today }
        mastered = words.count { $0.masteredOn.map { $0.year == year && $0 <= today } ?? false }
        let ofYear = reviews.filter { $0.date.year == year && $0.date <= today }
        reviewed = ofYear.reduce(0) { $0 + $1.words }
        recalled = ofYear.reduce(0) { $0 + $1.words - min($1.missed, $1.words) }
    }
}

/// What the year's study is read from: the review schedule, or the part of it a view may show.
protocol YearStudySchedule {
    func words(of deckID: String) -> [WordStatus]
    func days(in range: ClosedRange<LocalDate>) -> [VocabDay]
    func isTested(_ deckID: String, on date: LocalDate) -> Bool
}

extension VocabSchedule: YearStudySchedule {}
extension PublishedSchedule: YearStudySchedule {}

/// The year's workouts beside their records: for each exercise done in the
/// year, its best of the year in the measure that suits it (estimated one-rep
/// max for lifts with reps, else the heaviest weight, else most reps, else the
/// longest hold), and whether that best is a personal record (better than
/// every earlier year); per month, how many times a record was beaten (a
/// session better than every earlier one of that exercise; the first session
/// of an exercise beats nothing).
struct YearRecords: Sendable {
    enum Measure: String, Sendable, CaseIterable {
        case oneRepMax, heaviest, reps, hold

        func value(_ records: PersonalRecords) -> PersonalRecord? {
            switch self {
            case .oneRepMax: records.bestOneRepMax
            case .heaviest: records.heaviest
            case .reps: records.mostReps
            case .hold: records.longestHold
            }
        }
    }

    struct Best: Sendable {
        let exercise: ExerciseHistory
        let measure: Measure
        let record: PersonalRecord
        /// Better than any session before the year (or the exercise's first year).
        let isPersonalRecord: Bool
    }

    /// By exercise, in the order given.
    let bests: [Best]
    /// Records beaten in January … December.
    let beatenPerMonth: [Int]

    init(year: Int, exercises: [ExerciseHistory]) {
        var bests: [Best] = []
        var beaten = Array(repeating: 0, count: 12)
        for exercise in exercises {
            let before = exercise.performances.filter { $0.date.year < year }
            let during = exercise.performances.filter { $0.date.year == year }
            guard !during.isEmpty, let measure = Measure.allCases.first(where: { $0.value(exercise.records) != nil }) else { continue }
            var best = measure.value(PersonalRecords(before))?.value
            for performance in during {
                guard let value = measure.value(PersonalRecords([performance]))?.value else { continue }
                if let previous = best, value > previous { beaten[performance.date.monthKey.month - 1] += 1 }
                best = max(best ?? value, value)
            }
            guard let record = measure.value(PersonalRecords(during)) else { continue }
            let earlier = measure.value(PersonalRecords(before))?.value
            bests.append(Best(exercise: exercise, measure: measure, record: record, isPersonalRecord: earlier.map { record.value > $0 } ?? true))
        }
        self.bests = bests
        beatenPerMonth = beaten
    }
}

/// Each routine's share done in a year: scheduled days done / (done + missed),
/// as on the routines page (`RoutinePlan`); days still planned do not count.
struct YearRoutines: Sendable {
    struct Share: Sendable {
        let routine: Routine
        let counts: RoutinePlan.Counts
    }

    /// In the order of routines.yml; only routines that were due in the year.
    let shares: [Share]

    init(year: Int, plan: RoutinePlan) {
        let months = (1...12).map { plan.month(YearMonth(year: year, month: $0)) }
        shares = plan.routines.indices.compactMap { index in
            var counts = RoutinePlan.Counts()
            for month in months { counts.add(month.routines[index].counts) }
            return counts.successShare == nil ? nil : Share(routine: plan.routines[index], counts: counts)
        }
    }
}

extension YearInReview {
    /// `limit` indexes of `0..<count` spread evenly over it, first and last
    /// included, in order: the photos of a year that has more than a page shows.
    static func spread(_ count: Int, limit: Int) -> [Int] {
        guard count > limit else { return Array(0..<count) }
        guard limit > 1 else { return limit == 1 ? [0] : [] }
        return (0..<limit).map { $0 * (count - 1) / (limit - 1) }
    }
}
