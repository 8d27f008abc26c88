import DaybookContent
import PropertyBased
import Testing
@testable import DaybookRender

/// The site's rendering: what a diary writer sees come out of their Markdown.
@Suite struct MarkdownTests {
    // MARK: html

    @Test func rendersTablesWithAlignment() {
        let html = Markdown.html("| day | km |\n|:----|---:|\n| Mon | 5 |\n")
        #expect(html == """
            <table>
            <thead>
            <tr>
            <th align="left">day</th>
            <th align="right">km</th>
            </tr>
            </thead>
            <tbody>
            <tr>
            <td align="left">Mon</td>
            <td align="right">5</td>
            </tr>
            </tbody>
            </table>

            """)
    }

    @Test func rendersTaskListsAsDisabledCheckboxes() {
        #expect(Markdown.html("- [ ] laundry\n- [x] groceries\n") == """
            <ul>
            <li><input type="checkbox" disabled="" /> laundry</li>
            <li><input type="checkbox" checked="" disabled="" /> groceries</li>
            </ul>

            """)
    }

    @Test func rendersStrikethroughAndAutolinks() {
        #expect(Markdown.html("~~rain~~ snow") == "<p><del>rain</del> snow</p>\n")
        #expect(Markdown.html("See https://example.com/a_b and www.example.org.") == """
            <p>See <a href="https://example.com/a_b">https://example.com/a_b</a> and \
            <a href="http://www.example.org">www.example.org</a>.</p>

            """)
    }

    @Test func rendersFootnotes() {
        let html = Markdown.html("Snow at last.[^1]\n\n[^1]: First of the winter.\n")
        #expect(html.contains(
            ##"<sup class="footnote-ref"><a href="#fn-1" id="fnref-1" data-footnote-ref>1</a></sup>"##
        ))
        #expect(html.contains(#"<section class="footnotes" data-footnotes>"#))
        #expect(html.contains(#"<li id="fn-1">"#))
        #expect(html.contains("<p>First of the winter. <a href=\"#fnref-1\""))
    }

    @Test func makesPunctuationSmart() {
        #expect(Markdown.html(#""Snow," she said -- it's 'early' --- 2025--2026..."#) ==
            "<p>“Snow,” she said – it’s ‘early’ — 2025–2026…</p>\n")
    }

    @Test func omitsRawHTML() {
        let block = Markdown.html("<script>alert('hi')</script>\n\nafter")
        #expect(block == "<!-- raw HTML omitted -->\n<p>after</p>\n")
        #expect(Markdown.html("a <b onclick=\"x()\">bold</b> move") ==
            "<p>a <!-- raw HTML omitted -->bold<!-- raw HTML omitted --> move</p>\n")
    }

    @Test func emptiesJavaScriptLinks() {
        #expect(Markdown.html("[click](javascript:alert(1))") == "<p><a href=\"\">click</a></p>\n")
        #expect(Markdown.html("![x](javascript:alert(1))") == "<p><img src=\"\" alt=\"x\" /></p>\n")
    }

    @Test func keepsKoreanAndJapaneseIntact() {
        #expect(Markdown.html("# 첫눈\n\n오늘은 **눈**이 왔다. 諦める") ==
            "<h1>첫눈</h1>\n<p>오늘은 <strong>눈</strong>이 왔다. 諦める</p>\n")
    }

    @Test func rendersNothingForNothing() {
        #expect(Markdown.html("") == "")
        #expect(Markdown.inlineHTML("") == "")
        #expect(Markdown.plainText("") == "")
    }

    @Test func passesRawHTMLOnlyWhenAskedTo() {
        let options = Markdown.Options(unsafeHTML: true)
        #expect(Markdown.html("<kbd>K</kbd>", options: options) == "<p><kbd>K</kbd></p>\n")
        #expect(Markdown.html("\"plain\"", options: options) == "<p>&quot;plain&quot;</p>\n")
    }

    /// libcmark-gfm 0.29 shares its table of special inline characters between parsers;
    /// without the lock in Markdown.swift, some of these lose their `~~` or links.
    /// Tables, task lists and link definitions are read while feeding, outside the lock.
    @Test func rendersTheSameFromManyThreadsAtOnce() {
        let documents = (0..<64).map {
            "Day \($0): ~~rain~~ snow, see https://example.com/\($0) [^n] and [the river][r\($0)]\n\n"
                + "| when | ~~what~~ |\n|---|---|\n| \($0) | www.example.com/\($0) |\n\n"
                + "- [x] ~~done~~ at https://example.org\n- [ ] *later*\n\n"
                + "[r\($0)]: https://example.net/\($0) \"title \($0)\"\n[^n]: note ~~\($0)~~\n"
        }
        let expected = documents.map { Markdown.html($0) }
        let inputs = (0..<documents.count * 200).map { documents[$0 % documents.count] }
        let results = inputs.parallelMap { Markdown.html($0) }
        let mismatches = results.indices.filter { results[$0] != expected[$0 % documents.count] }
        #expect(mismatches.isEmpty, "\(mismatches.count) of \(results.count) renders differ")
    }

    // MARK: inlineHTML

    @Test func rendersOneLineWithoutParagraph() {
        #expect(Markdown.inlineHTML("**bold**") == "<strong>bold</strong>")
        #expect(Markdown.inlineHTML("버리다; *포기하다*") == "버리다; <em>포기하다</em>")
        #expect(Markdown.inlineHTML("to give [up](https://example.com)") ==
            "to give <a href=\"https://example.com\">up</a>")
        #expect(Markdown.inlineHTML("`code` and ~~old~~") == "<code>code</code> and <del>old</del>")
        #expect(Markdown.inlineHTML("don't") == "don’t")
    }

    @Test func keepsBlockSyntaxAtTheStartAsText() {
        #expect(Markdown.inlineHTML("# not a heading") == "# not a heading")
        #expect(Markdown.inlineHTML("- not a list") == "- not a list")
        #expect(Markdown.inlineHTML("+ not a list") == "+ not a list")
        #expect(Markdown.inlineHTML("* not a list") == "* not a list")
        #expect(Markdown.inlineHTML("1. not a list") == "1. not a list")
        #expect(Markdown.inlineHTML("2026) not a list") == "2026) not a list")
        #expect(Markdown.inlineHTML("> not a quote") == "&gt; not a quote")
        #expect(Markdown.inlineHTML("***") == "***")
        #expect(Markdown.inlineHTML("- - -") == "- - -")
        #expect(Markdown.inlineHTML("___") == "___")
        #expect(Markdown.inlineHTML("```swift") == "```swift")
        #expect(Markdown.inlineHTML("~~~") == "~~~")
        #expect(Markdown.inlineHTML("    indented") == "indented")
        #expect(Markdown.inlineHTML("[a]: /snow.html") == "[a]: /snow.html")
        #expect(Markdown.inlineHTML("[^1]: footnote") == "[^1]: footnote")
    }

    @Test func leavesInlineSyntaxThatOnlyLooksLikeABlock() {
        #expect(Markdown.inlineHTML("*emphasis* first") == "<em>emphasis</em> first")
        #expect(Markdown.inlineHTML("__strong__ first") == "<strong>strong</strong> first")
        #expect(Markdown.inlineHTML("-5 degrees") == "-5 degrees")
        #expect(Markdown.inlineHTML("#hashtag") == "#hashtag")
        #expect(Markdown.inlineHTML("```x``` code") == "<code>x</code> code")
        #expect(Markdown.inlineHTML("[link](https://example.com): after") ==
            "<a href=\"https://example.com\">link</a>: after")
        #expect(Markdown.inlineHTML("1.5 litres") == "1.5 litres")
    }

    @Test func joinsLinesSoNoLineStartsABlock() {
        #expect(Markdown.inlineHTML("first\n# second\n- third") == "first # second - third")
        #expect(Markdown.inlineHTML("word\n===") == "word ===")
    }

    @Test func omitsRawHTMLInOneLine() {
        #expect(Markdown.inlineHTML("<script>alert(1)</script>") == "<!-- raw HTML omitted -->")
        #expect(Markdown.inlineHTML("a <i>b</i>") == "a <!-- raw HTML omitted -->b<!-- raw HTML omitted -->")
    }

    @Test func neverProducesBlockMarkupFromOneLine() async {
        let characters = Array("#->*+_`~[]^:.)1 9x가\t!<")
        let line = Gen<Character?>.element(of: characters).map { $0 ?? " " }.string(of: 0...12)
        await propertyCheck(count: 2000, input: line) { text in
            let html = Markdown.inlineHTML(text)
            for tag in ["<p", "<h1", "<h2", "<ul", "<ol", "<li", "<blockquote", "<pre", "<hr", "<table", "<section"] {
                #expect(!html.contains(tag), "\(text.debugDescription) gave \(html.debugDescription)")
            }
            #expect(!html.hasSuffix("\n"))
        }
    }

    // MARK: plainText

    @Test func extractsTextWithoutMarkup() {
        let markdown = """
            # 첫눈

            Some *snow* and `code`, [a link](https://example.com) & AT&amp;T.
            Second line.

            - one
            - [x] two

            <div>raw html</div>

            | a | b |
            |---|---|
            | c | d |

            ![alt text](snow.png)
            """
        #expect(Markdown.plainText(markdown) ==
            "첫눈 Some snow and code, a link & AT&T. Second line. one two a b c d alt text")
    }

    @Test func plainTextUsesSmartPunctuationLikeThePage() {
        #expect(Markdown.plainText("it's \"cold\"...") == "it’s “cold”…")
    }
}
