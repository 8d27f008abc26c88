/// The flashcard order of a printed sheet set: a permutation fixed by a seed,
/// so `daybook build --seed N` repeats an order and `assets/print.js` (which
/// carries the same arithmetic in BigInt) reshuffles in the browser to the
/// same order for the same seed. Written out here rather than using Swift's
/// `shuffled(using:)`, whose algorithm the standard library does not promise
/// to keep.
enum SeededShuffle {
    /// SplitMix64 (Steele, Lea, Flood 2014), the generator Java's
    /// `SplittableRandom` and xoshiro's seeding use: 64-bit state, wrapping
    /// arithmetic, identical on every machine.
    struct SplitMix64 {
        private(set) var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// The indexes `0..<count` in shuffled order: Fisher–Yates from the last
    /// position down, position `i` swapped with `next() % (i + 1)`. (The modulo's
    /// bias is below count/2^64, and plain modulo is easy to repeat in JavaScript.)
    static func order(count: Int, seed: UInt64) -> [Int] {
        var order = Array(0..<count)
        var random = SplitMix64(seed: seed)
        var i = count - 1
        while i > 0 {
            let j = Int(random.next() % UInt64(i + 1))
            order.swapAt(i, j)
            i -= 1
        }
        return order
    }

    static func shuffled<Item>(_ items: [Item], seed: UInt64) -> [Item] {
        order(count: items.count, seed: seed).map { items[$0] }
    }
}
