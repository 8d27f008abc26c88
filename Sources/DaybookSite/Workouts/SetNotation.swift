/// A weight as written, in its own unit.
public struct Weight: Hashable, Sendable {
    static let kilogramsPerPound = 0.45359237

    var value: Double
    var unit: SiteConfig.Workouts.Unit

    init(_ value: Double, _ unit: SiteConfig.Workouts.Unit) {
        self.value = value
        self.unit = unit
    }

    /// The weight in kg, the unit all statistics count in.
    public var kilograms: Double { unit == .kg ? value : value * Weight.kilogramsPerPound }
}

/// One set: weighted reps (`60kg x 8`), bodyweight reps (`20`), a hold (`60s`),
/// or a weighted hold (`20kg x 60s`). A set without a weight is a bodyweight set.
public struct WorkoutSet: Hashable, Sendable {
    public var weight: Weight?
    public var reps: Int?
    var seconds: Int?

    init(weight: Weight? = nil, reps: Int? = nil, seconds: Int? = nil) {
        self.weight = weight
        self.reps = reps
        self.seconds = seconds
    }
}

/// The set notation of a workout line, the text after `Exercise:`.
///
/// ```
/// notation := group (';' group)*
/// group    := [weight x] work
/// weight   := number [kg | lb | lbs]    (no unit: the site's unit)  |  bw
/// work     := item x count              (count sets of the same item)
///           | item (',' item)*           (one set per item)
/// item     := whole number (reps) | duration (45s, 2m, 1m30s, 90sec, 2min)
/// ```
/// `x`, `X` and `×` all mean "times"; spaces between tokens are optional.
/// A number directly followed by `x` is a weight: `60 x 8` is 60 of the site's
/// unit for 8 reps, while `20, 20, 15` are bodyweight reps.
public enum SetNotation {
    public struct Failure: Error, Hashable, Sendable {
        /// 1-based, in characters of the text given to `parse`.
        var column: Int
        var message: String
        var hint: String?
    }

    /// Most sets one `x N` may create, so a typo cannot make a million sets.
    static let maxSetCount = 100
    /// Heaviest weight, in kg: the heaviest lifts ever made are about 500 kg.
    static let maxKilograms = 1000.0
    static let maxReps = 10_000
    /// Longest time one set may take: a day.
    static let maxSeconds = 24 * 3600

    /// The groups of sets, in the order written; `a; b; c` gives three groups.
    public static func parse(_ text: some StringProtocol, defaultUnit: SiteConfig.Workouts.Unit) -> Result<[[WorkoutSet]], Failure> {
        var parser = Parser(characters: Array(text), defaultUnit: defaultUnit)
        do {
            return .success(try parser.notation())
        } catch {
            return .failure(error)
        }
    }

    private struct Parser {
        let characters: [Character]
        let defaultUnit: SiteConfig.Workouts.Unit
        var position = 0

        init(characters: [Character], defaultUnit: SiteConfig.Workouts.Unit) {
            self.characters = characters
            self.defaultUnit = defaultUnit
        }

        enum Quantity {
            case bare(Double, text: String)
            case weight(Weight)
            case bodyweight
            case seconds(Int)
        }

        enum Item {
            case reps(Int)
            case seconds(Int)
            var set: WorkoutSet {
                switch self {
                case let .reps(n): WorkoutSet(reps: n)
                case let .seconds(s): WorkoutSet(seconds: s)
                }
            }
        }

        private static let weightUnits: [String: SiteConfig.Workouts.Unit] = ["kg": .kg, "lb": .lb, "lbs": .lb]
        private static let minuteUnits = ["m", "min"]
        private static let secondUnits = ["s", "sec"]
        private static let allUnits = ["kg", "lb", "lbs", "s", "sec", "m", "min"]

        var column: Int { position + 1 }
        var current: Character? { position < characters.count ? characters[position] : nil }

        func failure(_ message: String, at column: Int? = nil, hint: String? = nil) -> Failure {
            Failure(column: column ?? self.column, message: message, hint: hint)
        }

        mutating func skipSpaces() {
            while let c = current, c == " " || c == "\t" { position += 1 }
        }

        static func isTimes(_ c: Character) -> Bool { c == "x" || c == "X" || c == "×" }

        /// Consumes an `x` and reports whether there was one.
        mutating func times() -> Bool {
            skipSpaces()
            guard let c = current, Parser.isTimes(c) else { return false }
            position += 1
            return true
        }

        mutating func notation() throws(Failure) -> [[WorkoutSet]] {
            var groups = [try group()]
            while true {
                skipSpaces()
                guard let c = current else { return groups }
                guard c == ";" else {
                    throw failure("unexpected '\(c)'", hint: "sets look like 60kg x 8, 8, 6 — put remarks on their own line")
                }
                position += 1
                groups.append(try group())
            }
        }

        mutating func group() throws(Failure) -> [WorkoutSet] {
            skipSpaces()
            let start = column
            let first = try quantity()
            if times() {
                // `60kg x …`, `60 x …`, `bw x …`: a weight, then the work done with it.
                let weight: Weight?
                switch first {
                case let .weight(w): weight = try checked(w, at: start)
                case let .bare(value, _): weight = try checked(Weight(value, defaultUnit), at: start)
                case .bodyweight: weight = nil
                case let .seconds(s):
                    // `60s x 3`: a hold, three times.
                    return Array(repeating: WorkoutSet(seconds: s), count: try setCount())
                }
                return try work().map { item in
                    var set = item.set
                    set.weight = weight
                    return set
                }
            }
            switch first {
            case .weight, .bodyweight:
                throw failure("expected 'x' and the reps after the weight", hint: "write it like 60kg x 8")
            case let .bare(value, text):
                return try rest(of: .reps(try reps(value, text: text, at: start))).map(\.set)
            case let .seconds(s):
                return try rest(of: .seconds(s)).map(\.set)
            }
        }

        /// After a weight and its `x`: `8`, `8 x 3`, `8, 8, 6`, `60s`.
        mutating func work() throws(Failure) -> [Item] {
            skipSpaces()
            return try rest(of: try item())
        }

        /// What may follow a first item: `x count` or `, item, item`.
        mutating func rest(of first: Item) throws(Failure) -> [Item] {
            if times() { return Array(repeating: first, count: try setCount()) }
            var items = [first]
            while true {
                skipSpaces()
                guard current == "," else { return items }
                position += 1
                skipSpaces()
                items.append(try item())
            }
        }

        mutating func item() throws(Failure) -> Item {
            let start = column
            switch try quantity() {
            case let .bare(value, text): return .reps(try reps(value, text: text, at: start))
            case let .seconds(s): return .seconds(s)
            case .weight, .bodyweight:
                throw failure("expected reps or a time here, not a weight", at: start,
                              hint: "a new weight starts a new group after ';', like 60kg x 8; 70kg x 5")
            }
        }

        mutating func setCount() throws(Failure) -> Int {
            skipSpaces()
            let start = column
            guard current?.isASCIIDigit == true, case let .bare(value, text) = try quantity() else {
                throw failure("expected the number of sets after 'x'", at: start, hint: "like 60kg x 8 x 3 for three sets of 8")
            }
            guard value == value.rounded(), value >= 1 else {
                throw failure("the number of sets must be a whole number of at least 1, not \(text)", at: start)
            }
            guard value <= Double(SetNotation.maxSetCount) else {
                throw failure("\(text) sets is more than \(SetNotation.maxSetCount)", at: start)
            }
            return Int(value)
        }

        func checked(_ weight: Weight, at start: Int) throws(Failure) -> Weight {
            guard weight.kilograms <= SetNotation.maxKilograms else {
                let limit = weight.unit == .kg ? "\(Int(SetNotation.maxKilograms)) kg" : "\(Int(SetNotation.maxKilograms / Weight.kilogramsPerPound)) lb"
                throw failure("a weight must be at most \(limit)", at: start)
            }
            return weight
        }

        func reps(_ value: Double, text: String, at start: Int) throws(Failure) -> Int {
            guard value == value.rounded(), value >= 1, value <= Double(SetNotation.maxReps) else {
                throw failure("reps must be a whole number between 1 and \(SetNotation.maxReps), not \(text)", at: start)
            }
            return Int(value)
        }

        /// A number with its unit, or the word `bw`.
        mutating func quantity() throws(Failure) -> Quantity {
            let start = column
            if let word = peekWord(), word.lowercased() == "bw" {
                position += word.count
                return .bodyweight
            }
            let (value, text) = try number()
            skipSpaces()
            let unitColumn = column
            guard let unit = peekWord() else { return .bare(value, text: text) }
            let lower = unit.lowercased()
            position += unit.count
            if let weightUnit = Parser.weightUnits[lower] { return .weight(Weight(value, weightUnit)) }
            guard Parser.minuteUnits.contains(lower) || Parser.secondUnits.contains(lower) else {
                throw failure("unknown unit '\(unit)'", at: unitColumn,
                              hint: Suggestion.hint(for: unit, in: Parser.allUnits) ?? "units are kg, lb, s and m")
            }
            guard value == value.rounded() else {
                throw failure("write times in whole minutes and seconds, like 1m30s", at: start)
            }
            guard value <= Double(SetNotation.maxSeconds) else { throw failure("a time must be at most 24 hours", at: start) }
            var seconds = Int(value) * (Parser.minuteUnits.contains(lower) ? 60 : 1)
            if Parser.minuteUnits.contains(lower), nextNonSpaceIsDigit() {
                // `1m30s`, `1m 30s`
                skipSpaces()
                let secondsColumn = column
                let (extra, extraText) = try number()
                let suffix = peekWord() ?? ""
                guard Parser.secondUnits.contains(suffix.lowercased()) else {
                    throw failure("expected 's' after \(extraText)", at: column, hint: "write a time like 1m30s")
                }
                position += suffix.count
                guard extra == extra.rounded(), extra < 60 else {
                    throw failure("seconds after minutes must be a whole number below 60, not \(extraText)", at: secondsColumn)
                }
                seconds += Int(extra)
            }
            guard seconds >= 1, seconds <= 24 * 3600 else {
                throw failure("a time must be between 1 second and 24 hours", at: start)
            }
            return .seconds(seconds)
        }

        func nextNonSpaceIsDigit() -> Bool {
            var index = position
            while index < characters.count, characters[index] == " " { index += 1 }
            return index < characters.count && characters[index].isASCIIDigit
        }

        /// Letters at the position, stopping at an `x` so that `60kgx8` reads as `60kg x 8`.
        func peekWord() -> String? {
            var end = position
            while end < characters.count, characters[end].isLetter, !Parser.isTimes(characters[end]) { end += 1 }
            return end > position ? String(characters[position..<end]) : nil
        }

        mutating func number() throws(Failure) -> (Double, String) {
            let start = position
            while current?.isASCIIDigit == true { position += 1 }
            if current == ".", position > start, position + 1 < characters.count, characters[position + 1].isASCIIDigit {
                position += 1
                while current?.isASCIIDigit == true { position += 1 }
            }
            guard position > start else {
                if let c = current {
                    throw failure("expected a number, found '\(c)'", hint: "sets look like 60kg x 8, 8, 6 or 20, 20, 15 or 60s x 3")
                }
                throw failure("expected a number at the end of the sets", hint: "sets look like 60kg x 8, 8, 6 or 20, 20, 15 or 60s x 3")
            }
            let text = String(characters[start..<position])
            guard let value = Double(text), value.isFinite else { throw failure("'\(text.prefix(12))…' is too large", at: start + 1) }
            return (value, text)
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
