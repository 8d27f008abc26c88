@testable import DaybookSite
import Testing

/// The check for characters XML forbids reads eight bytes at a time: it
/// must still see one at any position, beside any other text.
@Suite struct XMLTextTests {
    @Test(arguments: ["\u{00}", "\u{01}", "\u{08}", "\u{0B}", "\u{0C}", "\u{1B}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"])
    func aForbiddenCharacterIsFoundAtEveryPosition(_ forbidden: String) {
        for padding in ["abcdefgh ", "한글 텍스트", "\t\n\r~\u{7F}", "\u{FEFF}\u{FFFD}\u{EFFF}"] {
            let text = String(repeating: padding, count: 4)
            for offset in 0...text.count {
                let index = text.index(text.startIndex, offsetBy: offset)
                let marked = String(text[..<index]) + forbidden + String(text[index...])
                #expect(XMLText.hasForbidden(marked), "\(offset) in \(padding.debugDescription)")
            }
            #expect(!XMLText.hasForbidden(text), "\(padding.debugDescription)")
        }
    }
}
