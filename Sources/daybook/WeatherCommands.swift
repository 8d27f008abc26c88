import ArgumentParser
import DaybookSite
import Foundation

/// `daybook weather fill`: the weather of the hour each entry was written,
/// for entries that have a date and no weather.
struct WeatherCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weather",
        abstract: "Fill in the weather of entries written without it.",
        subcommands: [Fill.self]
    )

    struct Fill: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "fill",
            abstract: "Add the weather of its hour to each dated entry that has none, changing nothing else in the file."
        )

        @OptionGroup var location: SiteLocation

        @Option(name: .long, help: "Only entries on or after this day (YYYY-MM-DD).", transform: SiteLocation.date)
        var since: LocalDate?

        @Flag(name: .customLong("dry-run"), help: "Show the weather each entry would get; write nothing.")
        var dryRun = false

        func run() throws {
            var diagnostics = Diagnostics()
            let settings = WeatherSettings(config: WeatherSettings.load(location.folder, into: &diagnostics))
            guard diagnostics.errors.isEmpty else { throw ContentErrors(diagnostics.items) }
            guard settings.config.location != nil else {
                throw UsageError("\(location.content)/site.yml has no location: add location: {name, latitude, longitude}")
            }
            // Under the content folder's lock for the whole run: each file is read and written with no other writer between.
            try ContentLock.holding(content: location.contentURL, displayRoot: location.folder.displayName, by: "daybook weather fill",
                                    report: Terminal.report) { lock in
                try fill(settings, lock: lock, diagnostics: &diagnostics)
            }
        }

        private func fill(_ settings: WeatherSettings, lock: ContentLock, diagnostics: inout Diagnostics) throws {
            let today = location.today ?? TimeZones.today(in: settings.config.timezone)
            let walk = FolderWalk(root: location.contentURL, displayRoot: location.folder.displayName)
            let paths = walk.files(under: "diary", into: &diagnostics).filter(MarkdownName.isMarkdown)

            // One request per hour and service, so entries of one day share it.
            var answers: [URL: Result<Weather, WeatherFetch.Failure>] = [:]
            var filled = 0, without = 0, skipped = 0
            var unreachable: String?
            for relative in paths {
                guard let file = read(relative, walk: walk) else {
                    Terminal.error("\(walk.display(relative)) is skipped: it is not UTF-8 text")
                    skipped += 1
                    continue
                }
                var problems = Diagnostics()
                guard let entry = DiaryParser.parse(file, into: &problems) else {
                    Terminal.error("\(file.displayPath) is skipped: it has errors (see 'daybook check')")
                    skipped += 1
                    continue
                }
                guard entry.weather == nil, since.map({ entry.date >= $0 }) ?? true else { continue }
                // A file that cannot take any weather is said so before a service is asked.
                if case let .failure(problem) = WeatherFrontMatter.inserting(Weather(condition: .clear), into: file) {
                    Terminal.error("\(file.displayPath) has no weather: \(problem.reason)")
                    without += 1
                    continue
                }
                if let unreachable {
                    Terminal.error("\(file.displayPath) has no weather: \(unreachable)")
                    without += 1
                    continue
                }
                let result = settings.request(date: entry.date, time: entry.time, utcOffsetMinutes: entry.utcOffsetMinutes, today: today)
                    .flatMap { request in
                        let answer = answers[request.url] ?? settings.fetch(request)
                        answers[request.url] = answer
                        return answer
                    }
                    .flatMap { weather in
                        WeatherFrontMatter.inserting(weather, into: file).map { ($0, weather) }.mapError { .answer($0.reason) }
                    }
                switch result {
                case let .success((text, weather)):
                    if !dryRun {
                        do {
                            try ContentJournal.commit([ContentChange(relative, before: Array(file.text.utf8), after: .bytes(Array(text.utf8)))],
                                                      lock: lock, what: "daybook weather fill")
                        } catch is ContentJournal.Changed {
                            Terminal.error("\(file.displayPath) has no weather: it changed while the weather was fetched; run again")
                            without += 1
                            continue
                        }
                    }
                    Terminal.say("\(dryRun ? "would fill" : "filled") \(file.displayPath): \(WeatherSettings.summary(weather))")
                    filled += 1
                case let .failure(failure):
                    Terminal.error("\(file.displayPath) has no weather: \(failure.reason)")
                    if case let .unreachable(reason) = failure { unreachable = reason }
                    without += 1
                }
            }
            let entries = { (count: Int) in "\(count) \(count == 1 ? "entry" : "entries")" }
            var summary = dryRun ? "Would fill \(entries(filled)); wrote nothing" : "Filled \(entries(filled))"
            if without > 0 { summary += "; \(entries(without)) got no weather" }
            if skipped > 0 { summary += "; \(entries(skipped)) skipped" }
            Terminal.say(summary + ".")
            if without > 0 || skipped > 0 { throw ExitCode.failure }
        }

        /// The file's bytes as they are: a byte-order mark and CRLF stay, so
        /// writing the text back changes only what was added.
        private func read(_ relative: String, walk: FolderWalk) -> SourceFile? {
            guard let data = try? FileIO.disk.read(location.contentURL.appendingPathComponent(relative).path),
                  let text = String(validating: data, as: UTF8.self) else { return nil }
            return SourceFile(displayPath: walk.display(relative), relativePath: FolderWalk.normalized(relative), text: text)
        }
    }
}
