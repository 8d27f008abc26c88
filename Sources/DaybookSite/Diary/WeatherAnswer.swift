import Foundation

/// A weather service's answer turned into the weather of an entry, in
/// Daybook's units (°C, %, m/s). Pure: the HTTP client hands over the status
/// and the body, and gets back the weather or the one reason there is none.
/// Nothing is guessed: a unit the answer does not name is the service's
/// documented default, an unknown unit or code is no value, and an answer
/// without any value is a problem, never a made-up condition.
public enum WeatherAnswer {
    /// Why an answer gave no weather, said in one line.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let reason: String
        init(_ reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// OpenWeatherMap's `units=` of the request; its answer does not say them.
    enum OpenWeatherMapUnits: String, Sendable {
        /// Kelvin and m/s: what OWM answers when `units` is absent.
        case standard
        /// °C and m/s
        case metric
        /// °F and miles per hour
        case imperial
    }

    // MARK: Open-Meteo

    /// The forecast API's current conditions: `current` with `current_units`
    /// (`current=temperature_2m,…`), or the older `current_weather` with
    /// `current_weather_units` (`current_weather=true`), which has no humidity
    /// or felt temperature.
    static func openMeteoCurrent(status: Int, body: Data) -> Result<Weather, Problem> {
        Result { () throws(Problem) -> Weather in
            let answer = try decode(OpenMeteoBody.self, status: status, body: body, service: "Open-Meteo")
            if let current = answer.current {
                return try openMeteoWeather(code: current.weatherCode, isDay: current.isDay, temperature: current.temperature,
                                            feelsLike: current.feelsLike, humidity: current.humidity, wind: current.wind,
                                            units: answer.currentUnits ?? [:], keys: OpenMeteoValues.unitKeys)
            }
            if let legacy = answer.currentWeather {
                return try openMeteoWeather(code: legacy.weathercode, isDay: legacy.isDay, temperature: legacy.temperature,
                                            feelsLike: nil, humidity: nil, wind: legacy.windspeed,
                                            units: answer.currentWeatherUnits ?? [:], keys: OpenMeteoLegacy.unitKeys)
            }
            throw Problem("Open-Meteo's answer has no current weather")
        }
    }

    /// One hour of the archive's (or the forecast's) `hourly` series, at
    /// `time` as the answer writes it (`2026-11-02T21:00`, in the time zone
    /// the request named).
    static func openMeteoHour(status: Int, body: Data, at time: String) -> Result<Weather, Problem> {
        Result { () throws(Problem) -> Weather in
            let answer = try decode(OpenMeteoBody.self, status: status, body: body, service: "Open-Meteo")
            guard let hourly = answer.hourly else { throw Problem("Open-Meteo's answer has no hourly weather") }
            guard let index = hourly.time.firstIndex(of: time) else { throw Problem("Open-Meteo's answer has no hour \(time)") }
            func at(_ series: [Double?]?) -> Double? { series.flatMap { index < $0.count ? $0[index] : nil } }
            return try openMeteoWeather(code: at(hourly.weatherCode), isDay: at(hourly.isDay), temperature: at(hourly.temperature),
                                        feelsLike: at(hourly.feelsLike), humidity: at(hourly.humidity), wind: at(hourly.wind),
                                        units: answer.hourlyUnits ?? [:], keys: OpenMeteoValues.unitKeys, hour: time)
        }
    }

    private static func openMeteoWeather(code: Double?, isDay: Double?, temperature: Double?, feelsLike: Double?,
                                         humidity: Double?, wind: Double?, units: [String: String],
                                         keys: OpenMeteoUnitKeys, hour: String? = nil) throws(Problem) -> Weather {
        // Open-Meteo's defaults, for an answer that leaves a unit out.
        let temperatureUnit = units[keys.temperature] ?? "°C"
        let windUnit = units[keys.wind] ?? "km/h"
        var weather = Weather(condition: code.flatMap(Int.init(exactly:)).flatMap(WeatherCondition.init(wmoCode:)),
                              isNight: isDay == 0)
        weather.temperature = try temperature.map { value throws(Problem) in try celsius(value, temperatureUnit, Measure.temperature) }
        weather.feelsLike = try feelsLike.map { value throws(Problem) in try celsius(value, units[keys.feelsLike] ?? temperatureUnit, Measure.feelsLike) }
        weather.humidity = try humidity.map { value throws(Problem) in try percent(value) }
        weather.wind = try wind.map { value throws(Problem) in try metresPerSecond(value, windUnit) }
        guard weather.condition != nil || weather.temperature != nil else {
            throw Problem(hour.map { "Open-Meteo has no weather for \($0) yet" } ?? "Open-Meteo's answer has no weather values")
        }
        return weather
    }

    // MARK: OpenWeatherMap

    /// `/data/2.5/weather`: the first of `weather[]` is the main condition
    /// (OWM lists more when several are observed at once).
    static func openWeatherMap(status: Int, body: Data, units: OpenWeatherMapUnits) -> Result<Weather, Problem> {
        Result { () throws(Problem) -> Weather in
            let answer = try decode(OpenWeatherMapBody.self, status: status, body: body, service: "OpenWeatherMap")
            let main = answer.weather?.first
            let icon = main?.icon.flatMap(WeatherWords.reading(of:))
            var weather = Weather(condition: main?.id.flatMap(WeatherCondition.init(openWeatherMapID:)) ?? icon?.condition,
                                  isNight: icon?.isNight ?? false)
            let (temperatureUnit, windUnit) = switch units {
            case .standard: ("K", "m/s")
            case .metric: ("°C", "m/s")
            case .imperial: ("°F", "mph")
            }
            weather.temperature = try answer.main?.temp.map { value throws(Problem) in try celsius(value, temperatureUnit, Measure.temperature) }
            weather.feelsLike = try answer.main?.feelsLike.map { value throws(Problem) in try celsius(value, temperatureUnit, Measure.feelsLike) }
            weather.humidity = try answer.main?.humidity.map { value throws(Problem) in try percent(value) }
            weather.wind = try answer.wind?.speed.map { value throws(Problem) in try metresPerSecond(value, windUnit) }
            guard weather.condition != nil || weather.temperature != nil else {
                throw Problem("OpenWeatherMap's answer has no weather values")
            }
            return weather
        }
    }

    // MARK: Units

    private static func celsius(_ value: Double, _ unit: String, _ measure: Measure) throws(Problem) -> Double {
        let converted: Double
        switch unit {
        case "°C", "C", "celsius": converted = value
        case "°F", "F", "fahrenheit": converted = (value - 32) * 5 / 9
        case "K", "kelvin": converted = value - 273.15
        default: throw Problem("the answer gives temperature in an unknown unit '\(unit)'")
        }
        // A value no thermometer has read is a broken answer, not weather to keep.
        guard measure.range.contains(converted) else {
            throw Problem("the answer gives an impossible temperature (\(NumberText.format(value, decimals: 1, .machine)) \(unit))")
        }
        return converted
    }

    private static func percent(_ value: Double) throws(Problem) -> Double {
        guard Measure.humidity.range.contains(value) else {
            throw Problem("the answer gives an impossible humidity (\(NumberText.format(value, decimals: 1, .machine)) %)")
        }
        return value
    }

    private static func metresPerSecond(_ value: Double, _ unit: String) throws(Problem) -> Double {
        let converted: Double
        switch unit {
        case "m/s", "ms": converted = value
        case "km/h", "kmh": converted = value / 3.6
        case "mp/h", "mph": converted = value * 0.44704
        case "kn", "kt", "knots": converted = value * 0.514444
        default: throw Problem("the answer gives wind in an unknown unit '\(unit)'")
        }
        guard Measure.wind.range.contains(converted) else {
            throw Problem("the answer gives an impossible wind speed (\(NumberText.format(value, decimals: 1, .machine)) \(unit))")
        }
        return converted
    }

    // MARK: Decoding

    /// An error body first (services answer errors as JSON, with any status),
    /// then the HTTP status, then the shape.
    private static func decode<Body: Decodable & ServiceError>(_ type: Body.Type, status: Int, body: Data, service: String) throws(Problem) -> Body {
        guard let answer = try? JSONDecoder().decode(Body.self, from: body) else {
            if status != 200 { throw Problem("\(service) answered HTTP \(status)") }
            if (try? JSONSerialization.jsonObject(with: body)) == nil { throw Problem("\(service)'s answer is not valid JSON") }
            throw Problem("\(service)'s answer is not in the expected shape")
        }
        if let message = answer.errorMessage { throw Problem("\(service) answered: \(message)") }
        guard status == 200 else { throw Problem("\(service) answered HTTP \(status)") }
        return answer
    }
}

private protocol ServiceError {
    /// The service's own words when the body is an error.
    var errorMessage: String? { get }
}

private struct OpenMeteoUnitKeys {
    let temperature: String, feelsLike: String, wind: String
}

/// `{"error": true, "reason": "…"}` or a forecast/archive answer.
private struct OpenMeteoBody: Decodable, ServiceError {
    var error: Bool?
    var reason: String?
    var current: OpenMeteoValues?
    var currentUnits: [String: String]?
    var currentWeather: OpenMeteoLegacy?
    var currentWeatherUnits: [String: String]?
    var hourly: OpenMeteoHourly?
    var hourlyUnits: [String: String]?

    enum CodingKeys: String, CodingKey {
        case error, reason, current, hourly
        case currentUnits = "current_units", currentWeather = "current_weather"
        case currentWeatherUnits = "current_weather_units", hourlyUnits = "hourly_units"
    }

    var errorMessage: String? { error == true ? (reason ?? "an error without a reason") : nil }
}

private struct OpenMeteoValues: Decodable {
    var temperature, feelsLike, humidity, wind, weatherCode, isDay: Double?
    enum CodingKeys: String, CodingKey {
        case temperature = "temperature_2m", feelsLike = "apparent_temperature", humidity = "relative_humidity_2m"
        case wind = "wind_speed_10m", weatherCode = "weather_code", isDay = "is_day"
    }
    static let unitKeys = OpenMeteoUnitKeys(temperature: CodingKeys.temperature.rawValue, feelsLike: CodingKeys.feelsLike.rawValue,
                                            wind: CodingKeys.wind.rawValue)
}

/// `current_weather=true`, the shape Open-Meteo answered before `current=`.
private struct OpenMeteoLegacy: Decodable {
    var temperature, windspeed, weathercode, isDay: Double?
    enum CodingKeys: String, CodingKey { case temperature, windspeed, weathercode, isDay = "is_day" }
    static let unitKeys = OpenMeteoUnitKeys(temperature: "temperature", feelsLike: "temperature", wind: "windspeed")
}

/// Series of one value an hour; the archive writes `null` where it has none yet.
private struct OpenMeteoHourly: Decodable {
    var time: [String]
    var temperature, feelsLike, humidity, wind, weatherCode, isDay: [Double?]?
    enum CodingKeys: String, CodingKey {
        case time
        case temperature = "temperature_2m", feelsLike = "apparent_temperature", humidity = "relative_humidity_2m"
        case wind = "wind_speed_10m", weatherCode = "weather_code", isDay = "is_day"
    }
}

/// `/data/2.5/weather`, or `{"cod": 401, "message": "…"}` (`cod` is a
/// number in some answers and a string in others).
private struct OpenWeatherMapBody: Decodable, ServiceError {
    struct Condition: Decodable { var id: Int?; var icon: String? }
    struct Main: Decodable {
        var temp, feelsLike, humidity: Double?
        enum CodingKeys: String, CodingKey { case temp, humidity, feelsLike = "feels_like" }
    }
    struct Wind: Decodable { var speed: Double? }

    var cod: Int?
    var message: String?
    var weather: [Condition]?
    var main: Main?
    var wind: Wind?

    enum CodingKeys: String, CodingKey { case cod, message, weather, main, wind }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cod = (try? container.decodeIfPresent(Int.self, forKey: .cod))
            ?? (try? container.decodeIfPresent(String.self, forKey: .cod)).flatMap { $0.flatMap(Int.init) }
        message = try? container.decodeIfPresent(String.self, forKey: .message)
        weather = try container.decodeIfPresent([Condition].self, forKey: .weather)
        main = try container.decodeIfPresent(Main.self, forKey: .main)
        wind = try container.decodeIfPresent(Wind.self, forKey: .wind)
    }

    var errorMessage: String? {
        guard let cod, cod != 200 else { return nil }
        return "\(cod) \(message ?? "")".trimmingCharacters(in: .whitespaces)
    }
}
