/// File systems allow 255 bytes in a name; a 300-letter tag (or 100 Hangul
/// syllables, 3 bytes each) must still build. A long slug keeps its first
/// letters and gets a hash of the whole slug, stable from build to build
/// (Swift's `Hasher` is seeded per process, so FNV-1a instead).
enum SlugLength {
    /// Leaves room for `.html` and friends below the 255-byte limit.
    static let maxBytes = 120

    static func fitting(_ slug: String) -> String {
        guard slug.utf8.count > maxBytes else { return slug }
        let suffix = "-" + String(FNV.of(Array(slug.utf8)), radix: 16)
        var kept = ""
        for character in slug {
            if kept.utf8.count + String(character).utf8.count + suffix.utf8.count > maxBytes { break }
            kept.append(character)
        }
        while kept.hasSuffix("-") { kept.removeLast() }
        return kept + suffix
    }
}
