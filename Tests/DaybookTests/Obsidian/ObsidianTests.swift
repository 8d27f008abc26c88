@testable import DaybookSite
import PropertyBased
import Testing

/// Obsidian's syntax: found in text by `ObsidianText`, applied to cmark's tree by `ObsidianPass`.
@Suite struct ObsidianTests {
    @Test func findsLinksEmbedsAndTags() {
        #expect(ObsidianText.pieces("see [[2024-01-01|new year]] and ![[photo.jpg]] #walk") == [
            .text("see "), .link(.init(target: "2024-01-01", label: "new year"), offset: 4), .text(" and "),
            .embed(.init(target: "photo.jpg"), offset: 32), .text(" "), .tag("walk"),
        ])
        #expect(ObsidianText.pieces("[[Some page#Part]]") == [.link(.init(target: "Some page", fragment: "Part"), offset: 0)])
        // A table cell's `\|` is the link's pipe; sizes and fragments are read.
        let sized = ObsidianText.pieces("![[Engelbart.jpg\\|100x145]]")
        #expect(sized == [.embed(.init(target: "Engelbart.jpg", label: "100x145"), offset: 0)])
        if case let .embed(link, _) = sized?.first { #expect(link.size?.width == 100 && link.size?.height == 145) }
        #expect(ObsidianText.pieces("![[x.svg#icon|300]]") == [.embed(.init(target: "x.svg", fragment: "icon", label: "300"), offset: 0)])
        #expect(ObsidianText.pieces("[[#Local part]]") == [.link(.init(target: "", fragment: "Local part"), offset: 0)])
        #expect(ObsidianText.pieces("A saying. ^quote-1") == [.text("A saying."), .blockID("quote-1")])
        #expect(ObsidianText.pieces("![[a.png]]^pic") == [.embed(.init(target: "a.png"), offset: 0), .blockID("pic")])
        #expect(ObsidianText.pieces("2^10 and x^2") == nil)
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

    /// What links here is made of the links a body holds once rendered, `[[links]]` and relative
    /// Markdown links alike, each with its whole sentence as a reader sees it; links to other sites are not.
    @Test func keepsEachLinkToAPageWithItsSentence() {
        let earlier = SourceFile(displayPath: "content/diary/2026/2026-11-19.md", relativePath: "diary/2026/2026-11-19.md", text: "")
        let entries = [DiaryEntry(source: earlier, title: "Snow", date: LocalDate(iso: "2026-11-19")!)]
        let body = "It snowed. Back to [[2026-11-19|yesterday]]'s *walk* then. And [[2026-11-19#Park]] again!\n\n"
            + "See [the garden](../../../pages/garden/) and [a site](https://example.org/).\n\n[[nowhere]]"
        let file = SourceFile(displayPath: "content/diary/2026/2026-11-20.md", relativePath: "diary/2026/2026-11-20.md", text: body)
        let page = SitePath("diary/2026/2026-11-20/")
        let pass = ObsidianPass(file: file, page: page, targets: WikiTargets(entries: entries, pages: []), linksTags: true)
        var links: [Backlinks.Link] = []
        _ = Markdown.render(body, pass: pass, links: { link in Backlinks.Link(link, on: page).map { links.append($0) } })
        #expect(links == [
            .init(from: page, to: SitePath("diary/2026/2026-11-19/"), sentence: "Back to yesterday’s walk then."),
            .init(from: page, to: SitePath("diary/2026/2026-11-19/"), sentence: "And 2026-11-19 > Park again!"),
            .init(from: page, to: SitePath("pages/garden/"), sentence: "See the garden and a site."),
        ])
    }

    /// The pass as if every text could hold Obsidian's syntax.
    final class AlwaysApplied: MarkdownPass {
        let pass: ObsidianPass
        init(_ pass: ObsidianPass) { self.pass = pass }
        func mayChange(_ markdown: String) -> Bool { true }
        func verbatim(_ markdown: String) -> [Range<Int>] { pass.verbatim(markdown) }
        func inlines(_ text: String, at place: MarkdownTextPlace) -> [MarkdownInline]? { pass.inlines(text, at: place) }
        var namesHeadings: Bool { pass.namesHeadings }
        func headingID(_ text: String) -> String? { pass.headingID(text) }
        func callout(_ line: String) -> MarkdownCallout? { pass.callout(line) }
        func fields(_ lines: [String]) -> String? { pass.fields(lines) }
        func relativeLink(_ url: String, line: Int, column: Int) -> MarkdownLinkChange? { pass.relativeLink(url, line: line, column: column) }
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
            // A Markdown link to a note that is not there is a warning whether the pass runs or not.
            #expect(applied.tags.isEmpty && applied.fields.isEmpty && applied.warnings.map(\.description) == skipping.warnings.map(\.description),
                    "\(body.debugDescription)")
        }
        #expect(skipped > 300)
    }

    @Test func linksADayThatHasAnEntryAndWarnsOfOneThatHasNot() {
        let day = DiaryEntry(source: SourceFile(displayPath: "content/diary/2024/2024-01-01.md", relativePath: "diary/2024/2024-01-01.md", text: ""),
                             title: "New year", date: LocalDate(iso: "2024-01-01")!)
        let (html, pass) = render("Back to [[2024-01-01|that day]], not [[2024-01-02]].\n", entries: [day])
        #expect(html.contains("<a href=\"../../2024/2024-01-01/index.html\">that day</a>"))
        #expect(html.contains("not <span class=\"unresolved-link\">2024-01-02</span>."))
        #expect(pass.warnings.map(\.description).first?.hasPrefix("content/diary/2026/2026-11-20.md:1:38: warning: no entry or page '2024-01-02'") == true,
                "\(pass.warnings)")
    }

    @Test func tagsOutsideCodeAndLinksBecomeTagLinks() {
        let (html, pass) = render("A #walk today. `#code` and [#x](https://example.com/#frag)\n\n```\n#fenced\n```\n")
        #expect(pass.tags == ["walk"])
        #expect(html.contains("<a href=\"../../../tags/walk/index.html\">#walk</a>"))
        #expect(html.contains("<code>#code</code>"))
    }

    @Test func anEmbedOfNothingIsAnErrorAtItsPlaceWithTheNearestName() {
        let file = SourceFile(displayPath: "content/pages/a.md", relativePath: "pages/a.md", text: "Text.\n\nSee ![[photo-one.jpg]].\n")
        let pass = ObsidianPass(file: file, page: SitePath("pages/a/"), targets: WikiTargets(entries: [], pages: [], files: ["pages/Attachments/photo-1.jpg"]),
                                linksTags: false)
        _ = Markdown.render(file.text, pass: pass)
        #expect(pass.errors.map(\.description).first?.hasPrefix("content/pages/a.md:3:5: error: 'photo-one.jpg' not found") == true, "\(pass.errors)")
        #expect(pass.errors.first?.hint == "did you mean 'photo-1.jpg'?")
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
        #expect(warnings.contains { $0.hasPrefix("content/pages/about.md:5:1: warning: no entry or page '2024-01-03' to link to; shown as an unresolved link") })
        #expect(warnings.contains { $0.hasPrefix("content/pages/about.md:5:20: warning: no entry or page 'Nowhere' to link to; shown as an unresolved link") })
        let page = try #require(site.read("pages/about/index.html"))
        #expect(page.contains("2024-01-01/index.html\">2024-01-01</a>"))
        #expect(page.contains("<span class=\"unresolved-link\">2024-01-03</span> and <span class=\"unresolved-link\">there</span>."))
    }
}

/// A vault as Obsidian keeps one, dropped into `content/pages/`: its rules, from help.obsidian.md.
@Suite struct ObsidianVaultTests {
    static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><circle cx=\"12\" cy=\"12\" r=\"10\"/></svg>\n"

    func site(_ files: [String: String]) throws -> TestSite {
        var all = ["content/site.yml": "title: Vault\n"]
        for (path, text) in files { all["content/pages/vault/" + path] = text }
        return try TestSite(all)
    }

    @Test func findsFilesAndNotesByNameAnywhereShortestPathFirst() throws {
        let site = try site([
            "Attachments/icon.svg": Self.svg,
            "Deep/Down/icon.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"><rect width=\"1\" height=\"1\"/></svg>\n",
            "Attachments/anim.gif": "GIF89a not decoded",
            "Guides/Start.md": "---\ntitle: Start\n---\n![[icon.svg]] ![[Deep/Down/icon.svg|300x200]] ![[icon.svg#icon|48]]\n\n![[anim.gif]]\n\nSee [[Other note]] and [[Guides/Other note|the other]].\n",
            "Other note.md": "---\ntitle: Other\n---\nHello.\n",
        ])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("pages/vault/Guides/Start/index.html"))
        #expect(page.contains("<img src=\"../../Attachments/icon.svg\" alt=\"\">"), "\(page)")
        #expect(page.contains("<img src=\"../../Deep/Down/icon.svg\" alt=\"\" width=\"300\" height=\"200\">"))
        #expect(page.contains("<img src=\"../../Attachments/icon.svg\" alt=\"\" width=\"48\">"))
        #expect(page.contains("<img src=\"../../Attachments/anim.gif\" alt=\"\">"))
        #expect(page.contains("<a href=\"../../Other%20note/index.html\">Other note</a>"))
        #expect(page.contains("the other"))
        // Copied as they are, not re-encoded.
        #expect(site.read("pages/vault/Attachments/icon.svg") == Self.svg)
        #expect(site.read("pages/vault/Attachments/anim.gif") == "GIF89a not decoded")
    }

    @Test func embedsAudioVideoAndPDFByType() throws {
        let site = try site([
            "Attachments/talk.ogg": "OggS", "Attachments/clip.mp4": "mp4", "Attachments/Manual.pdf": "%PDF-1.4",
            "Note.md": "---\ntitle: Note\n---\n![[talk.ogg]]\n\n![[clip.mp4|640]]\n\n![[Manual.pdf#page=3]]\n",
        ])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        #expect(page.contains("<audio controls src=\"../Attachments/talk.ogg\"><a href=\"../Attachments/talk.ogg\">talk.ogg</a></audio>"), "\(page)")
        #expect(page.contains("<video controls src=\"../Attachments/clip.mp4\" width=\"640\">"))
        #expect(page.contains("<a class=\"embed-file\" href=\"../Attachments/Manual.pdf#page=3\">Manual.pdf</a>"))
        #expect(site.read("pages/vault/Attachments/talk.ogg") == "OggS")
    }

    @Test func headingsBlocksAliasesAndNotesShownInside() throws {
        let site = try site([
            "A.md": "---\ntitle: A\n---\nTo [[B#Part Two]], [[#Mine]], [[Bee]], [[B#^quote|the saying]].\n\n![[B#Part Two]]\n\n![[C]]\n\n![[B#^quote]]\n\n## Mine\n",
            "B.md": "---\ntitle: B\naliases:\n  - Bee\n---\nIntro of B.\n\n## Part Two\nOnly this part.\n\nA saying. ^quote\n\n## Part Three\nNot shown.\n",
            "C.md": "---\ntitle: C\n---\nC shows A: ![[A]]\n\n![[A]]\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let a = try #require(site.read("pages/vault/A/index.html"))
        let b = try #require(site.read("pages/vault/B/index.html"))
        #expect(b.contains("<h2 id=\"part-two\">"), "\(b)")
        #expect(a.contains("<a href=\"../B/index.html#part-two\">B &gt; Part Two</a>"), "\(a)")
        #expect(a.contains("<a href=\"#mine\">Mine</a>"))
        #expect(a.contains("<a href=\"../B/index.html\">Bee</a>"))
        #expect(a.contains("<a href=\"../B/index.html#%5Equote\">the saying</a>"))
        #expect(b.contains("<p>A saying.<span id=\"^quote\"></span></p>"), "\(b)")
        // The part, once, without what follows it; a block by its id; C inside A, and A inside C only as a link (a loop).
        // (The previews of the pages A links to, after its text, carry their first lines.)
        let text = a.components(separatedBy: "<template class=\"link-preview\"")[0]
        #expect(text.contains("Only this part.") && !text.contains("Not shown.") && !text.contains("Intro of B."))
        #expect(text.contains("<p>A saying.</p>"))
        #expect(text.contains("C shows A: <a href=\"index.html\">A</a>") || text.contains("<a href=\"../A/index.html\">A</a>"), "\(a)")
        #expect(text.components(separatedBy: "Only this part.").count == 2)
        #expect(summary.warnings.filter { $0.message.contains("to link to") }.isEmpty, "\(summary.warnings)")
    }

    /// A shows B, which shows A: on A's page, B's box holds a link to A, not A again; on B's, the other way round.
    @Test func aNoteIsNeverShownInsideANoteItShows() throws {
        let site = try site([
            "A.md": "---\ntitle: A\n---\nText of A.\n\n![[B]]\n",
            "B.md": "---\ntitle: B\n---\nText of B.\n\n![[A]]\n",
        ])
        defer { site.remove() }
        try site.build()
        for (name, other) in [("A", "B"), ("B", "A")] {
            let page = try #require(site.read("pages/vault/\(name)/index.html"))
            let text = page.components(separatedBy: "<template class=\"link-preview\"")[0]
            #expect(text.components(separatedBy: "Text of \(name).").count == 2, "\(text)")
            #expect(text.components(separatedBy: "<div class=\"embed\">").count == 2 && text.contains("Text of \(other)."), "\(text)")
            #expect(text.contains("<p><a href=\"index.html\">\(name)</a></p>"), "\(text)")
        }
    }

    @Test func missingEmbedIsAnErrorAndMissingLinkAWarning() throws {
        let site = try site([
            "Attachments/status-bar.png": "not read",
            "Note.md": "---\ntitle: Note\n---\nA [[Nowhere]] link.\n\n`![[in-code.png]]`\n\n```\n![[in-block.png]]\n```\n\n![[status-bar.pgn]]\n",
        ])
        defer { site.remove() }
        let errors = site.failingBuild().map(\.description)
        #expect(errors.count == 1, "\(errors)")
        #expect(errors.first?.hasPrefix("content/pages/vault/Note.md:12:1: error: 'status-bar.pgn' not found") == true, "\(errors)")
        #expect(errors.first?.contains("did you mean 'status-bar.png'?") == true)
        try site.write("content/pages/vault/Note.md", "---\ntitle: Note\n---\nA [[Nowhere]] link.\n\n`![[in-code.png]]`\n")
        let summary = try site.build()
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("content/pages/vault/Note.md:4:3: warning: no entry or page 'Nowhere'") })
        #expect(site.read("pages/vault/Note/index.html")?.contains("<code>![[in-code.png]]</code>") == true)
    }

    @Test func aTableCellsEscapedPipeIsTheLinksPipe() throws {
        let site = try site([
            "Attachments/icon.svg": Self.svg,
            "Note.md": "---\ntitle: Note\n---\n| icon | name |\n|---|---|\n| ![[icon.svg\\|100]] | [[Note\\|self]] |\n",
        ])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        // A table cell holds a plain image (without the size), not lost.
        #expect(page.contains("<td><img src=\"../Attachments/icon.svg\" alt=\"\" /></td>"), "\(page)")
        #expect(page.contains("<td><a href=\"index.html\">self</a></td>"))
    }

    @Test func obsidiansOwnFoldersAreIgnoredAndPublishKeysRead() throws {
        let site = try site([
            ".obsidian/app.json": "{\"x\": 1}", ".obsidian/workspace.md": "not a note", ".trash/Old.md": "---\ntitle: Old\n---\nGone.\n",
            "Note.md": "---\ntitle: Note\npermalink: note\npublish: true\ncssclasses:\n  - wide\n---\nHi.\n",
            "Unpublished.md": "---\ntitle: Unpublished\npublish: false\n---\nNot yet.\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        // Obsidian Publish's keys: `permalink` kept for templates without a word, `publish: false` hides the note.
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(!site.outputHas("pages/vault/Unpublished/index.html"))
        #expect(site.outputFiles().allSatisfy { !$0.contains(".obsidian") && !$0.contains(".trash") && !$0.contains("Old") })
        #expect(site.outputHas("pages/vault/Note/index.html"))
    }

    /// A file only a private note embeds, in a shared folder, is not published;
    /// a private note is shown inside no public one.
    @Test func aPrivateNotesAttachmentsAndTextDoNotLeak() throws {
        let site = try site([
            "Attachments/secret.svg": Self.svg, "Attachments/shared.svg": Self.svg,
            "Diary.md": "---\ntitle: Diary\nprivate: true\n---\nSecret text. ![[secret.svg]] ![[shared.svg]]\n",
            "Public.md": "---\ntitle: Public\n---\n![[shared.svg]]\n\n![[Diary]]\n",
        ])
        defer { site.remove() }
        // The embed of a private note is an embed of nothing this build publishes: a warning and a box that says so.
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings.contains { $0.contains("no entry or page 'Diary' to show") }, "\(warnings)")
        #expect(site.read("pages/vault/Public/index.html")?.contains("Secret text") == false)
        // Built with --include-private, the private note is a link, not its text.
        try site.build(visibility: Visibility(includePrivate: true))
        #expect(site.read("pages/vault/Public/index.html")?.contains("<a href=\"../Diary/index.html\">Diary</a>") == true)
        #expect(site.read("pages/vault/Public/index.html")?.contains("Secret text") == false)
        try site.write("content/pages/vault/Public.md", "---\ntitle: Public\n---\n![[shared.svg]]\n")
        try site.build()
        #expect(!site.outputHas("pages/vault/Attachments/secret.svg"))
        #expect(site.outputHas("pages/vault/Attachments/shared.svg"))
        #expect(site.outputFiles().allSatisfy { !(site.read($0) ?? "").contains("Secret text") })
    }

    /// A file that belongs to a private entry (named after it) is embedded
    /// nowhere and linked from nowhere public: an embed is an error at its
    /// place, a link plain text with a warning; both work with --include-private.
    @Test func aPublicNoteNeitherEmbedsNorLinksAPrivateEntrysFile() throws {
        let site = try TestSite([
            "content/site.yml": "title: Vault\n",
            "content/diary/2026/2026-11-20.md": "---\nprivate: true\n---\nA private day.\n",
            "content/diary/2026/2026-11-20-map.svg": Self.svg,
            "content/diary/2026/2026-11-21.md": "A public day.\n",
            "content/pages/Trip.md": "---\ntitle: Trip\n---\nThe way: [[2026-11-20-map.svg]]\n\n![[2026-11-20-map.svg]]\n",
        ])
        let errors = site.failingBuild().map(\.description)
        #expect(errors == ["content/pages/Trip.md:6:1: error: '2026-11-20-map.svg' belongs to an entry or page this build leaves out (private or draft)"
                           + "\n    hint: keep files a public note shows apart from a private note's, or build with --include-private"], "\(errors)")
        #expect(!site.outputHas(""))

        try site.write("content/pages/Trip.md", "---\ntitle: Trip\n---\nThe way: [[2026-11-20-map.svg]]\n")
        let warnings = try site.build().warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/pages/Trip.md:4:10: warning: no entry or page '2026-11-20-map.svg' to link to") }, "\(warnings)")
        let page = try #require(site.read("pages/Trip/index.html"))
        #expect(page.contains("The way: <span class=\"unresolved-link\">2026-11-20-map.svg</span></p>") && !page.contains("map.svg\""), "\(page)")
        #expect(!site.outputHas("diary/2026/2026-11-20-map.svg"))

        try site.write("content/pages/Trip.md", "---\ntitle: Trip\n---\nThe way: [[2026-11-20-map.svg]]\n\n![[2026-11-20-map.svg]]\n")
        try site.build(visibility: Visibility(includePrivate: true))
        let shown = try #require(site.read("pages/Trip/index.html"))
        #expect(shown.contains("<a href=\"../../diary/2026/2026-11-20-map.svg\">2026-11-20-map.svg</a>"), "\(shown)")
        #expect(shown.contains("<img src=\"../../diary/2026/2026-11-20-map.svg\""), "\(shown)")
        #expect(site.read("diary/2026/2026-11-20-map.svg") == Self.svg)
    }

    /// Brackets nested 20,000 deep took 8 s in the link scan (quadratic); now
    /// linear: four times the brackets, about four times the steps (a
    /// quadratic scan takes sixteen). Counted, not timed, so that a loaded machine cannot fail it.
    @Test(arguments: [Brackets(head: "[", middle: "x", tail: "]"), Brackets(head: "[[a ", middle: "", tail: ""),
                      Brackets(head: "![[", middle: "]]", tail: "")])
    func theLinkScanIsLinear(brackets: Brackets) {
        func steps(_ count: Int) -> Int {
            var steps = 0
            _ = ObsidianText.pieces(brackets.text(count), steps: &steps)
            return steps
        }
        let few = steps(2000), many = steps(8000)
        #expect(few >= 2000 && many < 5 * few, "\(few) steps for 2,000, \(many) for 8,000")
    }

    /// A text of brackets nested `count` deep.
    struct Brackets: Sendable, CustomTestStringConvertible {
        let head, middle, tail: String
        func text(_ count: Int) -> String { String(repeating: head, count: count) + middle + String(repeating: tail, count: count) }
        var testDescription: String { head + "…" + middle + tail + "…" }
    }
}
