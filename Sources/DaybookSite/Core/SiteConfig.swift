/// `content/site.yml`: every setting optional, unknown keys rejected.
public struct SiteConfig: Sendable {
    public enum Locale: String, Sendable, CaseIterable { case ko, en }
    enum WeekStart: String, Sendable { case monday, sunday }

    public struct Vocab: Equatable, Sendable {
        /// What a due review with no test recorded for it means (docs/content.md#the-review-schedule).
        enum Unrecorded: String, Sendable, CaseIterable {
            /// It is still to be taken: it stays in today's plan, late, until a line for its deck is recorded.
            case overdue
            /// It counts as passed once its day is past (the rule before overdue reviews).
            case passed
        }
        var studyDays = 3
        var reviewIntervals = [3, 7, 14]
        var maxMeanings = 3
        var unrecorded = Unrecorded.overdue
        /// The hour `calendar.ics` announces the day's reviews; nil: an all-day event.
        var remind: LocalTime?
        public init() {}
    }

    struct Flashcards: Sendable {
        enum Paper: String, Sendable, CaseIterable { case a4, letter }
        enum Duplex: String, Sendable, CaseIterable {
            case longEdge = "long-edge", shortEdge = "short-edge", fold
        }
        var paper = Paper.a4
        var columns = 2
        var rows = 4
        var duplex = Duplex.longEdge
        /// Millimetres, x then y.
        var backOffset: (x: Double, y: Double) = (0, 0)
        var cutMarks = true
        init() {}
    }

    public struct Workouts: Sendable {
        enum Rotation: String, Sendable, CaseIterable { case daily, session }
        public enum Unit: String, Sendable, CaseIterable { case kg, lb }
        var split: [String] = []
        var start: LocalDate?
        var rotate = Rotation.daily
        var unit = Unit.kg
        /// The hour `calendar.ics` announces the day's planned part; nil: an all-day event.
        var remind: LocalTime?
        public init() {}
    }

    /// How photos are published (`images:`).
    struct Images: Sendable, Hashable {
        /// Publish the original files too (metadata and all) beside the resized copies.
        var originals = false
        /// Widths in pixels of the resized copies; a photo is never enlarged.
        var widths = [480, 960, 1600]
        init() {}
    }

    /// Where the diary is written: the place `new entry` fetches the weather for.
    public struct Location: Sendable, Hashable {
        public var name: String?
        var latitude: Double
        var longitude: Double
        init(name: String? = nil, latitude: Double, longitude: Double) {
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
        }
    }

    /// The service `new entry` asks for the current weather (`weather.provider`).
    public enum WeatherProvider: String, Sendable, CaseIterable {
        /// No key needed.
        case openMeteo = "open-meteo"
        /// Its key comes from the `OPENWEATHERMAP_API_KEY` environment variable, never from a file of the site.
        case openWeatherMap = "openweathermap"
    }

    /// What becomes of private items (`private: { publish: … }`): left out of
    /// the site (the default), or published encrypted (docs/privacy.md).
    enum PrivatePublishing: String, Sendable, CaseIterable {
        case leftOut = "left-out", encrypted
    }

    var title = "Daybook"
    var author = ""
    /// Absolute URL, used only where links must be absolute: feed, sitemap, ics.
    var baseURL: String?
    var locale = Locale.ko
    public var timezone = "Asia/Seoul"
    var theme = "default"
    /// Where `theme:` is written, so that a missing theme is reported there.
    var themeLocation: SourceLocation?
    var weekStarts = WeekStart.monday
    var vocab = Vocab()
    var flashcards = Flashcards()
    var workouts = Workouts()
    var images = Images()
    /// nil when site.yml names no place (or leaves its coordinates empty): no weather is fetched.
    public var location: Location?
    public var weatherProvider = WeatherProvider.openMeteo
    /// What `daybook publish` runs after a good build; nil: it merges and builds only.
    public var publish: PublishCommand?
    var privatePublishing = PrivatePublishing.leftOut
    /// Where `publish:` under `private:` is written: a build with encryption on and no passphrase is an error there.
    var privatePublishingLocation: SourceLocation?

    public init() {}

    static let keys = ["title", "author", "base_url", "locale", "timezone", "theme", "week_starts", "vocab", "flashcards", "workouts", "images",
                       "location", "weather", "publish", "private"]

    /// Reads `site.yml`; a missing file (nil) gives the defaults.
    public static func parse(_ file: SourceFile?, into diagnostics: inout Diagnostics) -> SiteConfig {
        var config = SiteConfig()
        guard let file, let root = YAMLValue.parse(file.text, file: file, into: &diagnostics),
              let fields = root.fields("site.yml", known: keys, into: &diagnostics) else { return config }

        if let v = fields["title"]?.string("title", into: &diagnostics) { config.title = v }
        if let v = fields["author"]?.string("author", into: &diagnostics) { config.author = v }
        if let value = fields["base_url"], var v = value.string("base_url", into: &diagnostics) {
            if !(v.hasPrefix("http://") || v.hasPrefix("https://")) {
                diagnostics.error(value.location, "base_url must be an absolute http(s) URL, like https://example.github.io/daybook/")
            } else {
                if !v.hasSuffix("/") { v += "/" }
                config.baseURL = v
            }
        }
        if let v = fields["locale"]?.choice("locale", from: Locale.allCases.map(\.rawValue), into: &diagnostics) {
            config.locale = Locale(rawValue: v)!
        }
        if let value = fields["timezone"], let v = value.string("timezone", into: &diagnostics) {
            if TimeZones.isKnown(v) {
                config.timezone = v
            } else {
                diagnostics.error(value.location, "unknown timezone '\(v)'", hint: "use an IANA name such as Asia/Seoul, Europe/London or UTC")
            }
        }
        if let value = fields["theme"], let v = value.string("theme", into: &diagnostics) {
            if isPlainThemeName(v) {
                config.theme = v
                config.themeLocation = value.location
            } else {
                diagnostics.error(value.location, "theme must be the name of a folder in themes/, not a path: '\(v)'",
                                  hint: "put the theme in themes/NAME/ beside content/ and write 'theme: NAME'")
            }
        }
        if let v = fields["week_starts"]?.choice("week_starts", from: ["monday", "sunday"], into: &diagnostics) {
            config.weekStarts = WeekStart(rawValue: v)!
        }
        if let v = fields["vocab"] { config.vocab = parseVocab(v, into: &diagnostics) }
        if let v = fields["flashcards"] { config.flashcards = parseFlashcards(v, into: &diagnostics) }
        if let v = fields["workouts"] { config.workouts = parseWorkouts(v, into: &diagnostics) }
        if let v = fields["images"] { config.images = parseImages(v, into: &diagnostics) }
        if let v = fields["location"] { config.location = parseLocation(v, into: &diagnostics) }
        if let v = fields["weather"],
           let f = v.fields("weather", known: ["provider"], into: &diagnostics),
           let provider = f["provider"]?.choice("provider", from: WeatherProvider.allCases.map(\.rawValue), into: &diagnostics) {
            config.weatherProvider = WeatherProvider(rawValue: provider)!
        }
        if let v = fields["publish"] { config.publish = PublishCommand.parse(v, into: &diagnostics) }
        if let v = fields["private"], let f = v.fields("private", known: ["publish"], into: &diagnostics), let value = f["publish"],
           let publishing = value.choice("publish", from: PrivatePublishing.allCases.map(\.rawValue), into: &diagnostics) {
            config.privatePublishing = PrivatePublishing(rawValue: publishing)!
            config.privatePublishingLocation = value.location
        }
        return config
    }

    /// A theme is a folder of `themes/`: no separators, no `.`/`..`, nothing hidden.
    static func isPlainThemeName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.contains("/") && !name.contains("\\") && !name.contains("\0")
    }

    /// The accepted ranges (docs/limits.md lists them).
    enum Limits {
        static let studyDays = 1...60
        static let reviewInterval = 1...365
        static let reviewCount = 20
        static let maxMeanings = 1...100
        static let columns = 1...8
        static let rows = 1...12
        /// Millimetres; the sheets keep 14 mm of margin.
        static let backOffset = -10.0...10.0
        /// Pixels of a published photo size.
        static let imageWidth = 1...8000
        static let imageWidthCount = 8
        /// Days of one workout split rotation.
        static let splitDays = 31
    }

    private static func parseVocab(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Vocab {
        var vocab = Vocab()
        let known = ["study_days", "review_intervals", "max_meanings", "unrecorded", "remind"]
        guard let f = value.fields("vocab", known: known, into: &diagnostics) else { return vocab }
        if let n = f["study_days"]?.int("study_days", in: Limits.studyDays, into: &diagnostics) { vocab.studyDays = n }
        if let n = f["max_meanings"]?.int("max_meanings", in: Limits.maxMeanings, into: &diagnostics) { vocab.maxMeanings = n }
        if let v = f["review_intervals"], let items = v.list("review_intervals", into: &diagnostics) {
            if items.count > Limits.reviewCount {
                diagnostics.error(v.location, "review_intervals has \(items.count) reviews, at most \(Limits.reviewCount)")
            }
            vocab.reviewIntervals = items.prefix(Limits.reviewCount).compactMap {
                $0.int("each review interval (days)", in: Limits.reviewInterval, into: &diagnostics)
            }
        }
        if let v = f["unrecorded"]?.choice("unrecorded", from: Vocab.Unrecorded.allCases.map(\.rawValue), into: &diagnostics) {
            vocab.unrecorded = Vocab.Unrecorded(rawValue: v)!
        }
        if let v = f["remind"] { vocab.remind = v.time("remind", into: &diagnostics) }
        return vocab
    }

    private static func parseFlashcards(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Flashcards {
        var cards = Flashcards()
        let known = ["paper", "columns", "rows", "duplex", "back_offset", "cut_marks"]
        guard let f = value.fields("flashcards", known: known, into: &diagnostics) else { return cards }
        if let v = f["paper"]?.choice("paper", from: Flashcards.Paper.allCases.map(\.rawValue), into: &diagnostics) {
            cards.paper = Flashcards.Paper(rawValue: v)!
        }
        if let n = f["columns"]?.int("columns", in: Limits.columns, into: &diagnostics) { cards.columns = n }
        if let n = f["rows"]?.int("rows", in: Limits.rows, into: &diagnostics) { cards.rows = n }
        if let v = f["duplex"]?.choice("duplex", from: Flashcards.Duplex.allCases.map(\.rawValue), into: &diagnostics) {
            cards.duplex = Flashcards.Duplex(rawValue: v)!
        }
        if let v = f["back_offset"], let items = v.list("back_offset", into: &diagnostics) {
            // More than 10 mm would push backs off the paper.
            let numbers = items.compactMap { $0.double("back_offset (mm)", in: Limits.backOffset, into: &diagnostics) }
            if numbers.count == 2 {
                cards.backOffset = (numbers[0], numbers[1])
            } else if numbers.count == items.count {
                diagnostics.error(v.location, "back_offset takes two numbers in millimetres: [x, y]")
            }
        }
        if let v = f["cut_marks"]?.bool("cut_marks", into: &diagnostics) { cards.cutMarks = v }
        return cards
    }

    private static func parseWorkouts(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Workouts {
        var workouts = Workouts()
        guard let f = value.fields("workouts", known: ["split", "start", "rotate", "unit", "remind"], into: &diagnostics) else { return workouts }
        if let value = f["split"], let v = value.stringList("split", into: &diagnostics) {
            // A rotation is a few days long; every calendar day looks it up.
            if v.count > Limits.splitDays {
                diagnostics.error(value.location, "a split of \(v.count) days is longer than \(Limits.splitDays)",
                                  hint: "list the days of one rotation, like [Push, Pull, Legs]")
            } else {
                workouts.split = v
            }
        }
        if let v = f["start"]?.date("start", into: &diagnostics) { workouts.start = v }
        if let v = f["rotate"]?.choice("rotate", from: Workouts.Rotation.allCases.map(\.rawValue), into: &diagnostics) {
            workouts.rotate = Workouts.Rotation(rawValue: v)!
        }
        if let v = f["unit"]?.choice("unit", from: Workouts.Unit.allCases.map(\.rawValue), into: &diagnostics) {
            workouts.unit = Workouts.Unit(rawValue: v)!
        }
        if let v = f["remind"] { workouts.remind = v.time("remind", into: &diagnostics) }
        return workouts
    }

    /// Both coordinates, or neither (the starter site.yml leaves them empty).
    private static func parseLocation(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Location? {
        guard let f = value.fields("location", known: ["name", "latitude", "longitude"], into: &diagnostics) else { return nil }
        let name = f["name"]?.string("name", into: &diagnostics).map { $0.trimmingCharacters(in: " ") }.flatMap { $0.isEmpty ? nil : $0 }
        let latitude = f["latitude"]?.double("latitude", in: -90...90, into: &diagnostics)
        let longitude = f["longitude"]?.double("longitude", in: -180...180, into: &diagnostics)
        if (f["latitude"] == nil) != (f["longitude"] == nil) || (name != nil && f["latitude"] == nil) {
            diagnostics.error(value.location, "location needs both latitude and longitude",
                              hint: "in decimal degrees, e.g. 'latitude: 37.57' and 'longitude: 126.98' for Seoul")
        }
        guard let latitude, let longitude else { return nil }
        return Location(name: name, latitude: latitude, longitude: longitude)
    }

    private static func parseImages(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Images {
        var images = Images()
        guard let f = value.fields("images", known: ["originals", "widths"], into: &diagnostics) else { return images }
        if let v = f["originals"]?.bool("originals", into: &diagnostics) { images.originals = v }
        if let v = f["widths"], let items = v.list("widths", into: &diagnostics) {
            if items.count > Limits.imageWidthCount {
                diagnostics.error(v.location, "widths has \(items.count) sizes, at most \(Limits.imageWidthCount)",
                                  hint: "480, 960 and 1600 suit most screens")
            }
            let widths = items.prefix(Limits.imageWidthCount).compactMap {
                $0.int("each width (pixels)", in: Limits.imageWidth, into: &diagnostics)
            }
            if !widths.isEmpty { images.widths = Array(Set(widths)).sorted() }
        }
        return images
    }
}
