import Foundation
import Testing
@testable import DaybookSite

/// The services' answers, in the shapes they really send, turned into an
/// entry's weather: the right condition, units converted, and every broken
/// answer a one-line reason instead of weather.
@Suite struct WeatherAnswerTests {
    static func current(_ json: String, status: Int = 200) -> Result<Weather, WeatherAnswer.Problem> {
        WeatherAnswer.openMeteoCurrent(status: status, body: Data(json.utf8))
    }

    static func owm(_ json: String, status: Int = 200, units: WeatherAnswer.OpenWeatherMapUnits) -> Result<Weather, WeatherAnswer.Problem> {
        WeatherAnswer.openWeatherMap(status: status, body: Data(json.utf8), units: units)
    }

    static func reason(_ result: Result<Weather, WeatherAnswer.Problem>) -> String? {
        if case let .failure(problem) = result { return problem.reason }
        return nil
    }

    static func close(_ a: Double?, _ b: Double) -> Bool { a.map { abs($0 - b) < 0.01 } ?? false }

    // MARK: Open-Meteo

    @Test func openMeteoCurrentWithWindInKilometresPerHour() throws {
        // `current=temperature_2m,relative_humidity_2m,apparent_temperature,is_day,weather_code,wind_speed_10m`
        let json = """
        {"latitude":37.55,"longitude":127.0,"generationtime_ms":0.05,"utc_offset_seconds":0,"timezone":"GMT",
         "timezone_abbreviation":"GMT","elevation":38.0,
         "current_units":{"time":"iso8601","interval":"seconds","temperature_2m":"°C","relative_humidity_2m":"%",
           "apparent_temperature":"°C","is_day":"","weather_code":"wmo code","wind_speed_10m":"km/h"},
         "current":{"time":"2026-11-23T12:15","interval":900,"temperature_2m":3.4,"relative_humidity_2m":71,
           "apparent_temperature":-0.6,"is_day":1,"weather_code":71,"wind_speed_10m":10.8}}
        """
        let weather = try Self.current(json).get()
        #expect(weather.condition == .snow)
        #expect(!weather.isNight)
        #expect(Self.close(weather.temperature, 3.4))
        #expect(Self.close(weather.feelsLike, -0.6))
        #expect(Self.close(weather.humidity, 71))
        #expect(Self.close(weather.wind, 3.0), "10.8 km/h is 3 m/s")
    }

    @Test func openMeteoCurrentInFahrenheitAndMilesPerHourAtNight() throws {
        let json = """
        {"current_units":{"temperature_2m":"°F","apparent_temperature":"°F","wind_speed_10m":"mp/h"},
         "current":{"time":"2026-07-20T23:15","interval":900,"temperature_2m":81.5,"apparent_temperature":86.0,
           "relative_humidity_2m":31,"is_day":0,"weather_code":0,"wind_speed_10m":10.0}}
        """
        let weather = try Self.current(json).get()
        #expect(weather.condition == .clear)
        #expect(weather.isNight)
        #expect(Self.close(weather.temperature, 27.5))
        #expect(Self.close(weather.feelsLike, 30.0))
        #expect(Self.close(weather.wind, 4.47))
    }

    @Test func openMeteoLegacyCurrentWeather() throws {
        // `current_weather=true`: `weathercode`, `windspeed`, no humidity or felt temperature.
        let json = """
        {"latitude":52.52,"longitude":13.419998,"generationtime_ms":0.377,"utc_offset_seconds":0,"timezone":"GMT",
         "timezone_abbreviation":"GMT","elevation":38.0,
         "current_weather_units":{"time":"iso8601","interval":"seconds","temperature":"°C","windspeed":"km/h",
           "winddirection":"°","is_day":"","weathercode":"wmo code"},
         "current_weather":{"time":"2022-09-08T13:00","interval":900,"temperature":16.8,"windspeed":18.0,
           "winddirection":105,"is_day":1,"weathercode":61}}
        """
        let weather = try Self.current(json).get()
        #expect(weather.condition == .rain)
        #expect(Self.close(weather.temperature, 16.8))
        #expect(Self.close(weather.wind, 5.0))
        #expect(weather.humidity == nil && weather.feelsLike == nil)
    }

    @Test func openMeteoWithoutUnitsReadsItsDocumentedDefaults() throws {
        let json = #"{"current_weather":{"temperature":20.0,"windspeed":36.0,"weathercode":3}}"#
        let weather = try Self.current(json).get()
        #expect(weather.condition == .overcast)
        #expect(Self.close(weather.wind, 10.0), "Open-Meteo's default is km/h")
    }

    @Test func anUnknownWeatherCodeIsNoConditionNotAGuess() throws {
        let json = #"{"current":{"temperature_2m":5.0,"weather_code":42},"current_units":{"temperature_2m":"°C"}}"#
        let weather = try Self.current(json).get()
        #expect(weather.condition == nil)
        #expect(Self.close(weather.temperature, 5))
    }

    @Test func openMeteoArchiveHour() throws {
        let json = """
        {"latitude":37.55,"longitude":127.0,"generationtime_ms":0.1,"utc_offset_seconds":32400,"timezone":"Asia/Seoul",
         "timezone_abbreviation":"GMT+9","elevation":38.0,
         "hourly_units":{"time":"iso8601","temperature_2m":"°C","relative_humidity_2m":"%","apparent_temperature":"°C",
           "is_day":"","weather_code":"wmo code","wind_speed_10m":"km/h"},
         "hourly":{"time":["2026-11-02T20:00","2026-11-02T21:00","2026-11-02T22:00"],
           "temperature_2m":[9.1,8.7,8.2],"relative_humidity_2m":[80,82,85],"apparent_temperature":[6.0,5.5,5.1],
           "is_day":[0,0,0],"weather_code":[3,2,61],"wind_speed_10m":[7.2,14.4,3.6]}}
        """
        let weather = try WeatherAnswer.openMeteoHour(status: 200, body: Data(json.utf8), at: "2026-11-02T21:00").get()
        #expect(weather.condition == .partlyCloudy)
        #expect(weather.isNight)
        #expect(Self.close(weather.temperature, 8.7))
        #expect(Self.close(weather.humidity, 82))
        #expect(Self.close(weather.wind, 4.0))

        let missing = WeatherAnswer.openMeteoHour(status: 200, body: Data(json.utf8), at: "2026-11-03T21:00")
        #expect(Self.reason(missing) == "Open-Meteo's answer has no hour 2026-11-03T21:00")
    }

    @Test func anArchiveHourNotYetFilledIsAReasonNotWeather() {
        let json = """
        {"hourly_units":{"temperature_2m":"°C"},
         "hourly":{"time":["2026-11-20T12:00"],"temperature_2m":[null],"weather_code":[null],"wind_speed_10m":[null]}}
        """
        let result = WeatherAnswer.openMeteoHour(status: 200, body: Data(json.utf8), at: "2026-11-20T12:00")
        #expect(Self.reason(result) == "Open-Meteo has no weather for 2026-11-20T12:00 yet")
    }

    @Test func openMeteoErrorBody() {
        let json = #"{"error":true,"reason":"Cannot initialize WeatherVariable from invalid String value tempeture_2m for key current"}"#
        #expect(Self.reason(Self.current(json, status: 400))
                == "Open-Meteo answered: Cannot initialize WeatherVariable from invalid String value tempeture_2m for key current")
    }

    // MARK: OpenWeatherMap

    static let owmMetric = """
    {"coord":{"lon":126.98,"lat":37.57},"weather":[{"id":600,"main":"Snow","description":"light snow","icon":"13n"}],
     "base":"stations","main":{"temp":-1.5,"feels_like":-5.2,"temp_min":-2.0,"temp_max":-1.0,"pressure":1021,"humidity":86,
     "sea_level":1021,"grnd_level":1010},"visibility":4000,"wind":{"speed":3.1,"deg":320,"gust":5.2},"clouds":{"all":100},
     "dt":1763900000,"sys":{"type":1,"id":8105,"country":"KR","sunrise":1763850000,"sunset":1763886000},"timezone":32400,
     "id":1835848,"name":"Seoul","cod":200}
    """

    @Test func openWeatherMapMetric() throws {
        let weather = try Self.owm(Self.owmMetric, units: .metric).get()
        #expect(weather.condition == .snow)
        #expect(weather.isNight, "icon 13n")
        #expect(Self.close(weather.temperature, -1.5))
        #expect(Self.close(weather.feelsLike, -5.2))
        #expect(Self.close(weather.humidity, 86))
        #expect(Self.close(weather.wind, 3.1))
    }

    @Test func openWeatherMapWithoutUnitsIsKelvin() throws {
        let json = """
        {"coord":{"lon":10.99,"lat":44.34},"weather":[{"id":501,"main":"Rain","description":"moderate rain","icon":"10d"}],
         "base":"stations","main":{"temp":298.48,"feels_like":298.74,"temp_min":297.56,"temp_max":300.05,"pressure":1015,
         "humidity":64},"visibility":10000,"wind":{"speed":0.62,"deg":349,"gust":1.18},"rain":{"1h":3.16},
         "clouds":{"all":100},"dt":1661870592,"name":"Zocca","cod":200}
        """
        let weather = try Self.owm(json, units: .standard).get()
        #expect(weather.condition == .rain)
        #expect(!weather.isNight)
        #expect(Self.close(weather.temperature, 25.33))
        #expect(Self.close(weather.feelsLike, 25.59))
        #expect(Self.close(weather.wind, 0.62))
        // The same numbers read as °C are impossible: the request's units matter.
        #expect(Self.reason(Self.owm(json, units: .metric)) == "the answer gives an impossible temperature (298.5 °C)")
    }

    @Test func openWeatherMapImperial() throws {
        let json = """
        {"weather":[{"id":800,"main":"Clear","description":"clear sky","icon":"01d"}],
         "main":{"temp":50.0,"feels_like":41.0,"humidity":40},"wind":{"speed":10.0},"name":"Denver","cod":200}
        """
        let weather = try Self.owm(json, units: .imperial).get()
        #expect(weather.condition == .clear)
        #expect(Self.close(weather.temperature, 10))
        #expect(Self.close(weather.feelsLike, 5))
        #expect(Self.close(weather.wind, 4.47))
    }

    @Test func theFirstOfTwoWeatherItemsIsTheCondition() throws {
        let json = """
        {"weather":[{"id":501,"main":"Rain","description":"moderate rain","icon":"10n"},
                    {"id":701,"main":"Mist","description":"mist","icon":"50n"}],
         "main":{"temp":12.0,"feels_like":11.2,"humidity":94},"wind":{"speed":2.0},"cod":200}
        """
        let weather = try Self.owm(json, units: .metric).get()
        #expect(weather.condition == .rain)
        #expect(weather.isNight)
    }

    @Test func openWeatherMapErrorBodies() {
        let unauthorized = #"{"cod":401, "message": "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info."}"#
        #expect(Self.reason(Self.owm(unauthorized, status: 401, units: .metric))
                == "OpenWeatherMap answered: 401 Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.")
        let notFound = #"{"cod":"404","message":"city not found"}"#
        #expect(Self.reason(Self.owm(notFound, status: 404, units: .metric)) == "OpenWeatherMap answered: 404 city not found")
    }

    // MARK: Broken answers

    @Test func brokenAnswersGiveOneLineAndNoWeather() {
        #expect(Self.reason(Self.current("{\"current\": {\"temperature_2m\": 3.", status: 200)) == "Open-Meteo's answer is not valid JSON")
        #expect(Self.reason(Self.current("<html>Internal Server Error</html>", status: 500)) == "Open-Meteo answered HTTP 500")
        #expect(Self.reason(Self.current("{}", status: 502)) == "Open-Meteo answered HTTP 502")
        #expect(Self.reason(Self.current("{}")) == "Open-Meteo's answer has no current weather")
        #expect(Self.reason(Self.current("[1, 2]")) == "Open-Meteo's answer is not in the expected shape")
        #expect(Self.reason(Self.current(#"{"current":{"temperature_2m":"warm"}}"#)) == "Open-Meteo's answer is not in the expected shape")
        #expect(Self.reason(Self.current(#"{"current":{"time":"2026-11-23T12:00"}}"#)) == "Open-Meteo's answer has no weather values")
        #expect(Self.reason(Self.current(#"{"current":{"temperature_2m":3},"current_units":{"temperature_2m":"°R"}}"#))
                == "the answer gives temperature in an unknown unit '°R'")
        #expect(Self.reason(Self.owm("not json", status: 200, units: .metric)) == "OpenWeatherMap's answer is not valid JSON")
        #expect(Self.reason(Self.owm("", status: 500, units: .metric)) == "OpenWeatherMap answered HTTP 500")
        #expect(Self.reason(Self.owm(#"{"weather":[],"cod":200}"#, units: .metric)) == "OpenWeatherMap's answer has no weather values")
    }
}
