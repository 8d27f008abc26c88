@testable import DaybookSite
import Foundation
import Testing

/// "Did you mean …?" hints: the same choice as comparing the word with every
/// name, at a cost that a vault with many links to notes not yet written can pay.
@Suite struct SuggestionTests {
    /// The plain choice: the first candidate at the least edit distance, if within a third of the word (at least 2).
    static func reference(_ word: String, _ candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let distance = Suggestion.editDistance(target, Array(candidate.lowercased()))
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        return distance <= max(2, target.count / 3) ? candidate : nil
    }

    /// Letters that make ties, case differences, Korean syllables and one é written two ways.
    static let letters: [String] = ["a", "b", "c", "A", "B", "가", "나", "다", "é", "e\u{301}", "É", "-", " "]

    static func word(_ random: inout SeededShuffle.SplitMix64, length: ClosedRange<Int>, from letters: [String] = letters) -> String {
        (0..<Int.random(in: length, using: &random)).map { _ in letters.randomElement(using: &random)! }.joined()
    }

    /// A name with a letter changed, added or removed: a likely typo.
    static func typo(of name: String, _ random: inout SeededShuffle.SplitMix64) -> String {
        var characters = Array(name)
        let letter = Character(letters.randomElement(using: &random)!)
        switch (Int.random(in: 0..<3, using: &random), characters.isEmpty) {
        case (0, false): characters[Int.random(in: 0..<characters.count, using: &random)] = letter
        case (1, false): characters.remove(at: Int.random(in: 0..<characters.count, using: &random))
        default: characters.insert(letter, at: Int.random(in: 0...characters.count, using: &random))
        }
        return String(characters)
    }

    @Test(arguments: [(0...3, 0...40), (0...12, 0...6), (50...70, 0...8)])
    func choosesAsComparingWithEveryName(lengths: ClosedRange<Int>, counts: ClosedRange<Int>) {
        var random = SeededShuffle.SplitMix64(seed: UInt64(lengths.upperBound * 100 + counts.upperBound))
        for _ in 0..<400 {
            let names = (0..<Int.random(in: counts, using: &random)).map { _ in Self.word(&random, length: lengths) }
            let word = names.isEmpty || Bool.random(using: &random) ? Self.word(&random, length: lengths)
                : Self.typo(of: names.randomElement(using: &random)!, &random)
            let cased = Bool.random(using: &random) ? word.uppercased() : word
            #expect(Suggestion.nearest(to: cased, in: names) == Self.reference(cased, names), "\(cased.debugDescription) in \(names)")
        }
    }

    @Test func namesTheNearest() {
        #expect(Suggestion.nearest(to: "", in: ["ab", "a"]) == "a")
        #expect(Suggestion.nearest(to: "산책 기록", in: ["산책기록", "운동 기록"]) == "산책기록")
        #expect(Suggestion.nearest(to: "PRIVTE", in: ["private", "draft"]) == "private")
        // A tie goes to the first name.
        #expect(Suggestion.nearest(to: "ab", in: ["ax", "xb"]) == "ax")
        #expect(Suggestion.nearest(to: String(repeating: "ab", count: 40), in: [String(repeating: "ab", count: 39), "ab"])
            == String(repeating: "ab", count: 39))
    }

    // MARK: The hint of a dead [[link]]

    /// Entries of these names, each its own title.
    static func targets(_ names: [String]) -> WikiTargets {
        let date = LocalDate(iso: "2026-11-20")!
        return WikiTargets(entries: names.map { name in
            DiaryEntry(source: SourceFile(displayPath: "content/diary/2026/\(name).md", relativePath: "diary/2026/\(name).md", text: ""), title: name, date: date)
        }, pages: [])
    }

    /// The work of hinting at each of `links` among entries of `names`.
    static func steps(names: [String], links: [String]) -> Int {
        let targets = targets(names)
        var steps = 0
        for link in links { _ = targets.hint(for: link, steps: &steps) }
        return steps
    }

    static func names(_ count: Int, length: ClosedRange<Int>, seed: UInt64) -> [String] {
        var random = SeededShuffle.SplitMix64(seed: seed)
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        return (0..<count).map { _ in word(&random, length: length, from: letters) }
    }

    @Test func hintsAsComparingWithEveryName() {
        var random = SeededShuffle.SplitMix64(seed: 11)
        let names = Self.names(300, length: 3...9, seed: 12) + ["산책", "산책 기록", "Snow Day"]
        let targets = Self.targets(names)
        // Of names alike but for case, a link leads to the first; a tie goes to the first in the order of the names.
        var seen = Set<String>()
        let candidates = names.filter { seen.insert($0.lowercased()).inserted }.sorted { $0.lowercased() < $1.lowercased() }
        for _ in 0..<300 {
            let link = Self.typo(of: names.randomElement(using: &random)!, &random)
            guard targets.note(link, from: "diary/2026/a.md") == nil else { continue }
            #expect(targets.hint(for: link) == Self.reference(link, candidates).map { "did you mean '\($0)'?" }, "\(link)")
        }
    }

    /// Links to notes not written yet name the same few names again and again:
    /// four times the links cost about what the first ones cost.
    @Test func aMissingNameIsLookedUpOnce() {
        let names = Self.names(1000, length: 8...16, seed: 1), missing = Self.names(50, length: 8...16, seed: 2)
        let few = Self.steps(names: names, links: missing), many = Self.steps(names: names, links: Array(repeating: missing, count: 4).flatMap { $0 })
        #expect(many <= few + few / 10, "\(few) steps for 50 links, \(many) for 200 links to the same 50 names")
    }

    /// The work grows with the names, not faster: four times the names, about four times the steps.
    @Test func theWorkGrowsWithTheNames() {
        let missing = Self.names(50, length: 8...16, seed: 2)
        let few = Self.steps(names: Self.names(250, length: 8...16, seed: 1), links: missing)
        let many = Self.steps(names: Self.names(1000, length: 8...16, seed: 1), links: missing)
        #expect(many < 5 * few, "\(few) steps among 250 names, \(many) among 1,000")
    }

    /// Long note names (Obsidian's are often whole sentences) cost as many steps as they have letters,
    /// not as many as a table of the two names has cells: four times as long, about four times the steps.
    @Test func theWorkGrowsWithTheLengthOfTheNames() {
        let short = Self.steps(names: Self.names(500, length: 8...16, seed: 1), links: Self.names(50, length: 8...16, seed: 2))
        let long = Self.steps(names: Self.names(500, length: 32...64, seed: 1), links: Self.names(50, length: 32...64, seed: 2))
        #expect(long < 6 * short, "\(short) steps for names of 8 to 16 letters, \(long) for 32 to 64")
    }
}
