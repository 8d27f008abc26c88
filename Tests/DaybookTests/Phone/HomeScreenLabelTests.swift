@testable import DaybookSite
import Testing

/// The manifest's `short_name` is the label under the icon on a home screen,
/// which shows about 12 Latin letters (6 Hangul) and cuts the rest mid-word
/// (issue 40: a 14-letter title became "Minji's Dayb").
@Suite struct HomeScreenLabelTests {
    @Test func aTitleThatFitsIsTheLabel() {
        #expect(PhoneFiles.shortName(title: "Pocket week", themes: "") == "Pocket week")
        #expect(PhoneFiles.shortName(title: "지우의 하루", themes: "") == "지우의 하루")
    }

    @Test func aLongerTitleKeepsTheWholeWordsThatFit() {
        #expect(PhoneFiles.shortName(title: "Minji's Daybook", themes: "") == "Minji's")
        #expect(PhoneFiles.shortName(title: "Jae-won's daily notebook", themes: "") == "Jae-won's")
        // Hangul takes two places: 7 letters do not fit, the first word does.
        #expect(PhoneFiles.shortName(title: "민지의 하루하루 기록", themes: "") == "민지의")
    }

    @Test func noWordIsCut() {
        for title in ["Minji's Daybook", "Ringkøbingfjordområdet diary", "가나다라마바사아자차카타파하", "A very long title of many words"] {
            let label = PhoneFiles.shortName(title: title, themes: "")
            #expect(PhoneFiles.labelWidth(label) <= 12, "\(label)")
            let words = Set(title.split(separator: " ").map(String.init))
            #expect(label == "Daybook" || label.split(separator: " ").allSatisfy { words.contains(String($0)) }, "\(label)")
        }
        #expect(PhoneFiles.shortName(title: "Ringkøbingfjordområdet diary", themes: "") == "Daybook")
    }

    @Test func aThemeMayNameIt() {
        #expect(PhoneFiles.shortName(title: "Minji's Daybook", themes: "Minji") == "Minji")
    }
}
