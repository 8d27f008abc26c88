import Foundation
import Testing
@testable import DaybookSite

/// Parses `yaml` (a front matter with a `weather:` key) the way the diary parser does.
private func weather(_ yaml: String) -> (weather: Weather?, diagnostics: [Diagnostic]) {
    let file = SourceFile(displayPath: "content/diary/2026-11-20.md", relativePath: "diary/2026-11-20.md", text: yaml)
    var diagnostics = Diagnostics()
    let root = YAMLValue.parse(yaml, file: file, into: &diagnostics)
    let value = root?.fields("front matter", known: ["weather"], into: &diagnostics)?["weather"]
    let parsed = value.flatMap { Weather.parse($0, into: &diagnostics) }
    return (parsed, diagnostics.items)
}

private func condition(_ yaml: String) -> WeatherCondition? { weather(yaml).weather?.condition }

/// The single error of a snippet as `line:column: message | hint`.
private func error(_ yaml: String) -> String {
    let items = weather(yaml).diagnostics
    guard items.count == 1, let only = items.first else { return "\(items.count) diagnostics: \(items)" }
    return "\(only.location.line):\(only.location.column): \(only.message) | \(only.hint ?? "-")"
}

@Suite struct WeatherTests {
    // MARK: Words

    @Test func readsEveryConditionWord() {
        for condition in WeatherCondition.allCases {
            #expect(weather("weather: \(condition.rawValue)").weather == Weather(condition: condition))
        }
    }

    @Test func toleratesCaseSpacesAndUnderscores() {
        for word in ["partly cloudy", "partly_cloudy", "Partly-Cloudy", "PARTLY CLOUDY", "partlycloudy"] {
            #expect(condition("weather: \(word)") == .partlyCloudy, "\(word)")
        }
        #expect(condition("weather: Snow") == .snow)
    }

    @Test func readsDayOneWeatherCodes() {
        let expected: [(String, WeatherCondition, Bool)] = [
            ("clear", .clear, false), ("clear-night", .clear, true), ("cloudy", .cloudy, false),
            ("cloudy-night", .cloudy, true), ("fair", .clear, false), ("fair-night", .clear, true),
            ("flurries", .snow, false), ("fog", .fog, false), ("hazy", .fog, false), ("heavy-rain", .rain, false),
            ("heavy-snow", .snow, false), ("ice", .sleet, false), ("light-rain", .rain, false),
            ("light-snow", .snow, false), ("mostly-clear", .partlyCloudy, false), ("mostly-clear-night", .partlyCloudy, true),
            ("mostly-cloudy", .cloudy, false), ("mostly-cloudy-night", .cloudy, true), ("mostly-sunny", .partlyCloudy, false),
            ("partly-cloudy", .partlyCloudy, false), ("partly-cloudy-night", .partlyCloudy, true),
            ("partly-sunny", .partlyCloudy, false), ("rain", .rain, false), ("rain-night", .rain, true),
            ("sleet", .sleet, false), ("snow", .snow, false), ("sunny", .clear, false), ("thunderstorm", .thunderstorm, false),
            ("thunderstorms", .thunderstorm, false), ("wind", .windy, false), ("windy", .windy, false), ("hail", .hail, false),
            ("drizzle", .drizzle, false), ("showers", .showers, false), ("blowing-snow", .snow, false),
            ("freezing-rain", .sleet, false), ("freezing-drizzle", .sleet, false), ("sunny-night", .clear, true),
        ]
        for (word, condition, isNight) in expected {
            #expect(weather("weather: \(word)").weather == Weather(condition: condition, isNight: isNight), "\(word)")
            #expect(weather("weather:\n  weatherCode: \(word)").weather == Weather(condition: condition, isNight: isNight), "\(word)")
        }
    }

    @Test func readsKoreanForecastWords() {
        #expect(condition("weather: 눈") == .snow)
        #expect(condition("weather: 구름 많음") == .cloudy)
        #expect(condition("weather: 맑음") == .clear)
    }

    // MARK: Codes

    @Test func mapsEveryOpenWeatherMapID() {
        let groups: [([Int], WeatherCondition)] = [
            ([200, 201, 202, 210, 211, 212, 221, 230, 231, 232], .thunderstorm),
            ([300, 301, 302, 310, 311, 312, 313, 314, 321], .drizzle),
            ([500, 501, 502, 503, 504], .rain), ([511], .sleet), ([520, 521, 522, 531], .showers),
            ([600, 601, 602, 620, 621, 622], .snow), ([611, 612, 613, 615, 616], .sleet),
            ([701, 711, 721, 731, 741, 751, 761, 762], .fog), ([771, 781], .windy),
            ([800], .clear), ([801], .partlyCloudy), ([802, 803], .cloudy), ([804], .overcast),
        ]
        var valid = Set<Int>()
        for (ids, expected) in groups {
            for id in ids {
                valid.insert(id)
                #expect(condition("weather:\n  owm: \(id)") == expected, "owm \(id)")
            }
        }
        for id in 0...999 where !valid.contains(id) {
            #expect(WeatherCondition(openWeatherMapID: id) == nil, "owm \(id) is not an OWM id")
        }
    }

    @Test func mapsEveryWMOCodeOpenMeteoUses() {
        let expected: [Int: WeatherCondition] = [
            0: .clear, 1: .partlyCloudy, 2: .partlyCloudy, 3: .overcast, 45: .fog, 48: .fog,
            51: .drizzle, 53: .drizzle, 55: .drizzle, 56: .sleet, 57: .sleet, 61: .rain, 63: .rain, 65: .rain,
            66: .sleet, 67: .sleet, 71: .snow, 73: .snow, 75: .snow, 77: .snow, 80: .showers, 81: .showers, 82: .showers,
            85: .snow, 86: .snow, 95: .thunderstorm, 96: .hail, 99: .hail,
        ]
        for code in 0...99 {
            #expect(WeatherCondition(wmoCode: code) == expected[code], "wmo \(code)")
        }
        for (code, condition) in expected {
            #expect(weather("weather:\n  wmo: \(code)").weather == Weather(condition: condition), "wmo \(code)")
        }
    }

    @Test func mapsEveryOpenWeatherMapIconDayAndNight() {
        let expected: [(String, WeatherCondition)] = [
            ("01", .clear), ("02", .partlyCloudy), ("03", .cloudy), ("04", .cloudy), ("09", .showers),
            ("10", .rain), ("11", .thunderstorm), ("13", .snow), ("50", .fog),
        ]
        for (number, condition) in expected {
            #expect(weather("weather: \(number)d").weather == Weather(condition: condition, isNight: false))
            #expect(weather("weather: \(number)n").weather == Weather(condition: condition, isNight: true))
            #expect(weather("weather:\n  icon: \(number)N").weather == Weather(condition: condition, isNight: true))
        }
    }

    // MARK: Mappings

    @Test func readsTheSpecExampleWithNumbers() {
        let parsed = weather("""
        weather:
          condition: snow
          temp: -1.5
          feels_like: −4
          humidity: 80%
          wind: 3.2 m/s
          location: Seoul
        """)
        #expect(parsed.diagnostics.isEmpty)
        var expected = Weather(condition: .snow)
        expected.temperature = -1.5
        expected.feelsLike = -4
        expected.humidity = 80
        expected.wind = 3.2
        expected.location = "Seoul"
        #expect(parsed.weather == expected)
    }

    @Test func convertsExplicitUnits() throws {
        let parsed = try #require(weather("weather:\n  temp: 77 °F\n  wind: 36 km/h").weather)
        #expect(parsed.temperature == 25)
        #expect(parsed.wind == 10)
        #expect(parsed.condition == nil)
        #expect(parsed.iconName == nil)
    }

    @Test func rejectsNumbersOutOfRange() {
        #expect(error("weather:\n  humidity: 140") ==
            "2:13: humidity must be between 0 and 100 %, not 140 | humidity is relative humidity in percent, 0 to 100")
        #expect(error("weather:\n  humidity: -5").hasPrefix("2:13: humidity must be between 0 and 100 %"))
        #expect(error("weather:\n  temp: 75").hasSuffix("| temperatures are in °C; for Fahrenheit add the unit, e.g. '75 °F'"))
        #expect(error("weather:\n  wind: -1").hasPrefix("2:9: wind must be between 0 and 120 m/s"))
        #expect(error("weather:\n  humidity: lots") == "2:13: humidity must be a number in %, not 'lots' | -")
        #expect(error("weather:\n  temp: 3 K").hasPrefix("2:9: unknown unit 'K' in temp"))
    }

    @Test func explicitConditionWinsOverCodes() {
        #expect(condition("weather:\n  condition: clear\n  owm: 600\n  wmo: 71\n  icon: 13d") == .clear)
        #expect(condition("weather:\n  owm: 511\n  wmo: 71\n  icon: 13d") == .sleet)
        // Day or night from the first source that says: here only the icon does.
        #expect(weather("weather:\n  condition: partly-cloudy\n  icon: 02n").weather?.iconName == "partly-cloudy-night")
        #expect(weather("weather:\n  condition: clear-day\n  icon: 01n").weather?.isNight == false)
    }

    @Test func rejectsUnknownKeysWithAHint() {
        #expect(error("weather:\n  tmep: 3") == "2:3: unknown key 'tmep' in weather | did you mean 'temp'?")
    }

    @Test func warnsAboutAnEmptyMapping() {
        let parsed = weather("weather: {}")
        #expect(parsed.weather == nil)
        #expect(parsed.diagnostics.map(\.severity) == [.warning])
    }

    // MARK: Errors

    @Test func namesTheNearestWordForATypo() {
        #expect(error("weather: snwo") == "1:10: unknown weather 'snwo' | did you mean 'snow'?")
        #expect(error("# first snow\nweather:\n  condition: mostly-clowdy") ==
            "3:14: unknown weather 'mostly-clowdy' | did you mean 'mostly-cloudy'?")
        #expect(error("weather: banana").hasPrefix("1:10: unknown weather 'banana' | use one of clear, partly-cloudy,"))
    }

    @Test func namesTheNearestValidCode() {
        #expect(error("weather:\n  owm: 650") == "2:8: unknown OpenWeatherMap condition id 650 | did you mean 622 (heavy shower snow)?")
        #expect(error("weather:\n  owm: 805") == "2:8: unknown OpenWeatherMap condition id 805 | did you mean 804 (overcast clouds)?")
        #expect(error("weather:\n  wmo: 70") == "2:8: unknown WMO weather code 70 | did you mean 71 (slight snow fall)?")
        #expect(error("weather:\n  wmo: 100") == "2:8: unknown WMO weather code 100 | did you mean 99 (thunderstorm with heavy hail)?")
        #expect(error("weather: 05d") == "1:10: unknown OpenWeatherMap icon '05d' | did you mean '04d'?")
        #expect(error("weather:\n  owm: 13n") == "2:8: owm must be a number, not the icon '13n' | write 'icon: 13n'")
        #expect(error("weather: 600") == "1:10: weather '600' is a bare number | write the service's key, e.g. 'weather: {owm: 600}'")
        #expect(error("weather:\n  weatherCode: 71") == "2:16: weatherCode '71' is a bare number | write the service's key, e.g. 'wmo: 71'")
        #expect(error("weather: 71") == "1:10: weather '71' is a bare number | write the service's key, e.g. 'weather: {wmo: 71}'")
    }

    @Test func reportsTyposAtTheirLineInADiaryFile() {
        let text = "---\ntitle: 첫눈\nweather: snwo\n---\nBody\n"
        let file = SourceFile(displayPath: "content/diary/2026-11-20.md", relativePath: "diary/2026-11-20.md", text: text)
        var diagnostics = Diagnostics()
        #expect(DiaryParser.parse(file, into: &diagnostics) == nil)
        #expect(diagnostics.items.map(\.description) == ["content/diary/2026-11-20.md:3:10: error: unknown weather 'snwo'\n    hint: did you mean 'snow'?"])
    }

    @Test func reportsEveryErrorOfAMapping() {
        let parsed = weather("weather:\n  condition: snwo\n  humidity: 140\n  owm: 999")
        #expect(parsed.weather == nil)
        #expect(parsed.diagnostics.map(\.location.line).sorted() == [2, 3, 4])
    }

    // MARK: Icons

    @Test func namesIconsWithNightVariantsForSunAndMoon() {
        #expect(Weather(condition: .snow, isNight: true).iconName == "snow")
        #expect(Weather(condition: .clear, isNight: true).iconName == "clear-night")
        #expect(Weather(condition: .partlyCloudy, isNight: true).iconName == "partly-cloudy-night")
        #expect(Weather(condition: .partlyCloudy).iconName == "partly-cloudy")
        #expect(Weather.iconNames.count == 15)
    }

    @Test func themeStyleSheetDrawsEachIconNameOnce() throws {
        let root = Repository.root
        let css = try String(contentsOf: root.appending(path: "themes/default/assets/style.css"), encoding: .utf8)
        let ids = css.matches(of: #/\.(wx-[a-z-]+) \{ --wx: url\("data:image/svg\+xml,<svg /#).map { String($0.1) }
        #expect(Set(ids).count == ids.count, "duplicate icons")
        #expect(Set(ids) == Set(Weather.iconNames.map { "wx-\($0)" }))
    }
}
