import DaybookContent
import DaybookRender
import PropertyBased
@testable import DaybookSite
import Testing

/// Obsidian's syntax: found in text by `ObsidianText`, applied to cmark's tree by `ObsidianPass`.
@Suite struct ObsidianTests {
    @Test func findsLinksEmbedsAndTags() {
        #expect(ObsidianText.pieces("see [[2024-01-01|new year]] and ![[photo.jpg]] #walk") == [
            .text("see "), .link(target: "2024-01-01", label: "new year", raw: "2024-01-01|new year"), .text(" and "),
            .embed(target: "photo.jpg", label: "photo.jpg", offset: 32), .text(" "), .tag("walk"),
        ])
        #expect(ObsidianText.pieces("[[Some page#Part]]") == [.link(target: "Some page", label: "Some page#Part", raw: "Some page#Part")])
        #expect(ObsidianText.pieces("#산책/저녁 done") == [.tag("산책/저녁"), .text(" done")])
    }

    @Test(arguments: ["C# and F#", "issue #12", "no [[ closing", "[[]]", "a#b", "plain"])
    func leavesOrdinaryTextAlone(text: String) {
        #expect(ObsidianText.pieces(text) == nil)
    }

    @Test func readsFieldsOnlyWhenEveryLineIsOne() {
        #expect(ObsidianText.fields(["sleep:: 7h", "mood :: calm"])?.map(\.key) == ["sleep", "mood"])
        #expect(ObsidianText.fields(["sleep:: 7h", "then prose"]) == nil)
    }

    func render(_ body: String, entries: [DiaryEntry] = []) -> (html: String, pass: ObsidianPass) {
        let file = SourceFile(displayPath: "content/diary/2026/2026-11-20.md", relativePath: "diary/2026/2026-11-20.md", text: body)
        let pass = ObsidianPass(file: file, page: SitePath("diary/2026/2026-11-20/"), targets: WikiTargets(entries: entries, pages: []),
                                linksTags: true)
        return (Markdown.render(body, pass: pass).html, pass)
    }

    /// The pass as if every text could hold Obsidian's syntax.
    final class AlwaysApplied: MarkdownPass {
        let pass: ObsidianPass
        init(_ pass: ObsidianPass) { self.pass = pass }
        func mayChange(_ markdown: String) -> Bool { true }
        func inlines(_ text: String) -> [MarkdownInline]? { pass.inlines(text) }
        func callout(_ line: String) -> (open: String, close: String)? { pass.callout(line) }
        func fields(_ lines: [String]) -> String? { pass.fields(lines) }
    }

    @Test(arguments: ["[[a]]", "![[a.jpg]]", "> [!note]", "#tag", "a #태그", "k:: v", "\\[\\[a]]", "[\\[a]]", "[\\!note]",
                      "&lsqb;&lsqb;a]]", "&#35;tag", "\\#tag", "#\\_x", "k:\\: v", "k&colon;: v"])
    func whatMayHoldSyntaxIsLookedAt(body: String) {
        #expect(ObsidianText.mayHoldSyntax(body))
    }

    @Test(arguments: ["", "# Heading\n\n## Two ##\n", "- [x] done [link](https://a.org/x) at 10:30!", "C# & F#", "> quote [a]", "[]:"])
    func bodiesWithoutSyntaxAreLeftAsCmarkMadeThem(body: String) {
        #expect(!ObsidianText.mayHoldSyntax(body))
    }

    /// Skipping the pass for bodies `mayHoldSyntax` turns away gives what the pass would have given.
    @Test func skippingThePassChangesNothing() async {
        let pieces = ["[", "]", "[[", "]]", "#", "# ", "##", "tag", "한", " ", "\n", "\n\n", ":", "::", "!", "\\", "&", "lsqb;", "#35;",
                      "colon;", "> ", "- ", "[x] ", "`", "*", "|", "a.jpg", "(u)", "a", "\t", "2024-01-01"]
        let body = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...14).map { $0.joined() }
        var skipped = 0
        await propertyCheck(count: 3000, input: body) { body in
            guard !ObsidianText.mayHoldSyntax(body) else { return }
            skipped += 1
            let file = SourceFile(displayPath: "content/diary/2026/2026-11-20.md", relativePath: "diary/2026/2026-11-20.md", text: body)
            func pass() -> ObsidianPass {
                ObsidianPass(file: file, page: SitePath("diary/2026/2026-11-20/"), targets: WikiTargets(entries: [], pages: []), linksTags: true)
            }
            let skipping = pass(), applied = pass()
            let skipped = Markdown.render(body, pass: skipping), made = Markdown.render(body, pass: AlwaysApplied(applied))
            #expect(skipped.html == made.html && skipped.plainText == made.plainText, "\(body.debugDescription)")
            #expect(applied.tags.isEmpty && applied.fields.isEmpty && applied.warnings.isEmpty, "\(body.debugDescription)")
        }
        #expect(skipped > 300)
    }

    @Test func linksADayThatHasAnEntryAndWarnsOfOneThatHasNot() {
        let day = DiaryEntry(source: SourceFile(displayPath: "content/diary/2024/2024-01-01.md", relativePath: "diary/2024/2024-01-01.md", text: ""),
                             title: "New year", date: LocalDate(iso: "2024-01-01")!)
        let (html, pass) = render("Back to [[2024-01-01|that day]], not [[2024-01-02]].\n", entries: [day])
        #expect(html.contains("<a href=\"../../2024/2024-01-01/index.html\">that day</a>"))
        #expect(html.contains("not 2024-01-02."))
        #expect(pass.warnings.map(\.description).first?.hasPrefix("content/diary/2026/2026-11-20.md:1:38: warning: no entry or page '2024-01-02'") == true,
                "\(pass.warnings)")
    }

    @Test func tagsOutsideCodeAndLinksBecomeTagLinks() {
        let (html, pass) = render("A #walk today. `#code` and [#x](https://example.com/#frag)\n\n```\n#fenced\n```\n")
        #expect(pass.tags == ["walk"])
        #expect(html.contains("<a href=\"../../../tags/walk/index.html\">#walk</a>"))
        #expect(html.contains("<code>#code</code>"))
    }

    @Test func anEmbeddedImageIsAnOrdinaryImage() {
        let (html, _) = render("![[photo one.jpg]]\n")
        #expect(html.contains("<img src=\"photo%20one.jpg\" alt=\"\" />"))
    }

    @Test func aCalloutIsAnAsideWithItsTitle() {
        let (html, _) = render("> [!warning] Mind & step\n> Body **text**.\n>\n> More.\n")
        #expect(html.contains("<aside class=\"callout callout-warning\">\n<p class=\"callout-title\">Mind &amp; step</p>"))
        #expect(html.contains("<p>Body <strong>text</strong>.</p>"))
        #expect(!html.contains("blockquote") && !html.contains("[!warning]"))
        #expect(render("> [!note]\n> Only body\n").html.contains("<p class=\"callout-title\">Note</p>"))
    }

    @Test func fieldsBecomeADefinitionListAndAreKept() {
        let (html, pass) = render("Text.\n\nsleep:: 7h\nmood:: calm & quiet\n")
        #expect(html.contains("<dl class=\"fields\">\n<div><dt>sleep</dt><dd>7h</dd></div>\n<div><dt>mood</dt><dd>calm &amp; quiet</dd></div>"))
        #expect(pass.fields == [ObsidianPass.Field(key: "sleep", value: "7h"), ObsidianPass.Field(key: "mood", value: "calm & quiet")])
    }

    /// A free page warns of a link that leads nowhere as an entry does, and
    /// a link to a private entry reads as one to nothing.
    @Test func aFreePageWarnsOfLinksThatLeadNowhere() throws {
        let site = try TestSite([
            "content/diary/2024/2024-01-01.md": "---\ndate: 2024-01-01\n---\nNew year.\n",
            "content/diary/2024/2024-01-03.md": "---\ndate: 2024-01-03\nprivate: true\n---\nSecret.\n",
            "content/pages/about.md": "---\ntitle: About\n---\nSee [[2024-01-01]],\n[[2024-01-03]] and [[Nowhere|there]].\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let warnings = summary.warnings.map(\.description).filter { $0.contains("to link to") }
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("content/pages/about.md:5:1: warning: no entry or page '2024-01-03' to link to; shown as text") })
        #expect(warnings.contains { $0.hasPrefix("content/pages/about.md:5:20: warning: no entry or page 'Nowhere' to link to; shown as text") })
        let page = try #require(site.read("pages/about/index.html"))
        #expect(page.contains("2024-01-01/index.html\">2024-01-01</a>"))
        #expect(page.contains("2024-01-03 and there."))
    }
}
