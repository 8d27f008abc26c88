@testable import DaybookSite
import Testing

/// A list item's partial is rendered once and copied into every list that
/// shows the item again, unless the rendering read something of its page.
@Suite struct KeptRenderingTests {
    /// An item that counts how often its title is read.
    final class Item: TemplateObject {
        let title: String
        var titleReads = 0
        let keptRenderings: KeptRenderings? = KeptRenderings()
        init(_ title: String) { self.title = title }
        func value(for name: TemplateName) -> TemplateValue? {
            guard name == TemplateName("title") else { return nil }
            titleReads += 1
            return .text(title)
        }
    }

    /// Stands for the translation: one per build.
    struct Shared: TemplateObject {
        func value(for name: TemplateName) -> TemplateValue? { name == TemplateName("private") ? .text("private") : nil }
        var isSameOnEveryPage: Bool { true }
    }

    static func page(_ heading: String, _ items: [Item]) -> TemplateValue {
        .object(TemplateTable(["heading": .text(heading), "items": items.map { TemplateValue.object($0) }.templateValue, "t": .object(Shared())]))
    }

    static func render(_ templates: [String: String], _ pages: [TemplateValue]) -> [String] {
        let set = TemplateSet(templates)
        return pages.map { set.render("page", $0) ?? "" }
    }

    @Test func aPartialReadingOnlyItsItemAndTheTranslationRendersOnce() {
        let item = Item("첫눈")
        let pages = Self.render(["page": "<h1>{{heading}}</h1>{{#items}}{{> item}}{{/items}}", "item": "<li>{{title}} {{t.private}}</li>"],
                                [Self.page("May", [item, Item("b")]), Self.page("#winter", [item])])
        #expect(pages == ["<h1>May</h1><li>첫눈 private</li><li>b private</li>", "<h1>#winter</h1><li>첫눈 private</li>"])
        #expect(item.titleReads == 1)
    }

    @Test func aPartialReadingItsPageRendersOnEveryPage() {
        let item = Item("첫눈")
        let pages = Self.render(["page": "{{#items}}{{> item}}{{/items}}", "item": "<li>{{title}} in {{heading}}</li>"],
                                [Self.page("May", [item]), Self.page("#winter", [item])])
        #expect(pages == ["<li>첫눈 in May</li>", "<li>첫눈 in #winter</li>"])
        #expect(item.titleReads == 2)
    }

    @Test func aNameNothingAnswersKeepsNothing() {
        let item = Item("a")
        _ = Self.render(["page": "{{#items}}{{> item}}{{/items}}", "item": "{{title}}{{nowhere}}"], [Self.page("1", [item]), Self.page("2", [item])])
        #expect(item.titleReads == 2)
    }

    @Test func aBlockInsideThePartialTakesEachPagesOverride() {
        let item = Item("a")
        let set = TemplateSet(["one": "{{<frame}}{{$mark}}1{{/mark}}{{/frame}}", "two": "{{<frame}}{{$mark}}2{{/mark}}{{/frame}}",
                               "frame": "{{#items}}{{> item}}{{/items}}", "item": "{{title}}{{$mark}}-{{/mark}} "])
        let page = Self.page("", [item])
        #expect([set.render("one", page), set.render("two", page)] == ["a1 ", "a2 "])
    }

    @Test func anotherThemeRendersTheItemWithItsOwnPartial() {
        let item = Item("a")
        let first = Self.render(["page": "{{#items}}{{> item}}{{/items}}", "item": "<li>{{title}}</li>"], [Self.page("", [item])])
        let second = Self.render(["page": "{{#items}}{{> item}}{{/items}}", "item": "<p>{{title}}</p>"], [Self.page("", [item])])
        #expect(first + second == ["<li>a</li>", "<p>a</p>"])
    }
}
