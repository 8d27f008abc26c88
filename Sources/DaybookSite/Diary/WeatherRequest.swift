import Foundation

/// Which service to ask for an entry's weather, and how to read its answer.
/// Pure, so the choice of service and the query are tested without a network.
public struct WeatherRequest: Sendable {
    /// The service, as messages name it.
    public let service: String
    public let url: URL
    /// Turns the answer's HTTP status and body into weather.
    public let read: @Sendable (_ status: Int, _ body: Data) -> Result<Weather, WeatherAnswer.Problem>

    /// The services' base URLs; each can be replaced for tests or a proxy.
    public struct Endpoints: Sendable {
        var openMeteo = "https://api.open-meteo.com"
        var openMeteoArchive = "https://archive-api.open-meteo.com"
        var openWeatherMap = "https://api.openweathermap.org"

        init() {}

        /// `DAYBOOK_OPEN_METEO_URL`, `DAYBOOK_OPEN_METEO_ARCHIVE_URL`, `DAYBOOK_OPENWEATHERMAP_URL`.
        public init(environment: [String: String]) {
            if let url = environment["DAYBOOK_OPEN_METEO_URL"], !url.isEmpty { openMeteo = url }
            if let url = environment["DAYBOOK_OPEN_METEO_ARCHIVE_URL"], !url.isEmpty { openMeteoArchive = url }
            if let url = environment["DAYBOOK_OPENWEATHERMAP_URL"], !url.isEmpty { openWeatherMap = url }
        }
    }

    /// The archive is filled in days after the fact; the forecast API keeps
    /// the last months of its own hourly values, so recent days ask it instead.
    static let archiveLagDays = 5

    static let openMeteoVariables = "temperature_2m,relative_humidity_2m,apparent_temperature,is_day,weather_code,wind_speed_10m"

    /// The weather now, from the site's provider. OpenWeatherMap needs its key
    /// (`OPENWEATHERMAP_API_KEY`); it is asked for metric units.
    public static func current(at location: SiteConfig.Location, provider: SiteConfig.WeatherProvider,
                               openWeatherMapKey: String?, endpoints: Endpoints) -> Result<WeatherRequest, WeatherAnswer.Problem> {
        switch provider {
        case .openMeteo:
            let url = url(endpoints.openMeteo, "/v1/forecast", [
                ("latitude", coordinate(location.latitude)), ("longitude", coordinate(location.longitude)),
                ("current", openMeteoVariables),
            ])
            return url.map { .success(WeatherRequest(service: "Open-Meteo", url: $0, read: WeatherAnswer.openMeteoCurrent)) }
                ?? .failure(badURL("DAYBOOK_OPEN_METEO_URL", endpoints.openMeteo))
        case .openWeatherMap:
            guard let key = openWeatherMapKey, !key.isEmpty else {
                return .failure(.init("weather.provider is openweathermap but OPENWEATHERMAP_API_KEY is not set"))
            }
            let url = url(endpoints.openWeatherMap, "/data/2.5/weather", [
                ("lat", coordinate(location.latitude)), ("lon", coordinate(location.longitude)), ("units", "metric"), ("appid", key),
            ])
            return url.map { .success(WeatherRequest(service: "OpenWeatherMap", url: $0,
                                                     read: { WeatherAnswer.openWeatherMap(status: $0, body: $1, units: .metric) })) }
                ?? .failure(badURL("DAYBOOK_OPENWEATHERMAP_URL", endpoints.openWeatherMap))
        }
    }

    /// The weather of one past hour, always from Open-Meteo (OpenWeatherMap's
    /// history needs a paid plan): its archive, or its forecast API for the
    /// last `archiveLagDays` days. The hour is the one the time falls in; a
    /// day without a time is read at noon. Times with an offset
    /// (`2026-11-02T21:30:00-05:00`) are asked for in UTC, others in the
    /// site's time zone.
    public static func hour(at location: SiteConfig.Location, on date: LocalDate, time: LocalTime?, utcOffsetMinutes: Int?,
                            timezone: String, today: LocalDate, endpoints: Endpoints) -> Result<WeatherRequest, WeatherAnswer.Problem> {
        var day = date, minutes = time?.minutes ?? 12 * 60, zone = timezone
        if let offset = utcOffsetMinutes, time != nil {
            let utc = minutes - offset
            day = date.adding(days: Int((Double(utc) / 1440).rounded(.down)))
            minutes = ((utc % 1440) + 1440) % 1440
            zone = "GMT"
        }
        guard date <= today else { return .failure(.init("\(date.iso) is after today, so it has no weather yet")) }
        let recent = date >= today.adding(days: -archiveLagDays)
        let (base, path, variable) = recent ? (endpoints.openMeteo, "/v1/forecast", "DAYBOOK_OPEN_METEO_URL")
                                            : (endpoints.openMeteoArchive, "/v1/archive", "DAYBOOK_OPEN_METEO_ARCHIVE_URL")
        let target = "\(day.iso)T\((minutes / 60).zeroPadded(2)):00"
        guard let url = url(base, path, [
            ("latitude", coordinate(location.latitude)), ("longitude", coordinate(location.longitude)),
            ("start_date", day.iso), ("end_date", day.iso), ("hourly", openMeteoVariables), ("timezone", zone),
        ]) else { return .failure(badURL(variable, base)) }
        return .success(WeatherRequest(service: recent ? "Open-Meteo" : "Open-Meteo's archive", url: url,
                                       read: { WeatherAnswer.openMeteoHour(status: $0, body: $1, at: target) }))
    }

    private static func url(_ base: String, _ path: String, _ query: [(String, String)]) -> URL? {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        guard var components = URLComponents(string: trimmed + path), components.scheme == "http" || components.scheme == "https",
              components.host?.isEmpty == false else { return nil }
        components.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url
    }

    private static func badURL(_ variable: String, _ value: String) -> WeatherAnswer.Problem {
        .init("\(variable) is not an http(s) address: '\(value)'")
    }

    private static func coordinate(_ value: Double) -> String { NumberText.format(value, decimals: 4, .machine) }
}
