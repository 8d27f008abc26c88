import DaybookSite
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The only network call Daybook makes: one GET with a 3 s deadline. Reading
/// the answer is `WeatherRequest.read`'s pure work; this only carries bytes.
enum WeatherFetch {
    static let timeout: TimeInterval = 3

    enum Failure: Error {
        /// No answer at all: the next request to the same service would fail too.
        case unreachable(String)
        /// An answer that holds no weather.
        case answer(String)

        var reason: String {
            switch self {
            case let .unreachable(reason), let .answer(reason): reason
            }
        }
    }

    static func fetch(_ request: WeatherRequest) -> Result<Weather, Failure> {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.invalidateAndCancel() }

        let outcome = Outcome()
        let task = session.dataTask(with: request.url) { data, response, error in
            outcome.finish(data: data, status: (response as? HTTPURLResponse)?.statusCode, error: error)
        }
        task.resume()
        // The session's own timeouts reset on every byte; this deadline does not.
        let late = Failure.unreachable("\(request.service) did not answer within \(Int(timeout)) s")
        guard outcome.done.wait(timeout: .now() + timeout) == .success, let (data, status, error) = outcome.result else {
            task.cancel()
            return .failure(late)
        }
        // Under load the session's timer can fire before the deadline: one message either way.
        if (error as? URLError)?.code == .timedOut { return .failure(late) }
        if let error {
            return .failure(.unreachable("could not reach \(request.service): \(describe(error))"))
        }
        return request.read(status ?? 0, data ?? Data()).mapError { .answer($0.reason) }
    }

    private static func describe(_ error: Error) -> String {
        switch (error as? URLError)?.code {
        case .cannotFindHost?, .dnsLookupFailed?: "its address cannot be found (no network?)"
        case .cannotConnectToHost?: "the connection was refused"
        case .notConnectedToInternet?: "no network"
        case .networkConnectionLost?: "the connection was lost"
        case .secureConnectionFailed?, .serverCertificateUntrusted?: "the secure connection failed"
        default: error.localizedDescription
        }
    }

    /// The task's result, handed from URLSession's queue to the waiting thread.
    private final class Outcome: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var value: (Data?, Int?, Error?)?

        var result: (Data?, Int?, Error?)? { lock.withLock { value } }

        func finish(data: Data?, status: Int?, error: Error?) {
            lock.withLock { value = (data, status, error) }
            done.signal()
        }
    }
}

/// What `new entry` and `weather fill` share: the site's place and service,
/// and one line on why there is no weather.
struct WeatherSettings {
    let config: SiteConfig
    let endpoints = WeatherRequest.Endpoints(environment: ProcessInfo.processInfo.environment)

    /// The request for an entry: the hour it was written (a past date), or now.
    func request(date: LocalDate?, time: LocalTime?, utcOffsetMinutes: Int?, today: LocalDate) -> Result<WeatherRequest, WeatherFetch.Failure> {
        guard let location = config.location else {
            return .failure(.answer("site.yml has no location (add location: {name, latitude, longitude})"))
        }
        let request = if let date {
            WeatherRequest.hour(at: location, on: date, time: time, utcOffsetMinutes: utcOffsetMinutes,
                                timezone: config.timezone, today: today, endpoints: endpoints)
        } else {
            WeatherRequest.current(at: location, provider: config.weatherProvider,
                                   openWeatherMapKey: ProcessInfo.processInfo.environment["OPENWEATHERMAP_API_KEY"], endpoints: endpoints)
        }
        return request.mapError { .answer($0.reason) }
    }

    /// The weather with the site's place name, which the answer does not give.
    func fetch(_ request: WeatherRequest) -> Result<Weather, WeatherFetch.Failure> {
        WeatherFetch.fetch(request).map { weather in
            var named = weather
            named.location = config.location?.name
            return named
        }
    }

    /// `snow, -1.5 °C` for the terminal.
    static func summary(_ weather: Weather) -> String {
        [weather.condition?.rawValue, weather.temperature.map { NumberText.format($0, decimals: 1, .machine) + " °C" }]
            .compactMap { $0 }.joined(separator: ", ")
    }

    /// site.yml's settings; a missing file is the defaults.
    static func load(_ folder: ContentFolder, into diagnostics: inout Diagnostics) -> SiteConfig {
        let file = FileIO.disk.text(folder.url.appendingPathComponent("site.yml").path)
        let source = file.map { SourceFile(displayPath: "\(folder.displayName)/site.yml", relativePath: "site.yml", text: $0) }
        return SiteConfig.parse(source, into: &diagnostics)
    }
}
