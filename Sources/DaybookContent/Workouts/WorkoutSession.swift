/// One workout session (`content/workouts/**/*.md`). Placeholder until the workouts work lands.
public struct WorkoutSession: Sendable {
    public let source: SourceFile
    public var date: LocalDate
    public init(source: SourceFile, date: LocalDate) {
        self.source = source
        self.date = date
    }
}

public enum WorkoutParser {
    public static func parse(_ file: SourceFile, settings: SiteConfig.Workouts, into diagnostics: inout Diagnostics) -> WorkoutSession? {
        nil
    }
}
