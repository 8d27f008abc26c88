/// The year in review (SPEC §7, `year/YYYY/`): what one year's entries and
/// workouts add up to. A pure function of the values it is given; the site
/// passes only what its public view holds, so nothing private is counted.
public struct YearInReview: Sendable, Equatable {
    /// What one diary entry brings to the review.
    public struct Entry: Sendable {
        public let date: LocalDate
        public let words: Int
        public let tags: [String]
        public let condition: String?
        /// °C
        public let temperature: Double?

        public init(date: LocalDate, words: Int, tags: [String] = [], condition: String? = nil, temperature: Double? = nil) {
            self.date = date
            self.words = words
            self.tags = tags
            self.condition = condition
            self.temperature = temperature
        }
    }

    /// A name and how many times it came up.
    public struct Count: Sendable, Equatable {
        public let name: String
        public let count: Int
    }

    /// The day with the highest or lowest recorded temperature.
    public struct Extreme: Sendable, Equatable {
        public let date: LocalDate
        public let temperature: Double
    }

    public let year: Int
    public let entries: Int
    public let words: Int
    /// Most used first; ties by name.
    public let tags: [Count]
    /// Each kind of weather by how many entries had it, most first; ties by name.
    public let weather: [Count]
    /// The first such day when several share the temperature.
    public let warmest: Extreme?
    public let coldest: Extreme?
    /// Workouts in January … December.
    public let workoutsPerMonth: [Int]

    public var workouts: Int { workoutsPerMonth.reduce(0, +) }

    /// - Parameters:
    ///   - entries: entries of any years; those of `year` count.
    ///   - workouts: the days of workouts of any years; one per session.
    ///   - tagLimit: how many of the most used tags to keep.
    public init(year: Int, entries: [Entry], workouts: [LocalDate], tagLimit: Int = 10) {
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

    /// Words of a text as a reader counts them: runs of letters or digits
    /// between spaces and punctuation, an apostrophe inside one (`it's`) kept
    /// (Korean is written with spaces too).
    public static func words(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for scalar in text.unicodeScalars {
            let letter = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                || (inWord && (scalar == "'" || scalar == "\u{2019}"))
            if letter && !inWord { count += 1 }
            inWord = letter
        }
        return count
    }

    static func ranked(_ names: [String], limit: Int) -> [Count] {
        let counts = names.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        return counts.map { Count(name: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.name < $1.name }
            .prefix(limit).map { $0 }
    }
}
