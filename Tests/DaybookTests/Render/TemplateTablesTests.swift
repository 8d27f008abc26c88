import Foundation
import TemplateTables
import Testing

/// The view models' field tables are generated into checked-in files
/// (`scripts/template-tables`); these tests fail when those files are out of
/// date, naming the view models to generate again.
@Suite struct TemplateTablesTests {
    @Test(arguments: TemplateTables.modules.map(\.generated))
    func theCheckedInTablesAreWhatTheGeneratorWrites(generated: String) throws {
        let module = try #require(TemplateTables.modules.first { $0.generated == generated })
        let expected = try TemplateTables.generatedFile(sources: module.sources, generated: generated, in: Repository.root)
        let written = try String(contentsOf: Repository.root.appendingPathComponent(generated), encoding: .utf8)
        if written != expected {
            let stale = TemplateTables.staleModels(written: written, expected: expected)
            Issue.record("\(generated) is out of date for \(stale.joined(separator: ", ")): run scripts/template-tables")
        }
    }

    /// A property added without running the generator: the check names its type, and only it.
    @Test func anAddedPropertyMakesItsTypeStale() {
        let before = "struct MonthLink: TemplateData { let label: String }\nstruct Day: TemplateData { let iso: String }\n"
        let after = before.replacingOccurrences(of: "let label: String", with: "let label: String; let href: String")
        let written = TemplateTables.generatedFile([("Month.swift", before)], by: "test")
        let expected = TemplateTables.generatedFile([("Month.swift", after)], by: "test")
        #expect(TemplateTables.staleModels(written: written, expected: expected) == ["MonthLink"])
    }

    /// Which types are view models, how another file names them, and which of their properties are names.
    @Test func theGeneratorReadsMarkedTypesAndTheirTemplateProperties() {
        let source = """
            enum CardPages {
                struct Card: InliningTemplateData, Sendable {
                    fileprivate let faces: Faces
                    var inlined: Faces { faces }
                    let key: String
                    var `default` = true
                    private var secret: String { "" }
                    static let shared = 1
                    var keptRenderings: KeptRenderings? { nil }
                }
                struct Plain { let notAName: String }
            }
            extension Layout { final class NavItem: TemplateData { let href, label: String } }
            func local() { struct Hidden: TemplateData { let x: Int } }
            """
        #expect(TemplateTables.models(in: source) == [
            .init(name: "CardPages.Card", inlines: true, fields: ["key", "`default`"]),
            .init(name: "Layout.NavItem", inlines: false, fields: ["href", "label"]),
        ])
    }
}
