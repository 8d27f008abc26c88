
/// Where flashcards go on paper, in millimetres from the top left corner of
/// a page as it comes out of the printer.
///
/// A sheet holds `columns × rows` cards, numbered in reading order (slot 0
/// top left). Cards touch each other, so one cut separates two cards; the
/// margin around the grid holds the cut marks and the sheet label.
///
/// - `long-edge`: the fronts of a sheet on one page and their backs on the
///   next, each row reversed (the page turns like a book page), so after
///   duplex printing flipped on the long edge each back lies behind its front.
/// - `short-edge`: the same with the rows reversed top to bottom (the page
///   turns like a notepad).
/// - `fold`, for printers without duplex: one page per sheet, the grid of
///   fronts in the left half and their backs mirrored in the right half.
///   Folded along the dashed middle line, printed sides out, each back lies
///   behind its front; then cut through both layers.
///
/// `back_offset` moves every back by (x, y) mm, to correct a printer that
/// places the second side a little off.
struct SheetLayout: Sendable {
    struct Point: Equatable, Sendable {
        var x: Double
        var y: Double
    }

    struct Rect: Hashable, Sendable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        var maxX: Double { x + width }
        var maxY: Double { y + height }
        var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    }

    struct Line: Equatable, Sendable {
        var from: Point
        var to: Point
    }

    enum Face: Sendable { case front, back }

    /// One card face on a page. `position` is the card's place in the
    /// (shuffled) sequence of cards: sheet × cardsPerSheet + slot.
    struct PlacedFace: Equatable, Sendable {
        let position: Int
        let face: Face
        let frame: Rect
    }

    /// One side of paper as it goes through the printer.
    struct PrintedPage: Sendable {
        enum Side: Sendable { case fronts, backs, frontsAndBacks }
        /// 0-based.
        let sheet: Int
        let side: Side
        let faces: [PlacedFace]
    }

    /// Paper sizes of ISO 216 and US Letter.
    static func paperSize(_ paper: SiteConfig.Flashcards.Paper) -> (width: Double, height: Double) {
        switch paper {
        case .a4: (210, 297)
        case .letter: (215.9, 279.4)
        }
    }

    /// Around the grid: room for the cut marks and the label, and more than the
    /// few millimetres printers cannot print at the paper's edge.
    static let margin = 14.0
    /// Fold mode: between the fold line and each half's grid, so a fold a little
    /// off the line does not reach a card.
    static let foldGap = 6.0
    /// Cut marks start this far outside the grid and are this long.
    static let markGap = 1.5
    static let markLength = 5.0

    let pageWidth: Double
    let pageHeight: Double
    let columns: Int
    let rows: Int
    let duplex: SiteConfig.Flashcards.Duplex
    let backOffset: Point
    let cardWidth: Double
    let cardHeight: Double

    init(_ settings: SiteConfig.Flashcards) {
        let size = Self.paperSize(settings.paper)
        pageWidth = size.width
        pageHeight = size.height
        columns = max(1, settings.columns)
        rows = max(1, settings.rows)
        duplex = settings.duplex
        backOffset = Point(x: settings.backOffset.x, y: settings.backOffset.y)
        let gridWidth = settings.duplex == .fold ? pageWidth / 2 - Self.margin - Self.foldGap : pageWidth - 2 * Self.margin
        cardWidth = gridWidth / Double(columns)
        cardHeight = (pageHeight - 2 * Self.margin) / Double(rows)
    }

    var cardsPerSheet: Int { columns * rows }

    func sheetCount(cards: Int) -> Int { (cards + cardsPerSheet - 1) / cardsPerSheet }

    /// The front of slot `slot` (reading order).
    func front(slot: Int) -> Rect {
        Rect(x: Self.margin + Double(slot % columns) * cardWidth, y: Self.margin + Double(slot / columns) * cardHeight,
             width: cardWidth, height: cardHeight)
    }

    /// The back of slot `slot`: the front mirrored across the axis the paper
    /// turns on (the page's vertical middle for long-edge and fold, its
    /// horizontal middle for short-edge), then moved by `backOffset`.
    func back(slot: Int) -> Rect {
        var rect = front(slot: slot)
        switch duplex {
        case .longEdge, .fold: rect.x = pageWidth - rect.maxX
        case .shortEdge: rect.y = pageHeight - rect.maxY
        }
        rect.x += backOffset.x
        rect.y += backOffset.y
        return rect
    }

    /// Every printed page for `cards` cards. A last sheet only partly full
    /// keeps its cards in the first slots and their backs behind them; the
    /// other slots stay empty on both sides.
    func pages(cards: Int) -> [PrintedPage] {
        (0..<sheetCount(cards: cards)).flatMap { sheet -> [PrintedPage] in
            let first = sheet * cardsPerSheet
            let slots = 0..<min(cardsPerSheet, cards - first)
            let fronts = slots.map { PlacedFace(position: first + $0, face: .front, frame: front(slot: $0)) }
            let backs = slots.map { PlacedFace(position: first + $0, face: .back, frame: back(slot: $0)) }
            if duplex == .fold { return [PrintedPage(sheet: sheet, side: .frontsAndBacks, faces: fronts + backs)] }
            return [PrintedPage(sheet: sheet, side: .fronts, faces: fronts), PrintedPage(sheet: sheet, side: .backs, faces: backs)]
        }
    }

    /// Cut marks of a front page: a short line in the margin at each end of
    /// every cut (each column and row edge of the full grid), never inside a
    /// card. In fold mode the marks on the fold side stay short of the fold line.
    var cutMarks: [Line] {
        let left = Self.margin, top = Self.margin
        let right = left + Double(columns) * cardWidth, bottom = top + Double(rows) * cardHeight
        let gap = Self.markGap, length = Self.markLength
        let rightLength = duplex == .fold ? Self.foldGap - gap - 1 : length
        var lines: [Line] = []
        for column in 0...columns {
            let x = left + Double(column) * cardWidth
            lines.append(Line(from: Point(x: x, y: top - gap - length), to: Point(x: x, y: top - gap)))
            lines.append(Line(from: Point(x: x, y: bottom + gap), to: Point(x: x, y: bottom + gap + length)))
        }
        for row in 0...rows {
            let y = top + Double(row) * cardHeight
            lines.append(Line(from: Point(x: left - gap - length, y: y), to: Point(x: left - gap, y: y)))
            lines.append(Line(from: Point(x: right + gap, y: y), to: Point(x: right + gap + rightLength, y: y)))
        }
        return lines
    }

    /// Fold mode: the page's vertical middle, top to bottom.
    var foldLine: Line? {
        duplex == .fold ? Line(from: Point(x: pageWidth / 2, y: 0), to: Point(x: pageWidth / 2, y: pageHeight)) : nil
    }
}
