/// Eight bytes of UTF-8 tested together, as one 64-bit word: the scans that
/// look for a few bytes to escape or refuse (HTML, JSON, XML) skip the
/// eight at once when none is there, and look byte by byte only then.
/// Each test is exact about whether the word holds such a byte, and about
/// the first one (the lowest byte flagged, as loaded on a little-endian
/// machine): a borrow only marks bytes after a true one.
enum ByteWord {
    @usableFromInline static let ones: UInt64 = 0x0101_0101_0101_0101
    @usableFromInline static let highs: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes from `index` (at least eight must remain).
    @inlinable @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
    }

    /// Non-zero when one of the word's bytes is `byte`.
    @inlinable @inline(__always)
    static func has(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        // The classic test for a zero byte, of the word with `byte` cleared.
        let cleared = word ^ (ones &* UInt64(byte))
        return (cleared &- ones) & ~cleared & highs
    }

    /// Non-zero when one of the word's bytes is below `limit` (at most 0x80).
    @inlinable @inline(__always)
    static func hasBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        // Such a byte borrows when `limit` is taken from it; bytes of 0x80 and above are masked by ~word.
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// The index in the word of its first byte a test flagged (its lowest, on a little-endian machine).
    @inlinable @inline(__always)
    static func first(_ flagged: UInt64) -> Int { flagged.trailingZeroBitCount / 8 }
}
