/// The `date:` of an entry: `2026-11-20`, `2026-11-20 21:30`, or ISO-8601
/// such as `2026-11-20T21:30:00+09:00`. The local day and clock time are
/// kept as written; an offset is remembered for the feed's timestamps.
struct EntryDate: Hashable, Sendable {
    var date: LocalDate
    var time: LocalTime?
    var utcOffsetMinutes: Int?

    init(date: LocalDate, time: LocalTime? = nil, utcOffsetMinutes: Int? = nil) {
        self.date = date
        self.time = time
        self.utcOffsetMinutes = utcOffsetMinutes
    }

    init?(parsing raw: String) {
        // The common `2026-11-20 21:30`, read by bytes; the same as below gives.
        if let (date, time) = Self.dayAndMinute(raw.utf8) {
            guard let date, let time else { return nil }
            self.init(date: date, time: time)
            return
        }
        let text = raw.trimmingCharacters(in: " ")
        guard text.count >= 10, let date = LocalDate(iso: text.prefix(10)) else { return nil }
        var rest = text.dropFirst(10)
        guard !rest.isEmpty else {
            self.init(date: date)
            return
        }
        guard rest.first == " " || rest.first == "T" || rest.first == "t" else { return nil }
        rest = rest.dropFirst()
        while rest.first == " " { rest = rest.dropFirst() }

        // Offset: Z, +09:00, +0900, -05:00
        var offset: Int?
        if rest.last == "Z" || rest.last == "z" {
            offset = 0
            rest = rest.dropLast()
        } else if let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = String(rest[rest.index(after: sign)...].filter { $0 != ":" })
            guard zone.count == 4 || zone.count == 2, let value = Int(zone) else { return nil }
            let (hours, extra) = zone.count == 4 ? (value / 100, value % 100) : (value, 0)
            guard extra < 60 else { return nil }
            let minutes = (hours * 60 + extra) * (rest[sign] == "-" ? -1 : 1)
            // Offsets in use run from -12:00 to +14:00.
            guard (-720...840).contains(minutes) else { return nil }
            offset = minutes
            rest = rest[..<sign]
            while rest.last == " " { rest = rest.dropLast() }
        }

        // Clock: HH:MM, HH:MM:SS, HH:MM:SS.fff
        let clock = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 2 || clock.count == 3,
              clock[0].count == 2, clock[1].count == 2,
              let hour = Int(clock[0]), let minute = Int(clock[1]),
              let time = LocalTime(hour: hour, minute: minute) else { return nil }
        if clock.count == 3 {
            let seconds = clock[2].split(separator: ".", maxSplits: 1)
            guard let first = seconds.first, first.count == 2, let s = Int(first), (0...60).contains(s) else { return nil }
        }
        self.init(date: date, time: time, utcOffsetMinutes: offset)
    }

    /// For a text of the shape `dddd-dd-dd dd:dd` (or with `T` or `t`), its
    /// day and clock time, each nil when out of range; nil for other shapes.
    private static func dayAndMinute(_ bytes: String.UTF8View) -> (LocalDate?, LocalTime?)? {
        guard bytes.count == 16 else { return nil }
        var digits: [Int] = []
        digits.reserveCapacity(12)
        for (index, byte) in bytes.enumerated() {
            switch index {
            case 4, 7: guard byte == UInt8(ascii: "-") else { return nil }
            case 10: guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "T") || byte == UInt8(ascii: "t") else { return nil }
            case 13: guard byte == UInt8(ascii: ":") else { return nil }
            default:
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                digits.append(Int(byte - UInt8(ascii: "0")))
            }
        }
        let number = { (range: Range<Int>) in digits[range].reduce(0) { $0 * 10 + $1 } }
        let date = LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8))
        return (date, LocalTime(hour: number(8..<10), minute: number(10..<12)))
    }
}


extension EntryDate {
    /// The `date:` of a dated file (an entry, a workout), or the date its file
    /// name starts with; an error naming `what` when there is neither.
    static func read(_ value: YAMLValue?, file: SourceFile, what: String, into diagnostics: inout Diagnostics) -> EntryDate? {
        if let value {
            guard let text = value.string("date", into: &diagnostics) else { return nil }
            guard let date = EntryDate(parsing: text) else {
                diagnostics.error(value.location, "invalid date '\(text)'",
                                  hint: "write 2026-11-20, 2026-11-20 21:30 or 2026-11-20T21:30:00+09:00 (offsets from -12:00 to +14:00)")
                return nil
            }
            // `2026-11-26.md` dated 2026-12-26 is a slip in one of the two.
            if let named = LocalDate(iso: file.baseName.prefix(10)), named != date.date {
                diagnostics.warning(value.location, "the \(what) is dated \(date.date.iso) but its file name says \(named.iso)",
                                    hint: "correct the date or rename the file")
            }
            return date.date.checkedYear(at: value.location, into: &diagnostics).map { _ in date }
        }
        if let date = LocalDate(iso: file.baseName.prefix(10)) {
            return date.checkedYear(at: file.location(line: 1), into: &diagnostics).map { EntryDate(date: $0) }
        }
        diagnostics.error(file.location(line: 1), "\(what) has no date",
                          hint: "add 'date: 2026-11-20' to the front matter, or start the file name with the date")
        return nil
    }
}
