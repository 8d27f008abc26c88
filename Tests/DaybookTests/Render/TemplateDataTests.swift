@testable import DaybookSite
import Testing

/// `TemplateData`: a view model's properties are the names its template reads
/// (in the tables `scripts/template-tables` generates).
@Suite struct TemplateDataTests {
    struct Entry: TemplateData {
        let title: String
        let tags: [Tag]
        let cover: String?
        var `default` = true
        /// Computed, declared in the body: a name too.
        var hasTags: Bool { !tags.isEmpty }
        /// Not for templates: private and static properties are no names.
        private var secret: String { "s3cret" }
        static let shared = "shared"
    }

    final class Tag: TemplateData {
        let name: String
        init(_ name: String) { self.name = name }
    }

    struct Row: InliningTemplateData {
        fileprivate let entry: Entry
        var inlined: Entry { entry }
        let title: String
        let isNew: Bool
    }

    /// The inlined model's names first, then the type's own; its own `title` wins.
    @Test func anInlinedModelsNamesAreTheTypesOwn() {
        #expect(Row.templateFields.names == ["title", "tags", "cover", "default", "hasTags", "isNew"])
        let set = TemplateSet(["row": "{{title}} {{#hasTags}}tagged{{/hasTags}}{{#isNew}} new{{/isNew}}"])
        let row = Row(entry: Entry(title: "Walk", tags: [Tag("snow")], cover: nil), title: "Walk (2)", isNew: true)
        #expect(set.render("row", .object(row)) == "Walk (2) tagged new")
    }

    @Test func everyPropertyDeclaredInTheBodyIsANameInTheOrderWritten() {
        #expect(Entry.templateFields.names == ["title", "tags", "cover", "default", "hasTags"])
        #expect(Tag.templateFields.names == ["name"])
    }

    @Test func aTemplateReadsThemAsTheyAre() {
        let set = TemplateSet(["page": "{{title}}{{#hasTags}}: {{#tags}}{{name}} {{/tags}}{{/hasTags}}{{^cover}}no cover{{/cover}}{{#default}}!{{/default}}{{secret}}{{shared}}"])
        let entry = Entry(title: "Walk", tags: [Tag("snow"), Tag("park")], cover: nil)
        #expect(set.render("page", .object(entry)) == "Walk: snow park no cover!")
        let bare = Entry(title: "Rest", tags: [], cover: "c.jpg", default: false)
        #expect(set.render("page", .object(bare)) == "Rest")
    }

    /// A nil optional is the model's own empty value: the lookup does not go on to the enclosing context.
    @Test func aNilOptionalHidesTheSameNameFurtherOut() {
        let set = TemplateSet(["page": "{{#outer}}{{#inner}}[{{cover}}]{{/inner}}{{/outer}}"])
        let outer = TemplateTable(["cover": .text("outer.jpg"), "inner": .object(Entry(title: "T", tags: [], cover: nil))])
        #expect(set.render("page", .object(TemplateTable(["outer": .object(outer)]))) == "[]")
    }
}
