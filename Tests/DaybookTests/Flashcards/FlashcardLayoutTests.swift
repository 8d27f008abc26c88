@testable import DaybookSite
import PropertyBased
import Testing

/// The pure parts of printable flashcards: the seeded order, where fronts and
/// backs go on paper, and font sizes that fit their card.
@Suite struct FlashcardLayoutTests {
    // MARK: Shuffle

    @Test func splitMix64GivesTheReferenceValues() {
        // The published first outputs of SplitMix64 for seed 1234567 (Vigna's reference code).
        var random = SeededShuffle.SplitMix64(seed: 1_234_567)
        let values = (0..<5).map { _ in random.next() }
        #expect(values == [6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
                           4_593_380_528_125_082_431, 16_408_922_859_458_223_821])
        var zero = SeededShuffle.SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }

    @Test func shuffleOrderIsFixedBySeed() {
        // The same orders print.js computes (Tests/site/test_flashcards_print.py checks the browser).
        #expect(SeededShuffle.order(count: 9, seed: 12345) == [1, 6, 4, 2, 3, 0, 7, 5, 8])
        #expect(SeededShuffle.order(count: 10, seed: 42) == [0, 9, 5, 8, 6, 4, 7, 2, 1, 3])
        #expect(SeededShuffle.order(count: 0, seed: 1) == [])
        #expect(SeededShuffle.order(count: 1, seed: 1) == [0])
        #expect(SeededShuffle.shuffled(["a", "b", "c"], seed: 7) == SeededShuffle.shuffled(["a", "b", "c"], seed: 7))
    }

    @Test func shuffleIsAPermutationAndSeedsDiffer() async {
        await propertyCheck(input: Gen.int(in: 0...60), Gen.uint64()) { count, seed in
            let order = SeededShuffle.order(count: count, seed: seed)
            #expect(order.sorted() == Array(0..<count))
            #expect(order == SeededShuffle.order(count: count, seed: seed))
        }
        let orders = Set((0..<50 as Range<UInt64>).map { SeededShuffle.order(count: 9, seed: $0) })
        #expect(orders.count > 45)
    }

    // MARK: Sheets

    static func layout(_ duplex: SiteConfig.Flashcards.Duplex, paper: SiteConfig.Flashcards.Paper = .a4,
                       columns: Int = 2, rows: Int = 4, offset: (Double, Double) = (0, 0)) -> SheetLayout {
        var settings = SiteConfig.Flashcards()
        settings.paper = paper
        settings.duplex = duplex
        settings.columns = columns
        settings.rows = rows
        settings.backOffset = offset
        return SheetLayout(settings)
    }

    static func same(_ a: SheetLayout.Rect, _ b: SheetLayout.Rect) -> Bool {
        abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
    }

    @Test func longEdgeMirrorsColumns() {
        let layout = Self.layout(.longEdge)
        #expect(layout.cardWidth == 91)
        #expect(layout.cardHeight == 67.25)
        for slot in 0..<8 {
            let front = layout.front(slot: slot), back = layout.back(slot: slot)
            #expect(back.y == front.y)
            #expect(abs(back.center.x - (210 - front.center.x)) < 1e-9)
        }
        // Top left behind top right.
        #expect(Self.same(layout.back(slot: 0), layout.front(slot: 1)))
        #expect(Self.same(layout.back(slot: 7), layout.front(slot: 6)))
    }

    @Test func shortEdgeMirrorsRows() {
        let layout = Self.layout(.shortEdge, paper: .letter, columns: 3, rows: 3)
        for slot in 0..<9 {
            let front = layout.front(slot: slot), back = layout.back(slot: slot)
            #expect(back.x == front.x)
            #expect(abs(back.center.y - (279.4 - front.center.y)) < 1e-9)
        }
        #expect(Self.same(layout.back(slot: 0), layout.front(slot: 6)))
        #expect(Self.same(layout.back(slot: 5), layout.front(slot: 5)))
    }

    @Test func foldPutsBacksMirroredInTheRightHalf() {
        let layout = Self.layout(.fold)
        #expect(layout.foldLine == SheetLayout.Line(from: .init(x: 105, y: 0), to: .init(x: 105, y: 297)))
        for slot in 0..<8 {
            let front = layout.front(slot: slot), back = layout.back(slot: slot)
            #expect(front.maxX <= 105 - SheetLayout.foldGap + 1e-9)
            #expect(back.x >= 105 + SheetLayout.foldGap - 1e-9)
            #expect(abs((front.center.x + back.center.x) / 2 - 105) < 1e-9)
            #expect(back.y == front.y)
        }
        let pages = layout.pages(cards: 3)
        #expect(pages.count == 1)
        #expect(pages[0].faces.filter { $0.face == .front }.count == 3)
        #expect(pages[0].faces.filter { $0.face == .back }.count == 3)
    }

    @Test func backOffsetMovesEveryBack() {
        let plain = Self.layout(.longEdge), shifted = Self.layout(.longEdge, offset: (1.5, -1))
        for slot in 0..<8 {
            #expect(shifted.back(slot: slot).x == plain.back(slot: slot).x + 1.5)
            #expect(shifted.back(slot: slot).y == plain.back(slot: slot).y - 1)
            #expect(shifted.front(slot: slot) == plain.front(slot: slot))
        }
    }

    @Test func partialLastSheetPairsEveryBackWithItsFront() {
        let layout = Self.layout(.longEdge)
        let pages = layout.pages(cards: 9)
        #expect(pages.map(\.side) == [.fronts, .backs, .fronts, .backs])
        #expect(pages.map(\.faces.count) == [8, 8, 1, 1])
        let last = pages[3].faces[0]
        #expect(pages[2].faces[0].position == 8 && last.position == 8)
        #expect(Self.same(pages[2].faces[0].frame, layout.front(slot: 0)))
        #expect(Self.same(last.frame, layout.back(slot: 0)))
        #expect(Self.same(last.frame, layout.front(slot: 1)))
        #expect(layout.pages(cards: 0).isEmpty)
        #expect(layout.pages(cards: 16).count == 4)
    }

    @Test func cardsStayOnThePaperAndMarksOutsideCards() {
        for duplex in SiteConfig.Flashcards.Duplex.allCases {
            for paper in SiteConfig.Flashcards.Paper.allCases {
                let layout = Self.layout(duplex, paper: paper, columns: 3, rows: 5)
                let cards = (0..<layout.cardsPerSheet).flatMap { [layout.front(slot: $0), layout.back(slot: $0)] }
                for card in cards {
                    #expect(card.x >= 0 && card.y >= 0 && card.maxX <= layout.pageWidth && card.maxY <= layout.pageHeight)
                }
                let lines = layout.cutMarks + (layout.foldLine.map { [$0] } ?? [])
                for line in lines {
                    for card in cards {
                        let crosses = max(line.from.x, line.to.x) > card.x + 1e-9 && min(line.from.x, line.to.x) < card.maxX - 1e-9
                            && max(line.from.y, line.to.y) > card.y + 1e-9 && min(line.from.y, line.to.y) < card.maxY - 1e-9
                        #expect(!crosses, "\(duplex) \(paper): \(line) crosses \(card)")
                    }
                }
            }
        }
    }

    // MARK: Text fit

    /// Latin letters and punctuation, Hangul, kanji and kana, and spaces.
    static let letters = Gen<Character?>.element(of: Array("abcdefghijklmnopqrstuvwxyzMWIil.,;'!?-  한국어단어日本語かなカナ。") as [Character]).map { $0! }

    @Test func shortTextGetsTheMaximumLongTextShrinks() {
        #expect(CardTextFit.frontSize(word: "cat", width: 83, height: 59) == CardTextFit.wordMaximum)
        let long = CardTextFit.frontSize(word: "incomprehensibilities", width: 83, height: 59)
        #expect(long < CardTextFit.wordMaximum && long >= CardTextFit.wordFloor)
        // Kept whole: at that size the word fits on one line.
        #expect(CardTextFit.lines("incomprehensibilities", lineWidth: 83 * CardTextFit.lineFill / long, widthFactor: 1.08, breakingWords: false) == 1)
        // A Japanese word on a narrow card shrinks rather than breaking between its kana.
        let japanese = CardTextFit.frontSize(word: "取り返しがつかない", width: 32.5, height: 59)
        #expect(japanese >= CardTextFit.wordFloor)
        #expect(CardTextFit.lines("取り返しがつかない", lineWidth: 32.5 * CardTextFit.lineFill / japanese, widthFactor: 1.08,
                                  breaksBetweenCJK: false, breakingWords: false) == 1)
        // Meanings do break between kana.
        #expect(CardTextFit.lines("取り返しがつかない", lineWidth: 5, breakingWords: false) == 2)
        // CJK counts wider: ten Hangul syllables need a smaller size than ten Latin letters.
        #expect(CardTextFit.frontSize(word: "가나다라마바사아자차", width: 60, height: 40) < CardTextFit.frontSize(word: "abcdefghij", width: 60, height: 40))
    }

    @Test func backDropsTheExampleOnlyWhenMeaningsWouldBeUnreadable() {
        let short = CardTextFit.backSizes(meanings: ["버리다", "포기하다"], example: "He abandoned the car.", width: 83, height: 59)
        #expect(short.meaning == CardTextFit.meaningMaximum)
        #expect(short.example == 4.5)
        let meanings = Array(repeating: "건강이나 관계 따위가 점점 더 나쁜 상태로 되어 가다", count: 3)
        let crowded = CardTextFit.backSizes(meanings: meanings, example: String(repeating: "a long example sentence ", count: 12),
                                            width: 40, height: 30)
        #expect(crowded.example == nil)
        #expect(crowded.meaning >= CardTextFit.readableMeaning)
    }

    @Test func fittedTextFitsItsBox() async {
        await propertyCheck(input: Self.letters.string(of: 1...120), Gen.double(in: 20...100), Gen.double(in: 15...80)) { text, width, height in
            let size = CardTextFit.size([CardTextFit.Block(text: text)], width: width, height: height, maximum: 8, floor: 2.8)
            #expect(CardTextFit.fits([CardTextFit.Block(text: text)], size: size, width: width, height: height, breakingWords: true))
        }
    }

    @Test func longerTextNeverGetsALargerSize() async {
        await propertyCheck(input: Self.letters.string(of: 1...80), Self.letters.string(of: 1...40)) { text, more in
            let base = CardTextFit.frontSize(word: text, width: 83, height: 59)
            #expect(CardTextFit.frontSize(word: text + more, width: 83, height: 59) <= base)
            let meaning = CardTextFit.backSizes(meanings: [text], example: nil, width: 40, height: 30).meaning
            #expect(CardTextFit.backSizes(meanings: [text + more], example: nil, width: 40, height: 30).meaning <= meaning)
        }
    }

    @Test func largerCardNeverGetsASmallerSize() async {
        await propertyCheck(input: Self.letters.string(of: 1...100), Gen.double(in: 10...90), Gen.double(in: 0...30)) { text, width, more in
            let small = CardTextFit.frontSize(word: text, width: width, height: width * 0.7)
            #expect(CardTextFit.frontSize(word: text, width: width + more, height: width * 0.7 + more) >= small)
        }
    }

    /// Scalars from every range `Unicode.Scalar.standsAlone` takes, its edges, and
    /// their neighbours that join (marks, jamo, joiners, CR LF).
    static let measuredScalars: [ClosedRange<UInt32>] = [
        0x00...0x0C, 0x0D...0x0D, 0x0E...0x1F, 0x20...0x7E, 0x7F...0x9F, 0xA0...0xAC, 0xAD...0xAD, 0xAE...0x2FF, 0x300...0x36F, 0x3000...0x3029, 0x302A...0x302F, 0x3030...0x303F,
        0x3041...0x3096, 0x3099...0x309A, 0x309B...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0x1100...0x11FF, 0xD7B0...0xD7FF,
        0xFF01...0xFF9D, 0xFF9E...0xFF9F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x1F1E6...0x1F1FF, 0x1F300...0x1F3FF,
    ]

    @Test func measuringByScalarsAgreesWithMeasuringByCharacters() {
        var random = SeededShuffle.SplitMix64(seed: 8)
        func pick(_ count: Int) -> Int { Int(random.next() % UInt64(count)) }
        for round in 0..<20_000 {
            // Half the texts only from scalars that stand alone: the fast path.
            let ranges = round % 2 == 0 ? Self.measuredScalars.filter { Unicode.Scalar($0.lowerBound)!.standsAlone } : Self.measuredScalars
            var text = ""
            for _ in 0...pick(12) {
                let range = ranges[pick(ranges.count)]
                let value = [range.lowerBound, range.upperBound, range.lowerBound + UInt32(pick(range.count))][pick(3)]
                text.unicodeScalars.append(Unicode.Scalar(value)!)
            }
            var measured: [String] = []
            CardTextFit.forEachCharacter(text) { measured.append("\($0) \($1) \($2)") }
            let byCharacter = text.map { "\($0.isWhitespace) \(CardTextFit.breaksAnywhere($0)) \(CardTextFit.ems($0))" }
            #expect(measured == byCharacter, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test func latinAdvancesByLetterShape() {
        #expect("iI.,;:'!|()[]jlftrJ".allSatisfy { CardTextFit.ems($0) == 0.38 })
        #expect("mw".allSatisfy { CardTextFit.ems($0) == 0.88 } && "MW@%".allSatisfy { CardTextFit.ems($0) == 0.98 })
        #expect("ABCKXYZ".allSatisfy { CardTextFit.ems($0) == 0.74 } && "abcz09?-".allSatisfy { CardTextFit.ems($0) == 0.62 })
        #expect(CardTextFit.ems(Character(" ")) == 0.3 && CardTextFit.ems(Character("한")) == 1 && CardTextFit.ems(Character("é")) == 0.75)
        // A letter with a mark that does not compose stays in the capitals' range; one that composes (É) compares after Z.
        #expect(CardTextFit.ems(Character("A\u{20DD}")) == 0.74 && CardTextFit.ems(Character("E\u{301}")) == 0.62 && CardTextFit.ems(Character("i\u{20DD}")) == 0.62)
    }
}
