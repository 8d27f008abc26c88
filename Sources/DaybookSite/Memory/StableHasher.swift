/// A hash that is the same in every process, so that a key can be kept on
/// disk and compared by the next `daybook build` (`PageRecord`): Swift's
/// `Hasher` is seeded per process. SipHash-1-3 (Swift's own algorithm) with
/// a fixed key; the values fed to it are bytes in a fixed order, never a
/// type's `Hashable` (a `String`'s hash treats composed and decomposed
/// accents alike, a `Set`'s order changes from process to process).
struct StableHasher {
    private var v0: UInt64 = 0x736f_6d65_7073_6575 ^ 0x4461_7962_6f6f_6b31
    private var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ 0x5061_6765_4b65_7973
    private var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ 0x4461_7962_6f6f_6b31
    private var v3: UInt64 = 0x7465_6462_7974_6573 ^ 0x5061_6765_4b65_7973
    /// Bytes not yet compressed (fewer than 8), lowest first.
    private var tail: UInt64 = 0
    private var tailCount = 0
    private var length: UInt64 = 0

    init() {}

    mutating func combine(_ value: UInt64) {
        length &+= 8
        if tailCount == 0 { return compress(value) }
        let shift = UInt64(tailCount * 8)
        compress(tail | value << shift)
        tail = value >> (64 - shift)
    }

    mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    mutating func combine(_ value: Bool) { combine(value ? 1 : 0) }

    mutating func combine(_ value: Double) { combine(value.bitPattern) }

    mutating func combine(_ key: PageKey) { combine(key.value) }

    mutating func combine<Value: StablyHashable>(_ value: Value) { value.combine(into: &self) }

    /// Bytes as they are, without their count (`combine(text:)` adds it).
    mutating func combine(bytes: UnsafeRawBufferPointer) {
        guard var pointer = bytes.baseAddress else { return }
        var count = bytes.count
        length &+= UInt64(count)
        // Fill the tail first.
        while tailCount > 0 && tailCount < 8 && count > 0 {
            tail |= UInt64(pointer.load(as: UInt8.self)) << UInt64(tailCount * 8)
            tailCount += 1
            pointer += 1
            count -= 1
        }
        if tailCount == 8 {
            compress(tail)
            tail = 0
            tailCount = 0
        }
        while count >= 8 {
            compress(UInt64(littleEndian: pointer.loadUnaligned(as: UInt64.self)))
            pointer += 8
            count -= 8
        }
        while count > 0 {
            tail |= UInt64(pointer.load(as: UInt8.self)) << UInt64(tailCount * 8)
            tailCount += 1
            pointer += 1
            count -= 1
        }
    }

    /// A text by its UTF-8 bytes, then their count, so that "ab", "c" and "a", "bc" differ.
    mutating func combine(text: String) {
        var text = text
        let count = text.withUTF8 { bytes in
            combine(bytes: UnsafeRawBufferPointer(bytes))
            return bytes.count
        }
        combine(count)
    }

    mutating func combine(text: String?) {
        combine(text != nil)
        if let text { combine(text: text) }
    }

    func finalize() -> Int {
        var copy = self
        return copy.finish()
    }

    /// The hash of one text (`combine(text:)`).
    static func hash(text: String) -> Int {
        var hasher = StableHasher()
        hasher.combine(text: text)
        return hasher.finalize()
    }

    private mutating func finish() -> Int {
        // The length counts bytes, and `combine(UInt64)` merged into the tail adds 8 without changing `tailCount`.
        compress(length << 56 | tail)
        v2 ^= 0xff
        round()
        round()
        round()
        return Int(bitPattern: UInt(v0 ^ v1 ^ v2 ^ v3))
    }

    private mutating func compress(_ message: UInt64) {
        v3 ^= message
        round()
        v0 ^= message
    }

    private mutating func round() {
        v0 &+= v1; v1 = v1.rotated(13); v1 ^= v0; v0 = v0.rotated(32)
        v2 &+= v3; v3 = v3.rotated(16); v3 ^= v2
        v0 &+= v3; v3 = v3.rotated(21); v3 ^= v0
        v2 &+= v1; v1 = v1.rotated(17); v1 ^= v2; v2 = v2.rotated(32)
    }
}

/// A value a key is made of, fed to a `StableHasher` as bytes in a fixed order.
protocol StablyHashable {
    func combine(into hasher: inout StableHasher)
}

extension Int: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(self) }
}

extension UInt64: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(self) }
}

extension Bool: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(self) }
}

extension Double: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(self) }
}

extension PageKey: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(value) }
}

extension Optional: StablyHashable where Wrapped: StablyHashable {
    func combine(into hasher: inout StableHasher) {
        hasher.combine(self != nil)
        if let self { self.combine(into: &hasher) }
    }
}

extension Array: StablyHashable where Element: StablyHashable {
    func combine(into hasher: inout StableHasher) {
        hasher.combine(count)
        for element in self { element.combine(into: &hasher) }
    }
}

// The values of the site that keys are made of.

extension LocalDate: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(daysSinceEpoch) }
}

extension YearMonth: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(year * 12 + month) }
}

extension SitePath: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(text: value) }
}

extension SearchKind: StablyHashable {
    func combine(into hasher: inout StableHasher) {
        hasher.combine(text: rawValue)
        hasher.combine(rank)
    }
}

extension WordBookActivity: StablyHashable {
    func combine(into hasher: inout StableHasher) {
        switch self {
        case let .study(day): hasher.combine(0); hasher.combine(day)
        case let .review(number): hasher.combine(1); hasher.combine(number)
        }
    }
}

extension Section: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(text: name) }
}

extension WeatherCondition: StablyHashable {
    func combine(into hasher: inout StableHasher) { hasher.combine(text: rawValue) }
}

extension WordBookPlan: StablyHashable {
    func combine(into hasher: inout StableHasher) {
        hasher.combine(start)
        hasher.combine(studyDays)
        hasher.combine(reviewDays)
        hasher.combine(dueDays)
    }
}

extension Photo: StablyHashable {
    func combine(into hasher: inout StableHasher) {
        hasher.combine(text: source)
        hasher.combine(text: key)
        hasher.combine(sizes.count)
        for size in sizes {
            hasher.combine(size.width)
            hasher.combine(size.height)
        }
    }
}

private extension UInt64 {
    func rotated(_ count: UInt64) -> UInt64 { self << count | self >> (64 - count) }
}
