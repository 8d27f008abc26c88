@testable import DaybookSite
import Testing

/// What links here: the index over the links a build found, and the sentence
/// shown for each link.
@Suite struct BacklinksTests {
    static let winter = SitePath("diary/2026/2026-11-20/")
    static let snow = SitePath("diary/2026/2026-11-21/")
    static let secret = SitePath("diary/2026/2026-11-22/")
    static let garden = SitePath("pages/garden/")
    static let word = SitePath("vocab/toeic/cards/#abandon")

    static func link(_ from: SitePath, _ to: SitePath, _ sentence: String = "") -> Backlinks.Link {
        Backlinks.Link(from: from, to: to, sentence: sentence.isEmpty ? "\(from) → \(to)" : sentence)
    }

    @Test func aCycleListsEachPageOnTheOther() {
        let index = Backlinks([Self.link(Self.winter, Self.snow), Self.link(Self.snow, Self.winter)], isShown: { _ in true })
        #expect(index.linking(to: Self.snow).map(\.page) == [Self.winter])
        #expect(index.linking(to: Self.winter).map(\.page) == [Self.snow])
    }

    @Test func aPageLinkingToItselfIsNotListed() {
        let index = Backlinks([Self.link(Self.garden, Self.garden), Self.link(Self.winter, Self.garden)], isShown: { _ in true })
        #expect(index.linking(to: Self.garden).map(\.page) == [Self.winter])
    }

    @Test func aPageLinkingTwiceIsListedOnceWithItsFirstSentence() {
        let index = Backlinks([Self.link(Self.winter, Self.garden, "First the garden."), Self.link(Self.snow, Self.garden, "Snow on it."),
                               Self.link(Self.winter, Self.garden, "Then the garden again.")], isShown: { _ in true })
        #expect(index.linking(to: Self.garden) == [.init(page: Self.winter, sentence: "First the garden."),
                                                   .init(page: Self.snow, sentence: "Snow on it.")])
    }

    @Test func aPrivateLinkerIsNeverListedAndAPrivatePageHasNoList() {
        let shown: (SitePath) -> Bool = { $0 != Self.secret }
        let index = Backlinks([Self.link(Self.secret, Self.garden, "The secret garden."), Self.link(Self.winter, Self.secret),
                               Self.link(Self.winter, Self.garden), Self.link(Self.secret, Self.word)], isShown: shown)
        #expect(index.linking(to: Self.garden).map(\.page) == [Self.winter])
        #expect(index.linking(to: Self.secret).isEmpty)
        #expect(index.linking(to: Self.word).isEmpty)
        // Built with the private entries, the same links list it.
        let all = Backlinks([Self.link(Self.secret, Self.garden, "The secret garden.")], isShown: { _ in true })
        #expect(all.linking(to: Self.garden).map(\.sentence) == ["The secret garden."])
    }

    @Test func aWordCardListsTheEntriesLinkingToIt() {
        let index = Backlinks([Self.link(Self.winter, Self.word, "I had to abandon the walk.")], isShown: { _ in true })
        #expect(index.linking(to: Self.word) == [.init(page: Self.winter, sentence: "I had to abandon the walk.")])
    }

    // MARK: The sentence around a link

    static func sentence(_ text: String, _ link: String) -> String {
        let start = text.distance(from: text.startIndex, to: text.range(of: link)!.lowerBound)
        return Backlinks.sentence(in: text, around: start..<start + link.count)
    }

    @Test func theSentenceHoldingTheLink() {
        let text = "It snowed all night. We walked to the Garden and back! Then tea."
        #expect(Self.sentence(text, "Garden") == "We walked to the Garden and back!")
        #expect(Self.sentence(text, "It snowed") == "It snowed all night.")
        #expect(Self.sentence(text, "tea") == "Then tea.")
    }

    @Test func aLineBreakEndsASentenceAndWhitespaceIsFolded() {
        #expect(Self.sentence("- shopping\n- see   the\tGarden today\n- more", "Garden") == "- see the Garden today")
        #expect(Self.sentence("눈이 왔다. 정원에   갔다. 좋았다.", "정원") == "정원에 갔다.")
        #expect(Self.sentence("version 1.5 of the Garden app", "Garden") == "version 1.5 of the Garden app")
    }

    @Test func aLongSentenceIsCutAroundTheLink() {
        let before = String(repeating: "word ", count: 60), after = String(repeating: " more", count: 60)
        let sentence = Self.sentence(before + "Garden" + after + ".", "Garden")
        #expect(sentence.count <= Backlinks.sentenceLength + 2)
        #expect(sentence.contains("Garden"))
        #expect(sentence.hasPrefix("…") && sentence.hasSuffix("…"))
        #expect(Self.sentence("Garden" + after, "Garden").hasPrefix("Garden"))
    }
}
