@testable import DaybookSite
import Testing

/// A theme's markup indentation is dropped when it is compiled; what a
/// reader sees, and every value, stays as it was.
@Suite struct TemplateCompactionTests {
    func render(_ templates: [String: String], _ values: [String: TemplateValue] = [:]) -> String? {
        TemplateSet(templates, compact: true).render("page", .object(TemplateTable(values)))
    }

    @Test func indentationAfterANewlineIsDropped() {
        let page = "<ul>\n    <li>{{a}}</li>\n\t<li>b</li>\n  </ul>\n"
        #expect(render(["page": page], ["a": .text("  x\n  y")]) == "<ul>\n<li>  x\n  y</li>\n<li>b</li>\n</ul>\n")
    }

    @Test func spacesBetweenWordsAndTagsStay() {
        let page = "<p>{{a}} <b>{{b}}</b>  {{#c}}<i>c</i>{{/c}}  <span>x</span></p>"
        let values: [String: TemplateValue] = ["a": .text("A"), "b": .text("B"), "c": .bool(true)]
        #expect(render(["page": page], values) == page.replacingOccurrences(of: "{{a}}", with: "A")
            .replacingOccurrences(of: "{{b}}", with: "B").replacingOccurrences(of: "{{#c}}", with: "").replacingOccurrences(of: "{{/c}}", with: ""))
    }

    /// After a section that may or may not render, indentation is dropped only
    /// when the output ends in a newline either way.
    @Test func indentationAfterAnInlineSectionStays() {
        let page = "<p>\n  {{#c}}<i>c</i>{{/c}}  <span>x</span>\n  {{#c}}<i>c</i>\n{{/c}}  <b>y</b></p>"
        #expect(render(["page": page], ["c": .bool(true)]) == "<p>\n<i>c</i>  <span>x</span>\n<i>c</i>\n<b>y</b></p>")
        #expect(render(["page": page], ["c": .bool(false)]) == "<p>\n  <span>x</span>\n<b>y</b></p>")
    }

    @Test func preformattedTextAndScriptsKeepTheirWhitespace() {
        let page = """
            <div>
              <pre>
              two
                four</pre>
              <TEXTAREA name="t">
                kept</TEXTAREA>
              <script>
                const s = `a
                  b`;
              </script>
              <style>
                p { }
              </style>
              <p>done</p>
            </div>

            """
        let expected = """
            <div>
            <pre>
              two
                four</pre>
            <TEXTAREA name="t">
                kept</TEXTAREA>
            <script>
                const s = `a
                  b`;
              </script>
            <style>
                p { }
              </style>
            <p>done</p>
            </div>

            """
        #expect(render(["page": page]) == expected)
    }

    @Test func quotedAttributesAndCommentsKeepTheirWhitespace() {
        let page = "<a title=\"one\n   two\"\n   href=\"x\">a</a>\n<!-- a\n   b -->\n  <p>if a < b\n  then</p>"
        #expect(render(["page": page]) == "<a title=\"one\n   two\"\nhref=\"x\">a</a>\n<!-- a\n   b -->\n<p>if a < b\nthen</p>")
    }

    @Test func partialsAndLayoutsAreCompactedWhereTheyArePlaced() {
        let templates = [
            "layout": "<main>\n  {{$content}}{{/content}}\n</main>\n",
            "item": "<li>\n  {{name}}\n</li>\n",
            "code": "line\n  indented\n",
            "page": "{{<layout}}{{$content}}\n    <ul>\n      {{> item}}\n    </ul>\n    <pre>\n      {{> code}}\n    </pre>\n{{/content}}{{/layout}}",
        ]
        #expect(render(templates, ["name": .text("N")]) == "<main>\n<ul>\n<li>\nN\n</li>\n</ul>\n<pre>\n      line\n        indented\n    </pre>\n\n</main>\n")
    }

    /// Without `compact` (the Mustache spec's rendering), whitespace is the template's.
    @Test func uncompactedTemplatesKeepTheirIndentation() {
        #expect(TemplateSet(["page": "<ul>\n  <li>x</li>\n</ul>"]).render("page", .null) == "<ul>\n  <li>x</li>\n</ul>")
    }
}
