import Foundation
import Testing
@testable import DaybookSite

/// `weather fill` and `new entry` add the weather to an entry's front matter
/// and change no other byte, in each front matter form and line ending.
@Suite struct WeatherFrontMatterTests {
    static let weather: Weather = {
        var weather = Weather(condition: .clear, isNight: true)
        weather.temperature = -1.04
        weather.feelsLike = -5.25
        weather.humidity = 71.4
        weather.wind = 3.0
        weather.location = "Seoul \"강남\""
        return weather
    }()

    static func file(_ text: String) -> SourceFile {
        SourceFile(displayPath: "content/diary/2026-11-02.md", relativePath: "diary/2026-11-02.md", text: text)
    }

    static func inserted(_ text: String) throws -> String {
        try WeatherFrontMatter.inserting(weather, into: file(text)).get()
    }

    /// The new text is the old text with `addition` put in at `offset`, byte for byte.
    static func isOnlyAnAddition(_ old: String, _ new: String) -> Bool {
        let a = Array(old.utf8), b = Array(new.utf8)
        let prefix = zip(a, b).prefix { $0 == $1 }.count
        let suffix = zip(a.reversed(), b.reversed()).prefix { $0 == $1 }.count
        return b.count > a.count && prefix + suffix >= a.count
    }

    @Test func yamlGetsABlockAboveTheClosingFence() throws {
        let text = "---\ntitle: 첫눈  # a comment\ndate: 2026-11-02 21:30\ntags: [winter]\n---\nBody  \n\n* list\n"
        let new = try Self.inserted(text)
        #expect(new == """
        ---
        title: 첫눈  # a comment
        date: 2026-11-02 21:30
        tags: [winter]
        weather:
          condition: clear-night
          temp: -1
          feels_like: -5.3
          humidity: 71
          wind: 3
          location: "Seoul \\"강남\\""
        ---
        Body  \n\n* list

        """)
        var diagnostics = Diagnostics()
        let entry = try #require(DiaryParser.parse(Self.file(new), into: &diagnostics))
        #expect(diagnostics.items.isEmpty)
        #expect(entry.weather?.condition == .clear && entry.weather?.isNight == true)
        #expect(entry.weather?.location == "Seoul \"강남\"")
        #expect(entry.weather?.temperature == -1)
    }

    @Test func crlfAndByteOrderMarkAreKept() throws {
        let text = "\u{FEFF}---\r\ntitle: x\r\ndate: 2026-11-02\r\n---\r\nline one\r\nline two\r\n"
        let new = try Self.inserted(text)
        #expect(Self.isOnlyAnAddition(text, new))
        #expect(new.hasPrefix("\u{FEFF}---\r\ntitle: x\r\ndate: 2026-11-02\r\nweather:\r\n  condition: clear-night\r\n"))
        #expect(!new.utf8.indices.contains { i in new.utf8[i] == 10 && (i == new.utf8.startIndex || new.utf8[new.utf8.index(before: i)] != 13) },
                "every line ends with CRLF")
        #expect(new.hasSuffix("---\r\nline one\r\nline two\r\n"))
    }

    @Test func oldMacLineEndingsAreKept() throws {
        let text = "---\rdate: 2026-11-02\r---\rbody\r"
        let new = try Self.inserted(text)
        #expect(Self.isOnlyAnAddition(text, new))
        #expect(!new.utf8.contains(10))
    }

    @Test func tomlGetsAnInlineTableAboveItsTables() throws {
        let text = "+++\ntitle = \"Hugo\"\ndate = 2026-11-02T21:10:00+09:00\n\n[params]\nsummary = \"kept\"\n+++\nText\n"
        let new = try Self.inserted(text)
        #expect(Self.isOnlyAnAddition(text, new))
        #expect(new.hasPrefix("+++\nweather = { condition = \"clear-night\", temp = -1, feels_like = -5.3, humidity = 71, wind = 3, location = \"Seoul \\\"강남\\\"\" }\ntitle"))
        var diagnostics = Diagnostics()
        let entry = try #require(DiaryParser.parse(Self.file(new), into: &diagnostics))
        #expect(diagnostics.errors.isEmpty)
        #expect(entry.weather?.humidity == 71)
        #expect(entry.frontMatter.params.contains { $0.key == "params" }, "the [params] table is still a table")
    }

    @Test func jsonGetsAMemberBelowItsBrace() throws {
        let text = "{\r\n  \"title\": \"JSON\",\r\n  \"date\": \"2026-11-02\"\r\n}\r\nText\r\n"
        let new = try Self.inserted(text)
        #expect(Self.isOnlyAnAddition(text, new))
        #expect(new.hasPrefix("{\r\n  \"weather\": { \"condition\": \"clear-night\", \"temp\": -1, "))
        #expect(new.contains("\"Seoul \\\"강남\\\"\" },\r\n  \"title\""))
    }

    @Test func jsonWithTheBraceBesideAKeyIsLeftAlone() {
        let text = "{ \"date\": \"2026-11-02\" }\nText\n"
        let result = WeatherFrontMatter.inserting(Self.weather, into: Self.file(text))
        #expect(throws: WeatherAnswer.Problem("JSON front matter is changed only when its '{' stands alone on the first line")) { try result.get() }
    }

    @Test func aNoteWithoutFrontMatterGetsOne() throws {
        let text = "Walked to the river.\n\n#walk\n"
        let new = try Self.inserted(text)
        #expect(new.hasPrefix("---\nweather:\n  condition: clear-night\n"))
        #expect(new.hasSuffix("\"\n---\nWalked to the river.\n\n#walk\n"))
    }

    @Test func aSecondWeatherKeyIsRefusedNotWritten() {
        let text = "---\ndate: 2026-11-02\nweather: {}\n---\n"
        let result = WeatherFrontMatter.inserting(Self.weather, into: Self.file(text))
        guard case let .failure(problem) = result else {
            Issue.record("a duplicate weather key was written")
            return
        }
        #expect(problem.reason.hasPrefix("its front matter would not read back with the weather added"))
    }

    @Test func onlyWhatIsKnownIsWritten() {
        var weather = Weather()
        weather.temperature = 12.25
        #expect(WeatherFrontMatter.yaml(weather) == "weather:\n  temp: 12.3\n")
        #expect(WeatherFrontMatter.yaml(Weather(condition: .rain, isNight: true)) == "weather:\n  condition: rain\n")
    }
}

@Suite struct WeatherRequestTests {
    static let seoul = SiteConfig.Location(name: "Seoul", latitude: 37.5665, longitude: 126.978)
    static let today = LocalDate(iso: "2026-11-23")!

    static func hour(_ date: String, _ time: String?, offset: Int? = nil, endpoints: WeatherRequest.Endpoints = .init())
        -> Result<WeatherRequest, WeatherAnswer.Problem> {
        WeatherRequest.hour(at: seoul, on: LocalDate(iso: date)!, time: time.flatMap { LocalTime(text: $0) }, utcOffsetMinutes: offset,
                            timezone: "Asia/Seoul", today: today, endpoints: endpoints)
    }

    @Test func currentConditionsFromEitherService() throws {
        let meteo = try WeatherRequest.current(at: Self.seoul, provider: .openMeteo, openWeatherMapKey: nil, endpoints: .init()).get()
        #expect(meteo.url.absoluteString == "https://api.open-meteo.com/v1/forecast?latitude=37.5665&longitude=126.978&current="
                + "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,weather_code,wind_speed_10m")
        let owm = try WeatherRequest.current(at: Self.seoul, provider: .openWeatherMap, openWeatherMapKey: "KEY",
                                             endpoints: .init(environment: ["DAYBOOK_OPENWEATHERMAP_URL": "http://127.0.0.1:8080/"])).get()
        #expect(owm.url.absoluteString == "http://127.0.0.1:8080/data/2.5/weather?lat=37.5665&lon=126.978&units=metric&appid=KEY")
        let noKey = WeatherRequest.current(at: Self.seoul, provider: .openWeatherMap, openWeatherMapKey: nil, endpoints: .init())
        #expect(throws: WeatherAnswer.Problem("weather.provider is openweathermap but OPENWEATHERMAP_API_KEY is not set")) { try noKey.get() }
    }

    @Test func oldDaysAskTheArchiveRecentDaysTheForecastApi() throws {
        let old = try Self.hour("2026-11-02", "21:30").get()
        #expect(old.url.absoluteString.hasPrefix("https://archive-api.open-meteo.com/v1/archive?latitude=37.5665&longitude=126.978"
                                                 + "&start_date=2026-11-02&end_date=2026-11-02&hourly="))
        #expect(old.url.absoluteString.hasSuffix("&timezone=Asia/Seoul"))
        let recent = try Self.hour("2026-11-20", nil).get()
        #expect(recent.url.absoluteString.hasPrefix("https://api.open-meteo.com/v1/forecast?"))
        #expect(throws: WeatherAnswer.Problem("2026-11-24 is after today, so it has no weather yet")) { try Self.hour("2026-11-24", "09:00").get() }
        let bad = Self.hour("2026-11-02", nil, endpoints: .init(environment: ["DAYBOOK_OPEN_METEO_ARCHIVE_URL": "127.0.0.1:9"]))
        #expect(throws: WeatherAnswer.Problem("DAYBOOK_OPEN_METEO_ARCHIVE_URL is not an http(s) address: '127.0.0.1:9'")) { try bad.get() }
    }

    @Test func theHourReadIsTheOneTheTimeFallsIn() throws {
        let body = { (times: [String]) in
            Data("{\"hourly\":{\"time\":[\(times.map { "\"\($0)\"" }.joined(separator: ","))],\"temperature_2m\":[\(times.indices.map { "\($0)" }.joined(separator: ","))]}}".utf8)
        }
        let evening = try Self.hour("2026-11-02", "21:30").get()
        #expect(try evening.read(200, body(["2026-11-02T20:00", "2026-11-02T21:00"])).get().temperature == 1)
        let noon = try Self.hour("2026-11-02", nil).get()
        #expect(try noon.read(200, body(["2026-11-02T11:00", "2026-11-02T12:00"])).get().temperature == 1)
        // 01:30 at UTC+9 is 16:30 UTC the day before, asked for in GMT.
        let offset = try Self.hour("2026-11-02", "01:30", offset: 540).get()
        #expect(offset.url.absoluteString.contains("start_date=2026-11-01&end_date=2026-11-01"))
        #expect(offset.url.absoluteString.hasSuffix("timezone=GMT"))
        #expect(try offset.read(200, body(["2026-11-01T16:00"])).get().temperature == 0)
    }
}
