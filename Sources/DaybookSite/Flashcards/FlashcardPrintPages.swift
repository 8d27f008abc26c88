
/// Printable flashcards: `vocab/<deck>/print/`, `vocab/<deck>/<date>/print/`
/// (each word book) and `vocab/today/print/` (today's study and review words
/// across decks). Sheets at true paper size, cards placed in millimetres by
/// `SheetLayout`, shuffled by `SeededShuffle` with the build's seed, text
/// sized by `CardTextFit`; `assets/print.js` reshuffles in the browser.
struct FlashcardPrintPages: SiteFeature {
    /// One card: a word of a deck, whose faces are made once for every set it is in.
    struct Flashcard: Sendable {
        let deckID: String
        let word: String
    }

    /// A set of cards printed together on one page.
    struct CardSet {
        let path: SitePath
        /// Shown in the sheet label: `toeic`, `toeic 2026-11-20`, `today 2026-11-23`.
        let name: String
        let title: String
        let backPath: SitePath
        let backLabel: String
        /// In the set's own order (deck order, or plan order for today); shuffled when laid out.
        let cards: [Flashcard]
        /// What the page is made of besides the site's shared inputs, when
        /// less than its deck's inputs (`SiteData.vocabKey(of:)`).
        var key: PageKey? = nil
    }

    func pages(_ site: SiteData) -> [Page] {
        let decks = site.published.decks
        guard !decks.isEmpty else { return [] }
        let key = PageKey { $0.combine(site.decksKey(decks)); $0.combine(site.sharedKey) }
        // Made when the first sheet is drawn: `check`, which draws none, finds no error in them.
        let faces = OnFirstUse {
            site.memo.value("card faces", key: key) { Self.faces(decks, site.renderedWords.value, layout: SheetLayout(site.config.flashcards)) }
        }
        var sets: [CardSet] = []
        for deck in decks {
            // Its books' sets are made of its misses too: a miss in another deck keeps them.
            let deckKey = PageKey { $0.combine(key); $0.combine(site.vocabKey(of: Routes.deck(deck.id))) }
            sets += site.memo.value("print sets " + deck.id, key: deckKey) { Self.sets(of: deck, site) }
        }
        sets.append(Self.todaySet(site))
        let sheet = SheetView(SheetLayout(site.config.flashcards))
        return sets.map { set in
            Page(set.path, template: "pages/flashcards-print", inSitemap: false, key: set.key ?? site.vocabKey(of: set.path)) { context in
                PageViewModel(title: "\(set.title) · \(context.t["print_title"])", section: .vocab,
                              page: PrintView(set, faces: faces.value, sheet: sheet, site: site, context: context), bodyClass: "print-sheets")
            }
        }
    }

    /// A deck's card sets: all its words, then each of its books.
    static func sets(of deck: Deck, _ site: SiteData) -> [CardSet] {
        let t = site.translation
        func card(_ word: VocabWord) -> Flashcard { Flashcard(deckID: deck.id, word: word.text) }
        let deckKey = site.decksKey([deck])
        // A deck's cards are all its words' faces, made of its file: misses move no card.
        var sets = [CardSet(path: Routes.deckPrint(deck.id), name: deck.id, title: deck.title, backPath: Routes.deck(deck.id),
                            backLabel: deck.title, cards: deck.words.map(card), key: deckKey)]
        for book in site.published.vocab.books(of: deck.id) {
            // A book's cards are its words' faces, made of its deck's file.
            let key = PageKey { hasher in
                hasher.combine(deckKey)
                hasher.combine(book.start)
                hasher.combine(book.words.count)
                for word in book.words { hasher.combine(text: word.text) }
            }
            sets.append(CardSet(path: Routes.wordBookPrint(book.deckID, book.start), name: "\(deck.id) \(book.start.iso)", title: "\(deck.title) \(t.shortDate(book.start))",
                                backPath: Routes.wordBook(deck.id, book.start), backLabel: "\(deck.title) \(t.shortDate(book.start))",
                                cards: book.words.map(card), key: key))
        }
        return sets
    }

    /// Both faces of every word of the decks, by deck id and word: a word is
    /// on its deck's sheets, its book's and maybe today's, but sized once.
    static func faces(_ decks: [Deck], _ html: RenderedWords, layout: SheetLayout) -> [String: [String: CardFaces]] {
        let words = decks.flatMap { deck in deck.words.map { (deck: deck, word: $0) } }
        let faces = words.parallelMap {
            CardFaces(word: $0.word, html: html[$0.word, in: $0.deck.id], language: $0.deck.language,
                      meaningLanguage: $0.deck.meaningLanguage, layout: layout)
        }
        var byDeck: [String: [String: CardFaces]] = [:]
        // The first of a repeated word wins, as a deck's word index does.
        for (item, faces) in zip(words, faces) where byDeck[item.deck.id]?[item.word.text] == nil {
            byDeck[item.deck.id, default: [:]][item.word.text] = faces
        }
        return byDeck
    }

    /// Today's study and review words of every published deck, deck by deck, overdue reviews first.
    static func todaySet(_ site: SiteData) -> CardSet {
        var cards: [Flashcard] = []
        for activity in site.published.vocab.plan(on: site.today).decks {
            for session in activity.planOrder {
                cards += session.words.map { Flashcard(deckID: activity.deckID, word: $0.text) }
            }
        }
        let t = site.translation
        return CardSet(path: Routes.vocabTodayPrint, name: "today \(site.today.iso)", title: t["print_today"], backPath: Routes.vocabToday,
                       backLabel: t["print_today"], cards: cards)
    }

    // MARK: - View models

    struct PrintView: TemplateData {
        let heading, backHref, backLabel, howTo, seed, countLabel: String
        let isEmpty: Bool
        /// The `@page` size: `210mm 297mm`.
        let pageSize: String
        /// Sheet size, card padding and label place as CSS custom properties for print.css.
        let sheetsStyle: String
        let pages: [PageView]

        /// - Parameter faces: every card's faces, by deck id and word (`FlashcardPrintPages.faces`).
        init(_ set: CardSet, faces: [String: [String: CardFaces]], sheet: SheetView, site: SiteData, context: PageContext) {
            let t = context.t
            let settings = site.config.flashcards
            let layout = sheet.layout
            let order = SeededShuffle.order(count: set.cards.count, seed: site.seed)
            let sheets = layout.sheetCount(cards: set.cards.count)

            heading = "\(set.title) · \(t["print_title"])"
            backHref = context.link(set.backPath)
            backLabel = set.backLabel
            howTo = t["print_how_" + settings.duplex.rawValue]
            seed = String(site.seed)
            countLabel = t.format("print_count", ["cards": String(set.cards.count), "sheets": String(sheets)])
            isEmpty = set.cards.isEmpty
            pageSize = sheet.pageSize
            sheetsStyle = sheet.sheetsStyle
            let sides = [SheetLayout.PrintedPage.Side.fronts: t["print_fronts"], .backs: t["print_backs"],
                         .frontsAndBacks: t["print_fronts_and_backs"]]
            let marks = settings.cutMarks ? sheet.cutMarks : []
            pages = layout.pages(cards: set.cards.count).map { page in
                let label = t.format("print_sheet", ["n": String(page.sheet + 1), "total": String(sheets)])
                return PageView(
                    cssClass: page.side == .backs ? "sheet backs" : "sheet fronts",
                    label: "\(set.name) · \(label) · \(sides[page.side] ?? "")",
                    viewBox: sheet.viewBox,
                    marks: page.side == .backs ? [] : marks,
                    foldLine: sheet.foldLine,
                    slots: page.faces.map { placed in
                        let index = order[placed.position]
                        let card = set.cards[index]
                        let cardFaces = faces[card.deckID]![card.word]!
                        let isFront = placed.face == .front
                        return SlotView(position: placed.position, face: isFront ? "front" : "back", isFront: isFront,
                                        front: FrontView(card: index, faces: cardFaces), back: BackView(card: index, faces: cardFaces),
                                        style: sheet.style(placed))
                    })
            }
        }
    }

    /// What every print page of a build draws the same, its numbers written
    /// once rather than for each of the thousands of slots and sheets.
    struct SheetView: Sendable {
        let layout: SheetLayout
        /// The `@page` size: `210mm 297mm`.
        let pageSize: String
        /// Sheet size, card padding and label place as CSS custom properties for print.css.
        let sheetsStyle: String
        let viewBox: String
        let cutMarks: [LineView]
        let foldLine: [LineView]
        /// Each slot's place, by slot (reading order): the same on every sheet.
        private let frontStyles: [String]
        private let backStyles: [String]

        init(_ layout: SheetLayout) {
            self.layout = layout
            pageSize = "\(mm(layout.pageWidth)) \(mm(layout.pageHeight))"
            sheetsStyle = "--sheet-width: \(mm(layout.pageWidth)); --sheet-height: \(mm(layout.pageHeight)); "
                + "--card-padding: \(mm(CardFaces.padding)); --label-left: \(mm(SheetLayout.margin))"
            viewBox = "0 0 \(SVG.number(layout.pageWidth)) \(SVG.number(layout.pageHeight))"
            cutMarks = layout.cutMarks.map(LineView.init)
            foldLine = layout.foldLine.map { [LineView($0)] } ?? []
            func style(_ frame: SheetLayout.Rect) -> String {
                "left: \(mm(frame.x)); top: \(mm(frame.y)); width: \(mm(frame.width)); height: \(mm(frame.height))"
            }
            frontStyles = (0..<layout.cardsPerSheet).map { style(layout.front(slot: $0)) }
            backStyles = (0..<layout.cardsPerSheet).map { style(layout.back(slot: $0)) }
        }

        func style(_ placed: SheetLayout.PlacedFace) -> String {
            let slot = placed.position % layout.cardsPerSheet
            return placed.face == .front ? frontStyles[slot] : backStyles[slot]
        }
    }

    struct PageView: TemplateData {
        let cssClass: String
        /// After the seed: `toeic · sheet 2/3 · fronts`.
        let label: String
        let viewBox: String
        let marks, foldLine: [LineView]
        let slots: [SlotView]
    }

    /// In the sheet's SVG, whose units are millimetres.
    struct LineView: TemplateData, Sendable {
        let x1: String, y1: String, x2: String, y2: String

        init(_ line: SheetLayout.Line) {
            x1 = SVG.number(line.from.x)
            y1 = SVG.number(line.from.y)
            x2 = SVG.number(line.to.x)
            y2 = SVG.number(line.to.y)
        }
    }

    /// A card's place on a page, holding one face of the card the shuffle put there.
    /// A class: the page hands the template each slot by reference, not its fields copied.
    final class SlotView: TemplateData {
        let position: Int
        /// `front` or `back`, for print.js.
        let face: String
        let isFront: Bool
        let front: FrontView
        let back: BackView
        let style: String

        init(position: Int, face: String, isFront: Bool, front: FrontView, back: BackView, style: String) {
            self.position = position
            self.face = face
            self.isFront = isFront
            self.front = front
            self.back = back
            self.style = style
        }
    }

    /// The front of card `card` (its place in the set, for print.js).
    struct FrontView: TemplateData {
        let card: Int
        fileprivate let faces: CardFaces
        var lang: String { faces.language }
        var html: String { faces.wordHTML }
        var style: String { faces.wordStyle }
    }

    struct BackView: TemplateData {
        let card: Int
        fileprivate let faces: CardFaces
        var lang: String { faces.meaningLanguage }
        var meanings: [String] { faces.meanings }
        var example: String { faces.example }
        var hasExample: Bool { faces.hasExample }
        var exampleLang: String { faces.language }
        var style: String { faces.meaningStyle }
        var exampleStyle: String { faces.exampleStyle }
    }

    /// Both faces of one word, with their font sizes for the layout's card size.
    /// A class: every slot showing the card holds it by reference.
    final class CardFaces: Sendable {
        /// Inside the card's edge: room for a cut a little off the line and for a
        /// back printed a little off its front.
        static let padding = 4.0

        let wordHTML, language, wordStyle: String
        let meanings: [String]
        let meaningLanguage, example: String
        let hasExample: Bool
        let meaningStyle, exampleStyle: String

        init(word: VocabWord, html: RenderedWord, language: String, meaningLanguage: String, layout: SheetLayout) {
            let width = layout.cardWidth - 2 * Self.padding
            let height = layout.cardHeight - 2 * Self.padding
            let example = word.examples.first
            let wordSize = CardTextFit.frontSize(word: Markdown.plainText(word.text), width: width, height: height)
            let sizes = CardTextFit.backSizes(meanings: word.meanings.map(Markdown.plainText), example: example.map(Markdown.plainText),
                                              width: width, height: height)
            wordHTML = html.word
            self.language = language
            wordStyle = "font-size: \(mm(wordSize))"
            meanings = html.meanings
            self.meaningLanguage = meaningLanguage
            self.example = sizes.example == nil ? "" : html.examples.first ?? ""
            hasExample = sizes.example != nil
            meaningStyle = "font-size: \(mm(sizes.meaning))"
            exampleStyle = sizes.example.map { "font-size: \(mm($0))" } ?? ""
        }
    }

    /// `66.75mm`: millimetres to two decimals, as CSS takes them.
    static func mm(_ value: Double) -> String { SVG.number(value) + "mm" }
}
