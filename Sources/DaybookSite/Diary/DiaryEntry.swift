/// One diary entry (`content/diary/**/*.md`).
public struct DiaryEntry: Sendable, Identifiable {
    public var id: String { source.slugPath }
    var title: String
    public var date: LocalDate
    /// nil when the entry gives only a day.
    public var time: LocalTime?
    /// Minutes east of UTC when the date carried an ISO offset.
    public var utcOffsetMinutes: Int?
    var tags: [String]
    var isPrivate: Bool
    var isDraft: Bool
    /// The file line the body starts on.
    var bodyFirstLine: Int
    /// What the parse gave and nothing changes, held once: entries are copied
    /// through many arrays, sorts and filters, and a copy of this costs one
    /// retain instead of one for each text inside.
    private let parts: Parts

    private final class Parts: Sendable {
        let source: SourceFile
        let weather: Weather?
        let mood: String?
        let body: String
        let frontMatter: EntryFrontMatter
        let cover: String?
        let coverLocation: SourceLocation?

        init(source: SourceFile, weather: Weather?, mood: String?, body: String, frontMatter: EntryFrontMatter,
             cover: String?, coverLocation: SourceLocation?) {
            self.source = source
            self.weather = weather
            self.mood = mood
            self.body = body
            self.frontMatter = frontMatter
            self.cover = cover
            self.coverLocation = coverLocation
        }
    }

    var source: SourceFile { parts.source }
    public var weather: Weather? { parts.weather }
    var mood: String? { parts.mood }
    /// Markdown body.
    var body: String { parts.body }
    /// What other tools' front matter adds: old URLs, last change, other keys.
    var frontMatter: EntryFrontMatter { parts.frontMatter }
    /// `cover:`: the photo that stands for the entry in lists, as written, and where.
    var cover: String? { parts.cover }
    var coverLocation: SourceLocation? { parts.coverLocation }

    init(source: SourceFile, title: String, date: LocalDate, time: LocalTime? = nil, utcOffsetMinutes: Int? = nil,
                weather: Weather? = nil, tags: [String] = [], mood: String? = nil, isPrivate: Bool = false,
                isDraft: Bool = false, body: String = "", bodyFirstLine: Int = 1, frontMatter: EntryFrontMatter = EntryFrontMatter(),
                cover: String? = nil, coverLocation: SourceLocation? = nil) {
        self.title = title
        self.date = date
        self.time = time
        self.utcOffsetMinutes = utcOffsetMinutes
        self.tags = tags
        self.isPrivate = isPrivate
        self.isDraft = isDraft
        self.bodyFirstLine = bodyFirstLine
        parts = Parts(source: source, weather: weather, mood: mood, body: body, frontMatter: frontMatter,
                      cover: cover, coverLocation: coverLocation)
    }

    /// The indexes of `entries` by date; entries of a day by time (untimed
    /// first), then by file name. An entry is a large value: the sort moves indexes.
    static func chronologicalOrder(_ entries: [DiaryEntry]) -> [Int] {
        let keys = entries.map { ($0.date, $0.time?.minutes ?? -1) }
        return entries.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            return entries[a].source.relativePath < entries[b].source.relativePath
        }
    }
}
