
/// An iCalendar object (RFC 5545) and its serialisation: CRLF line ends,
/// lines folded at 75 octets between UTF-8 characters, TEXT values escaped.
/// Pure values; the feed's meaning is made in `CalendarFeed`.
struct ICalendar: Sendable {
    var productID = "-//Daybook//Daybook calendar feed//EN"
    /// `X-WR-CALNAME`, the name a subscribing app shows.
    var name: String?
    /// DTSTAMP of every event. Fixed by the caller (not the wall clock) so that
    /// two builds of the same content on the same day are byte-identical.
    var stamp: ICalendarDateTime
    /// `REFRESH-INTERVAL` / `X-PUBLISHED-TTL` in minutes: how often a subscriber
    /// should fetch again (the plan moves daily).
    var refreshMinutes: Int?
    var timeZone: ICalendarTimeZone?
    var events: [ICalendarEvent]

    /// The whole file.
    func serialized() -> String {
        var out = ContentLines()
        out.add("BEGIN", "VCALENDAR")
        out.add("VERSION", "2.0")
        out.add("PRODID", Self.text(productID))
        out.add("CALSCALE", "GREGORIAN")
        if let name { out.add("X-WR-CALNAME", Self.text(name)) }
        if let timeZone { out.add("X-WR-TIMEZONE", Self.text(timeZone.identifier)) }
        if let refreshMinutes {
            out.add("REFRESH-INTERVAL", ["VALUE": "DURATION"], Self.duration(minutes: refreshMinutes))
            out.add("X-PUBLISHED-TTL", Self.duration(minutes: refreshMinutes))
        }
        if let timeZone { timeZone.write(to: &out) }
        for event in events { event.write(to: &out, stamp: stamp) }
        out.add("END", "VCALENDAR")
        return out.text
    }

    // MARK: Value formats

    /// A TEXT value (RFC 5545 §3.3.11): `\`, `;`, `,` escaped, every line break
    /// written as `\n`; other control characters, which TEXT cannot hold, dropped.
    static func text(_ value: String) -> String {
        // Appends to a String, not a UnicodeScalarView, whose append(contentsOf:)
        // copies the whole view: a review listing 4,000 words was quadratic.
        var result = ""
        result.reserveCapacity(value.utf8.count)
        var afterCR = false
        for scalar in value.unicodeScalars {
            defer { afterCR = scalar == "\r" }
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\r": result += "\\n"
            case "\n": if !afterCR { result += "\\n" }
            case "\t": result.unicodeScalars.append(scalar)
            default: if scalar.value >= 0x20 && scalar.value != 0x7F { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }

    /// A DURATION (`-PT10M`, `PT9H`, `PT1H30M`, `PT0S`) of whole minutes.
    static func duration(minutes: Int) -> String {
        let sign = minutes < 0 ? "-" : ""
        let hours = abs(minutes) / 60, rest = abs(minutes) % 60
        if hours == 0 && rest == 0 { return "PT0S" }
        return sign + "PT" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 ? "\(rest)M" : "")
    }

    /// A UTC offset (`+0900`, `-0430`, with seconds only when there are any).
    static func utcOffset(seconds: Int) -> String {
        let magnitude = abs(seconds)
        let hhmm = (magnitude / 3600).zeroPadded(2) + (magnitude % 3600 / 60).zeroPadded(2)
        return (seconds < 0 ? "-" : "+") + hhmm + (magnitude % 60 == 0 ? "" : (magnitude % 60).zeroPadded(2))
    }

    static func date(_ date: LocalDate) -> String { String(date.iso.filter { $0 != "-" }) }

    /// `MO`, `TU`, … for ISO weekdays 1…7.
    static func weekday(_ isoWeekday: Int) -> String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][isoWeekday - 1] }

    /// One content line folded (RFC 5545 §3.1): no physical line longer than
    /// 75 octets, continuation lines starting with a space, never breaking a
    /// UTF-8 sequence. Breaks fall between user-perceived characters too (a
    /// decomposed Hangul syllable, an emoji sequence), for readers that unfold
    /// text by characters, unless one is too long for a line. Each physical
    /// line ends in CRLF.
    static func fold(_ line: String) -> String {
        var result = ""
        result.reserveCapacity(line.utf8.count + line.utf8.count / 37 + 2)
        var octets = 0
        func breakBefore(width: Int) {
            if octets + width > 75 {
                result += "\r\n "
                octets = 1
            }
            octets += width
        }
        for character in line {
            let width = character.utf8.count
            if width <= 74 {
                breakBefore(width: width)
                result.append(character)
            } else {
                for scalar in character.unicodeScalars {
                    breakBefore(width: UTF8.width(scalar))
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\r\n"
        return result
    }
}

/// A date and time to the second, either local (with a TZID beside it) or UTC.
struct ICalendarDateTime: Hashable, Sendable {
    var date: LocalDate
    /// Seconds since midnight, 0 ..< 86 400.
    var seconds: Int

    init(_ date: LocalDate, seconds: Int = 0) {
        // Keeps `seconds` in one day, moving the date when it overflows.
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        self.date = date.adding(days: days)
        self.seconds = seconds - days * 86_400
    }

    init(_ date: LocalDate, _ time: LocalTime) { self.init(date, seconds: time.minutes * 60) }

    func adding(seconds delta: Int) -> ICalendarDateTime { ICalendarDateTime(date, seconds: seconds + delta) }

    /// `20261123T063000`; add `Z` for UTC.
    var basic: String {
        ICalendar.date(date) + "T" + (seconds / 3600).zeroPadded(2) + (seconds % 3600 / 60).zeroPadded(2) + (seconds % 60).zeroPadded(2)
    }
}

/// One VEVENT.
struct ICalendarEvent: Sendable {
    enum When: Sendable {
        /// `DTSTART;VALUE=DATE`, `DTEND` the day after the last day (exclusive, as RFC 5545 wants).
        case allDay(LocalDate, days: Int = 1)
        /// `DTSTART;TZID=…` local time and a `DURATION`.
        case timed(ICalendarDateTime, timeZone: String, minutes: Int)
    }

    /// A weekly `RRULE`.
    struct Weekly: Sendable {
        enum Until: Sendable {
            /// For all-day events: the last day, inclusive.
            case date(LocalDate)
            /// For timed events: a UTC time (RFC 5545 requires UTC when DTSTART has a TZID).
            case utc(ICalendarDateTime)
        }
        /// ISO weekdays.
        var weekdays: Set<Int>
        var until: Until?
    }

    /// A `VALARM` with `ACTION:DISPLAY`.
    struct Alarm: Sendable {
        /// Minutes relative to the start: -10 is ten minutes before; 540 is
        /// 09:00 on an all-day event's day.
        var minutes: Int
        var description: String
    }

    /// Stable from build to build, so subscribed calendars update the event instead of duplicating it.
    var uid: String
    var when: When
    var summary: String
    var description: String?
    var url: String?
    var repeats: Weekly?
    var alarms: [Alarm] = []

    fileprivate func write(to out: inout ContentLines, stamp: ICalendarDateTime) {
        out.add("BEGIN", "VEVENT")
        out.add("UID", ICalendar.text(uid))
        out.add("DTSTAMP", stamp.basic + "Z")
        switch when {
        case let .allDay(date, days):
            out.add("DTSTART", ["VALUE": "DATE"], ICalendar.date(date))
            out.add("DTEND", ["VALUE": "DATE"], ICalendar.date(date.adding(days: max(1, days))))
        case let .timed(start, timeZone, minutes):
            out.add("DTSTART", ["TZID": timeZone], start.basic)
            out.add("DURATION", ICalendar.duration(minutes: minutes))
        }
        if let repeats {
            var rule = "FREQ=WEEKLY"
            switch repeats.until {
            case let .date(date)?: rule += ";UNTIL=" + ICalendar.date(date)
            case let .utc(time)?: rule += ";UNTIL=" + time.basic + "Z"
            case nil: break
            }
            rule += ";BYDAY=" + repeats.weekdays.sorted().map(ICalendar.weekday).joined(separator: ",")
            out.add("RRULE", rule)
        }
        out.add("SUMMARY", ICalendar.text(summary))
        if let description { out.add("DESCRIPTION", ICalendar.text(description)) }
        if let url { out.add("URL", ["VALUE": "URI"], url) }
        // All-day plan markers should not block the day in free/busy views.
        if case .allDay = when { out.add("TRANSP", "TRANSPARENT") }
        for alarm in alarms {
            out.add("BEGIN", "VALARM")
            out.add("ACTION", "DISPLAY")
            out.add("TRIGGER", ICalendar.duration(minutes: alarm.minutes))
            out.add("DESCRIPTION", ICalendar.text(alarm.description))
            out.add("END", "VALARM")
        }
        out.add("END", "VEVENT")
    }
}

/// A VTIMEZONE: the zone's observances (see `ICalendarTimeZone.init(identifier:from:ruleYear:)`).
struct ICalendarTimeZone: Hashable, Sendable {
    struct Observance: Hashable, Sendable {
        enum Kind: String, Sendable { case standard = "STANDARD", daylight = "DAYLIGHT" }
        var kind: Kind
        /// The onset as local time before it (in `offsetFrom`), as RFC 5545 wants.
        var start: ICalendarDateTime
        var offsetFrom: Int
        var offsetTo: Int
        /// Repeats every year by this rule; nil for a single onset.
        var rule: YearlyRule?
    }

    /// `FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`: the nth (or last) weekday of a month.
    struct YearlyRule: Hashable, Sendable {
        var month: Int
        /// 1…5 for the nth weekday of the month, -1 for the last.
        var week: Int
        /// ISO weekday.
        var weekday: Int

        /// The day the rule gives in `year`, nil if that month has no such day.
        func date(in year: Int) -> LocalDate? {
            guard let first = LocalDate(year: year, month: month, day: 1) else { return nil }
            if week < 0 {
                let last = first.adding(days: first.daysInMonth - 1)
                return last.adding(days: -((last.weekday - weekday + 7) % 7))
            }
            let day = first.adding(days: (weekday - first.weekday + 7) % 7 + 7 * (week - 1))
            return day.month == month ? day : nil
        }

        var text: String { "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(week)\(ICalendar.weekday(weekday))" }
    }

    var identifier: String
    var observances: [Observance]

    fileprivate func write(to out: inout ContentLines) {
        out.add("BEGIN", "VTIMEZONE")
        out.add("TZID", ICalendar.text(identifier))
        for observance in observances {
            out.add("BEGIN", observance.kind.rawValue)
            out.add("DTSTART", observance.start.basic)
            out.add("TZOFFSETFROM", ICalendar.utcOffset(seconds: observance.offsetFrom))
            out.add("TZOFFSETTO", ICalendar.utcOffset(seconds: observance.offsetTo))
            if let rule = observance.rule { out.add("RRULE", rule.text) }
            out.add("END", observance.kind.rawValue)
        }
        out.add("END", "VTIMEZONE")
    }
}

/// The serialised lines; values arrive already escaped for their type.
private struct ContentLines {
    var text = ""

    mutating func add(_ name: String, _ parameters: KeyValuePairs<String, String> = [:], _ value: String) {
        var line = name
        for (key, parameter) in parameters { line += ";" + key + "=" + Self.parameterValue(parameter) }
        text += ICalendar.fold(line + ":" + value)
    }

    mutating func add(_ name: String, _ value: String) { add(name, [:], value) }

    /// Quoted when it holds `:`, `;` or `,`; a parameter value cannot hold `"` or control characters.
    private static func parameterValue(_ value: String) -> String {
        let clean = String(value.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 && $0.value != 0x7F })
        return clean.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + clean + "\"" : clean
    }
}
