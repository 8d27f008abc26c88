
/// Anki's furigana, `漢字[かんじ]`, as ruby: the reading above the word.
/// Applied to the HTML of vocabulary words, meanings and examples, where an
/// imported Japanese deck keeps Anki's notation.
enum Furigana {
    /// `漢字[かんじ]` → `<ruby>漢字<rt>かんじ</rt></ruby>` in rendered HTML text.
    /// The base is the run of characters before `[` back to a space or tag (a
    /// space before it, Anki's separator, is dropped); the reading must be kana,
    /// so links and other brackets stay as they are.
    /// By Unicode scalars: Characters cost a twentieth of a 4,000-word deck's build.
    static func ruby(inHTML html: String) -> String {
        guard html.utf8.contains(UInt8(ascii: "[")) else { return html }
        var output: [Unicode.Scalar] = []
        let chars = Array(html.unicodeScalars)
        var index = 0
        while index < chars.count {
            guard chars[index] == "[", let close = chars[index...].firstIndex(of: "]"),
                  close > index + 1, chars[(index + 1)..<close].allSatisfy(isKana) else {
                output.append(chars[index])
                index += 1
                continue
            }
            var baseStart = output.count
            while baseStart > 0, !isBoundary(output[baseStart - 1]) { baseStart -= 1 }
            guard baseStart < output.count else {
                output.append(chars[index])
                index += 1
                continue
            }
            let base = output[baseStart...]
            output.removeSubrange(baseStart...)
            if output.last == " " { output.removeLast() }
            output += Array("<ruby>".unicodeScalars) + base + Array("<rt>".unicodeScalars) + chars[(index + 1)..<close]
                + Array("</rt></ruby>".unicodeScalars)
            index = close + 1
        }
        return String(scalars: output)
    }

    static func isBoundary(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == ">" || scalar == "]" || scalar == ";" || scalar == "," || scalar == "、" || scalar == "。"
    }

    static func isKana(_ scalar: Unicode.Scalar) -> Bool {
        (0x3040...0x30FF).contains(scalar.value) || (0x31F0...0x31FF).contains(scalar.value) || (0xFF66...0xFF9F).contains(scalar.value)
    }
}

extension Markdown {
    /// A vocabulary word, meaning or example: inline Markdown with furigana.
    static func vocabHTML(_ markdown: String) -> String {
        Furigana.ruby(inHTML: inlineHTML(markdown))
    }
}
