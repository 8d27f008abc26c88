import Foundation

/// HTML written in a note or entry, kept as far as Obsidian's sanitiser
/// keeps it: formatting, tables, `details`, `kbd`, `sup`, images and links
/// with safe addresses. Everything else is removed, and said so: no
/// `script`, no event handler, no `style` that loads anything, no
/// `javascript:` address ever reaches a page. Pure: one piece of HTML in,
/// what is kept and what was removed out.
enum HTMLAllowList {
    /// Elements kept, with the attributes each may have besides the global ones.
    static let elements: [String: Set<String>] = [
        "a": ["href", "name"], "abbr": [], "b": [], "bdi": [], "bdo": [], "big": [], "blockquote": ["cite"], "br": [],
        "caption": [], "cite": [], "code": [], "col": ["span"], "colgroup": ["span"], "dd": [], "del": ["datetime"],
        "details": ["open"], "dfn": [], "div": [], "dl": [], "dt": [], "em": [], "figcaption": [], "figure": [],
        "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [], "hr": [], "i": [],
        "img": ["src", "alt", "width", "height"], "ins": ["datetime"], "kbd": [], "li": ["value"], "mark": [],
        "ol": ["start", "reversed", "type"], "p": [], "pre": [], "q": ["cite"], "rp": [], "rt": [], "ruby": [], "s": [],
        "samp": [], "small": [], "span": [], "strong": [], "sub": [], "summary": [], "sup": [],
        "table": [], "tbody": [], "td": ["colspan", "rowspan", "align"], "tfoot": [], "th": ["colspan", "rowspan", "align", "scope"],
        "thead": [], "time": ["datetime"], "tr": [], "u": [], "ul": [], "var": [], "wbr": [],
    ]
    static let globalAttributes: Set<String> = ["title", "lang", "dir", "class", "id", "style"]
    /// Elements without content or end tag.
    static let void: Set<String> = ["br", "col", "hr", "img", "wbr"]
    /// Removed with everything inside them, as DOMPurify does: their content is code or another document, not text.
    static let removedWithContent: Set<String> = [
        "script", "style", "template", "iframe", "frame", "frameset", "object", "embed", "noscript", "noembed", "noframes",
        "textarea", "title", "xmp", "plaintext", "svg", "math", "select", "applet", "audio", "video",
    ]
    /// Attributes that hold an address.
    static let urlAttributes: Set<String> = ["href", "src", "cite"]

    /// The elements left open so far, and one whose content is being removed; carried from one piece to the next.
    struct State: Equatable {
        var open: [String] = []
        var removing: String?
    }

    /// Something removed: where its tag starts in the piece (UTF-8 bytes) and what it was (`<script>`, `onclick on <a>`).
    struct Removed: Equatable {
        let offset: Int
        let what: String
    }

    /// The piece kept, and each thing removed.
    /// - Parameter address: what a relative `<img src>` or `<a href>` (the tag's offset in the piece, UTF-8 bytes) becomes:
    ///   another address, or `unresolved` for none (the attribute goes); nil keeps it.
    static func sanitize(_ html: String, state: inout State,
                         address: ((_ url: String, _ isImage: Bool, _ offset: Int) -> MarkdownLinkChange?)? = nil) -> (html: String, removed: [Removed]) {
        var out = "", removed: [Removed] = []
        var rest = Substring(html)
        while let lt = rest.firstIndex(of: "<") {
            func remove(_ what: String) { removed.append(Removed(offset: html.utf8.distance(from: html.startIndex, to: lt), what: what)) }
            if state.removing == nil { out += rest[..<lt] }
            rest = rest[lt...]
            guard let (tag, after) = Tag.read(rest) else {
                // Not a tag (`a < b`): a character of text.
                if state.removing == nil { out += "&lt;" }
                rest = rest.dropFirst()
                continue
            }
            rest = after
            if let removing = state.removing {
                if case let .end(name) = tag, name == removing { state.removing = nil }
                continue
            }
            switch tag {
            case .comment:
                // A note to oneself, as in Markdown; nothing to warn of.
                continue
            case let .other(text):
                remove(String(text.prefix(20)))
            case let .start(written, writtenAttributes, selfClosing):
                let (name, attributes) = modern(written, writtenAttributes)
                guard let allowed = elements[name] else {
                    remove("<\(name)>")
                    if removedWithContent.contains(name), !selfClosing { state.removing = name }
                    continue
                }
                var kept = ""
                for (key, value) in attributes {
                    guard allowed.contains(key) || globalAttributes.contains(key) else {
                        remove("\(key) on <\(name)>")
                        continue
                    }
                    if urlAttributes.contains(key), !isSafe(url: value, image: name == "img" && key == "src") {
                        remove("\(key)=\"\(value.prefix(20))\" on <\(name)>")
                        continue
                    }
                    if key == "style", !isSafe(style: value) {
                        remove("style=\"\(value.prefix(30))\" on <\(name)>")
                        continue
                    }
                    var value = value
                    if let address, name == "img" && key == "src" || name == "a" && key == "href", MarkdownLink.isRelative(value),
                       let change = address(value, name == "img", html.utf8.distance(from: html.startIndex, to: lt)) {
                        guard case let .url(changed) = change else { continue }
                        value = changed
                    }
                    kept += value.isEmpty && ["open", "reversed"].contains(key) ? " \(key)" : " \(key)=\"\(escape(value))\""
                }
                out += "<\(name)\(kept)>"
                if !void.contains(name) { state.open.append(name) }
            case let .end(written):
                let name = modern(written, []).name
                // An end tag closes what it matches; one that matches nothing open is dropped.
                guard let at = state.open.lastIndex(of: name) else { continue }
                out += state.open[at...].reversed().map { "</\($0)>" }.joined()
                state.open.removeSubrange(at...)
            }
        }
        if state.removing == nil { out += rest }
        return (out, removed)
    }

    /// An obsolete element Obsidian still shows as its present-day equal: `<font color face>` a `<span>` with
    /// that style, `<center>` a centred `<div>`; any other element as it is.
    static func modern(_ name: String, _ attributes: [(String, String)]) -> (name: String, attributes: [(String, String)]) {
        let properties: [String: String]
        switch name {
        case "font": properties = ["color": "color", "face": "font-family"]
        case "center": return ("div", attributes.filter { $0.0 != "style" } + [("style", "text-align: center")])
        default: return (name, attributes)
        }
        let style = attributes.compactMap { key, value in properties[key].map { "\($0): \(value)" } }
            + attributes.filter { $0.0 == "style" }.map(\.1)
        return ("span", attributes.filter { !["color", "face", "size", "style"].contains($0.0) } + (style.isEmpty ? [] : [("style", style.joined(separator: "; "))]))
    }

    /// End tags for what is still open.
    static func closing(_ state: inout State) -> String {
        defer { state.open = [] }
        return state.open.reversed().map { "</\($0)>" }.joined()
    }

    /// An address in HTML a browser cannot run: relative, or of a scheme DOMPurify keeps (`http(s):`, `mailto:`, `tel:`…),
    /// or for an image `data:` of a raster image.
    static func isSafe(url: String, image: Bool) -> Bool {
        guard let (scheme, text) = scheme(of: url) else { return true }
        if ["http", "https", "ftp", "ftps", "mailto", "tel", "callto", "sms", "cid", "xmpp"].contains(scheme) { return true }
        return image && isRasterImage(scheme, text)
    }

    /// A Markdown link's address a browser would run or that names a local file, as cmark-gfm empties when raw HTML is off:
    /// `javascript:`, `vbscript:`, `file:`, `data:` but of a raster image.
    static func isDangerous(url: String) -> Bool {
        guard let (scheme, text) = scheme(of: url) else { return false }
        return ["javascript", "vbscript", "file"].contains(scheme) || scheme == "data" && !isRasterImage(scheme, text)
    }

    /// An address's scheme, lowercased, and the address as a browser reads it; nil for a relative one.
    private static func scheme(of url: String) -> (Substring, String)? {
        // Browsers skip control characters and spaces around an address and tabs and line ends inside its scheme.
        let significant = url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }
        let text = String(String.UnicodeScalarView(significant)).lowercased()
        guard let colon = text.firstIndex(of: ":"),
              !text[..<colon].contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) else { return nil }
        return (text[..<colon], text)
    }

    private static func isRasterImage(_ scheme: Substring, _ text: String) -> Bool {
        scheme == "data" && ["image/png", "image/gif", "image/jpeg", "image/webp"].contains { text.dropFirst(5).hasPrefix($0) }
    }

    /// A `style` that only sets properties: nothing loaded (`url(`, `image-set(`, `@import`), run (`expression(`,
    /// `behavior`, `-moz-binding`) or hidden from this check (escapes, comments).
    static func isSafe(style: String) -> Bool {
        let text = style.lowercased()
        return !["url", "image", "import", "expression", "behavior", "binding", "javascript", "\\", "/*", "@", "<", "&"].contains { text.contains($0) }
            && !style.unicodeScalars.contains { $0.value < 0x20 && $0.value != 0x09 }
    }

    static func escape(_ value: String) -> String {
        value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// One tag as an HTML parser reads it.
    enum Tag: Equatable {
        /// Attribute names lowercased and values with character references decoded, in order, each name once.
        case start(String, [(String, String)], selfClosing: Bool)
        case end(String)
        case comment
        /// `<!DOCTYPE …>`, `<?…?>`, `<![CDATA[…]]>`.
        case other(String)

        static func == (lhs: Tag, rhs: Tag) -> Bool {
            switch (lhs, rhs) {
            case let (.start(a, x, s), .start(b, y, t)): a == b && s == t && x.map { [$0.0, $0.1] } == y.map { [$0.0, $0.1] }
            case let (.end(a), .end(b)): a == b
            case (.comment, .comment): true
            case let (.other(a), .other(b)): a == b
            default: false
            }
        }

        /// The tag at the start of `text` (which starts with `<`) and what follows it; nil when it is no tag.
        static func read(_ text: Substring) -> (Tag, Substring)? {
            var rest = text.dropFirst()
            if rest.hasPrefix("!--") {
                guard let end = rest.range(of: "-->") else { return (.comment, rest[rest.endIndex...]) }
                return (.comment, rest[end.upperBound...])
            }
            if rest.first == "!" || rest.first == "?" {
                let end = rest.firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex
                return (.other(String(text[..<end])), rest[end...])
            }
            let isEnd = rest.first == "/"
            if isEnd { rest = rest.dropFirst() }
            guard let first = rest.first, first.isASCII, first.isLetter else { return nil }
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ":") }
            rest = rest.dropFirst(name.count)
            var attributes: [(String, String)] = []
            var selfClosing = false
            while true {
                rest = rest.drop(while: \.isWhitespace)
                guard let next = rest.first else { return nil }
                if next == ">" { rest = rest.dropFirst(); break }
                if rest.hasPrefix("/>") { selfClosing = true; rest = rest.dropFirst(2); break }
                if next == "/" { rest = rest.dropFirst(); continue }
                let key = rest.prefix { !$0.isWhitespace && $0 != "=" && $0 != ">" && $0 != "/" }
                guard !key.isEmpty else { rest = rest.dropFirst(); continue }
                rest = rest.dropFirst(key.count).drop(while: \.isWhitespace)
                var value = ""
                if rest.first == "=" {
                    rest = rest.dropFirst().drop(while: \.isWhitespace)
                    if let quote = rest.first, quote == "\"" || quote == "'" {
                        guard let close = rest.dropFirst().firstIndex(of: quote) else { return nil }
                        value = String(rest[rest.index(after: rest.startIndex)..<close])
                        rest = rest[rest.index(after: close)...]
                    } else {
                        let bare = rest.prefix { !$0.isWhitespace && $0 != ">" }
                        value = String(bare)
                        rest = rest.dropFirst(bare.count)
                    }
                }
                let lowered = key.lowercased()
                if !attributes.contains(where: { $0.0 == lowered }) { attributes.append((lowered, decoded(value))) }
            }
            let lowered = name.lowercased()
            return (isEnd ? .end(lowered) : .start(lowered, attributes, selfClosing: selfClosing), rest)
        }
    }

    /// An attribute's value with its character references (`&#106;`, `&#x6A;`, `&amp;`, `&colon;`) decoded, as a browser reads it.
    static func decoded(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var out = "", rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            rest = rest[rest.index(after: amp)...]
            if rest.first == "#" {
                let hex = rest.dropFirst().first.map { $0 == "x" || $0 == "X" } ?? false
                let digits = rest.dropFirst(hex ? 2 : 1).prefix { hex ? $0.isHexDigit : $0.isASCII && $0.isNumber }
                if !digits.isEmpty, let code = UInt32(digits, radix: hex ? 16 : 10) {
                    out.unicodeScalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    rest = rest.dropFirst((hex ? 2 : 1) + digits.count)
                    if rest.first == ";" { rest = rest.dropFirst() }
                    continue
                }
            } else {
                let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
                if let character = named[name.lowercased()] {
                    out += character
                    rest = rest.dropFirst(name.count)
                    if rest.first == ";" { rest = rest.dropFirst() }
                    continue
                }
            }
            out += "&"
        }
        return out + rest
    }

    /// The named references that matter for an address or a style (the rest are kept as written, which is safe).
    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n",
        "sol": "/", "lpar": "(", "rpar": ")", "bsol": "\\", "nbsp": "\u{A0}", "num": "#", "quest": "?", "period": ".",
    ]
}
