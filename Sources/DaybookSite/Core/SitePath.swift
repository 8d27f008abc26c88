import Foundation

/// Where a page lives in the site, relative to the site root: a folder page
/// (`diary/2026/2026-11-20/`, written as its `index.html`) or a file
/// (`feed.xml`). Every link between pages is made relative from these, so the
/// site works from disk, at a domain root and under a sub-path.
public struct SitePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Without a leading slash; folders end in `/`; the home page is "".
    public let value: String

    public init(_ value: String) { self.value = value }

    public static let home = SitePath("")
    public static func folder(_ components: String...) -> SitePath { folder(components) }
    public static func folder(_ components: [String]) -> SitePath {
        SitePath(components.filter { !$0.isEmpty }.map { $0 + "/" }.joined())
    }

    public var isFolder: Bool { value.isEmpty || value.hasSuffix("/") }
    /// The file written for this path.
    public var filePath: String { isFolder ? value + "index.html" : value }
    /// How deep the written file sits: "" → 0, `diary/` → 1, `feed.xml` → 0.
    var depth: Int { filePath.utf8.reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 } }
    /// `../../` from this page to the root.
    public var rootPrefix: String { String(repeating: "../", count: depth) }

    /// A relative link from this page to `target`. Folders link to their
    /// `index.html` because a browser opening files from disk shows a folder
    /// listing for `…/`, not its index. The link climbs only to the folder
    /// both share: `../2026-11-19/index.html` between two entries of a year,
    /// not `../../../diary/2026/2026-11-19/index.html`.
    public func link(to target: SitePath, fragment: String? = nil) -> String {
        let here = filePath.utf8, there = target.filePath.utf8
        // The length of the folders both paths begin with, up to and with its last `/`.
        var shared = 0
        for (offset, (a, b)) in zip(here, there).enumerated() {
            guard a == b else { break }
            if a == UInt8(ascii: "/") { shared = offset + 1 }
        }
        let up = here.dropFirst(shared).reduce(0) { $1 == UInt8(ascii: "/") ? $0 + 1 : $0 }
        let href = String(repeating: "../", count: up) + Self.escape(String(decoding: there.dropFirst(shared), as: UTF8.self))
        return fragment.map { href + "#" + $0 } ?? href
    }

    /// A link up to the site's root and down to `target`: the same from every
    /// page at this depth, for values kept per depth (`ByDepth`).
    public func linkThroughRoot(to target: SitePath) -> String {
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
    public func absolute(base: String) -> String { base + Self.escape(value) }

    public var description: String { value }
    public static func < (a: SitePath, b: SitePath) -> Bool { a.value < b.value }
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
