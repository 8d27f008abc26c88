extension Hasher {
    /// A text by its UTF-8 bytes: `String`'s own hash treats composed and
    /// decomposed accents alike, but they are different bytes on a page.
    mutating func combine(text: String) {
        var text = text
        text.withUTF8 { combine(bytes: UnsafeRawBufferPointer($0)) }
        // The length ends the text, so that "ab", "c" and "a", "bc" differ.
        combine(text.utf8.count)
    }

    mutating func combine(text: String?) {
        combine(text != nil)
        if let text { combine(text: text) }
    }

    /// The hash of one text (see `combine(text:)`).
    static func hash(text: String) -> Int {
        var hasher = Hasher()
        hasher.combine(text: text)
        return hasher.finalize()
    }
}
