/// The weather of a diary entry, normalised to one of the spec's conditions
/// whatever form the user copied it in (word, mapping, OWM, WMO, Day One).
public enum WeatherCondition: String, CaseIterable, Sendable, Hashable {
    case clear, partlyCloudy = "partly-cloudy", cloudy, overcast, fog, drizzle, rain, showers,
         thunderstorm, snow, sleet, hail, windy
}

public struct Weather: Sendable, Hashable {
    public var condition: WeatherCondition?
    /// °C
    public var temperature: Double?
    public var feelsLike: Double?
    /// %
    public var humidity: Double?
    /// m/s
    public var wind: Double?
    public var location: String?
    /// From an OWM `…n` icon or a Day One `…-night` word: draw the night variant.
    public var isNight = false

    public init(condition: WeatherCondition? = nil) { self.condition = condition }
    public var iconName: String { condition?.rawValue ?? "unknown" }

    /// Reads the `weather:` front matter value. (Filled in by the weather work.)
    public static func parse(_ value: YAMLValue, into diagnostics: inout Diagnostics) -> Weather? {
        if let word = value.scalarText {
            if let condition = WeatherCondition(rawValue: word) { return Weather(condition: condition) }
            diagnostics.error(value.location, "unknown weather '\(word)'", hint: Suggestion.hint(for: word, in: WeatherCondition.allCases.map(\.rawValue)))
            return nil
        }
        return nil
    }
}
