/// An entry's HTML as a feed carries it: a reader shows the text away from
/// the entry's page, where links and images relative to that page lead
/// nowhere, so each is made absolute from `base_url` (from the site root
/// without one), as the feed's own links are.
enum FeedLinks {
    /// The attributes of Daybook's body HTML that hold addresses.
    private static let attributes = ["href", "src", "srcset"]

    static func absolute(_ html: String, page: SitePath, base: String) -> String {
        var rest = Substring(html)
        // Attribute values are the only place a `="` stands: text and code are escaped.
        guard var open = attributeValueStart(in: rest) else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 256)
        while true {
            result += rest[..<open.upperBound]
            let name = attributeName(before: open.lowerBound, in: rest)
            let value = Substring(rest[open.upperBound...].utf8.prefix { $0 != UInt8(ascii: "\"") })
            rest = rest[value.endIndex...]
            switch name {
            case "srcset":
                result += value.split(separator: ",").map { candidate in
                    let parts = candidate.split(separator: " ", maxSplits: 1)
                    guard let url = parts.first else { return String(candidate) }
                    let leading = candidate.prefix { $0 == " " }
                    return leading + resolve(String(url), from: page, base: base) + (parts.count > 1 ? " " + parts[1] : "")
                }.joined(separator: ",")
            case let name where attributes.contains(String(name)):
                result += resolve(String(value), from: page, base: base)
            default:
                result += value
            }
            guard let next = attributeValueStart(in: rest) else { return result + rest }
            open = next
        }
    }

    /// The letters just before an attribute's `="`: its name (HTML's are ASCII).
    private static func attributeName(before end: String.Index, in text: Substring) -> Substring {
        let bytes = text.utf8
        var start = end
        while start > bytes.startIndex {
            let previous = bytes.index(before: start)
            guard (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[previous] | 0x20) else { break }
            start = previous
        }
        return text[start..<end]
    }

    /// Where the next `="` stands, found by bytes: Foundation's `range(of:)` and
    /// `contains` convert the text on every call (11 M instructions for 50 entries).
    private static func attributeValueStart(in text: Substring) -> Range<String.Index>? {
        let bytes = text.utf8
        var from = bytes.startIndex
        while let equals = bytes[from...].firstIndex(of: UInt8(ascii: "=")) {
            from = bytes.index(after: equals)
            if from < bytes.endIndex, bytes[from] == UInt8(ascii: "\"") { return equals..<bytes.index(after: from) }
        }
        return nil
    }

    /// `reference` as seen from `page`, absolute; an address with a scheme
    /// (`https:`, `mailto:`) or from the host's root stays as it is.
    static func resolve(_ reference: String, from page: SitePath, base: String) -> String {
        let end = reference.firstIndex { $0 == "?" || $0 == "#" } ?? reference.endIndex
        let path = reference[..<end], suffix = reference[end...]
        if path.hasPrefix("/") || path.prefix(while: { $0 != "/" }).contains(":") { return reference }
        // Only a fragment or a query: the page itself.
        if path.isEmpty { return page.absolute(base: base) + suffix }
        var folders = page.filePath.split(separator: "/").dropLast().map { SitePath.escape(String($0)) }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        for part in parts.dropLast() {
            switch part {
            case "..": _ = folders.popLast()
            case ".", "": continue
            default: folders.append(String(part))
            }
        }
        var file = String(parts[parts.count - 1])
        if file == ".." { _ = folders.popLast() }
        // A folder page is linked as its index.html, for reading from disk; on the web it is the folder.
        if file == ".." || file == "." || file == "index.html" { file = "" }
        return base + folders.map { $0 + "/" }.joined() + file + suffix
    }
}
