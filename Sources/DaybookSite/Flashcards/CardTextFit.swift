
/// Font sizes for the text of a printed card, decided at build time from the
/// text and the card's size so that nothing is clipped: a long meaning gets
/// a smaller size, not a cut-off line.
///
/// The estimate is deliberately generous — character widths above those of
/// Noto Sans CJK and the usual fallback fonts, lines taller than the CSS line
/// height, some slack on each line — so the real text takes less room than
/// planned. Lines break as the card CSS breaks them: at spaces, and anywhere
/// between Chinese characters and kana; Korean only at spaces (`word-break:
/// keep-all`); the word on the front only at spaces, so that 懐かしい stays
/// whole. A word is broken inside (`overflow-wrap: anywhere`) only when it
/// cannot fit whole even at the floor size.
enum CardTextFit {
    /// Text set at `scale` × the base size, starting on a new line, `spaceBefore`
    /// base sizes below the block above it.
    struct Block: Sendable {
        var text: String
        var scale: Double = 1
        var spaceBefore: Double = 0
        /// Bold text is set wider.
        var bold = false
        /// False for the front's word: a line breaks only at its spaces.
        var breaksBetweenCJK = true
    }

    /// What the back of a card shows, in millimetres.
    struct BackSizes: Equatable, Sendable {
        let meaning: Double
        /// Nil when the example was left out to keep the meanings readable.
        let example: Double?
    }

    /// The line height the estimate counts; the card CSS sets 1.2.
    static let lineHeight = 1.3
    /// Of a line's width, what the estimate fills: room for the browser's own
    /// line-breaking rules (no line starts with 。 or a closing bracket).
    static let lineFill = 0.95
    static let wordMaximum = 11.0
    /// Below this (about 8.5 pt) the word may be broken inside rather than shrunk further.
    static let wordFloor = 3.0
    static let meaningMaximum = 6.0
    static let exampleScale = 0.75
    /// Below this meaning size (about 8 pt) the example is left out, and words
    /// are broken inside rather than shrunk further.
    static let readableMeaning = 2.8
    /// Sizes are multiples of this (mm), so a build gives the same CSS everywhere.
    static let step = 0.1

    /// The word on the front, bold, as large as fits up to `wordMaximum`.
    static func frontSize(word: String, width: Double, height: Double) -> Double {
        size([Block(text: word, bold: true, breaksBetweenCJK: false)], width: width, height: height, maximum: wordMaximum, floor: wordFloor)
    }

    /// Meanings one per line, then the first example smaller; without the
    /// example when it would push the meanings below a readable size.
    static func backSizes(meanings: [String], example: String?, width: Double, height: Double) -> BackSizes {
        let lines = meanings.map { Block(text: $0) }
        if let example {
            let blocks = lines + [Block(text: example, scale: exampleScale, spaceBefore: 0.5)]
            let meaning = size(blocks, width: width, height: height, maximum: meaningMaximum, floor: readableMeaning)
            if meaning >= readableMeaning { return BackSizes(meaning: meaning, example: ((meaning * exampleScale) / step).rounded(.down) * step) }
        }
        return BackSizes(meaning: size(lines, width: width, height: height, maximum: meaningMaximum, floor: readableMeaning), example: nil)
    }

    /// The largest size (mm, a multiple of `step`, at most `maximum`) at which
    /// the blocks fit in `width × height` mm with every word whole; if that
    /// would be below `floor`, the largest size up to `floor` with words
    /// broken where they must be.
    static func size(_ blocks: [Block], width: Double, height: Double, maximum: Double, floor: Double) -> Double {
        let top = Int((maximum / step).rounded(.down)), bottom = Int((floor / step).rounded(.up))
        let measured = blocks.map(MeasuredBlock.init)
        var tenths = top
        while tenths >= bottom {
            if fits(measured, size: Double(tenths) * step, width: width, height: height, breakingWords: false) { return Double(tenths) * step }
            tenths -= 1
        }
        tenths = min(top, bottom)
        while tenths > 1, !fits(measured, size: Double(tenths) * step, width: width, height: height, breakingWords: true) { tenths -= 1 }
        return Double(tenths) * step
    }

    static func fits(_ blocks: [Block], size: Double, width: Double, height: Double, breakingWords: Bool) -> Bool {
        fits(blocks.map(MeasuredBlock.init), size: size, width: width, height: height, breakingWords: breakingWords)
    }

    private static func fits(_ blocks: [MeasuredBlock], size: Double, width: Double, height: Double, breakingWords: Bool) -> Bool {
        var used = 0.0
        for (index, measured) in blocks.enumerated() {
            let fontSize = size * measured.block.scale
            guard let lines = measured.text.lines(lineWidth: width * lineFill / fontSize, breakingWords: breakingWords) else { return false }
            if index > 0 { used += measured.block.spaceBefore * size }
            used += Double(lines) * fontSize * lineHeight
        }
        return used <= height
    }

    /// Lines `text` takes in lines `lineWidth` ems wide; nil if it cannot fit
    /// that wide (a word longer than a line when words stay whole, or a single
    /// character wider than the line).
    static func lines(_ text: String, lineWidth: Double, widthFactor: Double = 1, breaksBetweenCJK: Bool = true,
                      breakingWords: Bool) -> Int? {
        MeasuredText(text, widthFactor: widthFactor, breaksBetweenCJK: breaksBetweenCJK).lines(lineWidth: lineWidth, breakingWords: breakingWords)
    }

    /// A block with its text measured once for all the sizes tried.
    private struct MeasuredBlock {
        let block: Block
        let text: MeasuredText

        init(_ block: Block) {
            self.block = block
            text = MeasuredText(block.text, widthFactor: block.bold ? 1.08 : 1, breaksBetweenCJK: block.breaksBetweenCJK)
        }
    }

    /// A text cut into the units a line may break between (words between
    /// spaces, and unless `breaksBetweenCJK` is false each Chinese character,
    /// kana or full-width sign on its own), each with its width and its
    /// characters' advances in ems.
    private struct MeasuredText {
        struct Unit {
            let width: Double
            let advances: [Double]
            let afterSpace: Bool
        }

        let units: [Unit]
        let space: Double

        init(_ text: String, widthFactor: Double, breaksBetweenCJK: Bool) {
            space = ems(" " as Unicode.Scalar) * widthFactor
            var units: [Unit] = []
            var advances: [Double] = []
            var width = 0.0
            var afterSpace = false
            func close() {
                guard !advances.isEmpty else { return }
                units.append(Unit(width: width * widthFactor, advances: advances, afterSpace: afterSpace))
                advances = []
                width = 0
                afterSpace = false
            }
            CardTextFit.forEachCharacter(text) { isWhitespace, breaksAnywhere, em in
                if isWhitespace {
                    close()
                    afterSpace = !units.isEmpty
                    return
                }
                if breaksBetweenCJK, breaksAnywhere { close() }
                advances.append(em * widthFactor)
                width += em
                if breaksBetweenCJK, breaksAnywhere { close() }
            }
            close()
            self.units = units
        }

        func lines(lineWidth: Double, breakingWords: Bool) -> Int? {
            var lines = 0
            var used = 0.0
            for unit in units {
                let gap = unit.afterSpace ? space : 0
                if lines > 0, used + gap + unit.width <= lineWidth {
                    used += gap + unit.width
                    continue
                }
                lines += 1
                used = 0
                if unit.width <= lineWidth {
                    used = unit.width
                    continue
                }
                guard breakingWords else { return nil }
                for advance in unit.advances {
                    guard advance <= lineWidth else { return nil }
                    if used + advance > lineWidth {
                        lines += 1
                        used = 0
                    }
                    used += advance
                }
            }
            return lines
        }
    }

    static func breaksAnywhere(_ character: Character) -> Bool {
        character.unicodeScalars.first.map(breaksAnywhere) ?? false
    }

    private static func breaksAnywhere(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return (0x2E80...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0x20000...0x3FFFF).contains(value)
    }

    /// Calls `body` for each character of `text` with what the measurement
    /// asks of it: is it a space, may a line break on either side of it, its
    /// advance in ems. A text whose every scalar stands alone is read by
    /// scalars, without cutting it into Characters, which cost most of sizing a card.
    static func forEachCharacter(_ text: String, _ body: (_ isWhitespace: Bool, _ breaksAnywhere: Bool, _ ems: Double) -> Void) {
        if text.unicodeScalars.allSatisfy(\.standsAlone) {
            for scalar in text.unicodeScalars { body(scalar.isWhitespace, breaksAnywhere(scalar), ems(scalar)) }
        } else {
            for character in text { body(character.isWhitespace, breaksAnywhere(character), ems(character)) }
        }
    }

    /// A character's advance in ems, on the generous side: full width for
    /// Hangul, kana, CJK ideographs and full-width forms; Latin by letter shape.
    static func ems(_ character: Character) -> Double {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.count == 1 || !(0x21...0x7E).contains(first.value) { return ems(first) }
        // A Latin letter with marks equals no single letter; only the range can hold it.
        return ("A"..."Z").contains(character) ? 0.74 : 0.62
    }

    /// `ems` of the character that is this scalar alone.
    static func ems(_ scalar: Unicode.Scalar) -> Double {
        switch scalar.value {
        case 0x20: return 0.3
        case 0x1100...0x11FF, 0x2E80...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7FF, 0xF900...0xFAFF,
             0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFF:
            return 1
        case 0x21...0x7E: break
        default: return 0.75
        }
        switch UInt8(scalar.value) {
        case UInt8(ascii: "i"), UInt8(ascii: "j"), UInt8(ascii: "l"), UInt8(ascii: "f"), UInt8(ascii: "t"), UInt8(ascii: "r"),
             UInt8(ascii: "I"), UInt8(ascii: "J"), UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"),
             UInt8(ascii: "'"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["),
             UInt8(ascii: "]"): return 0.38
        case UInt8(ascii: "m"), UInt8(ascii: "w"): return 0.88
        case UInt8(ascii: "M"), UInt8(ascii: "W"), UInt8(ascii: "@"), UInt8(ascii: "%"): return 0.98
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 0.74
        default: return 0.62
        }
    }
}
