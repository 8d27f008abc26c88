@testable import DaybookSite
import Foundation
import PropertyBased
import Testing

/// The official Mustache spec (github.com/mustache/spec, MIT, LICENSE beside
/// the files): the core modules and `~inheritance`, every case rendered by
/// Daybook's own renderer. Lambdas are optional and not supported.
@Suite struct MustacheSpecTests {
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance"]

    @Test(arguments: files)
    func specFile(_ file: String) throws {
        let url = try #require(Bundle.module.url(forResource: file, withExtension: "json", subdirectory: "Fixtures/mustache-spec"))
        let spec = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url))
        var passed = 0
        for test in spec.tests {
            var sources = test.partials ?? [:]
            sources["\u{1}main"] = test.template
            let output = TemplateSet(sources).render("\u{1}main", test.data.value)
            #expect(output == test.expected, "\(file): \(test.name)")
            if output == test.expected { passed += 1 }
        }
        print("mustache spec \(file): \(passed)/\(spec.tests.count) passed")
    }

    struct SpecFile: Decodable {
        struct Test: Decodable {
            let name: String
            let data: JSON
            let template: String
            let partials: [String: String]?
            let expected: String
        }
        let tests: [Test]
    }

    /// The spec's data, handed to templates as a view model would.
    struct JSON: Decodable {
        let value: TemplateValue

        init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { value = .null }
            else if let flag = try? container.decode(Bool.self) { value = .bool(flag) }
            else if let number = try? container.decode(Int.self) { value = .int(number) }
            else if let number = try? container.decode(Double.self) { value = .double(number) }
            else if let text = try? container.decode(String.self) { value = .text(text) }
            else if let list = try? container.decode([JSON].self) { value = list.map(\.value).templateValue }
            else { value = .object(TemplateTable(try container.decode([String: JSON].self).mapValues(\.value))) }
        }
    }

    @Test func syntaxErrorsAreLocated() throws {
        #expect(throws: TemplateSyntaxError.self) { try TemplateSet.check("ok\n{{#page}}{{title}\n") }
        do {
            try TemplateSet.check("ok\n  {{#page}}\n")
            Issue.record("an unclosed section parses")
        } catch {
            #expect(error.line == 2 && error.column == 3)
        }
    }

    @Test func escapesLikeHTMLAttributes() {
        var output: [UInt8] = []
        HTMLEscape.append("<a href=\"x\">Tom & Jerry's 첫눈</a>", to: &output)
        #expect(String(decoding: output, as: UTF8.self) == "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s 첫눈&lt;/a&gt;")
    }

    /// Escaping skips eight bytes at a time: a character to escape is found at any place in a long text.
    @Test func escapesAtEveryPlaceOfALongText() async {
        let text = Gen<Character?>.element(of: Array("ab 첫<>&\"'=;#\u{3C3}")).map { $0 ?? "a" }.string(of: 0...40)
        await propertyCheck(count: 2000, input: text) { text in
            var output: [UInt8] = []
            HTMLEscape.append(text, to: &output)
            let expected = text.map { character in
                ["<": "&lt;", ">": "&gt;", "&": "&amp;", "\"": "&quot;", "'": "&#39;"][character] ?? String(character)
            }.joined()
            #expect(String(decoding: output, as: UTF8.self) == expected, "\(text.debugDescription)")
        }
    }
}
