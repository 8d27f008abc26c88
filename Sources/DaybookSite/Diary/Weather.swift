/// The conditions of docs/content.md#weather; every word and code a user copies in maps to one.
public enum WeatherCondition: String, CaseIterable, Sendable, Hashable {
    case clear, partlyCloudy = "partly-cloudy", cloudy, overcast, fog, drizzle, rain, showers,
         thunderstorm, snow, sleet, hail, windy

    /// An OpenWeatherMap condition id (200…804); nil when OWM has no such id.
    init?(openWeatherMapID id: Int) {
        guard let code = WeatherCodes.openWeatherMap.first(where: { $0.code == id }) else { return nil }
        self = code.condition
    }

    /// A WMO weather interpretation code as Open-Meteo gives it (0…99); nil when Open-Meteo doesn't use it.
    init?(wmoCode code: Int) {
        guard let entry = WeatherCodes.wmo.first(where: { $0.code == code }) else { return nil }
        self = entry.condition
    }
}

/// The weather of a diary entry, normalised to one of the spec's conditions
/// whatever form the user copied it in (word, mapping, OWM, WMO, Day One).
public struct Weather: Sendable, Hashable {
    /// nil when a mapping gives only measurements (`temp`, `location`, ...).
    public var condition: WeatherCondition?
    /// °C
    public var temperature: Double?
    /// °C
    var feelsLike: Double?
    /// %
    var humidity: Double?
    /// m/s
    var wind: Double?
    public var location: String?
    /// From an OWM `…n` icon or a `…-night` word: draw the night variant.
    var isNight = false

    public init(condition: WeatherCondition? = nil, isNight: Bool = false) {
        self.condition = condition
        self.isNight = isNight
    }

    /// One weather word or OWM icon code, as the scalar form or `condition:`
    /// takes it: `snow`, `Partly Cloudy`, `mostly-cloudy-night`, `13n`, `눈`.
    /// nil when the word is unknown.
    init?(word: String) {
        guard let reading = WeatherWords.reading(of: word) else { return nil }
        self.init(condition: reading.condition, isNight: reading.isNight ?? false)
    }

    /// The SVG symbol suffix the theme draws (`#wx-snow`, `#wx-clear-night`);
    /// nil when there is no condition, so a template shows no icon rather
    /// than a made-up "unknown" one.
    var iconName: String? {
        guard let condition else { return nil }
        return isNight && WeatherWords.nightVariants.contains(condition) ? condition.rawValue + "-night" : condition.rawValue
    }

    /// Every name `iconName` can return: the theme's sprite has a symbol for each.
    static let iconNames: [String] = WeatherCondition.allCases.flatMap { condition in
        WeatherWords.nightVariants.contains(condition) ? [condition.rawValue, condition.rawValue + "-night"] : [condition.rawValue]
    }

    static let keys = ["condition", "temp", "feels_like", "humidity", "wind", "location", "icon", "owm", "wmo", "weatherCode"]

    /// Reads the `weather:` front matter value: a word or a mapping. Every
    /// problem is reported at its value's line and column; nil after an error.
    static func parse(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Weather? {
        switch value.node {
        case .mapping:
            return parseMapping(value, into: &diagnostics)
        case .scalar:
            return reading(word: value, "weather", into: &diagnostics).map { Weather(condition: $0.condition, isNight: $0.isNight ?? false) }
        default:
            diagnostics.error(value.location, "weather must be a word like 'snow' or a mapping with 'condition', 'temp', ...")
            return nil
        }
    }

    private static func parseMapping(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Weather? {
        let errorsBefore = diagnostics.errors.count
        guard let fields = value.fields("weather", known: keys, into: &diagnostics) else { return nil }

        // Highest priority first. An explicit `condition` wins over any code, so
        // the user can correct what a service reported; among codes the OWM id
        // is the most precise (one icon covers several ids). Day or night comes
        // from the first source that says (words ending in -night/-day, icons).
        let readings: [WeatherWords.Reading?] = [
            fields["condition"].flatMap { reading(word: $0, "condition", into: &diagnostics) },
            fields["weatherCode"].flatMap { reading(word: $0, "weatherCode", into: &diagnostics) },
            fields["owm"].flatMap { code($0, "owm", in: WeatherCodes.openWeatherMap, into: &diagnostics) },
            fields["wmo"].flatMap { code($0, "wmo", in: WeatherCodes.wmo, into: &diagnostics) },
            fields["icon"].flatMap { reading(word: $0, "icon", into: &diagnostics) },
        ]
        var weather = Weather(condition: readings.lazy.compactMap { $0?.condition }.first)
        weather.isNight = readings.lazy.compactMap { $0?.isNight }.first ?? false
        weather.temperature = fields["temp"].flatMap { Measure.temperature.read($0, "temp", into: &diagnostics) }
        weather.feelsLike = fields["feels_like"].flatMap { Measure.feelsLike.read($0, "feels_like", into: &diagnostics) }
        weather.humidity = fields["humidity"].flatMap { Measure.humidity.read($0, "humidity", into: &diagnostics) }
        weather.wind = fields["wind"].flatMap { Measure.wind.read($0, "wind", into: &diagnostics) }
        weather.location = fields["location"]?.string("location", into: &diagnostics)
            .map { $0.trimmingCharacters(in: " ") }.flatMap { $0.isEmpty ? nil : $0 }

        guard diagnostics.errors.count == errorsBefore else { return nil }
        if weather == Weather() {
            diagnostics.warning(value.location, "weather is empty and is ignored", hint: "write a condition like 'weather: snow'")
            return nil
        }
        return weather
    }

    /// A word or OWM icon code; unknown ones name the nearest valid word.
    private static func reading(word value: YAMLValue, _ key: String, into diagnostics: inout Diagnostics) -> WeatherWords.Reading? {
        guard let text = value.string(key, into: &diagnostics) else { return nil }
        if let reading = WeatherWords.reading(of: text) { return reading }
        let word = text.trimmingCharacters(in: " ")
        if let number = Int(word) {
            // OWM ids (200…804) and WMO codes (0…99) don't overlap, but a bare
            // number doesn't say which service it came from: ask for the key.
            let form = number < 100 ? "wmo: \(number)" : "owm: \(number)"
            diagnostics.error(value.location, "\(key) '\(word)' is a bare number",
                              hint: "write the service's key, e.g. '\(key == "weather" ? "weather: {\(form)}" : form)'")
        } else if let icon = WeatherWords.iconCode(word) {
            let nearest = WeatherCodes.nearest(to: icon.number, in: WeatherCodes.icons).code
            diagnostics.error(value.location, "unknown OpenWeatherMap icon '\(word)'",
                              hint: "did you mean '\(WeatherWords.iconText(nearest, night: icon.isNight))'?")
        } else {
            diagnostics.error(value.location, "unknown weather '\(word)'",
                              hint: Suggestion.hint(for: word, in: WeatherWords.suggestions)
                                  ?? "use one of \(WeatherCondition.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return nil
    }

    /// An `owm:` or `wmo:` code; an unknown one names the nearest valid code.
    private static func code(_ value: YAMLValue, _ key: String, in table: [WeatherCodes.Entry],
                             into diagnostics: inout Diagnostics) -> WeatherWords.Reading? {
        if let text = value.scalarText, WeatherWords.iconCode(text) != nil {
            diagnostics.error(value.location, "\(key) must be a number, not the icon '\(text)'", hint: "write 'icon: \(text)'")
            return nil
        }
        guard let number = value.int(key, in: 0...999, into: &diagnostics) else { return nil }
        if let entry = table.first(where: { $0.code == number }) { return .init(condition: entry.condition, isNight: nil) }
        let nearest = WeatherCodes.nearest(to: number, in: table)
        let service = key == "owm" ? "OpenWeatherMap condition id" : "WMO weather code"
        diagnostics.error(value.location, "unknown \(service) \(number)", hint: "did you mean \(nearest.code) (\(nearest.name))?")
        return nil
    }
}

/// A number with an optional unit (`-1.5`, `-1.5 °C`, `30 °F`, `65%`, `20 km/h`),
/// converted to the unit Daybook stores and checked against a plausible range.
struct Measure {
    let unit: String
    let range: ClosedRange<Double>
    /// Accepted unit spellings (lowercased, spaces removed) and their conversion.
    let units: [String: @Sendable (Double) -> Double]
    let hint: String

    static let celsius: [String: @Sendable (Double) -> Double] = [
        "": { $0 }, "°": { $0 }, "c": { $0 }, "°c": { $0 }, "℃": { $0 },
        "f": { ($0 - 32) * 5 / 9 }, "°f": { ($0 - 32) * 5 / 9 }, "℉": { ($0 - 32) * 5 / 9 },
    ]
    // The coldest and hottest air ever measured are about -89 and 57 °C.
    static let temperature = Measure(unit: "°C", range: -90...60, units: celsius,
                                     hint: "temperatures are in °C; for Fahrenheit add the unit, e.g. '75 °F'")
    static let feelsLike = Measure(unit: "°C", range: -100...70, units: celsius,
                                   hint: "temperatures are in °C; for Fahrenheit add the unit, e.g. '75 °F'")
    static let humidity = Measure(unit: "%", range: 0...100, units: ["": { $0 }, "%": { $0 }],
                                  hint: "humidity is relative humidity in percent, 0 to 100")
    // The strongest gust measured is about 113 m/s.
    static let wind = Measure(unit: "m/s", range: 0...120, units: [
        "": { $0 }, "m/s": { $0 }, "mps": { $0 },
        "km/h": { $0 / 3.6 }, "kmh": { $0 / 3.6 }, "kph": { $0 / 3.6 },
        "mph": { $0 * 0.44704 }, "kn": { $0 * 0.514444 }, "kt": { $0 * 0.514444 }, "knots": { $0 * 0.514444 },
    ], hint: "wind is in m/s; for other units add one, e.g. '20 km/h', '12 mph' or '10 kn'")

    func read(_ value: YAMLValue, _ key: String, into diagnostics: inout Diagnostics) -> Double? {
        guard let text = value.scalarText else {
            diagnostics.error(value.location, "\(key) must be a number in \(unit)")
            return nil
        }
        // Most values are a bare number (`11.7`): no minus sign, space, exponent
        // or unit to split off, so the reading by characters below is skipped.
        if text.utf8.allSatisfy(Self.isBareNumberByte), let number = Double(text), let convert = units[""] {
            return checked(convert(number), text: text, value, key, into: &diagnostics)
        }
        let spelled = text.replacingMinusSign.filter { $0 != " " }
        var numberEnd = spelled.firstIndex { !"+-.0123456789".contains($0) } ?? spelled.endIndex
        // An exponent (`1e3`) belongs to the number, not to the unit.
        if numberEnd > spelled.startIndex, numberEnd < spelled.endIndex, "eE".contains(spelled[numberEnd]) {
            let exponent = spelled[spelled.index(after: numberEnd)...]
            let exponentEnd = exponent.firstIndex { !"+-0123456789".contains($0) } ?? exponent.endIndex
            if exponent[..<exponentEnd].contains(where: \.isASCIIDigit) { numberEnd = exponentEnd }
        }
        guard let number = Double(spelled[..<numberEnd]) else {
            diagnostics.error(value.location, "\(key) must be a number in \(unit), not '\(text)'")
            return nil
        }
        let suffix = spelled[numberEnd...].lowercased()
        guard let convert = units[suffix] else {
            diagnostics.error(value.location, "unknown unit '\(spelled[numberEnd...])' in \(key)", hint: hint)
            return nil
        }
        return checked(convert(number), text: text, value, key, into: &diagnostics)
    }

    private func checked(_ converted: Double, text: String, _ value: YAMLValue, _ key: String, into diagnostics: inout Diagnostics) -> Double? {
        guard range.contains(converted) else {
            diagnostics.error(value.location, "\(key) must be between \(range.lowerBound.plain) and \(range.upperBound.plain) \(unit), not \(text)",
                              hint: hint)
            return nil
        }
        return converted
    }

    private static func isBareNumberByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
    }
}

private extension String {
    /// Typographic minus (U+2212), as weather sites print it, read as '-'.
    var replacingMinusSign: String { String(map { $0 == "\u{2212}" ? "-" : $0 }) }
}

/// Weather words: the spec's conditions, Day One's `weatherCode` words,
/// OpenWeatherMap's words and icon codes, and the Korean forecast words.
enum WeatherWords {
    struct Reading {
        var condition: WeatherCondition
        /// nil when the source doesn't say whether it was day or night.
        var isNight: Bool?
    }

    /// Conditions whose icon differs at night (sun → moon); the others look the same.
    static let nightVariants: Set<WeatherCondition> = [.clear, .partlyCloudy]

    /// Besides the condition words themselves. "A few clouds" (mostly sunny,
    /// mostly clear) draws the sun-and-cloud icon, as OWM's 801 does; blowing
    /// snow is snow, freezing rain or drizzle and ice pellets are sleet.
    static let synonyms: [(String, WeatherCondition)] = [
        // Day One weatherCode words
        ("sunny", .clear), ("fair", .clear), ("mostly-clear", .partlyCloudy), ("mostly-sunny", .partlyCloudy),
        ("partly-sunny", .partlyCloudy), ("mostly-cloudy", .cloudy), ("hazy", .fog), ("light-rain", .rain),
        ("heavy-rain", .rain), ("thunderstorms", .thunderstorm), ("isolated-thunderstorms", .thunderstorm),
        ("scattered-thunderstorms", .thunderstorm), ("scattered-showers", .showers), ("flurries", .snow),
        ("light-snow", .snow), ("heavy-snow", .snow), ("blowing-snow", .snow), ("snow-showers", .snow),
        ("ice", .sleet), ("freezing-rain", .sleet), ("freezing-drizzle", .sleet), ("wintry-mix", .sleet),
        ("rain-snow", .sleet), ("wind", .windy), ("tornado", .windy), ("hurricane", .windy), ("tropical-storm", .windy),
        // OpenWeatherMap's `main` words and icon descriptions, and plain adjectives
        ("clear-sky", .clear), ("few-clouds", .partlyCloudy), ("scattered-clouds", .cloudy),
        ("broken-clouds", .cloudy), ("clouds", .cloudy), ("overcast-clouds", .overcast), ("shower-rain", .showers),
        ("mist", .fog), ("haze", .fog), ("smoke", .fog), ("dust", .fog), ("sand", .fog), ("ash", .fog),
        ("squall", .windy), ("foggy", .fog), ("misty", .fog), ("rainy", .rain), ("snowy", .snow), ("breezy", .windy),
        // 기상청 words
        ("맑음", .clear), ("구름조금", .partlyCloudy), ("구름많음", .cloudy), ("흐림", .overcast), ("안개", .fog),
        ("박무", .fog), ("연무", .fog), ("황사", .fog), ("이슬비", .drizzle), ("비", .rain), ("소나기", .showers),
        ("뇌우", .thunderstorm), ("천둥번개", .thunderstorm), ("눈", .snow), ("진눈깨비", .sleet), ("비/눈", .sleet),
        ("우박", .hail), ("바람", .windy), ("강풍", .windy),
    ]

    /// Words keyed without case, spaces, '-' or '_': `Partly Cloudy`,
    /// `partly_cloudy` and `partlycloudy` all read as `partly-cloudy`.
    static let byKey: [String: WeatherCondition] = {
        var table: [String: WeatherCondition] = [:]
        for condition in WeatherCondition.allCases { table[key(condition.rawValue)] = condition }
        for (word, condition) in synonyms { table[key(word)] = condition }
        return table
    }()

    /// Candidates for "did you mean": the spec's words first, so they win ties.
    static let suggestions = WeatherCondition.allCases.map(\.rawValue) + synonyms.map(\.0)

    static func key(_ word: String) -> String {
        // Nearly every word is ASCII, where the same is done by bytes.
        // (Written into the String's own storage: `String(decoding:)` of a lazy
        // collection asks the runtime for its conformances, 3.5 M instructions a build.)
        if word.utf8.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: word.utf8.count) { key in
                var count = 0
                for byte in word.utf8 where byte != UInt8(ascii: " ") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: "_") {
                    key[count] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                    count += 1
                }
                return count
            }
        }
        return String(word.lowercased().filter { !" -_".contains($0) })
    }

    static func reading(of word: String) -> Reading? {
        let trimmed = word.trimmingCharacters(in: " ")
        if let icon = iconCode(trimmed) {
            return WeatherCodes.icons.first { $0.code == icon.number }.map { Reading(condition: $0.condition, isNight: icon.isNight) }
        }
        let key = key(trimmed)
        if let condition = byKey[key] { return Reading(condition: condition, isNight: nil) }
        // Day One, Dark Sky and others suffix the time of day: `clear-night`, `partly-cloudy-day`.
        for (suffix, isNight) in [("night", true), ("day", false)] where key.hasSuffix(suffix) {
            if let condition = byKey[String(key.dropLast(suffix.count))] { return Reading(condition: condition, isNight: isNight) }
        }
        return nil
    }

    /// `13n` → (13, night): the shape of an OWM icon code, known or not.
    static func iconCode(_ text: String) -> (number: Int, isNight: Bool)? {
        // A code is three ASCII characters, and no other character lowercases to one of them.
        guard text.utf8.count == 3 else { return nil }
        let chars = Array(text.lowercased())
        guard chars.count == 3, chars[0].isASCII, chars[1].isASCII, let number = Int(String(chars[0...1])),
              chars[2] == "d" || chars[2] == "n" else { return nil }
        return (number, chars[2] == "n")
    }

    static func iconText(_ number: Int, night: Bool) -> String {
        (number < 10 ? "0" : "") + String(number) + (night ? "n" : "d")
    }
}

/// The code tables of the services people copy weather from.
enum WeatherCodes {
    struct Entry: Sendable {
        let code: Int
        let condition: WeatherCondition
        let name: String
        init(_ code: Int, _ condition: WeatherCondition, _ name: String) {
            self.code = code
            self.condition = condition
            self.name = name
        }
    }

    /// The valid code closest in value (the lower on a tie): a typo in a
    /// three-digit id is usually in its last digits.
    static func nearest(to number: Int, in table: [Entry]) -> Entry {
        table.min { (abs($0.code - number), $0.code) < (abs($1.code - number), $1.code) }!
    }

    /// OpenWeatherMap condition ids (openweathermap.org/weather-conditions).
    /// All of group 7xx lowers visibility and OWM draws it with the mist icon,
    /// so it is fog, except squalls and tornadoes: those are wind first (a
    /// tornado is not always under lightning, and OWM keeps it out of 2xx).
    static let openWeatherMap: [Entry] = [
        Entry(200, .thunderstorm, "thunderstorm with light rain"), Entry(201, .thunderstorm, "thunderstorm with rain"),
        Entry(202, .thunderstorm, "thunderstorm with heavy rain"), Entry(210, .thunderstorm, "light thunderstorm"),
        Entry(211, .thunderstorm, "thunderstorm"), Entry(212, .thunderstorm, "heavy thunderstorm"),
        Entry(221, .thunderstorm, "ragged thunderstorm"), Entry(230, .thunderstorm, "thunderstorm with light drizzle"),
        Entry(231, .thunderstorm, "thunderstorm with drizzle"), Entry(232, .thunderstorm, "thunderstorm with heavy drizzle"),
        Entry(300, .drizzle, "light intensity drizzle"), Entry(301, .drizzle, "drizzle"),
        Entry(302, .drizzle, "heavy intensity drizzle"), Entry(310, .drizzle, "light intensity drizzle rain"),
        Entry(311, .drizzle, "drizzle rain"), Entry(312, .drizzle, "heavy intensity drizzle rain"),
        Entry(313, .drizzle, "shower rain and drizzle"), Entry(314, .drizzle, "heavy shower rain and drizzle"),
        Entry(321, .drizzle, "shower drizzle"),
        Entry(500, .rain, "light rain"), Entry(501, .rain, "moderate rain"), Entry(502, .rain, "heavy intensity rain"),
        Entry(503, .rain, "very heavy rain"), Entry(504, .rain, "extreme rain"), Entry(511, .sleet, "freezing rain"),
        Entry(520, .showers, "light intensity shower rain"), Entry(521, .showers, "shower rain"),
        Entry(522, .showers, "heavy intensity shower rain"), Entry(531, .showers, "ragged shower rain"),
        Entry(600, .snow, "light snow"), Entry(601, .snow, "snow"), Entry(602, .snow, "heavy snow"),
        Entry(611, .sleet, "sleet"), Entry(612, .sleet, "light shower sleet"), Entry(613, .sleet, "shower sleet"),
        Entry(615, .sleet, "light rain and snow"), Entry(616, .sleet, "rain and snow"),
        Entry(620, .snow, "light shower snow"), Entry(621, .snow, "shower snow"), Entry(622, .snow, "heavy shower snow"),
        Entry(701, .fog, "mist"), Entry(711, .fog, "smoke"), Entry(721, .fog, "haze"), Entry(731, .fog, "sand/dust whirls"),
        Entry(741, .fog, "fog"), Entry(751, .fog, "sand"), Entry(761, .fog, "dust"), Entry(762, .fog, "volcanic ash"),
        Entry(771, .windy, "squalls"), Entry(781, .windy, "tornado"),
        Entry(800, .clear, "clear sky"), Entry(801, .partlyCloudy, "few clouds"), Entry(802, .cloudy, "scattered clouds"),
        Entry(803, .cloudy, "broken clouds"), Entry(804, .overcast, "overcast clouds"),
    ]

    /// OpenWeatherMap icon numbers (`01d`…`50n`, d/n is day or night). Icon 04
    /// serves both 803 and 804; OWM calls it "broken clouds", so it is cloudy.
    static let icons: [Entry] = [
        Entry(1, .clear, "clear sky"), Entry(2, .partlyCloudy, "few clouds"), Entry(3, .cloudy, "scattered clouds"),
        Entry(4, .cloudy, "broken clouds"), Entry(9, .showers, "shower rain"), Entry(10, .rain, "rain"),
        Entry(11, .thunderstorm, "thunderstorm"), Entry(13, .snow, "snow"), Entry(50, .fog, "mist"),
    ]

    /// WMO weather interpretation codes as Open-Meteo documents them.
    /// Mainly clear is "a few clouds" like OWM's 801; freezing drizzle and
    /// rain are sleet like OWM's 511; snow showers are snow like OWM's 62x.
    static let wmo: [Entry] = [
        Entry(0, .clear, "clear sky"), Entry(1, .partlyCloudy, "mainly clear"), Entry(2, .partlyCloudy, "partly cloudy"),
        Entry(3, .overcast, "overcast"), Entry(45, .fog, "fog"), Entry(48, .fog, "depositing rime fog"),
        Entry(51, .drizzle, "light drizzle"), Entry(53, .drizzle, "moderate drizzle"), Entry(55, .drizzle, "dense drizzle"),
        Entry(56, .sleet, "light freezing drizzle"), Entry(57, .sleet, "dense freezing drizzle"),
        Entry(61, .rain, "slight rain"), Entry(63, .rain, "moderate rain"), Entry(65, .rain, "heavy rain"),
        Entry(66, .sleet, "light freezing rain"), Entry(67, .sleet, "heavy freezing rain"),
        Entry(71, .snow, "slight snow fall"), Entry(73, .snow, "moderate snow fall"), Entry(75, .snow, "heavy snow fall"),
        Entry(77, .snow, "snow grains"),
        Entry(80, .showers, "slight rain showers"), Entry(81, .showers, "moderate rain showers"),
        Entry(82, .showers, "violent rain showers"), Entry(85, .snow, "slight snow showers"), Entry(86, .snow, "heavy snow showers"),
        Entry(95, .thunderstorm, "thunderstorm"), Entry(96, .hail, "thunderstorm with slight hail"),
        Entry(99, .hail, "thunderstorm with heavy hail"),
    ]
}
