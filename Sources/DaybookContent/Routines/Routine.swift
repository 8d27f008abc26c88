/// A planned routine from `content/routines.yml`. Placeholder until the routines work lands.
public struct Routine: Sendable {
    public var id: String
    public var name: String
    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

/// `content/routines/log.md`: which routines were done on which day.
public struct RoutineLog: Sendable {
    public init() {}
}

public enum RoutineParser {
    public static func parseRoutines(_ file: SourceFile, into diagnostics: inout Diagnostics) -> [Routine] { [] }
    public static func parseLog(_ file: SourceFile, routines: [Routine], into diagnostics: inout Diagnostics) -> RoutineLog { RoutineLog() }
}
