@testable import DaybookSite
import Foundation
import Testing

/// Every translation of the default theme has the same keys, and every key
/// the code or a template asks for exists (a missing key would show as itself).
/// A count's form for one (`key_one`) is a language's own: English has it, Korean needs none.
@Suite struct TranslationKeyTests {
    static func translations() -> [String: Translation] {
        var diagnostics = Diagnostics()
        return Theme.load(name: "default", themesDirectory: Repository.root.appending(path: "themes"), into: &diagnostics).translations
    }

    static func files(under folder: String, ending suffix: String) -> [String] {
        let root = Repository.root.appending(path: folder)
        let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        return (walker?.allObjects as? [URL] ?? []).filter { $0.path.hasSuffix(suffix) }
            .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    }

    /// Keys named literally in Swift (`t["key"]`, `t.format("key", …)`), in
    /// templates (`{{t.key}}`), and those built from a value's cases.
    static func usedKeys() -> Set<String> {
        var keys = Set<String>()
        for text in files(under: "Sources", ending: ".swift") {
            for match in text.matches(of: /\bt\["([a-z0-9_]+)"\]|\.format\("([a-z0-9_]+)"|\bt\.count\("([a-z0-9_]+)"/) {
                if let key = match.1 ?? match.2 ?? match.3 { keys.insert(String(key)) }
            }
        }
        for text in files(under: "themes/default", ending: ".mustache") {
            for match in text.matches(of: /\bt\.([a-z0-9_]+)/) { keys.insert(String(match.1)) }
        }
        keys.formUnion(WeatherCondition.allCases.map { "weather_" + $0.rawValue })
        keys.formUnion(SiteConfig.Flashcards.Duplex.allCases.map { "print_how_" + $0.rawValue })
        keys.formUnion([SearchKind.diary, .word, .workout, .page].map { "search_kind_" + $0.rawValue })
        return keys
    }

    @Test func everyTranslationHasTheSameKeys() throws {
        let translations = Self.translations()
        let english = try #require(translations["en"])
        #expect(translations.count >= 2)
        func keys(_ translation: Translation) -> Set<String> { Set(translation.strings.keys.filter { !$0.hasSuffix("_one") }) }
        for (locale, translation) in translations {
            #expect(keys(translation).subtracting(keys(english)).sorted() == [], "only in \(locale)")
            #expect(keys(english).subtracting(keys(translation)).sorted() == [], "missing in \(locale)")
            let ones = translation.strings.keys.filter { $0.hasSuffix("_one") }.map { String($0.dropLast(4)) }
            #expect(Set(ones).subtracting(translation.strings.keys).sorted() == [], "a form for one without its count in \(locale)")
        }
        #expect(english.count("vocab_word_count", 1) == "1 word" && english.count("vocab_word_count", 2) == "2 words")
        #expect(translations["ko"]?.count("vocab_word_count", 1) == "1단어")
    }

    @Test func everyKeyInUseIsTranslated() {
        let used = Self.usedKeys()
        #expect(used.count > 50)
        for (locale, translation) in Self.translations() {
            #expect(used.subtracting(translation.strings.keys).sorted() == [], "missing in \(locale)")
        }
    }
}
