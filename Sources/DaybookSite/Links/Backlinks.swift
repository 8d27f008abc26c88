import Foundation

/// "What links here" (docs/site.md): for each entry, free page and word card, the
/// entries and pages whose text links to it, each with the sentence around
/// its link. Made in one pass over the links the build collected while it
/// rendered, so it costs no second parse and grows with the number of links.
///
/// Each linking page is listed once, with the sentence of its first link, as
/// Quartz lists a page once in its backlinks; a page's links to itself are
/// not listed; a cycle (A → B → A) lists each page on the other's. A page the
/// build does not show (private, draft) is never a linker, and a page it does
/// not show has no list, so nothing of either reaches a public build.
struct Backlinks: Sendable {
    /// One link found in a page's text.
    struct Link: Sendable, Equatable {
        let from: SitePath
        let to: SitePath
        /// The plain-text sentence around the link.
        let sentence: String

        init(from: SitePath, to: SitePath, sentence: String) {
            self.from = from
            self.to = to
            self.sentence = sentence
        }

        /// A link of the text of `page` to where it leads on the site, as a
        /// folder page; nil when it leaves the site. Whether a page is there is the index's to ask.
        init?(_ link: MarkdownLink, on page: SitePath) {
            guard var target = page.resolving(link.url) else { return nil }
            // A word is a place on its deck's page (`Routes.word`).
            if let deck = Routes.deckID(of: target), target == Routes.deck(deck), let hash = link.url.firstIndex(of: "#") {
                target = Routes.word(deck, String(link.url[link.url.index(after: hash)...]).removingPercentEncoding ?? "")
            }
            self.init(from: page, to: target, sentence: Backlinks.sentence(in: link.text, around: link.range))
        }
    }

    /// A page that links here, and the sentence around its (first) link.
    struct Linker: Sendable, Equatable {
        let page: SitePath
        let sentence: String
    }

    private var linkers: [SitePath: [Linker]] = [:]

    /// - Parameters:
    ///   - links: in the order the pages were rendered and, within a page, read.
    ///   - isShown: whether this build shows a page; links from or to a page it does not show are left out.
    init(_ links: [Link], isShown: (SitePath) -> Bool) {
        var listed: Set<Pair> = []
        var shown: [SitePath: Bool] = [:]
        func show(_ page: SitePath) -> Bool {
            if let known = shown[page] { return known }
            let answer = isShown(page)
            shown[page] = answer
            return answer
        }
        for link in links where link.from != link.to {
            guard listed.insert(Pair(from: link.from, to: link.to)).inserted, show(link.from), show(link.to) else { continue }
            linkers[link.to, default: []].append(Linker(page: link.from, sentence: link.sentence))
        }
    }

    /// The pages that link to `page`, in the order their links were found.
    func linking(to page: SitePath) -> [Linker] { linkers[page] ?? [] }

    private struct Pair: Hashable {
        let from: SitePath
        let to: SitePath
    }

    /// The longest sentence shown, in characters; a longer one is cut around the link.
    static let sentenceLength = 160

    /// The sentence of `text` that holds the characters `link` (a range of
    /// character offsets), whitespace folded, cut to `sentenceLength` around
    /// the link with "…" where it was cut.
    static func sentence(in text: String, around link: Range<Int>) -> String {
        let characters = Array(text)
        let start = min(max(link.lowerBound, 0), characters.count), end = min(max(link.upperBound, start), characters.count)
        var first = start
        while first > 0, !endsSentence(characters, at: first - 1) { first -= 1 }
        var last = end
        while last < characters.count, !endsSentence(characters, at: last) { last += 1 }
        if last < characters.count, characters[last] != "\n" { last += 1 } // keep the full stop
        var sentence = Array(fold(characters[first..<last]))
        guard sentence.count > sentenceLength else { return String(sentence) }
        // Cut around the link: as much before it as after, within the length.
        let linkStart = fold(characters[first..<start]).count
        let from = max(0, min(linkStart - sentenceLength / 3, sentence.count - sentenceLength))
        let cut = sentence[from..<min(sentence.count, from + sentenceLength)]
        sentence = (from > 0 ? ["…"] : []) + Array(cut.drop { $0 == " " }) + (from + sentenceLength < sentence.count ? ["…"] : [])
        return String(sentence)
    }

    /// A sentence ends at a line break, or at `.`, `!`, `?`, `。` followed by whitespace or the end.
    private static func endsSentence(_ characters: [Character], at index: Int) -> Bool {
        // A switch, not `String.contains`, which walked a string for every character of a link's block.
        switch characters[index] {
        case "\n": return true
        case ".", "!", "?", "。", "！", "？": return index + 1 == characters.count || characters[index + 1].isWhitespace
        default: return false
        }
    }

    private static func fold(_ characters: ArraySlice<Character>) -> String {
        characters.split(whereSeparator: \.isWhitespace).map { String($0) }.joined(separator: " ")
    }
}
