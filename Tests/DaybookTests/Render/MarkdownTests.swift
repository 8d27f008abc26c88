@testable import DaybookSite
import PropertyBased
import Testing

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

    @Test func keepsOnlyAllowedRawHTML() {
        let block = Markdown.html("<script>alert('hi')</script>\n\nafter")
        #expect(block == "\n<p>after</p>\n")
        #expect(Markdown.html("a <b onclick=\"x()\">bold</b> move") == "<p>a <b>bold</b> move</p>\n")
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

    @Test func keepsOnlyAllowedRawHTMLInOneLine() {
        #expect(Markdown.inlineHTML("<script>alert(1)</script>") == "")
        #expect(Markdown.inlineHTML("a <i>b</i>") == "a <i>b</i>")
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

    /// The white space that collapses, by bytes, is Unicode's, as Swift's `isWhitespace` has it.
    @Test func everyWhiteSpaceScalarCollapsesAndNoOtherDoes() {
        let scalars = (0...0x3100).compactMap(Unicode.Scalar.init) + [0xFEFF, 0xFFFD, 0x1_0000, 0x1_F600, 0x10_FFFF].compactMap(Unicode.Scalar.init)
        for scalar in scalars {
            let text = "a\(scalar)\(scalar)b\(scalar)"
            let expected = scalar.properties.isWhitespace ? "a b" : text
            #expect(Markdown.collapsingWhitespace(text) == expected, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func collapsesWhiteSpaceAsByScalars() async {
        let characters = Array("a 가\t\n\r\u{0B}\u{0C}\u{85}\u{A0}\u{1680}\u{2000}\u{200A}\u{200B}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}\u{3001}é😀")
        let text = Gen<Character?>.element(of: characters).map { $0 ?? " " }.string(of: 0...12)
        await propertyCheck(count: 2000, input: text) { text in
            var expected = "", pendingSpace = false
            for scalar in text.unicodeScalars {
                if scalar.properties.isWhitespace {
                    pendingSpace = !expected.isEmpty
                } else {
                    if pendingSpace { expected += " " }
                    pendingSpace = false
                    expected.unicodeScalars.append(scalar)
                }
            }
            #expect(Markdown.collapsingWhitespace(text) == expected, "\(text.debugDescription)")
        }
    }

    /// Each scalar `PlainText.prefix` counts by itself is one Character beside any other it counts.
    @Test func everyCountedScalarIsACharacterBesideAnother() {
        let counted = (0...0xFFFF).compactMap(Unicode.Scalar.init).filter { PlainText.isCounted($0.value) }
        let neighbours = [0x20, 0x41, 0x7E, 0xC0, 0xFF, 0x2010, 0x2027, 0x3001, 0x300F, 0x3041, 0x3096, 0x30A0, 0x30FF, 0x4E00, 0x9FFF,
                          0xAC00, 0xAC01, 0xD7A3, 0xFF01, 0xFF5E].compactMap(Unicode.Scalar.init)
        #expect(counted.count > 30000)
        for scalar in counted {
            for neighbour in neighbours {
                var text = ""
                text.unicodeScalars.append(contentsOf: [neighbour, scalar, neighbour])
                #expect(text.count == 3, "U+\(String(scalar.value, radix: 16)) beside U+\(String(neighbour.value, radix: 16))")
            }
        }
    }

    @Test func aPrefixOfPlainTextIsSwiftsPrefix() async {
        let pieces = ["a", "Z", " ", "가", "힣", "漢", "か", "ア", "é", "e\u{301}", "\u{1100}", "\u{1161}", "\u{11A8}", "👍", "👍🏽", "\u{200D}",
                      "🇰", "🇷", "\u{FE0F}", "\r\n", "\n", "\u{0903}", "\u{0600}", "…", "“", "ｱ", "\u{FF9E}", "\u{3099}", "©", "\u{AD}"]
        let text = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...12).map { $0.joined() }
        await propertyCheck(count: 3000, input: text, Gen.int(in: 0...14)) { text, limit in
            #expect(PlainText.prefix(text, characters: limit).utf8.elementsEqual(String(text.prefix(limit)).utf8),
                    "\(text.debugDescription) to \(limit)")
        }
    }

    /// Collapsing only as far as the prefix needs gives the prefix of the whole collapsed text.
    @Test func aCollapsedPrefixIsThePrefixOfTheCollapsedText() async {
        let pieces = ["a", "Z", " ", "  ", "\t", "\n", "\u{A0}", "\u{3000}", "\u{2028}", "가", "漢", "é", "e\u{301}", " \u{301}", "👍🏽", "\u{200D}",
                      "🇰", "🇷", "\r\n", "\u{7F}", "\u{1}", "…", "\u{AD}"]
        let text = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...14).map { $0.joined() }
        await propertyCheck(count: 3000, input: text, Gen.int(in: 0...14)) { text, limit in
            var bytes = Array(text.utf8)
            #expect(PlainText.collapsedPrefix(&bytes, characters: limit).utf8
                .elementsEqual(String(Markdown.collapsingWhitespace(text).prefix(limit)).utf8), "\(text.debugDescription) to \(limit)")
        }
    }

    @Test func plainTextCutToALengthIsThePrefixOfTheWhole() async {
        // Also marks that join what comes before them (after a space, after a block), where counting turns to Swift's.
        let pieces = ["word", " ", "  ", "\n", "\n\n", "가나", "e\u{301}", "👍🏽", "*a*", "`c`", "- ", "> ", "\u{3000}", "[l](u)", "![alt](i.png)",
                      "\u{301}", " \u{301}", "\u{200D}", "🇰", "\u{7F}", "| a | b |\n|---|---|\n| c | d |\n"]
        let markdown = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...14).map { $0.joined() }
        await propertyCheck(count: 1000, input: markdown, Gen.int(in: 0...12)) { markdown, length in
            let whole = Markdown.render(markdown).plainText
            #expect(Markdown.render(markdown, textLength: length).plainText.utf8.elementsEqual(String(whole.prefix(length)).utf8),
                    "\(markdown.debugDescription) to \(length)")
        }
    }

    @Test func plainTextUsesSmartPunctuationLikeThePage() {
        #expect(Markdown.plainText("it's \"cold\"...") == "it’s “cold”…")
    }

    /// The byte check that keeps most entries' trees from a walk for links
    /// misses none: when it says no, rendering finds no relative link.
    @Test func theLinkCheckMissesNoRelativeLink() async {
        #expect(!MarkdownLink.mayHoldLink("[a](https://example.org/) and a closing ]"))
        #expect(MarkdownLink.mayHoldLink("[a](../2026-11-19/)") && MarkdownLink.mayHoldLink("[a][b]") && MarkdownLink.mayHoldLink("[b]: x"))
        #expect(MarkdownLink.mayHoldLink("[a](") && MarkdownLink.mayHoldLink("[a](htt"))
        let pieces = ["[a](../x/)", "[a](https://e.org/)", "[a](http", "[a][b]", "[b]", "\n\n[b]: ../y/\n", "]", "(", "](", "http", " ", "word", "가나", "\n"]
        let markdown = Gen<String?>.element(of: pieces).map { $0 ?? "" }.array(of: 0...10).map { $0.joined() }
        await propertyCheck(count: 1000, input: markdown) { markdown in
            var found = 0
            _ = Markdown.render(markdown, links: { _ in found += 1 })
            #expect(MarkdownLink.mayHoldLink(markdown) || found == 0, "\(markdown.debugDescription)")
        }
    }
}
