import ArgumentParser
import DaybookContent
import DaybookSite
import Foundation

/// `daybook init [DIR]`: a new site that builds, never over an existing one.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make a new site: content/site.yml with every setting, the content folders, a first entry and deck.",
        discussion: """
        Writes DIR/content/ (site.yml, diary/, vocab/, workouts/, routines/, pages/) and a .gitignore that keeps \
        public/ and the caches out of git (lines are added to an existing .gitignore). Refuses to run when \
        DIR/content already exists. Then run 'daybook serve' in DIR.
        """)

    @Argument(help: ArgumentHelp("The new site's folder (created when missing).", valueName: "dir"))
    var directory = "."

    @Option(name: .long, help: "The language of the site's interface and first files: ko or en.")
    var locale: SiteConfig.Locale = .ko

    func run() throws {
        let root = URL(fileURLWithPath: directory)
        let content = root.appendingPathComponent("content")
        let shown = directory == "." ? "content" : "\((directory as NSString).appendingPathComponent("content"))"
        guard !FileManager.default.fileExists(atPath: content.path) else {
            throw ValidationError("\(shown) already exists; daybook init only makes new sites")
        }
        // The computer's zone is the best guess for "today"; site.yml can change it.
        let zone = TimeZone.current.identifier
        let timezone = TimeZones.isKnown(zone) ? zone : SiteConfig().timezone
        let files = StarterSite.files(today: TimeZones.today(in: timezone), timezone: timezone, locale: locale)
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        for folder in StarterSite.folders {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try addIgnored(to: root.appendingPathComponent(".gitignore"))
        print("Made a new site in \(shown)/. Next: \(directory == "." ? "" : "cd \(directory) && ")daybook serve")
    }

    private func addIgnored(to url: URL) throws {
        let existing = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let present = Set(existing.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) })
        let missing = StarterSite.ignored.filter { !present.contains($0) }
        guard !missing.isEmpty else { return }
        let separator = existing.isEmpty || existing.hasSuffix("\n") ? "" : "\n"
        try (existing + separator + missing.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8)
    }
}

extension SiteConfig.Locale: ExpressibleByArgument {}
