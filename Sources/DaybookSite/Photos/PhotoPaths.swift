import Foundation

/// Where a photo written in Markdown is, and where its sizes are published:
/// pure path rules, no file system.
enum PhotoPaths {
    /// Suffixes Daybook decodes and republishes; other files (SVG, GIF, PDF) are copied as they are.
    static let photoSuffixes: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif", "avif", "tif", "tiff"]

    static func isPhoto(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[path.index(after: dot)...].contains("/") else { return false }
        return photoSuffixes.contains(path[path.index(after: dot)...].lowercased())
    }

    /// The content-relative path a Markdown image URL names, seen from the
    /// Markdown file at `document` (`diary/2026/2026-11-20.md`); nil for what
    /// is not a file of the site (`https:`, `data:`, `/rooted`, `#fragment`)
    /// and for a path that climbs out of `content/`.
    static func resolve(_ url: String, from document: String) -> String? {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("/"), !trimmed.hasPrefix("#"), !trimmed.hasPrefix("//"),
              !hasScheme(trimmed) else { return nil }
        let decoded = written(trimmed)
        var parts = document.split(separator: "/").dropLast().map(String.init)
        for part in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if parts.popLast() == nil { return nil }
            default: parts.append(String(part))
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// A relative path (`../../../outside/p.jpg`) that climbs out of `content/`.
    static func leavesContent(_ url: String, from document: String) -> Bool {
        let trimmed = url.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("/"), !trimmed.hasPrefix("#"), !hasScheme(trimmed) else { return false }
        return resolve(trimmed, from: document) == nil
    }

    /// The path a URL names, without its query and fragment, percent-decoded.
    static func written(_ url: String) -> String {
        let withoutQuery = url.prefix { $0 != "?" && $0 != "#" }
        return String(withoutQuery).removingPercentEncoding ?? String(withoutQuery)
    }

    private static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        return !scheme.isEmpty && !scheme.contains("/") && scheme.allSatisfy { $0.isLetter || $0.isNumber || "+-.".contains($0) }
    }

    /// A published size beside the original: `diary/2026/snow.heic` at 960 px
    /// wide as WebP → `diary/2026/snow-960.webp`.
    static func published(_ source: String, width: Int, suffix: String) -> String {
        let dot = source.lastIndex(of: ".").flatMap { source[$0...].contains("/") ? nil : $0 } ?? source.endIndex
        return "\(source[..<dot])-\(width).\(suffix)"
    }

    /// The names in `source`'s folder nearest to a mistyped one, for a "did you mean" hint.
    static func siblings(of source: String, in paths: some Sequence<String>) -> [String] {
        let folder = (source as NSString).deletingLastPathComponent
        return paths.filter { ($0 as NSString).deletingLastPathComponent == folder }.map { ($0 as NSString).lastPathComponent }
    }
}
