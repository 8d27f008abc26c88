import ArgumentParser
import DaybookSite
import Foundation

/// `daybook inbox [--dry-run]`
struct InboxCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inbox",
        abstract: "Merge what the phone recorded (the inbox files in content/inbox/) into the plain files.",
        discussion: """
        Test results go into vocab/reviews.md, routines into routines/log.md, workouts into that day's workout \
        file (made when there is none), entries into new diary files; every other byte of those files is kept. \
        Nothing is written unless every event reads and the whole site, merged, passes 'daybook check'; merged \
        inbox files then move to content/inbox/merged/. Merging a file twice, or two phones' files in either \
        order, gives the same files. Inbox files end in .jsonl, .ndjson or .jsonl.txt.
        """)

    @OptionGroup var location: SiteLocation

    @Flag(name: .customLong("dry-run"), help: "Show what would change; write nothing.")
    var dryRun = false

    func run() throws {
        let outcome = try InboxRun.run(location.buildOptions(), dryRun: dryRun)
        Terminal.report(outcome.warnings)
        let root = location.folder.displayName
        guard !outcome.moved.isEmpty else {
            Terminal.say("No inbox files in \(root)/inbox/.")
            return
        }
        for line in outcome.merge.summary { Terminal.say("\(root)/\(line)") }
        if dryRun {
            for (path, lines) in outcome.changes {
                Terminal.say("\n\(root)/\(path)")
                for line in lines { Terminal.say("  " + line) }
            }
        }
        Terminal.say(dryRun ? "Dry run: would merge \(Self.counts(outcome)); nothing was written."
                     : "Merged \(Self.counts(outcome)), moved to \(root)/inbox/merged/.")
    }

    /// "3 events (1 merged before, left out) from 1 inbox file"
    static func counts(_ outcome: InboxRun.Outcome) -> String {
        let merge = outcome.merge
        let events = "\(merge.merged) event\(merge.merged == 1 ? "" : "s")"
            + (merge.alreadyMerged == 0 ? "" : " (\(merge.alreadyMerged) merged before, left out)")
        return events + " from \(outcome.moved.count) inbox file\(outcome.moved.count == 1 ? "" : "s")"
    }
}
