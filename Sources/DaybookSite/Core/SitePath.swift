import Foundation

/// Where a page lives in the site, relative to the site root: a folder page
/// (`diary/2026/2026-11-20/`, written as its `index.html`) or a file
/// (`feed.xml`). Every link between pages is made relative from these, so the
/// site works from disk, at a domain root and under a sub-path.
struct SitePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Without a leading slash; folders end in `/`; the home page is "".
    let value: String

    init(_ value: String) { self.value = value }

    static let home = SitePath("")
    static func folder(_ components: String...) -> SitePath { folder(components) }
    static func folder(_ components: [String]) -> SitePath {
        SitePath(components.filter { !$0.isEmpty }.map { $0 + "/" }.joined())
    }

    var isFolder: Bool { value.isEmpty || value.hasSuffix("/") }
    /// The file written for this path.
    var filePath: String { isFolder ? value + "index.html" : value }
    /// How deep the written file sits: "" → 0, `diary/` → 1, `feed.xml` → 0.
    var depth: Int {
        // A folder's file adds `index.html`, no slash: the value's own slashes, counted
        // in its stored bytes (stepping through `utf8` took 9 M instructions a build).
        var value = value
        return value.withUTF8 { $0.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
    }
    /// `../../` from this page to the root.
    var rootPrefix: String { String(repeating: "../", count: depth) }

    /// A relative link from this page to `target`. Folders link to their
    /// `index.html` because a browser opening files from disk shows a folder
    /// listing for `…/`, not its index. The link climbs only to the folder
    /// both share: `../2026-11-19/index.html` between two entries of a year,
    /// not `../../../diary/2026/2026-11-19/index.html`.
    func link(to target: SitePath, fragment: String? = nil) -> String {
        // By the values' bytes: a folder's `index.html` holds no `/`, so it
        // changes neither the shared folders nor the climb, and is added last.
        var hereValue = value, thereValue = target.value
        return hereValue.withUTF8 { here in
            thereValue.withUTF8 { there -> String in
                // The length of the folders both paths begin with, up to and with its last `/`.
                var shared = 0, offset = 0
                let common = min(here.count, there.count)
                while offset < common, here[offset] == there[offset] {
                    if here[offset] == UInt8(ascii: "/") { shared = offset + 1 }
                    offset += 1
                }
                var up = 0
                for byte in here[shared...] where byte == UInt8(ascii: "/") { up += 1 }
                let rest = UnsafeBufferPointer(rebasing: there[shared...])
                let index = target.isFolder ? "index.html" : ""
                let hash = fragment.map { "#" + $0 } ?? ""
                guard !rest.contains(where: Self.needsEscape) else {
                    return String(repeating: "../", count: up) + Self.escape(String(decoding: rest, as: UTF8.self)) + index + hash
                }
                return String(unsafeUninitializedCapacity: 3 * up + rest.count + index.utf8.count + hash.utf8.count) { buffer in
                    var end = 0
                    for _ in 0..<up {
                        buffer[end] = UInt8(ascii: "."); buffer[end + 1] = UInt8(ascii: "."); buffer[end + 2] = UInt8(ascii: "/")
                        end += 3
                    }
                    for byte in rest { buffer[end] = byte; end += 1 }
                    for byte in index.utf8 { buffer[end] = byte; end += 1 }
                    for byte in hash.utf8 { buffer[end] = byte; end += 1 }
                    return end
                }
            }
        }
    }

    /// The page a relative link on this page leads to (`../2026-11-19/`,
    /// `../2026-11-19/index.html#part`, `../../../pages/garden`), as a folder
    /// page; nil when it climbs out of the site. Whether a page is there is the caller's to ask.
    func resolving(_ url: String) -> SitePath? {
        let path = url.prefix { $0 != "#" && $0 != "?" }
        var parts = value.split(separator: "/").map(String.init)
        if !isFolder { parts.removeLast() }
        for part in path.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            // Foundation's decoding is costly and most parts have nothing to decode.
            default: parts.append(part.contains("%") ? part.removingPercentEncoding ?? String(part) : String(part))
            }
        }
        if parts.last == "index.html" { parts.removeLast() }
        return .folder(parts)
    }

    /// A link up to the site's root and down to `target`: the same from every
    /// page at this depth, for values kept per depth (`ByDepth`).
    func linkThroughRoot(to target: SitePath) -> String {
        rootPrefix + Self.escape(target.filePath)
    }

    /// Percent-encodes what would end or break a URL path (space, `#`, `?`,
    /// `%`, quotes, controls); letters of any script stay readable.
    static func escape(_ path: String) -> String {
        // Most paths need nothing: checking bytes is far cheaper than rebuilding by scalars.
        guard path.utf8.contains(where: needsEscape) else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            if scalar.isASCII, needsEscape(UInt8(scalar.value)) {
                result += String(format: "%%%02X", scalar.value)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An ASCII character `escape` encodes (bytes of other characters never are).
    private static func needsEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x00..<0x20, 0x7F, UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "?"), UInt8(ascii: "%"), UInt8(ascii: "\""),
             UInt8(ascii: "'"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"), UInt8(ascii: "`"),
             UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"):
            return true
        default:
            return false
        }
    }

    /// The path published links use: `https://host/sub/diary/2026/2026-11-20/`.
    func absolute(base: String) -> String { base + Self.escape(value) }

    var description: String { value }
    static func < (a: SitePath, b: SitePath) -> Bool { a.value < b.value }
}

/// Turns arbitrary text (a tag, a deck name) into a safe URL segment while
/// keeping Hangul and other letters readable: `Winter Trip` → `winter-trip`.
public enum Slug {
    public static func make(_ text: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in text.lowercased().unicodeScalars {
            // ASCII without the property lookup: every tag link of every list asks.
            let keep = scalar.isASCII ? ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) : scalar.properties.isAlphabetic
            if keep {
                if pendingDash, !result.isEmpty { result += "-" }
                result.unicodeScalars.append(scalar)
                pendingDash = false
            } else {
                pendingDash = true
            }
        }
        return SlugLength.fitting(result.isEmpty ? "tag" : result)
    }
}
