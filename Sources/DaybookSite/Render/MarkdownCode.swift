/// Where code lies in Markdown read a byte at a time, for the scans that
/// must leave it alone (Obsidian's comments, math): code fences, which open
/// and close at a line's start (after a quote's `>` markers and its indent),
/// and code spans, which end within their paragraph.
struct MarkdownCode {
    private var fence: (byte: UInt8, count: Int)?

    /// Whether the scan is inside a fence, its opening and closing lines included.
    var inFence: Bool { fence != nil }

    /// Reads the start of the line at `index`: a fence opens or closes there.
    mutating func startLine(_ bytes: [UInt8], at index: Int) {
        var at = index
        while at < bytes.count, bytes[at] == UInt8(ascii: ">") || bytes[at] == UInt8(ascii: " ") { at += 1 }
        let mark = at < bytes.count ? bytes[at] : 0
        guard mark == UInt8(ascii: "`") || mark == UInt8(ascii: "~") else { return }
        var run = 0
        while at + run < bytes.count, bytes[at + run] == mark { run += 1 }
        if let open = fence {
            if mark == open.byte, run >= open.count { fence = nil }
        } else if run >= 3 {
            fence = (mark, run)
        }
    }

    /// Past the code span whose backticks start at `index`: past its closing
    /// run of as many backticks within its paragraph, or, when it has none,
    /// past the opening run, which is then text.
    static func skipSpan(_ bytes: [UInt8], at index: Int) -> Int {
        let tick = UInt8(ascii: "`")
        var run = 0
        while index + run < bytes.count, bytes[index + run] == tick { run += 1 }
        var at = index + run
        while at < bytes.count, !(bytes[at] == UInt8(ascii: "\n") && isBlankLine(bytes, at: at + 1)) {
            guard bytes[at] == tick else { at += 1; continue }
            var other = 0
            while at + other < bytes.count, bytes[at + other] == tick { other += 1 }
            if other == run { return at + other }
            at += other
        }
        return index + run
    }

    /// Whether the line starting at `at` holds nothing but a quote's `>` markers and white space: it ends a paragraph.
    static func isBlankLine(_ bytes: [UInt8], at: Int) -> Bool {
        var next = at
        while next < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ">")].contains(bytes[next]) { next += 1 }
        return next >= bytes.count || bytes[next] == UInt8(ascii: "\n")
    }
}
