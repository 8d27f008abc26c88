@testable import DaybookSite
import PropertyBased
import Testing

/// Real vaults build as Obsidian shows them (issue 42): one small vault in
/// memory per rule, each as a person would drop it into `content/pages/`.
@Suite struct VaultTests {
    /// A site whose `content/pages/vault/` holds `files`.
    func vault(_ files: [String: String], entries: [String: String] = [:]) throws -> TestSite {
        var all = ["content/site.yml": "title: Vault\n"]
        for (path, text) in files { all["content/pages/vault/" + path] = text }
        for (path, text) in entries { all["content/diary/" + path] = text }
        return try TestSite(all)
    }

    // MARK: - Front matter

    @Test func aliasesAreOtherNamesAndOnlyASlashMakesARedirect() throws {
        let site = try vault([
            "Changes.md": "---\naliases:\n  - What is New?/Breaking Changes\n  - Backlink\n  - /old/changes/\n---\nWhat changed.\n",
            "Other.md": "See [[What is New?/Breaking Changes]], [[backlink|the backlinks]] and [[Backlink#Part]].\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let other = try #require(site.read("pages/vault/Other/index.html"))
        #expect(other.contains("<a href=\"../Changes/index.html\">What is New?/Breaking Changes</a>"), "\(other)")
        #expect(other.contains("<a href=\"../Changes/index.html\">the backlinks</a>"))
        // A name is no address: no page at the site's root; a `/path/` is Hugo's redirect.
        #expect(!site.outputHas("Backlink/index.html") && !site.outputHas("What is New?"))
        #expect(site.read("old/changes/index.html")?.contains("pages/vault/Changes/index.html") == true)
        #expect(summary.warnings.filter { $0.message.contains("to link to") }.isEmpty, "\(summary.warnings)")
    }

    @Test func twoNotesClaimingOneNameIsAWarningNamingBoth() throws {
        let site = try vault([
            "A.md": "---\naliases: [Shared]\n---\nA.\n",
            "B.md": "---\naliases:\n  - shared\n  - C\n---\nB.\n",
            "C.md": "C, the file.\n",
            "D.md": "[[Shared]] and [[C]].\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let warnings = summary.warnings.map(\.description)
        #expect(warnings.contains {
            $0.hasPrefix("content/pages/vault/B.md:3:5: warning: 'shared' names both content/pages/vault/A.md and content/pages/vault/B.md")
        }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("content/pages/vault/B.md:4:5: warning: 'C' names both content/pages/vault/C.md and content/pages/vault/B.md") })
        let d = try #require(site.read("pages/vault/D/index.html"))
        #expect(d.contains("<a href=\"../A/index.html\">Shared</a>") && d.contains("<a href=\"../C/index.html\">C</a>"), "\(d)")
    }

    @Test func anAliasThatIsNoPathIsAWarningNeverAnError() throws {
        let site = try vault(["A.md": "---\naliases: [/../up/, 3, /a?b]\n---\nA.\n"])
        defer { site.remove() }
        let summary = try site.build()
        #expect(summary.warnings.filter { $0.location.path == "content/pages/vault/A.md" }.count == 2, "\(summary.warnings)")
        #expect(site.read("pages/vault/A/index.html") != nil)
    }

    @Test func aPublishedDateIsADateAndOnlyTrueOrFalseAFlag() throws {
        let clipping = "---\ntitle: Clipped\nsource: https://example.org/a\nauthor:\n  - \"[[Someone]]\"\npublished: 2020-04-28\n"
            + "created: 2024-05-01\ndescription: A page.\ntags:\n  - clippings\n---\nClipped text.\n"
        let site = try vault(["Clipped.md": clipping, "Hidden.md": "---\npublished: false\n---\nNot yet.\n"],
                             entries: ["Clippings/clip.md": clipping])
        defer { site.remove() }
        try site.build()
        #expect(site.read("pages/vault/Clipped/index.html")?.contains("Clipped text.") == true)
        #expect(!site.outputHas("pages/vault/Hidden/index.html"))
        // The entry has no `date:` and no date in its name: Web Clipper's date is its date.
        let entry = try #require(site.read("diary/Clippings/clip/index.html"))
        #expect(entry.contains("2020-04-28"), "\(entry)")
    }

    // MARK: - Links

    @Test func everyWikilinkFormRenders() throws {
        let site = try vault([
            "Task Dependencies.md": "# Intro\n\n## Finding tasks\n",
            "Don't panic.md": "Calm.\n",
            "Q&A \"quoted\".md": "Answers.\n",
            "\u{D55C}\u{AE00}.md": "NFC name.\n",
            "Note.md": "[[Task Dependencies#|id]], [[Task Dependencies#Finding tasks| signs]], [[Don't panic]], [[Q&A \"quoted\"]], "
                + "[[\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}]] and [[Don't panic|it's fine -- really...]].\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        let text = page.components(separatedBy: "<template")[0]
        #expect(!text.contains("[["), "\(text)")
        #expect(text.contains("<a href=\"../Task%20Dependencies/index.html\">id</a>"), "\(text)")
        #expect(text.contains("<a href=\"../Task%20Dependencies/index.html#finding-tasks\">signs</a>"))
        #expect(text.contains("<a href=\"../Don%27t%20panic/index.html\">Don’t panic</a>"))
        #expect(text.contains("Q&amp;A “quoted”</a>"))
        #expect(summary.warnings.filter { $0.location.path.hasSuffix("Note.md") }.isEmpty, "\(summary.warnings)")
    }

    @Test func aLinkThatLeadsNowhereIsAnUnresolvedLinkAndAWarning() throws {
        let site = try vault([
            "Note.md": "A [[Nowhere|missing note]], a [[#No such heading]] and a [[#Here]].\n\n## Here\n\n| cell |\n|---|\n| [[Nowhere]] |\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        let text = page.components(separatedBy: "<template")[0]
        #expect(text.contains("<span class=\"unresolved-link\">missing note</span>"), "\(text)")
        #expect(text.contains("<span class=\"unresolved-link\">No such heading</span>"))
        #expect(text.contains("<a href=\"#here\">Here</a>"))
        #expect(!text.contains("href=\"\"") && !text.contains("[["))
        let warnings = summary.warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/pages/vault/Note.md:1:3: warning: no entry or page 'Nowhere'") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("content/pages/vault/Note.md:1:31: warning: no heading 'No such heading'") }, "\(warnings)")
    }

    @Test func markdownLinksAndImagesResolveFromTheNoteThenByName() throws {
        let site = try vault([
            "images/x.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "docs/Filters.md": "## Match\n",
            "docs/Getting Started.md": "Start.\n",
            "docs/deep/Guide.md": "[filters](Filters), [match](../Filters.md#Match), [start](../Getting%20Started.md), "
                + "[by name](Getting%20Started), [gone](Example.md)\n\n![x](../../images/x.svg) ![y](../../../../x.svg)\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let guide = try #require(site.read("pages/vault/docs/deep/Guide/index.html"))
        #expect(guide.contains("<a href=\"../../Filters/index.html\">filters</a>"), "\(guide)")
        #expect(guide.contains("<a href=\"../../Filters/index.html#match\">match</a>"))
        #expect(guide.contains("<a href=\"../../Getting%20Started/index.html\">start</a>"))
        #expect(guide.contains("<a href=\"../../Getting%20Started/index.html\">by name</a>"))
        #expect(guide.contains("<span class=\"unresolved-link\">gone</span>"))
        #expect(guide.contains("src=\"../../../images/x.svg\""), "\(guide)")
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("content/pages/vault/docs/deep/Guide.md:1:115: warning: no entry or page 'Example.md'") },
                "\(summary.warnings)")
    }

    /// Raw HTML's `<img src>` and `<a href>` to the vault's files are found as Markdown's images and links are.
    @Test func htmlImagesAndLinksResolveFromTheNoteThenByName() throws {
        let site = try vault([
            "images/x.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "Attachments/icon.gif": "GIF89a",
            "docs/Filters.md": "## Match\n",
            "docs/deep/Guide.md": "---\ntitle: Guide\n---\nSee <img src=\"../../images/x.svg\" width=\"40\"> and <img alt=\"i\" src=\"icon.gif\">.\n\n"
                + "<a href=\"../Filters.md#Match\">match</a>, <a href=\"Nowhere.md\">gone</a>, <a href=\"https://example.org/\">out</a>\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let guide = try #require(site.read("pages/vault/docs/deep/Guide/index.html"))
        #expect(guide.contains("See <img src=\"../../../images/x.svg\" width=\"40\"> and <img alt=\"i\" src=\"../../../Attachments/icon.gif\">."), "\(guide)")
        #expect(guide.contains("<a href=\"../../Filters/index.html#match\">match</a>, <a>gone</a>, <a href=\"https://example.org/\">out</a>"), "\(guide)")
        #expect(site.outputHas("pages/vault/Attachments/icon.gif"))
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("content/pages/vault/docs/deep/Guide.md:6:42: warning: no entry or page 'Nowhere.md'") },
                "\(summary.warnings)")
    }

    @Test func aPathLeavingContentIsAnErrorAtItsLine() throws {
        let site = try vault([
            "x.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
            "Note.md": "---\ntitle: Note\n---\nText.\n\n![x](../../../../outside/p.jpg) and [y](../../../../../etc/passwd)\n\n"
                + "HTML <img src=\"../../../../outside/q.png\"> <a href=\"../../../../../etc/passwd\">z</a> <img src=\"x.sgv\">\n",
        ])
        defer { site.remove() }
        let errors = site.failingBuild().map(\.description)
        #expect(errors.contains { $0.hasPrefix("content/pages/vault/Note.md:6:1: error: image '../../../../outside/p.jpg' leads outside content/") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("content/pages/vault/Note.md:6:37: error: '../../../../../etc/passwd' leads outside content/") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("content/pages/vault/Note.md:8:6: error: image '../../../../outside/q.png' leads outside content/") }, "\(errors)")
        #expect(errors.contains { $0.hasPrefix("content/pages/vault/Note.md:8:44: error: '../../../../../etc/passwd' leads outside content/") }, "\(errors)")
        // A missing image in HTML is an error as in Markdown, with the nearest name.
        #expect(errors.contains { $0.hasPrefix("content/pages/vault/Note.md:8:86: error: image 'x.sgv' not found") && $0.contains("x.svg") }, "\(errors)")
        #expect(!site.outputHas("index.html"))
    }

    @Test func aMissingNoteEmbedIsAWarningAndANotFoundBox() throws {
        let site = try vault(["Daily.md": "Yesterday:\n\n![[2022-04-22#Improvement for Tomorrow]]\n\nInline ![[Gone]] too.\n"])
        defer { site.remove() }
        let summary = try site.build()
        let page = try #require(site.read("pages/vault/Daily/index.html"))
        #expect(page.contains("<div class=\"embed embed-missing\"><p><span class=\"embed-missing-name\">2022-04-22</span></p></div>"), "\(page)")
        #expect(page.contains("<span class=\"embed-missing\">Gone</span>"))
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("content/pages/vault/Daily.md:3:1: warning: no entry or page '2022-04-22' to show") })
    }

    @Test func linksInsideAnEmbeddedNoteLeadWhereTheyLeadInIt() throws {
        let site = try vault([
            "Shortcuts.md": "See [[#Keyboard shortcuts]].\n\n## Keyboard shortcuts\n\nCtrl-S.\n",
            "Guide.md": "![[Shortcuts]]\n",
        ])
        defer { site.remove() }
        try site.build()
        let guide = try #require(site.read("pages/vault/Guide/index.html"))
        #expect(guide.contains("<a href=\"../Shortcuts/index.html#keyboard-shortcuts\">Keyboard shortcuts</a>"), "\(guide)")
    }

    /// A callout's title and a heading keep their text whatever the build allocates after them
    /// (libcmark-gfm kept it in the memory of the paragraph the title was moved out of, which was freed).
    @Test func aCalloutTitleKeepsItsTextAfterItsParagraphIsGone() throws {
        let site = try vault(["Note.md": "a [[Nowhere]] and [[Nowhere else]]\n\n> [!example]- `tp` examples and *more*\n>- x\n\n## A `code` heading, [[Nowhere]]\n\nEnd.\n"])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        #expect(page.contains("<summary class=\"callout-title\"><code>tp</code> examples and <em>more</em></summary>"), "\(page)")
        #expect(page.contains("<h2 id=\"a-code-heading-nowhere\">\nA <code>code</code> heading, <span class=\"unresolved-link\">Nowhere</span>\n</h2>"), "\(page)")
        #expect(page.contains("<p>End.</p>"))
    }

    /// Obsidian reads a wikilink before the Markdown inside it: a heading or display text with `code`, `*`, `_`, `\|` or `$`;
    /// the display text's Markdown is then shown rendered.
    @Test func wikilinksHoldingMarkdownAreReadWhole() throws {
        let site = try vault([
            "Functions.md": "## `hasTag`\n\n## The *best* part\n",
            "Note.md": "Use [[Functions#`hasTag`|`hasTag`]], [[Functions#The *best* part]] and [[Functions#hasTag|**bold** $x$]].\n\n"
                + "`[[Functions#`code`]]` stays code, and $[[1, 2], [3]]$ is math, as is $x$ in [[Functions#`hasTag`|`y`]].\n\n"
                + "| a | b |\n|---|---|\n| [[Functions#`hasTag`\\|tag_name]] | [[Nowhere\\|*gone*]] |\n\n"
                + "[[Nowhere| ~~struck~~ https://example.org]], [[Functions|<b>kept</b> <i onclick=\"x()\">safe</i>]]\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        #expect(page.contains("Use <a href=\"../Functions/index.html#hastag\"><code>hasTag</code></a>, "), "\(page)")
        #expect(page.contains("<a href=\"../Functions/index.html#the-best-part\">Functions &gt; The *best* part</a>"), "\(page)")
        #expect(page.contains("<a href=\"../Functions/index.html#hastag\"><strong>bold</strong> <span class=\"math math-inline\">x</span></a>"), "\(page)")
        #expect(page.contains("<td><a href=\"../Functions/index.html#hastag\">tag_name</a></td>"), "\(page)")
        // Where no markup may stand (a table cell), an unresolved link's label is its Markdown alone; a link inside a label is its text.
        #expect(page.contains("<td><em>gone</em></td>"), "\(page)")
        #expect(page.contains("<span class=\"unresolved-link\"><del>struck</del> https://example.org</span>"), "\(page)")
        #expect(page.contains("<a href=\"../Functions/index.html\"><b>kept</b> <i>safe</i></a>"), "\(page)")
        // What the allow-list removes from a label is told at its place in the file.
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("content/pages/vault/Note.md:9:70: warning: HTML onclick on <i> removed") },
                "\(summary.warnings)")
        #expect(page.contains("<span class=\"math math-inline\">[[1, 2], [3]]</span> is math, as is <span class=\"math math-inline\">x</span> in <a"), "\(page)")
        #expect(!page.components(separatedBy: "<template")[0].replacingOccurrences(of: "<code>[[Functions#", with: "")
            .replacingOccurrences(of: ">[[1, 2], [3]]<", with: "").contains("[["), "\(page)")
        #expect(summary.warnings.count == 3, "\(summary.warnings)")
    }

    // MARK: - Highlights, comments, callouts

    @Test func highlightsAreMarked() throws {
        let site = try vault(["Note.md": "A ==key point== and == not one == and `==code==`.\n"])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        #expect(page.contains("A <mark>key point</mark> and == not one == and <code>==code==</code>."), "\(page)")
    }

    @Test func commentsAreNeverPublished() throws {
        let note = "Seen %%secretinline%% seen.\n\n%%\nsecretblock\nover lines\n%%\n\n`%%kept%%`\n\n```\n%%fenced%%\n```\n\n[[Nowhere]]\n"
        let site = try vault([:], entries: ["2026/2026-11-20.md": note])
        defer { site.remove() }
        let summary = try site.build()
        for path in site.outputFiles() { #expect(!site.text(path).contains("secret"), "\(path)") }
        let entry = try #require(site.read("diary/2026/2026-11-20/index.html"))
        #expect(entry.contains("<code>%%kept%%</code>") && entry.contains("%%fenced%%"))
        // What follows a comment is still told at its line.
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:14:1: warning: no entry or page 'Nowhere'") },
                "\(summary.warnings)")
    }

    @Test func foldableCalloutsAreDetailsAndTitlesRenderLinks() throws {
        let site = try vault([
            "Other.md": "## Part\n",
            "Note.md": "> [!example]- Shut by **default**\n> Hidden text.\n> > [!tip]+ Open inside\n> > Shown.\n\n> [!warning] See [[Other#Part|the part]]\n> Body.\n",
        ])
        defer { site.remove() }
        try site.build()
        let page = try #require(site.read("pages/vault/Note/index.html"))
        #expect(page.contains("<details class=\"callout callout-example\">\n<summary class=\"callout-title\">Shut by <strong>default</strong></summary>"), "\(page)")
        #expect(page.contains("<details class=\"callout callout-tip\" open>\n<summary class=\"callout-title\">Open inside</summary>"))
        #expect(page.contains("<p class=\"callout-title\">See <a href=\"../Other/index.html#part\">the part</a></p>"))
        #expect(!page.components(separatedBy: "<template")[0].contains("[!"))
    }

    /// What Obsidian, Web Clipper, Jekyll, Hugo and Quartz write, odd values and all.
    @Test func noKnownToolsKeyStopsABuild() throws {
        let site = try vault([
            "Quartz.md": "---\ntitle: Q\ndraft: false\nenableToc: false\npermalink: /q\ncomments: true\nlang: en\n---\nQ.\n",
            "Hugo.md": "---\ntitle: H\nlastmod: last Tuesday\nexpiryDate: 2030-01-01\nlinkTitle: H\nweight: 3\nmarkup: goldmark\n---\nH.\n",
            "Jekyll.md": "---\nlayout: post\npublished: true\nexcerpt_separator: <!--more-->\ncategories: [a, b]\n---\nJ.\n",
            "Obsidian.md": "---\ncssclasses:\n  - wide\nalias: Other\naliases: Single name\ntags: [x]\n---\nO.\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        for name in ["Quartz", "Hugo", "Jekyll", "Obsidian"] { #expect(site.read("pages/vault/\(name)/index.html") != nil, "\(name)") }
        #expect(summary.warnings.map(\.description).contains { $0.hasPrefix("content/pages/vault/Hugo.md:3:10: warning: 'last Tuesday' is no date") },
                "\(summary.warnings)")
    }
}

/// Every diagnostic points at the character in the file as an editor shows
/// it (line, and column in UTF-8 bytes from 1), whatever comes before it.
@Suite struct VaultPositionTests {
    /// What may stand before the mistake: each a paragraph or block of its own.
    static let blocks = [
        "Plain words, café and 한글.", "- a list item with **bold**\n- and [a link](https://example.org/)", "> a quote\n> of two lines",
        "![[Other]]", "| a | b |\n|---|---|\n| 1 | [[Other]] |", "```\ncode [[Nowhere]] not a link\n```", "Text with a #tag and `code`.",
        "Term:: value", "> [!note] A callout\n> inside it", "~~~\n[[Nowhere]] in a fence\n~~~", "<!-- a comment -->",
        "Before %%hidden [[Nowhere]]%% after.", "%%\nA block comment\n%%", "![[Gone]]",
    ]
    /// What may stand before the mistake on its own line.
    static let prefixes = ["", "Words ", "한글 글자 ", "café ", "**bold** ", "\\*escaped\\* ", "`code` ", "&amp; and ", "- ", "> ", "1. ", " "]

    struct Note {
        let text: String
        /// The mistake's line, and its column in UTF-8 bytes, from 1.
        let line, column: Int
    }

    static func note(_ choices: [Int]) -> Note {
        var lines: [String] = []
        if choices[1] % 3 > 0 {
            lines += ["---", "tags: [a, b]"] + (choices[1] % 3 == 2 ? ["title: Given"] : []) + ["---"]
        }
        if choices[3] % 2 == 1 { lines += ["# Title", ""] }
        for index in 0..<(choices[4] % 5) {
            lines += blocks[choices[5 + index] % blocks.count].split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [""]
        }
        let prefix = prefixes[choices[10] % prefixes.count]
        let line = lines.count + 1
        lines.append(prefix + "[[Nowhere]] and after")
        lines += ["", "The end."]
        let newline = choices[2] % 2 == 1 ? "\r\n" : "\n"
        let bom = choices[0] % 2 == 1 ? "\u{FEFF}" : ""
        return Note(text: bom + lines.joined(separator: newline) + newline, line: line, column: prefix.utf8.count + 1)
    }

    @Test func aMistakeAnywhereIsReportedWhereItStands() async {
        await propertyCheck(count: 20, input: Gen.int(in: 0...1_000_000).array(of: 11...11)) { choices in
            let note = Self.note(choices)
            do {
                let site = try TestSite(["content/site.yml": "title: Vault\n", "content/pages/vault/Note.md": note.text,
                                         "content/pages/vault/Other.md": "Other's text.\n"])
                defer { site.remove() }
                let warnings = try site.build().warnings.filter { $0.message.contains("'Nowhere'") }
                #expect(warnings.map { "\($0.location.line):\($0.location.column)" } == ["\(note.line):\(note.column)"],
                        "\(note.text.debugDescription)")
            } catch {
                Issue.record("\(error) for \(note.text.debugDescription)")
            }
        }
    }
}
