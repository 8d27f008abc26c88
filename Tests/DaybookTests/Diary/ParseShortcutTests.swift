@testable import DaybookSite
import Testing

/// The diary parser reads the common shapes of a value by bytes (a date with
/// a clock time, a bare number, an ASCII weather word); each shortcut must
/// give what the general reading gives for the same text.
@Suite struct ParseShortcutTests {
    /// A text of length `count` from `alphabet`, each character drawn at random.
    static func text(_ alphabet: [String], count: Int, _ random: inout SeededShuffle.SplitMix64) -> String {
        (0..<count).map { _ in alphabet.randomElement(using: &random)! }.joined()
    }

    @Test func aDateWithAClockTimeReadsAsTheGeneralReadingReadsIt() {
        var random = SeededShuffle.SplitMix64(seed: 11_24)
        let digits = (0...9).map(String.init)
        var checked = 0, read = 0
        for _ in 0..<20_000 {
            // Mostly in range; each field now and then out of it (month 13, 24:00, 02-30).
            let year = ["2026", "1999", "0000", "9999", Self.text(digits, count: 4, &random)].randomElement(using: &random)!
            func two(_ range: ClosedRange<Int>) -> String {
                let number = Int.random(in: range, using: &random)
                return (number < 10 ? "0" : "") + String(number)
            }
            let text = year + "-" + two(0...13) + "-" + two(0...32) + ["T", "t", " ", " ", "x"].randomElement(using: &random)!
                + two(0...24) + [":", ":", ":", ";"].randomElement(using: &random)! + two(0...60)
            // A leading space takes the general reading, which trims it.
            #expect(EntryDate(parsing: text) == EntryDate(parsing: " " + text), "\(text)")
            checked += 1
            if EntryDate(parsing: text) != nil { read += 1 }
        }
        #expect(read > checked / 10, "only \(read) of \(checked) were dates")
    }

    @Test func aBareNumberReadsAsTheGeneralReadingReadsIt() {
        var random = SeededShuffle.SplitMix64(seed: 20_261_124)
        let alphabet = (0...9).map(String.init) + [".", "-", "+", "e"]
        for _ in 0..<5_000 {
            let number = Self.text(alphabet, count: Int.random(in: 1...6, using: &random), &random)
            for measure in [Measure.temperature, .feelsLike, .humidity, .wind] {
                let file = SourceFile(displayPath: "x.md", relativePath: "x.md", text: "")
                // Quoted with a trailing space, the text is not bare and takes the general reading.
                var bare = Diagnostics(), general = Diagnostics()
                let a = YAMLValue.parse("v: \(number)", file: file, into: &bare)?.fields("x", known: ["v"], into: &bare)?["v"]
                let b = YAMLValue.parse("v: \"\(number) \"", file: file, into: &general)?.fields("x", known: ["v"], into: &general)?["v"]
                guard let a, let b else { continue }
                #expect(measure.read(a, "v", into: &bare) == measure.read(b, "v", into: &general), "\(number)")
                #expect(bare.errors.count == general.errors.count, "\(number)")
            }
        }
    }

    @Test func anASCIIWeatherWordKeysAsTheGeneralReadingKeysIt() {
        var random = SeededShuffle.SplitMix64(seed: 7)
        let alphabet = ["a", "Z", "k", "N", "d", " ", "-", "_", "0", "3", "\r\n", "\t", "~"]
        for _ in 0..<5_000 {
            let word = Self.text(alphabet, count: Int.random(in: 0...8, using: &random), &random)
            #expect(WeatherWords.key(word) == String(word.lowercased().filter { !" -_".contains($0) }), "\(word.debugDescription)")
        }
        for word in ["13n", "01D", "+1d", "1nd", "１３n", "13ｎ", "Kn1"] {
            let chars = Array(word.lowercased())
            let general = chars.count == 3 && chars[0].isASCII && chars[1].isASCII && Int(String(chars[0...1])) != nil && (chars[2] == "d" || chars[2] == "n")
            #expect((WeatherWords.iconCode(word) != nil) == general, "\(word)")
        }
    }
}
