import DaybookContent

/// The day every schedule is computed for: today in the site's time zone,
/// or the `--today` the user gave.
public struct Today: Sendable {
    public let date: LocalDate
    public init(_ date: LocalDate) { self.date = date }
}
