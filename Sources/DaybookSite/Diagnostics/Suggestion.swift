/// "Did you mean …?" hints: the candidate nearest to a mistyped word.
enum Suggestion {
    /// The closest candidate by edit distance, if it is close enough to be a
    /// plausible typo (at most a third of the word's length, at least 2); of
    /// candidates equally close, the first.
    static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        var steps = 0
        return Names(candidates).nearest(to: word, steps: &steps)
    }

    /// "did you mean 'snow'?" or nil.
    static func hint(for word: String, in candidates: some Sequence<String>) -> String? {
        nearest(to: word, in: candidates).map { hint($0) }
    }

    static func hint(_ name: String) -> String { "did you mean '\(name)'?" }

    /// Names for a hint, the first ten and how many there are in all, so a
    /// hint stays one short line however many names a site has.
    static func names(_ names: [String]) -> String {
        let shown = 10
        guard names.count > shown else { return names.joined(separator: ", ") }
        return names.prefix(shown).joined(separator: ", ") + ", … (\(names.count) in all)"
    }

    /// Levenshtein distance.
    static func editDistance<Letter: Equatable>(_ a: [Letter], _ b: [Letter]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Candidates made ready for many words (a site's note names for its dead
    /// links): each lowered once and its letters numbered, grouped by length,
    /// so that a word is compared only with names near its length, a letter
    /// of a name at a time.
    struct Names: Sendable {
        private let names: [String]
        /// Each name's letters, lower case, numbered: the same number for equal `Character`s.
        private let letters: [[Int32]]
        private let numbers: [Character: Int32]
        /// Indices into `names` by length in letters.
        private let byLength: [Int: [Int]]

        init(_ candidates: some Sequence<String>) {
            var numbers: [Character: Int32] = [:], letters: [[Int32]] = [], byLength: [Int: [Int]] = [:]
            let names = Array(candidates)
            for name in names {
                let numbered = name.lowercased().map { letter in
                    if let number = numbers[letter] { return number }
                    numbers[letter] = Int32(numbers.count)
                    return Int32(numbers.count - 1)
                }
                byLength[numbered.count, default: []].append(letters.count)
                letters.append(numbered)
            }
            (self.names, self.letters, self.numbers, self.byLength) = (names, letters, numbers, byLength)
        }

        /// `Suggestion.nearest`, adding a step for each candidate looked at and each of its letters read.
        func nearest(to word: String, steps: inout Int) -> String? {
            // A letter no name has gets a number no name's letter has.
            let target = word.lowercased().map { numbers[$0] ?? -1 }
            let limit = max(2, target.count / 3)
            // The distance is at least the difference in length: names further off cannot be near enough.
            var best: (distance: Int, index: Int)?
            let pattern = target.count <= 64 ? Pattern(target, letters: numbers.count) : nil
            for length in max(0, target.count - limit)...(target.count + limit) {
                for index in byLength[length] ?? [] {
                    steps += 1 + letters[index].count
                    let distance = pattern?.distance(to: letters[index]) ?? Suggestion.editDistance(target, letters[index])
                    if distance <= limit, best.map({ (distance, index) < $0 }) ?? true { best = (distance, index) }
                }
            }
            return best.map { names[$0.index] }
        }
    }

    /// A word of at most 64 letters, compared with a name a letter at a time: the
    /// column of the distance table kept as bits (Myers 1999, in Hyyrö's 2001 form
    /// for the distance between whole strings).
    private struct Pattern {
        let count: Int
        /// For each letter number, the positions in the word that hold it.
        let positions: [UInt64]

        init(_ word: [Int32], letters: Int) {
            var positions = [UInt64](repeating: 0, count: letters)
            for (i, letter) in word.enumerated() where letter >= 0 { positions[Int(letter)] |= 1 << i }
            (count, self.positions) = (word.count, positions)
        }

        func distance(to name: [Int32]) -> Int {
            guard count > 0 else { return name.count }
            let last: UInt64 = 1 << (count - 1)
            // Vertical steps of the column, +1 and -1: the first column is 0, 1, 2, ….
            var plus: UInt64 = count == 64 ? .max : (1 << count) - 1, minus: UInt64 = 0
            var distance = count
            for letter in name {
                let equal = positions[Int(letter)]
                let diagonal = (((equal & plus) &+ plus) ^ plus) | equal | minus
                var horizontalPlus = minus | ~(diagonal | plus)
                let horizontalMinus = plus & diagonal
                if horizontalPlus & last != 0 { distance += 1 } else if horizontalMinus & last != 0 { distance -= 1 }
                // The first row grows by one a letter.
                horizontalPlus = (horizontalPlus << 1) | 1
                plus = (horizontalMinus << 1) | ~(diagonal | horizontalPlus)
                minus = horizontalPlus & diagonal
            }
            return distance
        }
    }
}
