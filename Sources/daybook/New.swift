import ArgumentParser
import DaybookContent
import DaybookSite
import Foundation

/// `daybook new entry|deck|workout`: a file with its front matter, ready to write in.
struct New: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Scaffold a diary entry, a vocabulary deck or a workout.")

    enum Kind: String, ExpressibleByArgument, CaseIterable {
        case entry, deck, workout
    }

    @Argument(help: "What to create: entry, deck or workout.")
    var kind: Kind

    @Argument(help: "A deck's file name (for deck), or a title (for entry).")
    var name: String?

    @OptionGroup var location: SiteLocation

    func run() throws {
        let day = location.today ?? TimeZones.today(in: siteTimezone())
        let (relative, text) = scaffold(for: kind, on: day)
        let url = location.contentURL.appendingPathComponent(relative)
        guard !FileManager.default.fileExists(atPath: url.path) else {
            throw ValidationError("\(location.content)/\(relative) already exists")
        }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        print("\(location.content)/\(relative)")
    }

    private func scaffold(for kind: Kind, on day: LocalDate) -> (String, String) {
        let year = String(day.year)
        switch kind {
        case .entry:
            var relative = "diary/\(year)/\(day.iso).md"
            var counter = 2
            while FileManager.default.fileExists(atPath: location.contentURL.appendingPathComponent(relative).path) {
                relative = "diary/\(year)/\(day.iso)-\(counter).md"
                counter += 1
            }
            let now = Calendar.current.dateComponents(in: TimeZone(identifier: siteTimezone()) ?? .current, from: Date())
            let time = "\((now.hour ?? 0).zeroPadded(2)):\((now.minute ?? 0).zeroPadded(2))"
            return (relative, """
            ---
            title: \(name ?? "")
            date: \(day.iso) \(time)
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
            ---
            ## \(day.iso)
            - word :: meaning; another meaning
              - An example sentence.

            """)
        case .workout:
            return ("workouts/\(year)/\(day.iso).md", """
            ---
            date: \(day.iso)
            duration: 60m
            ---
            - Bench press: 60kg x 8, 8, 6
            - Plank: 60s x 3

            """)
        }
    }

    /// The site's time zone for "today"; the default when site.yml can't be read.
    private func siteTimezone() -> String {
        var diagnostics = Diagnostics()
        let file = try? String(contentsOf: location.contentURL.appendingPathComponent("site.yml"), encoding: .utf8)
        return SiteConfig.parse(file.map { SourceFile(displayPath: "site.yml", relativePath: "site.yml", text: $0) }, into: &diagnostics).timezone
    }
}
