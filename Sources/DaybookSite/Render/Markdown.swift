import CMarkGFM
import Foundation

/// The one place that talks to libcmark-gfm. Safe to call from many threads at once.
enum Markdown {
    /// How to parse and render. `extensions` are cmark-gfm syntax extension names
    /// (`table`, `strikethrough`, `autolink`, `tagfilter`, `tasklist`); footnotes are
    /// a parser option in libcmark-gfm, not an extension, hence their own flag.
    struct Options: Sendable, Hashable {
        var smartPunctuation: Bool
        /// Off: raw HTML becomes `<!-- raw HTML omitted -->` and `javascript:` links are emptied.
        var unsafeHTML: Bool
        var extensions: [String]
        var footnotes: Bool
        /// Raw HTML kept as far as `HTMLAllowList` keeps it, the rest removed (and reported by `render`), instead of omitted.
        var allowListHTML: Bool
        /// `$…$`, `$$…$$` and ```` ```math ```` kept apart from Markdown (`MathText`) as elements KaTeX draws.
        var math: Bool

        init(
            smartPunctuation: Bool = false, unsafeHTML: Bool = false,
            extensions: [String] = [], footnotes: Bool = false, allowListHTML: Bool = false, math: Bool = false
        ) {
            self.smartPunctuation = smartPunctuation
            self.unsafeHTML = unsafeHTML
            self.extensions = extensions
            self.footnotes = footnotes
            self.allowListHTML = allowListHTML
            self.math = math
        }

        /// What the site renders with.
        static let site = Options(
            smartPunctuation: true, unsafeHTML: false,
            extensions: ["table", "strikethrough", "autolink", "tagfilter", "tasklist"],
            footnotes: true, allowListHTML: true, math: true
        )

        var cmarkFlags: Int32 {
            var flags = CMARK_OPT_DEFAULT
            if smartPunctuation { flags |= CMARK_OPT_SMART }
            if unsafeHTML { flags |= CMARK_OPT_UNSAFE }
            if footnotes { flags |= CMARK_OPT_FOOTNOTES }
            return flags
        }

        /// Rendering writes the HTML nodes as they are once the allow-list has made them safe (and the math its own).
        var renderFlags: Int32 { allowListHTML ? cmarkFlags | CMARK_OPT_UNSAFE : cmarkFlags }
    }

    /// A document rendered as the site renders it.
    static func html(_ markdown: String) -> String {
        html(markdown, options: .site)
    }

    /// The same, saying on the terminal while the file's parse is slow.
    static func html(_ markdown: String, watch: SlowParseWatch.File) -> String {
        html(markdown, options: .site, watch: watch)
    }

    static func html(_ markdown: String, options: Options, watch: SlowParseWatch.File? = nil) -> String {
        withDocument(markdown, options: options, watch: watch) { document, extensions in
            renderHTML(document, options: options, extensions: extensions)
        }
    }

    /// One line of Markdown (a word, a meaning) as inline HTML: no `<p>` wrapper, no
    /// trailing newline. Line breaks count as spaces, and what would start a block
    /// (`# `, `- `, `1. `, `> `, a fence, a link definition) is kept as literal text.
    static func inlineHTML(_ markdown: String) -> String {
        if PlainLine.isVerbatim(markdown) { return markdown }
        return cmarkInlineHTML(markdown)
    }

    /// `inlineHTML` by cmark-gfm, without the shortcut for plain text.
    static func cmarkInlineHTML(_ markdown: String) -> String {
        let line = escapingBlockStart(
            markdown.split(whereSeparator: \.isNewline)
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ")
        )
        return withDocument(line, options: .site) { document, extensions in
            let html = renderHTML(document, options: .site, extensions: extensions)
            let only = cmark_node_first_child(document)
            let isOneParagraph = only != nil && cmark_node_next(only) == nil
                && cmark_node_get_type(only) == CMARK_NODE_PARAGRAPH
            if isOneParagraph, html.hasPrefix("<p>"), html.hasSuffix("</p>\n") {
                return String(html.dropFirst("<p>".count).dropLast("</p>\n".count))
            }
            // Left after escaping: empty input, or raw HTML that was omitted.
            return html.trimmingCharacters(in: .newlines)
        }
    }

    /// The text of a document, without markup or raw HTML, whitespace collapsed to
    /// single spaces: for the search index and feed summaries.
    static func plainText(_ markdown: String) -> String { plainText(markdown, characters: .max) }

    /// The same, cut to its first `limit` Characters.
    static func plainText(_ markdown: String, characters limit: Int) -> String {
        guard PlainLine.isVerbatim(markdown) else { return cmarkPlainText(markdown, characters: limit) }
        let text = collapsingWhitespace(markdown)
        return limit < text.utf8.count ? PlainText.prefix(text, characters: limit) : text
    }

    /// `plainText` by cmark-gfm, without the shortcut for plain text.
    static func cmarkPlainText(_ markdown: String, characters limit: Int = .max) -> String {
        withDocument(markdown, options: .site) { document, _ in text(of: document, characters: limit) }
    }

    /// A document's HTML and plain text from one parse, for text that needs
    /// both (a diary entry's page and its search record); `pass` may change
    /// the parsed tree first, then each image is handed to `images` (in
    /// document order) and replaced by the HTML it returns (nil keeps it).
    /// The plain text is cut to `textLength` Characters.
    /// - Parameter links: handed each link to a relative address (`[…](../2026-11-19/)`,
    ///   and the links the pass made, `[[2026-11-19]]`), in document order, for what links here.
    /// - Parameter removedHTML: handed each piece of raw HTML the allow-list removed, where it stood.
    /// - Parameter htmlImages: the address that replaces a relative `<img src>` of raw HTML (nil keeps it); a relative
    ///   `<a href>` goes where `pass` leads a Markdown link.
    static func render(_ markdown: String, pass: MarkdownPass? = nil, watch: SlowParseWatch.File? = nil, textLength: Int = .max,
                              images: ((MarkdownImage) -> String?)? = nil,
                              links: ((MarkdownLink) -> Void)? = nil,
                              removedHTML: ((MarkdownRemoval) -> Void)? = nil,
                              htmlImages: ((MarkdownHTMLAddress) -> String?)? = nil) -> (html: String, plainText: String) {
        // Most bodies hold nothing a pass looks for: their tree stays as cmark made it.
        let changes = pass?.mayChange(markdown) ?? false
        let verbatim = changes ? pass?.verbatim(markdown) ?? [] : []
        return withDocument(markdown, options: .site, watch: watch, verbatim: verbatim) { document, extensions in
            // The writer's links, before the pass makes its own.
            let mayHoldLink = changes || MarkdownLink.mayHoldLink(markdown)
            if let pass, mayHoldLink { changeLinks(in: document, by: pass) }
            let made = pass.flatMap { changes ? apply($0, to: document, source: markdown) : nil } ?? [:]
            if let pass, pass.namesHeadings { nameHeadings(in: document, by: pass) }
            // Most bodies hold no link at all: their tree is not walked for one.
            if let links, mayHoldLink { relativeLinks(in: document, links) }
            // Before the images go: their alt text is part of the text.
            let plain = text(of: document, characters: textLength)
            if let images { replaceImages(in: document, placed: made, by: images) }
            // Raw HTML's relative addresses as Markdown's: an image as `images` has it, a link as the pass has it.
            let addresses = htmlImages == nil && pass == nil ? nil : { (address: MarkdownHTMLAddress, isImage: Bool) -> MarkdownLinkChange? in
                isImage ? htmlImages?(address).map(MarkdownLinkChange.url) : pass?.relativeLink(address.url, line: address.line, column: address.column)
            }
            return (renderHTML(document, options: .site, extensions: extensions, removedHTML: removedHTML, addresses: addresses), plain)
        }
    }

    /// Text below a node (an image's alt text, a document's words), its first `limit` Characters.
    static func text(of document: OpaquePointer, characters limit: Int = .max) -> String {
        var text: [UInt8] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            defer { event = cmark_iter_next(iterator) }
            let node = cmark_iter_get_node(iterator)
            let type = cmark_node_get_type(node)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_CODE_BLOCK {
                if event == CMARK_EVENT_ENTER, let literal = cmark_node_get_literal(node) {
                    text.append(contentsOf: UnsafeRawBufferPointer(start: literal, count: strlen(literal)))
                }
            } else if type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK
                || Int32(type.rawValue) & CMARK_NODE_TYPE_MASK == CMARK_NODE_TYPE_BLOCK {
                // Keeps words of neighbouring blocks, lines and table cells apart. One space is enough
                // (collapsing makes one of any run): text that needs no collapsing is not moved.
                if text.last.map({ $0 != UInt8(ascii: " ") }) ?? false { text.append(UInt8(ascii: " ")) }
            }
        }
        return PlainText.collapsedPrefix(&text, characters: limit)
    }

    /// Runs of white space become one space, ends trimmed.
    static func collapsingWhitespace(_ text: String) -> String {
        var bytes = Array(text.utf8)
        PlainText.collapseWhitespace(&bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: - libcmark-gfm

    private static let registered: Void = cmark_gfm_core_extensions_ensure_registered()

    /// libcmark-gfm 0.29 keeps the table of special inline characters in a global that
    /// every `cmark_parser_finish` adds its extensions' characters to and removes them
    /// from again (github/cmark-gfm#176), so concurrent inline parses lose `~~`,
    /// autolinks and so on. Only finishing (the inline parse) is therefore serialised;
    /// feeding the blocks and rendering the finished tree touch no global and are not.
    private static let finishLock = NSLock()

    /// Parses `markdown` and hands the document and the parser's extension list to
    /// `body`, freeing both afterwards.
    /// - Parameter verbatim: byte ranges of `markdown` that reach the tree's text as written, unread by cmark (`MarkdownPass.verbatim`).
    private static func withDocument<T>(
        _ markdown: String, options: Options, watch: SlowParseWatch.File? = nil, verbatim: [Range<Int>] = [],
        _ body: (OpaquePointer, UnsafeMutablePointer<cmark_llist>?) -> T
    ) -> T {
        _ = registered
        let parser = cmark_parser_new(options.cmarkFlags)!
        for name in options.extensions {
            guard let extensionPointer = cmark_find_syntax_extension(name) else {
                preconditionFailure("libcmark-gfm has no syntax extension named '\(name)'")
            }
            cmark_parser_attach_syntax_extension(parser, extensionPointer)
        }
        let maths = options.math ? MathText.spans(markdown) : []
        // Math is read first: a "wikilink" that runs into it (`$[[1, 2], [3]]$`) is TeX.
        let verbatim = verbatim.filter { range in !maths.contains { $0.start < range.upperBound && range.lowerBound < $0.end } }
        func parse() -> OpaquePointer {
            var text = masked(MathText.masked(markdown, maths), verbatim)
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
                }
            }
            return finishLock.withLock { cmark_parser_finish(parser)! }
        }
        let document = watch.map { $0.watch.timing($0.path, parse) } ?? parse()
        if options.math { markMath(in: document, spans: maths, source: markdown) }
        if !verbatim.isEmpty { restore(verbatim, of: markdown, in: document) }
        defer {
            cmark_node_free(document)
            cmark_parser_free(parser)
        }
        return body(document, cmark_parser_get_syntax_extensions(parser))
    }

    private static func renderHTML(
        _ document: OpaquePointer, options: Options, extensions: UnsafeMutablePointer<cmark_llist>?,
        removedHTML: ((MarkdownRemoval) -> Void)? = nil, addresses: ((MarkdownHTMLAddress, _ isImage: Bool) -> MarkdownLinkChange?)? = nil
    ) -> String {
        if options.allowListHTML { keepSafeHTML(in: document, removed: removedHTML, addresses: addresses) }
        if options.math { drawMath(in: document) }
        guard let rendered = cmark_render_html(document, options.renderFlags, extensions) else { return "" }
        defer { free(rendered) }
        return String(cString: rendered)
    }

    // MARK: - Text kept from cmark

    /// Each byte of the ranges a control character cmark reads as a letter:
    /// nothing inside is Markdown to it, and every line and column stays.
    private static func masked(_ markdown: String, _ ranges: [Range<Int>]) -> String {
        guard !ranges.isEmpty else { return markdown }
        var bytes = Array(markdown.utf8)
        for range in ranges { bytes.replaceSubrange(range, with: repeatElement(verbatimMask, count: range.count)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let verbatimMask: UInt8 = 0x01

    /// The masked ranges' text put back into the text nodes that hold them:
    /// a line's ranges in order, as the line's text nodes come in the tree.
    private static func restore(_ ranges: [Range<Int>], of markdown: String, in document: OpaquePointer) {
        let bytes = Array(markdown.utf8)
        var lines: [Int: [ArraySlice<UInt8>]] = [:]
        var line = 1, offset = 0
        for range in ranges {
            while offset < range.lowerBound { if bytes[offset] == UInt8(ascii: "\n") { line += 1 }; offset += 1 }
            lines[line, default: []].append(bytes[range])
        }
        for node in nodes(of: CMARK_NODE_TEXT, in: document) {
            guard let raw = cmark_node_get_literal(node), strchr(raw, Int32(verbatimMask)) != nil else { continue }
            let line = Int(cmark_node_get_start_line(node))
            var literal = Array(String(cString: raw).utf8), at = 0
            while at < literal.count {
                guard literal[at] == verbatimMask, var queue = lines[line], !queue.isEmpty else { at += 1; continue }
                let original = queue.removeFirst()
                lines[line] = queue
                let end = min(at + original.count, literal.count)
                literal.replaceSubrange(at..<end, with: original)
                at += original.count
            }
            // A mask no range accounts for (cmark moved text across lines) is dropped, never published.
            literal.removeAll { $0 == verbatimMask }
            cmark_node_set_literal(node, String(decoding: literal, as: UTF8.self))
        }
    }

    // MARK: - Math

    /// cmark's user data on a node of math: inline, or displayed.
    private static var inlineMath: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 1)! }
    private static var displayMath: UnsafeMutableRawPointer { UnsafeMutableRawPointer(bitPattern: 2)! }

    /// The code spans `MathText.masked` made get their TeX back and are
    /// marked as math, as are ```` ```math ```` fences; everything that reads
    /// text (headings' ids, the plain text) then reads the TeX.
    private static func markMath(in document: OpaquePointer, spans: [MathText.Span], source: String) {
        var lines: [Int: [(column: Int, span: MathText.Span)]] = [:]
        for (span, at) in zip(spans, MathText.codePositions(of: spans, in: source)) { lines[at.line, default: []].append((at.column, span)) }
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_CODE where !lines.isEmpty:
                let line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
                guard var here = lines[line], !here.isEmpty else { continue }
                // Where cmark counts columns otherwise (a tab in a quote's marker), the masked span is known by its `x`s.
                let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                guard let at = here.firstIndex(where: { $0.column == column })
                        ?? (literal.utf8.allSatisfy { $0 == UInt8(ascii: "x") || $0 == UInt8(ascii: " ") } ? here.startIndex : nil) else { continue }
                let span = here.remove(at: at).span
                lines[line] = here
                cmark_node_set_literal(node, span.tex)
                cmark_node_set_user_data(node, span.display ? displayMath : inlineMath)
            case CMARK_NODE_CODE_BLOCK:
                let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
                if info.split(separator: " ").first == "math" { cmark_node_set_user_data(node, displayMath) }
            default:
                continue
            }
        }
    }

    /// Each node of math becomes its TeX in an element KaTeX draws (and a
    /// reader without JavaScript reads): a `<div>` for a fence or a display
    /// alone in its paragraph, a `<span>` within a line.
    private static func drawMath(in document: OpaquePointer) {
        var maths: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_user_data(node) != nil { maths.append(node) }
        }
        cmark_iter_free(iterator)
        for node in maths {
            let display = cmark_node_get_user_data(node) == displayMath
            let tex = Feeds.escape(cmark_node_get_literal(node).map { String(cString: $0) } ?? "")
            let parent = cmark_node_parent(node)
            let isBlock = cmark_node_get_type(node) == CMARK_NODE_CODE_BLOCK
            let alone = !isBlock && display && parent.map { cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH && isOnlyChild(node, of: $0) } ?? false
            let replaced = alone ? parent! : node
            let html = cmark_node_new(isBlock || alone ? CMARK_NODE_HTML_BLOCK : CMARK_NODE_HTML_INLINE)!
            // A fence's text ends in its last line's end, which is no part of the TeX.
            let literal = isBlock || alone ? "<div class=\"math math-display\">\(isBlock && tex.hasSuffix("\n") ? String(tex.dropLast()) : tex)</div>\n"
                : "<span class=\"math \(display ? "math-display" : "math-inline")\">\(tex)</span>"
            cmark_node_set_literal(html, literal)
            guard cmark_node_replace(replaced, html) == 1 else {
                cmark_node_free(html)
                continue
            }
            cmark_node_free(replaced)
        }
    }

    // MARK: - Raw HTML

    /// Each piece of raw HTML as far as the allow-list keeps it, reported
    /// where it stands when something was removed; the text inside an
    /// element removed with its content (`<script>…</script>` within a line)
    /// goes too. What a paragraph leaves open is closed at its end, what
    /// blocks of HTML leave open at the document's end. Links and images of
    /// Markdown lose addresses that would run (`javascript:`), as cmark-gfm
    /// empties them when raw HTML is off.
    private static func keepSafeHTML(in document: OpaquePointer, removed report: ((MarkdownRemoval) -> Void)?,
                                     addresses: ((MarkdownHTMLAddress, _ isImage: Bool) -> MarkdownLinkChange?)?) {
        var nodes: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK, CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                nodes.append(node)
            case CMARK_NODE_LINK, CMARK_NODE_IMAGE:
                if let url = cmark_node_get_url(node).map({ String(cString: $0) }), HTMLAllowList.isDangerous(url: url) { cmark_node_set_url(node, "") }
            default:
                continue
            }
        }
        cmark_iter_free(iterator)
        var blocks = HTMLAllowList.State()
        // The block (a paragraph, a heading, a cell) whose inline HTML is being read, and what it left open.
        var inline: (parent: OpaquePointer, state: HTMLAllowList.State)?
        func closeInline() {
            guard var open = inline else { return }
            let close = HTMLAllowList.closing(&open.state)
            if !close.isEmpty {
                let node = cmark_node_new(CMARK_NODE_HTML_INLINE)!
                cmark_node_set_literal(node, close)
                cmark_node_append_child(open.parent, node)
            }
            inline = nil
        }
        var gone: [OpaquePointer] = []
        for node in nodes {
            let type = cmark_node_get_type(node)
            var parent = cmark_node_parent(node)!
            while Int32(cmark_node_get_type(parent).rawValue) & CMARK_NODE_TYPE_MASK != CMARK_NODE_TYPE_BLOCK, let up = cmark_node_parent(parent) { parent = up }
            if type != CMARK_NODE_HTML_BLOCK, inline?.parent != parent { closeInline() }
            guard type == CMARK_NODE_HTML_INLINE || type == CMARK_NODE_HTML_BLOCK else {
                // Text inside an element removed with its content.
                if inline?.state.removing != nil { gone.append(node) }
                continue
            }
            let literal = cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
            var state = type == CMARK_NODE_HTML_BLOCK ? blocks : inline?.state ?? HTMLAllowList.State()
            let line = Int(cmark_node_get_start_line(node)), column = Int(cmark_node_get_start_column(node))
            /// The line and column of byte `offset` of the piece in the Markdown text.
            func place(_ offset: Int) -> (line: Int, column: Int) {
                let before = literal.utf8.prefix(offset)
                let lineEnds = before.filter { $0 == UInt8(ascii: "\n") }.count
                let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0
                return (line + lineEnds, (lineEnds == 0 ? column : 1) + offset - lineStart)
            }
            let (kept, removed) = HTMLAllowList.sanitize(literal, state: &state, address: addresses.map { addresses in { url, isImage, offset in
                let at = place(offset)
                return addresses(MarkdownHTMLAddress(url: url, line: at.line, column: at.column), isImage)
            } })
            if type == CMARK_NODE_HTML_BLOCK { blocks = state } else { inline = (parent, state) }
            if let report {
                for piece in removed {
                    let at = place(piece.offset)
                    report(MarkdownRemoval(line: at.line, column: at.column, what: piece.what))
                }
            }
            if kept.isEmpty, type == CMARK_NODE_HTML_INLINE { gone.append(node) } else { cmark_node_set_literal(node, kept) }
        }
        closeInline()
        for node in gone { cmark_node_free(node) }
        let close = HTMLAllowList.closing(&blocks)
        if !close.isEmpty {
            let node = cmark_node_new(CMARK_NODE_HTML_BLOCK)!
            cmark_node_set_literal(node, close + "\n")
            cmark_node_append_child(document, node)
        }
    }

    // MARK: - A pass over the tree

    /// Syntax CommonMark does not know (Obsidian's), applied to the parsed
    /// tree: block quotes that open with a callout marker, paragraphs of
    /// fields, and text outside code, links and images. Returns where each
    /// image it made stands in `source` (line, column), which cmark cannot
    /// know of nodes made after the parse.
    private static func apply(_ pass: MarkdownPass, to document: OpaquePointer, source: String) -> [OpaquePointer: Placed] {
        var placed: [OpaquePointer: Placed] = [:]
        cmark_consolidate_text_nodes(document)
        for quote in nodes(of: CMARK_NODE_BLOCK_QUOTE, in: document) {
            guard let paragraph = cmark_node_first_child(quote), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                  let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT,
                  let literal = cmark_node_get_literal(first).map({ String(cString: $0) }), let callout = pass.callout(literal) else { continue }
            // The marker goes; the rest of its line, Markdown, links and all, is the title; the rest of the quote follows it.
            // An inline node: its markup stands on the title's line, around the title.
            let title = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
            cmark_node_set_on_enter(title, callout.titleOpen)
            cmark_node_set_on_exit(title, callout.titleClose)
            let rest = literal.utf8.dropFirst(callout.titleOffset)
            if rest.isEmpty { cmark_node_free(first) } else { cmark_node_set_literal(first, String(rest)) }
            while let node = cmark_node_first_child(paragraph), ![CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK].contains(cmark_node_get_type(node)) {
                ownLiterals(node)
                cmark_node_append_child(title, node)
            }
            if let lineEnd = cmark_node_first_child(paragraph) { cmark_node_free(lineEnd) }
            if cmark_node_first_child(paragraph) == nil { cmark_node_free(paragraph) }
            if cmark_node_first_child(title) == nil { cmark_node_append_child(title, node(.text(callout.defaultTitle))) }
            let aside = customBlock(callout.open, callout.close)
            cmark_node_append_child(aside, title)
            while let child = cmark_node_first_child(quote) { cmark_node_append_child(aside, child) }
            cmark_node_insert_before(quote, aside)
            cmark_node_free(quote)
        }
        for paragraph in nodes(of: CMARK_NODE_PARAGRAPH, in: document) {
            var lines = [""]
            var child = cmark_node_first_child(paragraph)
            while let node = child {
                switch cmark_node_get_type(node) {
                case CMARK_NODE_TEXT: lines[lines.count - 1] += cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
                case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK: lines.append("")
                default: lines = []
                }
                guard !lines.isEmpty else { break }
                child = cmark_node_next(node)
            }
            guard !lines.isEmpty, let html = pass.fields(lines) else { continue }
            cmark_node_insert_before(paragraph, customBlock(html, ""))
            cmark_node_free(paragraph)
        }
        // Texts of a paragraph a note shown inside took the place of, freed with it.
        var freed: Set<OpaquePointer> = []
        for text in nodes(of: CMARK_NODE_TEXT, in: document) where !freed.contains(text) && !isInsideLink(text) {
            guard let raw = cmark_node_get_literal(text) else { continue }
            let literal = String(cString: raw)
            let line = Int(cmark_node_get_start_line(text)), startColumn = Int(cmark_node_get_start_column(text))
            let paragraph = cmark_node_parent(text).flatMap { cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH ? $0 : nil }
            let place = MarkdownTextPlace(line: line, standsAlone: paragraph.map { isOnlyChild(text, of: $0) } ?? false) { offset in
                sourceColumn(of: offset, in: literal, line: sourceLine(line, of: source), from: startColumn)
            }
            guard let pieces = pass.inlines(literal, at: place) else { continue }
            // A block (a note shown inside another) takes the place of the paragraph it stood alone in.
            if let paragraph, let html = pieces.lazy.compactMap({ if case let .block(html) = $0 { html } else { nil } }).first {
                var child = cmark_node_first_child(paragraph)
                while let node = child { freed.insert(node); child = cmark_node_next(node) }
                cmark_node_replace(paragraph, customBlock(html, ""))
                cmark_node_free(paragraph)
                continue
            }
            for piece in pieces {
                let made = node(piece)
                switch piece {
                case let .image(_, _, offset, size): placed[made] = Placed(line: line, column: place.column(offset), size: size)
                case let .markdownLink(_, label, offset), let .markdownSpan(_, label, offset, _):
                    for inline in inlineMarkdown(label, line: line, column: place.column(offset)) { cmark_node_append_child(made, inline) }
                default: break
                }
                guard cmark_node_insert_before(text, made) == 1 else {
                    // A table cell holds no custom inline: a span's text stays, other markup goes (its text is a piece of its own).
                    if case let .span(_, literal, _) = piece { cmark_node_insert_before(text, node(.text(literal))) }
                    if case .markdownSpan = piece { while let child = cmark_node_first_child(made) { cmark_node_insert_before(text, child) } }
                    cmark_node_free(made)
                    continue
                }
            }
            cmark_node_free(text)
        }
        return placed
    }

    /// Each link to a relative address as the pass has it: a new address, or
    /// its text marked as leading nowhere (no address at all).
    private static func changeLinks(in document: OpaquePointer, by pass: MarkdownPass) {
        for link in nodes(of: CMARK_NODE_LINK, in: document) {
            guard let url = cmark_node_get_url(link).map({ String(cString: $0) }), MarkdownLink.isRelative(url),
                  let change = pass.relativeLink(url, line: Int(cmark_node_get_start_line(link)), column: Int(cmark_node_get_start_column(link)))
            else { continue }
            switch change {
            case let .url(address):
                cmark_node_set_url(link, address)
            case let .unresolved(open, close):
                let span = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
                cmark_node_set_on_enter(span, open)
                cmark_node_set_on_exit(span, close)
                guard cmark_node_insert_before(link, span) == 1 else {
                    // A table cell holds no custom inline: the text alone.
                    cmark_node_free(span)
                    while let child = cmark_node_first_child(link) { cmark_node_insert_before(link, child) }
                    cmark_node_free(link)
                    continue
                }
                while let child = cmark_node_first_child(link) { cmark_node_append_child(span, child) }
                cmark_node_free(link)
            }
        }
    }

    /// Each link to a relative address, with the text of the block it stands in (a paragraph, a heading, a cell).
    private static func relativeLinks(in document: OpaquePointer, _ found: (MarkdownLink) -> Void) {
        for link in nodes(of: CMARK_NODE_LINK, in: document) {
            guard let url = cmark_node_get_url(link).map({ String(cString: $0) }), MarkdownLink.isRelative(url) else { continue }
            var block = cmark_node_parent(link)
            while let node = block, Int32(cmark_node_get_type(node).rawValue) & CMARK_NODE_TYPE_MASK != CMARK_NODE_TYPE_BLOCK {
                block = cmark_node_parent(node)
            }
            guard let block else { continue }
            // The block's text, and where the link's text lies in it, in Characters.
            var text = "", count = 0, start = 0, end = 0
            let iterator = cmark_iter_new(block)
            defer { cmark_iter_free(iterator) }
            while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
                let node = cmark_iter_get_node(iterator)
                let type = cmark_node_get_type(node)
                if node == link {
                    if event == CMARK_EVENT_ENTER { start = count } else { end = count }
                } else if event == CMARK_EVENT_ENTER, type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(node) {
                    let part = String(cString: literal)
                    text += part
                    count += part.count
                } else if event == CMARK_EVENT_ENTER, type == CMARK_NODE_SOFTBREAK || type == CMARK_NODE_LINEBREAK {
                    text += " "
                    count += 1
                }
            }
            found(MarkdownLink(url: url, text: text, range: start..<max(start, end)))
        }
    }

    /// Gives each heading the `id` the pass makes of its text, so that links can lead to it.
    private static func nameHeadings(in document: OpaquePointer, by pass: MarkdownPass) {
        var ids: Set<String> = []
        for heading in nodes(of: CMARK_NODE_HEADING, in: document) {
            guard var id = pass.headingID(text(of: heading)) else { continue }
            // Two headings of one text: the second is `text-2`, as on GitHub.
            if ids.contains(id) { id = (2...).lazy.map { "\(id)-\($0)" }.first { !ids.contains($0) }! }
            ids.insert(id)
            let level = cmark_node_get_heading_level(heading)
            let block = customBlock("<h\(level) id=\"\(id)\">", "</h\(level)>")
            while let child = cmark_node_first_child(heading) {
                ownLiterals(child)
                cmark_node_append_child(block, child)
            }
            cmark_node_replace(heading, block)
            cmark_node_free(heading)
        }
    }

    /// Where an image made by a pass stands in the source, and the size it asked for.
    struct Placed {
        let line: Int
        let column: Int
        let size: MarkdownSize?
    }

    /// Line `number` (from 1) of `text`, in UTF-8 bytes.
    private static func sourceLine(_ number: Int, of text: String) -> Substring.UTF8View {
        text.utf8.split(separator: UInt8(ascii: "\n"), maxSplits: number, omittingEmptySubsequences: false)
            .dropFirst(number - 1).first ?? Substring().utf8
    }

    /// The column of byte `offset` of a text node's literal in its source
    /// line, where the node starts at `column`. The literal lacks the
    /// backslashes of escapes and has entities decoded, so its bytes are
    /// matched in order, skipping what the source has besides.
    static func sourceColumn(of offset: Int, in literal: String, line: Substring.UTF8View, from column: Int) -> Int {
        var position = line.index(line.startIndex, offsetBy: column - 1, limitedBy: line.endIndex) ?? line.endIndex
        for byte in literal.utf8.prefix(offset + 1) {
            guard let match = line[position...].firstIndex(of: byte) else { return column + offset }
            position = line.index(after: match)
        }
        return line.distance(from: line.startIndex, to: position)
    }

    private static func nodes(of type: cmark_node_type, in document: OpaquePointer) -> [OpaquePointer] {
        var found: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == type { found.append(node) }
        }
        return found
    }

    private static func isInsideLink(_ node: OpaquePointer) -> Bool {
        var parent = cmark_node_parent(node)
        while let current = parent {
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { return true }
            parent = cmark_node_parent(current)
        }
        return false
    }

    /// libcmark-gfm's inline nodes keep their text in the memory of the
    /// block they were parsed in, which freeing that block frees: an inline
    /// moved out of a block that is then freed (a callout's title, a named
    /// heading) first gets a copy of its own, or it would be shown as
    /// whatever takes that memory next.
    private static func ownLiterals(_ root: OpaquePointer) {
        let iterator = cmark_iter_new(root)
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE || type == CMARK_NODE_HTML_INLINE,
                  let literal = cmark_node_get_literal(node) else { continue }
            cmark_node_set_literal(node, String(cString: literal))
        }
    }

    /// Inline Markdown (a wikilink's label) as the nodes the site's parse
    /// makes of it where it stands, at `line` and `column` of the text, so
    /// that what the allow-list removes from it is told there; each node owns
    /// its text. A link inside (an autolink) is its text: links do not nest.
    private static func inlineMarkdown(_ markdown: String, line: Int, column: Int) -> [OpaquePointer] {
        // Blank lines, then a space after masked bytes: the label's first byte at its column, starting no block.
        let lead = String(repeating: "\n", count: max(line - 1, 0)) + String(repeating: "\u{1}", count: max(column - 2, 0)) + " "
        return withDocument(lead + markdown, options: .site) { document, _ in
            guard let paragraph = cmark_node_first_child(document), cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH,
                  cmark_node_next(paragraph) == nil, let first = cmark_node_first_child(paragraph), cmark_node_get_type(first) == CMARK_NODE_TEXT
            else { return [node(.text(markdown))] }
            let literal = cmark_node_get_literal(first).map { String(cString: $0) } ?? ""
            let text = literal.utf8.first == 1 ? literal.utf8.drop { $0 == 1 }.dropFirst() : literal.utf8[...]
            if text.isEmpty { cmark_node_free(first) } else { cmark_node_set_literal(first, String(text)) }
            for link in nodes(of: CMARK_NODE_LINK, in: paragraph) {
                while let child = cmark_node_first_child(link) { cmark_node_insert_before(link, child) }
                cmark_node_free(link)
            }
            ownLiterals(paragraph)
            var inlines: [OpaquePointer] = []
            while let child = cmark_node_first_child(paragraph) {
                cmark_node_unlink(child)
                inlines.append(child)
            }
            return inlines
        }
    }

    private static func customBlock(_ open: String, _ close: String) -> OpaquePointer {
        let block = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK)!
        cmark_node_set_on_enter(block, open)
        cmark_node_set_on_exit(block, close)
        return block
    }

    private static func node(_ piece: MarkdownInline) -> OpaquePointer {
        func text(_ literal: String) -> OpaquePointer {
            let node = cmark_node_new(CMARK_NODE_TEXT)!
            cmark_node_set_literal(node, literal)
            return node
        }
        switch piece {
        case let .text(literal):
            return text(literal)
        case let .html(html), let .block(html):
            let node = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
            cmark_node_set_on_enter(node, html)
            return node
        case let .span(open, literal, close):
            let node = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
            cmark_node_set_on_enter(node, open)
            cmark_node_set_on_exit(node, close)
            cmark_node_append_child(node, text(literal))
            return node
        case let .markdownSpan(open, _, _, close):
            // Its label's nodes are added where the label's place is known.
            let node = cmark_node_new(CMARK_NODE_CUSTOM_INLINE)!
            cmark_node_set_on_enter(node, open)
            cmark_node_set_on_exit(node, close)
            return node
        case let .markdownLink(href, _, _):
            let node = cmark_node_new(CMARK_NODE_LINK)!
            cmark_node_set_url(node, href)
            return node
        case let .link(href, label), let .image(href, label, _, _):
            let isImage = if case .image = piece { true } else { false }
            let node = cmark_node_new(isImage ? CMARK_NODE_IMAGE : CMARK_NODE_LINK)!
            cmark_node_set_url(node, href)
            cmark_node_append_child(node, text(label))
            return node
        }
    }

    // MARK: - One-line fields

    /// Backslash-escapes what would open a block at the start of a one-line field, so
    /// that the line stays one paragraph. Inline syntax (`**bold**`, `[link](url)`,
    /// `` `code` ``) is left alone.
    static func escapingBlockStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        let followedBySpace = line.dropFirst().first.map(\.isWhitespace) ?? true
        switch first {
        case "#", ">":
            return "\\" + line
        case "-", "+", "*":
            return followedBySpace || isThematicBreak(line) ? "\\" + line : line
        case "_":
            return isThematicBreak(line) ? "\\" + line : line
        case "`":
            let isFence = line.hasPrefix("```") && !line.drop(while: { $0 == "`" }).contains("`")
            return isFence ? "\\" + line : line
        case "~":
            return line.hasPrefix("~~~") ? "\\" + line : line
        case "[":
            return isLinkDefinitionStart(line) ? "\\" + line : line
        default:
            // An ordered list marker: up to 9 digits, then `.` or `)` and a space or the end.
            let digits = line.prefix(while: { ("0"..."9").contains($0) })
            let afterDigits = line.dropFirst(digits.count)
            guard (1...9).contains(digits.count), let delimiter = afterDigits.first,
                  delimiter == "." || delimiter == ")",
                  afterDigits.dropFirst().first.map(\.isWhitespace) ?? true
            else { return line }
            return String(digits) + "\\" + afterDigits
        }
    }

    /// Three or more of one of `-`, `*`, `_` and nothing else but spaces.
    private static func isThematicBreak(_ line: String) -> Bool {
        guard let marker = line.first else { return false }
        let significant = line.filter { $0 != " " && $0 != "\t" }
        return significant.count >= 3 && significant.allSatisfy { $0 == marker }
    }

    /// `[label]:` (also a footnote's `[^label]:`), which would be swallowed as a
    /// definition; in a one-line field no reference could use it anyway.
    private static func isLinkDefinitionStart(_ line: String) -> Bool {
        guard let close = line.firstIndex(of: "]") else { return false }
        return line[line.index(after: close)...].first == ":"
    }

    // MARK: - Images

    /// Swaps each image for the HTML `replacement` gives, as a custom node:
    /// libcmark-gfm writes those as they are even when raw HTML is off, and
    /// the HTML comes from Daybook, not from the writer. An image alone in its
    /// paragraph replaces the paragraph, since a figure cannot sit in a `<p>`.
    static func replaceImages(in document: OpaquePointer, placed: [OpaquePointer: Placed],
                              by replacement: (MarkdownImage) -> String?) {
        var nodes: [OpaquePointer] = []
        let iterator = cmark_iter_new(document)
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            let node = cmark_iter_get_node(iterator)!
            if event == CMARK_EVENT_ENTER, cmark_node_get_type(node) == CMARK_NODE_IMAGE { nodes.append(node) }
            event = cmark_iter_next(iterator)
        }
        cmark_iter_free(iterator)

        for node in nodes {
            let parent = cmark_node_parent(node)
            let standsAlone = parent.map { cmark_node_get_type($0) == CMARK_NODE_PARAGRAPH && isOnlyChild(node, of: $0) } ?? false
            let image = MarkdownImage(
                url: cmark_node_get_url(node).map { String(cString: $0) } ?? "",
                title: cmark_node_get_title(node).map { String(cString: $0) } ?? "",
                alt: text(of: node),
                line: placed[node]?.line ?? Int(cmark_node_get_start_line(node)),
                column: placed[node]?.column ?? Int(cmark_node_get_start_column(node)),
                standsAlone: standsAlone,
                size: placed[node]?.size
            )
            guard let html = replacement(image) else { continue }
            let replaced = standsAlone ? parent! : node
            let custom = cmark_node_new(standsAlone ? CMARK_NODE_CUSTOM_BLOCK : CMARK_NODE_CUSTOM_INLINE)!
            cmark_node_set_on_enter(custom, html)
            guard cmark_node_replace(replaced, custom) == 1 else {
                // A table cell holds no custom inline: the image stays one, with the address of the `<img>` made for it.
                cmark_node_free(custom)
                if let src = html.range(of: "<img src=\"").map({ html[$0.upperBound...].prefix { $0 != "\"" } }) {
                    cmark_node_set_url(node, src.replacingOccurrences(of: "&amp;", with: "&"))
                }
                continue
            }
            cmark_node_free(replaced)
        }
    }

    /// Alone apart from white space (a soft break, spaces around it).
    private static func isOnlyChild(_ node: OpaquePointer, of parent: OpaquePointer) -> Bool {
        var child = cmark_node_first_child(parent)
        while let current = child {
            if current != node {
                let type = cmark_node_get_type(current)
                let blank = type == CMARK_NODE_SOFTBREAK
                    || (type == CMARK_NODE_TEXT && (cmark_node_get_literal(current).map { String(cString: $0) } ?? "")
                        .allSatisfy(\.isWhitespace))
                if !blank { return false }
            }
            child = cmark_node_next(current)
        }
        return true
    }
}

/// Inline content a `MarkdownPass` puts in place of a text node.
enum MarkdownInline: Equatable, Sendable {
    case text(String)
    case link(href: String, text: String)
    /// A link whose text is inline Markdown (a wikilink's label: `` `hasTag` ``,
    /// `**bold**`), rendered as Obsidian renders it; `offset` is where the label
    /// starts in the text, in UTF-8 bytes.
    case markdownLink(href: String, label: String, offset: Int)
    /// An ordinary image node, so images made this way are handled like any
    /// other; `offset` is where its syntax starts in the text, in UTF-8 bytes.
    case image(src: String, alt: String, offset: Int, size: MarkdownSize? = nil)
    /// Markup Daybook made (an audio or video player), written as it is.
    case html(String)
    /// Text inside markup Daybook made (an unresolved link); where no markup
    /// may stand (a table cell), the text alone.
    case span(open: String, text: String, close: String)
    /// `span` around inline Markdown (an unresolved link's label), as `markdownLink`.
    case markdownSpan(open: String, label: String, offset: Int, close: String)
    /// Markup of a block (a note shown inside another): it replaces the
    /// paragraph the text stands alone in. Only for a place that `standsAlone`.
    case block(String)
}

/// A piece of raw HTML the allow-list removed (`<script>`, `onclick on <a>`), where it stood in the Markdown text (from 1, columns in bytes).
struct MarkdownRemoval: Equatable, Sendable {
    let line: Int
    let column: Int
    let what: String
}

/// A relative address in raw HTML (`<img src="photo.png">`), where its tag stands in the Markdown text (from 1, columns in bytes).
struct MarkdownHTMLAddress: Equatable, Sendable {
    let url: String
    let line: Int
    let column: Int
}

/// A link of a text to a relative address, and the text of the block around it.
struct MarkdownLink: Sendable, Equatable {
    /// As written (percent-encoded): `../2026-11-19/index.html#part`.
    let url: String
    /// The plain text of the paragraph, heading or cell the link stands in.
    let text: String
    /// Where the link's own text lies in `text`, in Characters.
    let range: Range<Int>

    /// An address relative to the page: no scheme, not from the host's root (`/…`, `//…`), not only a fragment or a query.
    static func isRelative(_ url: String) -> Bool {
        guard let first = url.utf8.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "#"), first != UInt8(ascii: "?") else { return false }
        // `mailto:`, `https:`: a colon before any `/`, `?` or `#` names a scheme.
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: ":"): return false
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
            default: continue
            }
        }
        return true
    }

    /// False when `markdown` has no `](` but before `http` (a link to another
    /// site), `][` or `]:`, without which it holds no relative Markdown link
    /// (a shortcut `[text]` needs a `[text]: url`).
    static func mayHoldLink(_ markdown: String) -> Bool {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            guard let base = bytes.baseAddress, bytes.count > 1 else { return false }
            // Every entry's text comes here: `memchr` finds each `]` (a byte loop was 1.9 % of a build).
            let last = base + bytes.count - 1
            var from = base
            while from < last, let found = memchr(from, Int32(UInt8(ascii: "]")), last - from) {
                let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                switch at[1] {
                case UInt8(ascii: "("):
                    let url = UnsafeBufferPointer(start: at + 2, count: min(4, base + bytes.count - (at + 2)))
                    if !url.elementsEqual("http".utf8) { return true }
                case UInt8(ascii: "["), UInt8(ascii: ":"): return true
                default: break
                }
                from = at + 1
            }
            return false
        }
    }
}

/// Where a text a pass looks at stands in the source.
struct MarkdownTextPlace {
    /// Its line in the Markdown text, from 1.
    let line: Int
    /// The only thing in its paragraph.
    let standsAlone: Bool
    /// The source column (from 1) of a UTF-8 byte offset in the text.
    let column: (Int) -> Int

    init(line: Int, standsAlone: Bool, column: @escaping (Int) -> Int) {
        self.line = line
        self.standsAlone = standsAlone
        self.column = column
    }
}

/// The HTML a block quote becomes: around it, and around its title, which
/// is the rest of its first line from `titleOffset` (UTF-8 bytes), or
/// `defaultTitle` when that is empty.
struct MarkdownCallout {
    let open, close, titleOpen, titleClose: String
    let titleOffset: Int
    let defaultTitle: String
}

/// A relative link, changed: a new address, or no address (its text inside `open` and `close`).
enum MarkdownLinkChange: Equatable {
    case url(String)
    case unresolved(open: String, close: String)
}

/// Changes to a parsed document beyond CommonMark, decided outside this file.
protocol MarkdownPass {
    /// False when no text of `markdown` can hold what the pass looks for, so
    /// that the pass is not applied at all (it would change nothing).
    func mayChange(_ markdown: String) -> Bool
    /// Byte ranges of `markdown` that reach `inlines` as written, in one text, unread by Markdown (a wikilink holding `` `code` ``).
    func verbatim(_ markdown: String) -> [Range<Int>]
    /// The pieces that replace a text outside code, links and images; nil keeps it.
    func inlines(_ text: String, at place: MarkdownTextPlace) -> [MarkdownInline]?
    /// Whether headings get an `id` (`headingID`).
    var namesHeadings: Bool { get }
    /// The `id` of a heading of this text (markup removed), nil for none; escaped for an attribute.
    func headingID(_ text: String) -> String?
    /// What a link to a relative address (`Filters`, `../images/x.png`) at
    /// `line` and `column` (cmark's, in the Markdown text) becomes; nil keeps it.
    func relativeLink(_ url: String, line: Int, column: Int) -> MarkdownLinkChange?
    /// The HTML around a block quote whose first line is `line`, nil to keep the quote.
    func callout(_ line: String) -> MarkdownCallout?
    /// The HTML that replaces a paragraph of plain lines, nil to keep it.
    func fields(_ lines: [String]) -> String?
}

