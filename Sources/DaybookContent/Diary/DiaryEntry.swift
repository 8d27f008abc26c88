/// One diary entry (`content/diary/**/*.md`).
public struct DiaryEntry: Sendable, Identifiable {
    public var id: String { source.slugPath }
    public let source: SourceFile
    public var title: String
    public var date: LocalDate
    /// nil when the entry gives only a day.
    public var time: LocalTime?
    /// Minutes east of UTC when the date carried an ISO offset.
    public var utcOffsetMinutes: Int?
    public var weather: Weather?
    public var tags: [String]
    public var mood: String?
    public var isPrivate: Bool
    public var isDraft: Bool
    /// Markdown body, and the file line it starts on.
    public var body: String
    public var bodyFirstLine: Int
    /// What other tools' front matter adds: old URLs, last change, other keys.
    public var frontMatter: EntryFrontMatter
    /// `cover:`: the photo that stands for the entry in lists, as written, and where.
    public var cover: String?
    public var coverLocation: SourceLocation?

    public init(source: SourceFile, title: String, date: LocalDate, time: LocalTime? = nil, utcOffsetMinutes: Int? = nil,
                weather: Weather? = nil, tags: [String] = [], mood: String? = nil, isPrivate: Bool = false,
                isDraft: Bool = false, body: String = "", bodyFirstLine: Int = 1, frontMatter: EntryFrontMatter = EntryFrontMatter(),
                cover: String? = nil, coverLocation: SourceLocation? = nil) {
        self.source = source
        self.title = title
        self.date = date
        self.time = time
        self.utcOffsetMinutes = utcOffsetMinutes
        self.weather = weather
        self.tags = tags
        self.mood = mood
        self.isPrivate = isPrivate
        self.isDraft = isDraft
        self.body = body
        self.bodyFirstLine = bodyFirstLine
        self.frontMatter = frontMatter
        self.cover = cover
        self.coverLocation = coverLocation
    }

    /// The indexes of `entries` by date; entries of a day by time (untimed
    /// first), then by file name. An entry is a large value: the sort moves indexes.
    public static func chronologicalOrder(_ entries: [DiaryEntry]) -> [Int] {
        let keys = entries.map { ($0.date, $0.time?.minutes ?? -1) }
        return entries.indices.sorted { a, b in
            if keys[a] != keys[b] { return keys[a] < keys[b] }
            return entries[a].source.relativePath < entries[b].source.relativePath
        }
    }
}
