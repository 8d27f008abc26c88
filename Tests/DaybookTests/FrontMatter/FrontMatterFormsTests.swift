@testable import DaybookSite
import Testing

/// Front matter as Hugo, Jekyll and Obsidian users write it.
@Suite struct FrontMatterFormsTests {
    func parse(_ text: String, _ path: String = "diary/2026/2026-11-20.md") -> (DiaryEntry?, [String]) {
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/" + path, relativePath: path, text: text)
        return (DiaryParser.parse(file, into: &diagnostics), diagnostics.items.map(\.description))
    }

    @Test func tomlFrontMatterAsHugoWritesIt() throws {
        let text = """
        +++
        title = "사이트 시작"
        date = 2016-08-23T22:35:57-04:00
        tags = ["일기", "hugo"]
        draft = false
        toc = true

        [params]
        mood = "calm"
        +++
        본문
        """
        // Named as Hugo names posts: no date in the file name, nothing to disagree with.
        let (entry, messages) = parse(text, "diary/2016/site-start.md")
        let read = try #require(entry, "\(messages)")
        #expect(messages.isEmpty)
        #expect(read.title == "사이트 시작" && read.tags == ["일기", "hugo"])
        #expect(read.date.iso == "2016-08-23" && read.time?.text == "22:35" && read.utcOffsetMinutes == -240)
        #expect(read.body == "본문" && read.bodyFirstLine == 11)
        #expect(read.frontMatter.params.map(\.key) == ["toc", "params"])
        #expect(read.frontMatter.params.first?.value == .text("true"))
    }

    @Test func tomlErrorsAreLocated() {
        let (entry, messages) = parse("+++\ntitle = \"x\"\ndate = = 3\n+++\n")
        #expect(entry == nil)
        #expect(messages.count == 1 && messages[0].hasPrefix("content/diary/2026/2026-11-20.md:3:") && messages[0].contains("invalid TOML"), "\(messages)")
    }

    @Test func tomlValueErrorsPointAtTheirKey() {
        let (_, messages) = parse("+++\ntitle = \"x\"\n\nprivate = \"maybe\"\n+++\n")
        #expect(messages.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:4:1: error: private must be true or false") }, "\(messages)")
    }

    @Test func jsonErrorsAreLocated() {
        let (entry, messages) = parse("{\n  \"title\": \"x\",\n  \"private\": tru e,\n}\n")
        #expect(entry == nil)
        #expect(messages.first?.hasPrefix("content/diary/2026/2026-11-20.md:3:") == true, "\(messages)")
    }

    @Test func jekyllPostReadsWithoutErrors() throws {
        let text = """
        ---
        layout: post
        title: "사이트 시작"
        date: 2025-08-29 10:00:00 +0900
        categories: [diary, 일상]
        tags: blog, jekyll
        comments: true
        published: false
        updated: 2025-09-01
        aliases:
          - /2025/08/29/old-post/
        ---
        text
        """
        let (entry, messages) = parse(text, "diary/2025-08-29-사이트-시작.md")
        let read = try #require(entry, "\(messages)")
        #expect(messages.isEmpty, "\(messages)")
        #expect(read.date.iso == "2025-08-29" && read.time?.text == "10:00" && read.utcOffsetMinutes == 540)
        #expect(read.tags == ["blog", "jekyll", "diary", "일상"])
        #expect(read.isDraft)
        #expect(read.frontMatter.lastModified?.date.iso == "2025-09-01")
        #expect(read.frontMatter.aliases == ["2025/08/29/old-post"])
        #expect(read.frontMatter.params.map(\.key) == ["layout", "comments"])
    }

    // A near miss of `private` or `draft` is an error instead (FrontMatterFenceTests).
    @Test(arguments: [("wether: sunny", "weather"), ("tittle: x", "title"), ("tgas: [a]", "tags")])
    func aNearTypoIsAWarningThatNamesTheKey(line: String, meant: String) throws {
        let (entry, messages) = parse("---\n\(line)\n---\n")
        #expect(entry != nil)
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.hasPrefix("content/diary/2026/2026-11-20.md:2:1: warning: unknown key") == true, "\(messages)")
        #expect(messages.first?.contains("did you mean '\(meant)'?") == true)
    }

    @Test func otherToolsKeysAreKeptWithoutAWord() throws {
        let text = "---\ntime: 10:00\nslug: x\nsummary: s\ncreatedDate: 2024-01-01\ncssclasses: [wide]\ntags:\n---\n"
        let (entry, messages) = parse(text)
        #expect(messages.isEmpty, "\(messages)")
        #expect(try #require(entry).tags.isEmpty)
        #expect(entry?.frontMatter.params.count == 5)
        #expect(entry?.frontMatter.params.last?.value == .list([.text("wide")]))
    }

    /// An alias that begins with `/` is an old address, any other another name of the note; none stops a build.
    @Test func anAliasIsANameUnlessItBeginsWithASlash() throws {
        let (entry, messages) = parse("---\naliases: [\"https://example.com/x\", \"../up\", \"/../up/\", \"/old/post/\"]\n---\n")
        #expect(messages.count == 1 && messages[0].contains("warning: alias '/../up/' begins with / but is no path on this site"), "\(messages)")
        #expect(entry?.frontMatter.aliases == ["old/post"])
        #expect(entry?.frontMatter.names.map(\.text) == ["https://example.com/x", "../up"])
    }

    @Test(arguments: ["diary/2024-01-01.md", "diary/Daily notes/2024/2024-01-01.md", "diary/2024-01-01 Monday.md"])
    func anObsidianDailyNoteTakesItsDateFromItsName(path: String) throws {
        let (entry, messages) = parse("Just text, no front matter.\n", path)
        #expect(try #require(entry, "\(messages)").date.iso == "2024-01-01")
    }
}
