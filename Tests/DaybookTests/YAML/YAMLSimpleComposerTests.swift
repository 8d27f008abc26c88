@testable import DaybookSite
import Foundation
import Testing
import Yams

/// The front matter of nearly every entry is read by `YAMLSimpleComposer`
/// straight from its bytes; what it takes must give exactly the nodes
/// libyaml gives (`YAMLComposer`), and what it is not sure of must be left
/// to libyaml. Each test counts both, so a shortcut that never runs fails.
@Suite struct YAMLSimpleComposerTests {
    struct Tally {
        var composed = 0
        var leftToLibyaml = 0
        var problems: [String] = []
    }

    /// Every difference between two trees: text, tag (keys' too), style, line and column.
    func differences(_ mine: YAMLNode, _ theirs: YAMLNode, at path: String = "$") -> [String] {
        switch (mine, theirs) {
        case let (.scalar(a), .scalar(b)):
            guard a == b else { return ["\(path): \(a) vs \(b)"] }
            return []
        case let (.sequence(a, aStyle), .sequence(b, bStyle)):
            guard a.count == b.count, aStyle == bStyle else {
                return ["\(path): sequence of \(a.count) \(aStyle) vs \(b.count) \(bStyle)"]
            }
            return zip(a, b).enumerated().flatMap { differences($1.0, $1.1, at: "\(path)[\($0)]") }
        case let (.mapping(a, aStyle), .mapping(b, bStyle)):
            guard a.count == b.count, aStyle == bStyle else {
                return ["\(path): mapping of \(a.count) \(aStyle) vs \(b.count) \(bStyle)"]
            }
            return zip(a, b).enumerated().flatMap { index, pair in
                differences(pair.0.key, pair.1.key, at: "\(path).key\(index)") + differences(pair.0.value, pair.1.value, at: "\(path).\(index)")
            }
        default:
            return ["\(path): \(mine) vs \(theirs)"]
        }
    }

    /// Composes `yaml` both ways; a document libyaml rejects or leaves to
    /// Yams must never be taken by the shortcut.
    func compare(_ yaml: String, _ tally: inout Tally) {
        var text = yaml
        guard case let .composed(mine)? = text.withUTF8(YAMLSimpleComposer.compose) else {
            tally.leftToLibyaml += 1
            return
        }
        tally.composed += 1
        switch (mine, YAMLComposer.compose(yaml)) {
        case (nil, .composed(nil)): break
        case let (mine?, .composed(theirs?)):
            let found = differences(mine, YAMLNode(theirs))
            if !found.isEmpty { tally.problems.append("\(yaml.debugDescription): \(found.prefix(3))") }
        case let (_, theirs):
            tally.problems.append("\(yaml.debugDescription): composed \(String(describing: mine)), libyaml \(theirs)")
        }
    }

    func expectNoProblems(_ tally: Tally, _ comment: String) {
        #expect(tally.problems.isEmpty, "\(comment): \(tally.problems.count) differences, first: \(tally.problems.prefix(5))")
    }

    // MARK: A generator of the shape, and of near misses

    static let keys = ["title", "date", "tags", "mood", "private", "draft", "cover", "weather", "aliases", "제목", "1", "yes", "~",
                       "null", "2026-11-20", "1.0", "a b", "x_y", "\"title\"", "'date'", "\"q\\\"k\"", "'it''s'", "<<", "é", "k#1", "a[b]"]
    static let texts = ["오늘의 일기", "A walk", "yes", "No", "~", "null", "", "true", "12", "-3", "-2.5", "+7", "0x1F", "12.4", ".5",
                        "1e3", ".inf", "2026-11-20", "2026-11-20 07:49", "07:49", "1:30:00", "=", "<<", "a#b", "C#", "🌧 rain", "비, 눈",
                        "a'b", "say \"hi\"", "C:\\path", "100%", "a  b", "é", "e\u{301}", "\u{00A0}x", "x\u{00A0}", "http://x.y/z?q=1",
                        "-x", "--", "---", "a,b", "a]b", "{x}", "x: y", "x:y", "x :y", "한글 ✓", "ー", "\u{1F600}"]

    /// A scalar as one might write it: plain when it can be, else quoted.
    static func scalar(_ random: inout SeededShuffle.SplitMix64) -> String {
        let text = texts.randomElement(using: &random)!
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case 1: return "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
        default: return text
        }
    }

    static func comment(_ random: inout SeededShuffle.SplitMix64) -> String {
        [" # note", "", "", "", "  #", " #x: [y]", "  "].randomElement(using: &random)!
    }

    static func value(_ random: inout SeededShuffle.SplitMix64, indent: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        let deeper = indent + [2, 2, 4, 1, 3].randomElement(using: &random)!
        switch Int.random(in: 0..<(indent > 4 ? 4 : 7), using: &random) {
        case 0: return " " + scalar(&random) + comment(&random)
        case 1: return ["", " ", "  # empty"].randomElement(using: &random)!
        case 2: return " [" + (0..<Int.random(in: 0..<4, using: &random)).map { _ in scalar(&random) }
            .joined(separator: [", ", ",", " , "].randomElement(using: &random)!) + "]" + comment(&random)
        case 3: return " " + scalar(&random)
        case 4:
            let items = Bool.random(using: &random) ? pad : String(repeating: " ", count: deeper)
            return comment(&random) + (0..<Int.random(in: 1..<4, using: &random)).map { _ in "\n" + items + "- " + scalar(&random) + comment(&random) }.joined()
        default:
            return comment(&random) + "\n" + mapping(&random, indent: deeper, count: Int.random(in: 1..<4, using: &random))
        }
    }

    static func mapping(_ random: inout SeededShuffle.SplitMix64, indent: Int, count: Int) -> String {
        let pad = String(repeating: " ", count: indent)
        return keys.shuffled(using: &random).prefix(count).map { key in
            var line = pad + key + ":" + value(&random, indent: indent)
            if Int.random(in: 0..<8, using: &random) == 0 { line = ["", "# c", pad + "  # c", "   "].randomElement(using: &random)! + "\n" + line }
            return line
        }.joined(separator: "\n")
    }

    static func document(_ random: inout SeededShuffle.SplitMix64) -> String {
        mapping(&random, indent: 0, count: Int.random(in: 1..<9, using: &random)) + (Int.random(in: 0..<8, using: &random) == 0 ? "" : "\n")
    }

    /// What a slip of the keyboard, another editor or another tool makes of a document.
    static let nearMisses = ["\t", "\r", "\r\n", ":", ": ", "#", " #", "-", "- ", "[", "]", "{", "}", ",", "&a ", "*a", "!", "!!str ", "|",
                             ">", "\"", "'", "\\", "\\n", " ", "  ", "\n", "\n  ", "?", "? ", "%", "@", "`", "---\n", "...\n", "\u{85}",
                             "\u{2028}", "\u{FEFF}", "\u{0}", "\u{7F}", "\u{1B}", "é", "ー"]

    static func mutated(_ document: String, _ random: inout SeededShuffle.SplitMix64) -> String {
        var scalars = Array(document.unicodeScalars)
        for _ in 0..<Int.random(in: 1..<3, using: &random) {
            let index = Int.random(in: 0...scalars.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0 where index < scalars.count:
                scalars.removeSubrange(index..<min(scalars.count, index + Int.random(in: 1..<4, using: &random)))
            case 1:
                // Another line's indent, or a line moved.
                var lines = String(String.UnicodeScalarView(scalars)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                let line = Int.random(in: 0..<lines.count, using: &random)
                if Bool.random(using: &random) {
                    lines[line] = String(repeating: " ", count: Int.random(in: 0..<5, using: &random)) + lines[line].drop { $0 == " " }
                } else {
                    lines.insert(lines[line], at: Int.random(in: 0...lines.count, using: &random))
                }
                scalars = Array(lines.joined(separator: "\n").unicodeScalars)
            default:
                scalars.insert(contentsOf: nearMisses.randomElement(using: &random)!.unicodeScalars, at: index)
            }
        }
        return String(String.UnicodeScalarView(scalars))
    }

    // MARK: Tests

    @Test func theUsualShapesAreTakenHere() {
        let texts = [
            "title: \"운동을 책을\"\ndate: 2026-06-16 07:49\nweather:\n  condition: partly-cloudy\n  temp: -2.5\n  location: Seoul\ntags: [winter, summer]\n",
            "title: A day\ndate: 2026-11-20\ntags:\n  - walk\n  - 'rain'\nprivate: yes\nmood: ~\n",
            "# a comment\ntitle: 'It''s'  # note\ntags:\n- a\n- b\n\ncover:\n",
            "", "\n# only a comment\n",
        ]
        var tally = Tally()
        for text in texts { compare(text, &tally) }
        #expect(tally.composed == texts.count, "\(tally.leftToLibyaml) left to libyaml")
        expectNoProblems(tally, "usual shapes")
    }

    @Test func whatItIsNotSureOfIsLeftToLibyaml() {
        let texts = ["a: 1\na: 2\n", "1: x\n\"1\": y\n", "? a\n: 1\n", "a: &x 1\nb: *x\n", "a: !!str 1\n", "a: 1\n---\nb: 2\n",
                     "a: [1\n", "\ta: 1\n", "a:\t1\n", "a: 1\r\n", "\u{FEFF}a: 1\n", "a: |\n  x\n", "a: >\n  x\n", "a: {b: 1}\n",
                     "{\"a\": 1}", "a: x\n  y\n", "a: \"x\ny\"\n", "a: \"\\u00e9\"\n", "- a\n", "a:\n  b: 1\n c: 2\n", "a: b: c\n",
                     "  a: 1\n", "%YAML 1.1\n---\na: 1\n", "a: 1\n...\n", "a: 'x\n  y'\n", "a: x\u{2028}y\n", "a: [b: c]\n"]
        var tally = Tally()
        for text in texts { compare(text, &tally) }
        #expect(tally.composed == 0, "\(tally.composed) of \(texts.count) taken")
    }

    @Test func generatedDocumentsComposeAsLibyamlDoes() {
        var random = SeededShuffle.SplitMix64(seed: 20_261_124)
        var tally = Tally()
        let count = 20_000
        for _ in 0..<count { compare(Self.document(&random), &tally) }
        expectNoProblems(tally, "generated")
        // Most generated documents are in the shape (the rest have a key twice, `x: y` values and the like).
        #expect(tally.composed > count / 2, "taken \(tally.composed) of \(count)")
    }

    @Test func nearMissesComposeAsLibyamlDoesOrAreLeftToIt() {
        var random = SeededShuffle.SplitMix64(seed: 7)
        var tally = Tally()
        let count = 30_000
        for _ in 0..<count { compare(Self.mutated(Self.document(&random), &random), &tally) }
        expectNoProblems(tally, "mutated")
        #expect(tally.composed > count / 10 && tally.leftToLibyaml > count / 4, "taken \(tally.composed), left \(tally.leftToLibyaml)")
    }

    @Test func yamsComposerTestDocumentsComposeAsLibyamlDoes() {
        var random = SeededShuffle.SplitMix64(seed: 20_261_124)
        var tally = Tally()
        for _ in 0..<20_000 { compare(YAMLComposerTests.frontMatter(&random), &tally) }
        expectNoProblems(tally, "YAMLComposerTests' generator")
        #expect(tally.composed > 1_000, "taken \(tally.composed)")
    }

    /// The front matter of the sample site and the fixtures.
    @Test func realFrontMatterComposesAsLibyamlDoes() throws {
        let folders = ["content", "Tests"].map { Repository.root.appendingPathComponent($0).path }
        let (tally, frontMatter) = compareFiles(in: folders)
        expectNoProblems(tally, "real files")
        expectNoProblems(frontMatter, "real front matter")
        // The sample site and the fixtures try every form front matter can take; most are in the shape.
        #expect(frontMatter.composed > 40 && frontMatter.composed > frontMatter.leftToLibyaml,
                "taken \(frontMatter.composed), left \(frontMatter.leftToLibyaml)")
    }

    /// A diary as the benchmarks generate it (`../shared/bench/gen-corpus`), made
    /// here into a folder of this test's own.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: Self.corpusGenerator.path), "needs ../shared/bench/gen-corpus"))
    func benchCorpusFrontMatterComposesAsLibyamlDoes() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-yaml-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = ["python3", Self.corpusGenerator.path, folder.path, "--entries", "400", "--workouts", "60", "--seed", "3"]
        python.standardOutput = FileHandle.nullDevice
        try python.run()
        python.waitUntilExit()
        try #require(python.terminationStatus == 0)
        let (tally, frontMatter) = compareFiles(in: [folder.path])
        expectNoProblems(tally, "generated files")
        expectNoProblems(frontMatter, "generated front matter")
        #expect(frontMatter.composed > 400, "taken \(frontMatter.composed), left \(frontMatter.leftToLibyaml)")
    }

    /// The team's shared folder: `$DAYBOOK_SHARED` (set by `scripts/test`), else beside the repository.
    static let corpusGenerator = URL(fileURLWithPath: ProcessInfo.processInfo.environment["DAYBOOK_SHARED"]
        ?? Repository.root.deletingLastPathComponent().appendingPathComponent("shared").path).appendingPathComponent("bench/gen-corpus")

    /// Compares every Markdown and YAML file below the folders whole, and the
    /// front matter of each on its own.
    private func compareFiles(in folders: [String]) -> (files: Tally, frontMatter: Tally) {
        var seen: Set<String> = []
        var tally = Tally()
        var frontMatter = Tally()
        for folder in folders {
            guard let walk = FileManager.default.enumerator(atPath: folder) else { continue }
            for case let relative as String in walk where relative.hasSuffix(".md") || relative.hasSuffix(".yml") {
                guard let data = FileManager.default.contents(atPath: folder + "/" + relative),
                      let text = String(data: data, encoding: .utf8) else { continue }
                // A whole file, fences and all, is a near miss.
                if seen.insert(text).inserted { compare(text, &tally) }
                let file = SourceFile(displayPath: relative, relativePath: relative, text: text)
                if case let .document(document) = FenceScanner.scan(file.text), let yaml = document.frontMatter, document.format != .toml,
                   seen.insert(yaml).inserted {
                    compare(yaml, &frontMatter)
                }
            }
        }
        return (tally, frontMatter)
    }
}
