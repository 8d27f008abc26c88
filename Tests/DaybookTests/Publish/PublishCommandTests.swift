import Foundation
import Testing
@testable import DaybookSite

/// `publish:` of site.yml (docs/publishing.md, docs/phone.md): the command's words as a shell would
/// quote them, and nothing else a shell does.
@Suite struct PublishCommandTests {
    static func parse(_ yaml: String) -> (SiteConfig, [Diagnostic]) {
        var diagnostics = Diagnostics()
        let config = SiteConfig.parse(SourceFile(displayPath: "content/site.yml", relativePath: "site.yml", text: yaml), into: &diagnostics)
        return (config, diagnostics.items)
    }

    @Test func theCommandIsCutIntoWordsAsAShellQuotes() throws {
        #expect(try PublishCommand.words("rsync -a --delete public/ me@example.net:/srv/daybook/").get()
                == ["rsync", "-a", "--delete", "public/", "me@example.net:/srv/daybook/"])
        #expect(try PublishCommand.words(#"git -C public commit -m "Update site" --allow-empty"#).get()
                == ["git", "-C", "public", "commit", "-m", "Update site", "--allow-empty"])
        #expect(try PublishCommand.words(#"cp 'a b' c\ d "e\"f" 'it''s'"#).get() == ["cp", "a b", "c d", "e\"f", "its"])
        // Quoted, a shell's characters are passed on as they are; rsync's remote ~ is not at a word's start.
        #expect(try PublishCommand.words(#"echo '$HOME; rm *' me@host:~/www"#).get() == ["echo", "$HOME; rm *", "me@host:~/www"])
        #expect(try PublishCommand.words(#"echo """#).get() == ["echo", ""])
    }

    @Test(arguments: ["rsync public/ host:/x && echo ok", "echo $HOME", "cp public/* /srv", "ls ~/x", "a | b", "a > log", "echo `id`"])
    func whatOnlyAShellReadsIsRefused(_ text: String) {
        guard case .failure(.shellCharacter) = PublishCommand.words(text) else {
            Issue.record("\(text) was accepted")
            return
        }
    }

    @Test func site_ymlGivesTheCommandAndItsTimeout() {
        let (config, problems) = Self.parse("publish:\n  command: \"rsync -a public/ me@host:/srv/\"\n  timeout: 30\n")
        #expect(problems.isEmpty)
        #expect(config.publish?.arguments == ["rsync", "-a", "public/", "me@host:/srv/"])
        #expect(config.publish?.timeout == 30)
        #expect(Self.parse("publish:\n  command:\n").0.publish == nil)
        #expect(Self.parse("title: x\n").0.publish == nil)
        #expect(Self.parse("publish:\n  command: rsync a b\n").0.publish?.timeout == PublishCommand.defaultTimeout)
    }

    @Test func aShellCommandOrAnOpenQuoteIsAnErrorAtItsLine() {
        let (config, problems) = Self.parse("title: x\npublish:\n  command: \"make site && rsync public/ host:/x\"\n")
        #expect(config.publish == nil)
        #expect(problems.map(\.message) == ["the command has '&', which only a shell reads; no shell runs it"])
        #expect(problems.first?.location.line == 3)
        #expect(Self.parse("publish:\n  command: \"rsync 'public/ host:/x\"\n").1.map(\.message) == ["the command has a ' that is never closed"])
        #expect(Self.parse("publish:\n  command: rsync\n  timeout: 0\n").1.count == 1)
        #expect(Self.parse("publish:\n  comand: rsync\n").1.first?.message.hasPrefix("unknown key 'comand'") == true)
    }
}

/// `inbox-merged.json`: which of the phone's events are merged, per device as ranges of counters.
@Suite struct MergedEventsTests {
    @Test func eachDevicesCountersAreRanges() {
        let merged = MergedEvents(ids: ["7f3a2c-1", "7f3a2c-2", "7f3a2c-3", "7f3a2c-7", "b0b0b0-10", "serve-x", "7f3a2c-08"])
        #expect(merged.devices == ["7f3a2c": [1...3, 7...7], "b0b0b0": [10...10]])
        #expect(merged.others == ["7f3a2c-08", "serve-x"])
        #expect(String(decoding: merged.json, as: UTF8.self)
                == #"{"devices":{"7f3a2c":[[1,3],[7,7]],"b0b0b0":[[10,10]]},"ids":["7f3a2c-08","serve-x"],"v":1}"# + "\n")
        #expect(merged.contains("7f3a2c-2") && merged.contains("serve-x") && !merged.contains("7f3a2c-4") && !merged.contains("7f3a2c-8"))
    }

    /// A year of one phone's events, merged in one go, is one range.
    @Test func aYearOfEventsIsAFewBytes() {
        let merged = MergedEvents(ids: Set((1...5000).map { "7f3a2c-\($0)" }))
        #expect(merged.json.count < 60)
    }

    /// The build publishes the ids of content/inbox/merged/, and nothing of what the events say.
    @Test func theSitePublishesTheMergedIds() throws {
        let site = try TestSite([
            "content/inbox/merged/phone.jsonl": InboxMergeTests.phoneA,
            "content/inbox/merged/notes.txt": "{\"id\":\"x-1\"}\n",
        ])
        try site.build()
        let json = try #require(site.read("inbox-merged.json"))
        #expect(json == #"{"devices":{"a":[[1,5]]},"ids":[],"v":1}"# + "\n")
        #expect(!json.contains("candid"))
        let empty = try TestSite()
        try empty.build()
        #expect(empty.read("inbox-merged.json") == #"{"devices":{},"ids":[],"v":1}"# + "\n")
    }
}
