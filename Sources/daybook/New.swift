import ArgumentParser
import DaybookSite
import Foundation

/// `daybook new entry|deck|workout`: a file with its front matter, ready to write in.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Scaffold a diary entry (with the weather of now, or of --date and --time), a vocabulary deck or a workout."
    )

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case entry, deck, workout
    }

    @Argument(help: "What to create: entry, deck or workout.")
    var kind: Kind

    @Argument(help: "A deck's file name (for deck), or a title (for entry).")
    var name: String?

    @OptionGroup var location: SiteLocation

    @Option(name: .long, help: "An entry (with that day's weather) or a workout for this day (YYYY-MM-DD).", transform: SiteLocation.date)
    var date: LocalDate?

    @Option(name: .long, help: "The entry's time (HH:MM); its weather is that hour's.", transform: Self.time)
    var time: LocalTime?

    static func time(_ text: String) throws -> LocalTime {
        guard let time = LocalTime(text: text) else { throw ValidationError("'\(text)' is not a time like 21:30") }
        return time
    }

    func validate() throws {
        if kind == .deck, date != nil || time != nil { throw ValidationError("--date and --time are for 'new entry' and 'new workout'") }
    }

    func run() throws {
        try ContentLock.holding(content: location.contentURL, displayRoot: location.folder.displayName, by: "daybook new",
                                report: Terminal.report) { lock in try make(lock) }
    }

    private func make(_ lock: ContentLock) throws {
        var diagnostics = Diagnostics()
        let config = WeatherSettings.load(location.folder, into: &diagnostics)
        let today = location.today ?? TimeZones.today(in: config.timezone)
        let day = date ?? today
        var (relative, text) = scaffold(for: kind, on: day, at: time ?? (date == nil ? now(in: config.timezone) : nil))
        let io = FileIO.disk
        let url = location.contentURL.appendingPathComponent(relative)
        guard !io.exists(url.path) else {
            throw ValidationError("\(location.content)/\(relative) already exists")
        }
        if kind == .entry {
            text = withWeather(text, at: "\(location.content)/\(relative)", settings: WeatherSettings(config: config), today: today)
        }
        do {
            try ContentJournal.commit([ContentChange(relative, before: nil, after: .bytes(Array(text.utf8)))], lock: lock, what: "daybook new")
        } catch is ContentJournal.Changed {
            throw ValidationError("\(location.content)/\(relative) was made by another program meanwhile; it is left as it is")
        }
        Terminal.say("\(location.content)/\(relative)")
    }

    /// The entry with the weather of its hour (`--date`) or of now; without
    /// it, and one line on stderr saying why, when none can be had.
    private func withWeather(_ text: String, at path: String, settings: WeatherSettings, today: LocalDate) -> String {
        let file = SourceFile(displayPath: path, relativePath: path, text: text)
        // A time alone (`--time 08:00`) is today at that hour.
        let result = settings.request(date: date ?? (time == nil ? nil : today), time: time, utcOffsetMinutes: nil, today: today)
            .flatMap(settings.fetch)
            .flatMap { weather in
                WeatherFrontMatter.inserting(weather, into: file).map { ($0, weather) }.mapError { .answer($0.reason) }
            }
        switch result {
        case let .success((text, weather)):
            Terminal.note("weather: \(WeatherSettings.summary(weather))")
            return text
        case let .failure(failure):
            Terminal.error("\(path) has no weather: \(failure.reason)")
            return text
        }
    }

    private func now(in timezone: String) -> LocalTime? {
        let now = Calendar.current.dateComponents(in: TimeZone(identifier: timezone) ?? .current, from: Date())
        return LocalTime(hour: now.hour ?? 0, minute: now.minute ?? 0)
    }

    private func scaffold(for kind: Kind, on day: LocalDate, at time: LocalTime?) -> (String, String) {
        let year = String(day.year)
        switch kind {
        case .entry:
            var relative = "diary/\(year)/\(day.iso).md"
            var counter = 2
            while FileIO.disk.exists(location.contentURL.appendingPathComponent(relative).path) {
                relative = "diary/\(year)/\(day.iso)-\(counter).md"
                counter += 1
            }
            return (relative, """
            ---
            title: \(name ?? "")
            date: \(day.iso)\(time.map { " " + $0.text } ?? "")
            tags: []
            mood: 
            ---

            """)
        case .deck:
            let id = Slug.make(name ?? "new-deck")
            return ("vocab/\(id).md", """
            ---
            title: \(name ?? id)
            language: en
            meaning_language: ko
            # Words go below, under a heading with the day you study them, one a line:
            #   - word :: meaning; another meaning
            #     - An example sentence.
            ---
            ## \(day.iso)

            """)
        case .workout:
            // Placeholders are YAML comments: a file left as it is holds no invented sets.
            // The clock time only when asked for (`--time`), as the import names files.
            let time = self.time
            return ("workouts/\(year)/\(day.iso)\(time.map { "-" + $0.text.replacingOccurrences(of: ":", with: "") } ?? "").md", """
            ---
            date: \(day.iso)\(time.map { " " + $0.text } ?? "")
            # duration: 55m
            # One exercise a line below the front matter, for example:
            #   - Bench press: 60kg x 8, 8, 6
            #   - Plank: 60s x 3
            ---

            """)
        }
    }
}
