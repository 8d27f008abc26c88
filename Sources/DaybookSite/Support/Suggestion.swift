/// "Did you mean …?" hints: the candidate nearest to a mistyped word.
public enum Suggestion {
    /// The closest candidate by edit distance, if it is close enough to be a
    /// plausible typo (at most a third of the word's length, at least 2).
    public static func nearest(to word: String, in candidates: some Sequence<String>) -> String? {
        var steps = 0
        return nearest(to: word, in: candidates, steps: &steps)
    }

    /// `nearest`, adding the cells of the distance tables it fills to `steps`.
    static func nearest(to word: String, in candidates: some Sequence<String>, steps: inout Int) -> String? {
        let target = Array(word.lowercased())
        var best: (String, Int)?
        for candidate in candidates {
            let letters = Array(candidate.lowercased())
            steps += 1 + target.count * letters.count
            let distance = editDistance(target, letters)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        guard let (candidate, distance) = best else { return nil }
        return distance <= max(2, target.count / 3) ? candidate : nil
    }

    /// "did you mean 'snow'?" or nil.
    public static func hint(for word: String, in candidates: some Sequence<String>) -> String? {
        nearest(to: word, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// Names for a hint, the first ten and how many there are in all, so a
    /// hint stays one short line however many names a site has.
    public static func names(_ names: [String]) -> String {
        let shown = 10
        guard names.count > shown else { return names.joined(separator: ", ") }
        return names.prefix(shown).joined(separator: ", ") + ", … (\(names.count) in all)"
    }

    /// Levenshtein distance over characters.
    public static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
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
}
