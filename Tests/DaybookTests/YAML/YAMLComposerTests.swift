@testable import DaybookSite
import Foundation
import Testing
import Yams

extension SeededShuffle.SplitMix64: RandomNumberGenerator {}

/// Daybook composes the YAML of its files itself (`YAMLComposer`) and leaves
/// to Yams only what it does not handle; both must give the same nodes —
/// text, tag, style, line and column — and the same messages.
@Suite struct YAMLComposerTests {
    /// Every difference between two node trees, as paths; empty when equal.
    /// Yams resolves the tag of each mapping key in place while it checks for
    /// duplicates (a side effect nothing reads), so keys are compared by
    /// their resolved tags, as `Node`'s `==` compares them.
    func differences(_ mine: Node, _ yams: Node, at path: String = "$", isKey: Bool = false) -> [String] {
        func same(_ a: Mark?, _ b: Mark?) -> Bool { a?.line == b?.line && a?.column == b?.column }
        switch (mine, yams) {
        case let (.scalar(a), .scalar(b)):
            guard mine == yams, isKey || a.tag.rawValue == b.tag.rawValue, a.style == b.style, same(a.mark, b.mark) else {
                return ["\(path): '\(a.string)' \(a.tag.rawValue) \(a.style) \(String(describing: a.mark)) vs '\(b.string)' \(b.tag.rawValue) \(b.style) \(String(describing: b.mark))"]
            }
            return []
        case let (.sequence(a), .sequence(b)):
            guard a.count == b.count, a.tag.rawValue == b.tag.rawValue, a.style == b.style, same(a.mark, b.mark) else { return ["\(path): sequence"] }
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        case let (.mapping(a), .mapping(b)):
            guard a.count == b.count, a.tag.rawValue == b.tag.rawValue, a.style == b.style, same(a.mark, b.mark) else { return ["\(path): mapping"] }
            return zip(a, b).enumerated().flatMap { index, pair in
                differences(pair.0.key, pair.1.key, at: "\(path).key\(index)", isKey: true) + differences(pair.0.value, pair.1.value, at: "\(path).\(index)")
            }
        default:
            return ["\(path): \(mine) vs \(yams)"]
        }
    }

    /// Whether the composer took `yaml` itself; records any difference from Yams.
    @discardableResult
    func compare(_ yaml: String, _ problems: inout [String]) -> Bool {
        let yams = Result { try Yams.compose(yaml: yaml, .default, .default, .utf8) }
        guard case let .composed(mine) = YAMLComposer.compose(yaml) else { return false }
        switch (mine, yams) {
        case (nil, .success(nil)): break
        case let (mine?, .success(yams?)):
            let found = differences(mine, yams)
            if !found.isEmpty { problems.append("\(yaml.debugDescription): \(found.prefix(3))") }
        default:
            problems.append("\(yaml.debugDescription): composed \(String(describing: mine)), Yams \(yams)")
        }
        return true
    }

    // MARK: A generator of front matter

    static let keys = ["title", "date", "tags", "mood", "private", "draft", "cover", "lastmod", "aliases", "toc", "제목",
                       "1", "\"1\"", "'1'", "yes", "~", "null", "on", "2026-11-20", "0x1F", "1.0", "\"title\"", "'date'", "a b", "!!str 1"]
    static let plain = ["오늘의 일기", "A walk", "yes", "No", "on", "OFF", "~", "null", "Null", "", "true", "False", "12", "-3", "+7", "0o17",
                        "0x1F", "1_000", "12.4", ".5", "1e3", ".inf", "-.Inf", ".NaN", "2026-11-20", "2026-11-20 07:49", "2026-11-20T07:49:00+09:00",
                        "2026-1-2", "07:49", "1:30:00", "=", "<<", "calm # a comment", "a: b", "a #b", "x\ty", "🌧 rain", "비, 눈", "- x", "@at",
                        "`tick`", "%pct", "a'b", "C:\\path", "100%", "[not", "{x", "|", ">", "&anchor x", "*alias", "!tag x", "!!int 3", "!!str 3",
                        "? q", "—", "ー", "é", "e\u{301}", "\u{FEFF}x", "\u{FEFF}\u{FEFF}x", "x\u{FEFF}", "\u{00A0}x"]

    static func scalar(_ random: inout SeededShuffle.SplitMix64) -> String {
        let text = plain.randomElement(using: &random)!
        switch Int.random(in: 0..<6, using: &random) {
        case 0: return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + (Bool.random(using: &random) ? "\\n\\u00e9" : "") + "\""
        case 1: return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        default: return text
        }
    }

    static func value(_ random: inout SeededShuffle.SplitMix64, depth: Int) -> String {
        switch Int.random(in: 0..<(depth > 1 ? 5 : 10), using: &random) {
        case 5: return "[" + (0..<Int.random(in: 0..<4, using: &random)).map { _ in scalar(&random) }.joined(separator: ", ") + "]"
        case 6: return "\n" + (0..<Int.random(in: 1..<4, using: &random)).map { _ in "  - " + scalar(&random) }.joined(separator: "\n")
        case 7: return "\n" + (0..<Int.random(in: 1..<4, using: &random)).map { _ in
            "  " + ["condition", "temp", "location", "wind", "temp"].randomElement(using: &random)! + ": " + value(&random, depth: depth + 1)
                .replacingOccurrences(of: "\n  ", with: "\n    ")
        }.joined(separator: "\n")
        case 8: return ["|", ">", "|-", ">+"].randomElement(using: &random)! + "\n  line one\n  " + scalar(&random) + "\n"
        case 9: return "{" + (0..<Int.random(in: 0..<3, using: &random)).map { _ in keys.randomElement(using: &random)! + ": " + scalar(&random) }.joined(separator: ", ") + "}"
        default: return scalar(&random)
        }
    }

    static func frontMatter(_ random: inout SeededShuffle.SplitMix64) -> String {
        var lines = keys.shuffled(using: &random).prefix(Int.random(in: 0..<9, using: &random)).map { key in
            key + ":" + (Bool.random(using: &random) ? " " : ["", "  ", "\t"].randomElement(using: &random)!) + value(&random, depth: 0)
        }
        // Now and then something a person or a fuzzer might write.
        if Int.random(in: 0..<4, using: &random) == 0, !lines.isEmpty {
            let index = Int.random(in: 0..<lines.count, using: &random)
            switch Int.random(in: 0..<8, using: &random) {
            case 0: lines[index] = " " + lines[index]
            case 1: lines.insert("# a comment", at: index)
            case 2: lines.insert("---", at: index)
            case 3: lines.insert("", at: index)
            case 4: lines[index] += " # note"
            case 5: lines.insert("- item", at: index)
            case 6: lines.insert("a: &x 1\nb: *x", at: index)
            default: lines.insert(lines[index], at: index)
            }
        }
        return lines.map { $0 + "\n" }.joined()
    }

    // MARK: Tests

    @Test func aMarkIsItsLineAndColumn() {
        let mark = Mark(line: 12, column: 7)
        #expect(mark.line == 12 && mark.column == 7)
    }

    @Test func generatedFrontMatterComposesAsYamsDoes() {
        var random = SeededShuffle.SplitMix64(seed: 20_261_124)
        var problems: [String] = []
        var composed = 0
        let count = 20_000
        for _ in 0..<count where compare(Self.frontMatter(&random), &problems) { composed += 1 }
        #expect(problems.isEmpty, "\(problems.count) differences, first: \(problems.prefix(5))")
        // The fast path must be the common one, or it proves nothing.
        #expect(composed > count / 3, "composed \(composed) of \(count)")
    }

    @Test func entriesAsTheyAreWrittenAreComposedHere() {
        let texts = [
            "title: \"운동을 책을\"\ndate: 2026-06-16 07:49\nweather:\n  condition: partly-cloudy\n  temp: 12.4\n  location: Seoul\ntags: [winter, summer]\n",
            "title: A day\ndate: 2026-11-20\ntags:\n  - walk\n  - 'rain'\nprivate: yes\nmood: ~\n",
            "", "# only a comment\n", "{\"title\": \"JSON\", \"tags\": [\"a\", \"b\"], \"draft\": false}",
        ]
        var problems: [String] = []
        for text in texts { #expect(compare(text, &problems), "\(text.debugDescription)") }
        #expect(problems.isEmpty, "\(problems)")
    }

    @Test func whatYamsDecidesIsLeftToYams() {
        // Keys of the same text (duplicates or not by their tags), complex keys, aliases, two documents, errors.
        for text in ["a: 1\na: 2\n", "1: x\n\"1\": y\n", "? [a, b]\n: 1\n", "a: &x 1\nb: *x\n", "a: 1\n---\nb: 2\n", "a: [1\n", "\ta: 1\n"] {
            guard case .leftToYams = YAMLComposer.compose(text) else {
                Issue.record("composed \(text.debugDescription)")
                continue
            }
        }
        var diagnostics = Diagnostics()
        let file = SourceFile(displayPath: "content/x.md", relativePath: "x.md", text: "---\nid: 1\n\"id\": 2\nid: 3\n---\n")
        _ = YAMLValue.parse("id: 1\n\"id\": 2\nid: 3\n", file: file, firstLine: 2, into: &diagnostics)
        #expect(diagnostics.items.map(\.description) == ["content/x.md:2:1: error: invalid YAML: duplicate key 'id'"])
    }

    /// The sample site, the test fixtures and, where `scripts/fuzz FrontMatter`
    /// has run, its corpus: every front matter composes as Yams composes it.
    @Test func realAndFuzzedFilesComposeAsYamsDoes() throws {
        let root = Repository.root
        var problems: [String] = []
        var files = 0
        for folder in ["content", "Tests", "Fuzz/.corpus/FrontMatter"] {
            guard let walk = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            for case let relative as String in walk {
                guard folder != "Tests" || relative.hasSuffix(".md") || relative.hasSuffix(".yml") else { continue }
                guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(folder + "/" + relative).path),
                      let text = String(data: data, encoding: .utf8) else { continue }
                files += 1
                compare(text, &problems)
                let file = SourceFile(displayPath: relative, relativePath: relative, text: text)
                if case let .document(document) = FenceScanner.scan(file.text), let yaml = document.frontMatter, document.format != .toml {
                    compare(yaml, &problems)
                }
            }
        }
        #expect(files > 50)
        #expect(problems.isEmpty, "\(problems.count) differences, first: \(problems.prefix(5))")
    }
}
