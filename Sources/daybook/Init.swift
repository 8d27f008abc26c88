import ArgumentParser
import DaybookSite
import Foundation

/// `daybook init [DIR]`: a new site that builds, never over an existing one.
struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
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
        let root = URL(commandLine: directory)
        let shown = directory == "." ? "content" : "\((directory as NSString).appendingPathComponent("content"))"
        // The computer's zone is the best guess for "today"; site.yml can change it.
        let zone = TimeZone.current.identifier
        let timezone = TimeZones.isKnown(zone) ? zone : SiteConfig().timezone
        guard try StarterSite.write(into: root.standardizedFileURL.path, today: TimeZones.today(in: timezone), timezone: timezone,
                                    locale: locale, report: Terminal.report) else {
            throw ValidationError("\(shown) already exists; daybook init only makes new sites")
        }
        Terminal.say("Made a new site in \(shown)/. Next: \(directory == "." ? "" : "cd \(directory) && ")daybook serve")
    }
}

extension SiteConfig.Locale: ExpressibleByArgument {}
