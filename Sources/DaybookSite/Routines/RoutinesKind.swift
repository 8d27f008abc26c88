/// Routines: what they are in `routines.yml`, what was done in `routines/log.md`.
struct RoutinesKind: ContentKind {
    init() {}
    var files: [String] { ["routines.yml", "routines"] }

    func load(_ load: ContentLoad) {
        if let file = load.read("routines.yml") {
            load.content.routines = load.reparsed(file) { RoutineParser.parseRoutines(file, into: &$0) }
        }
        if let file = load.read("routines/log.md") {
            let routines = load.content.routines
            load.content.routineLog = load.reparsed(file, after: ["routines.yml"]) { RoutineParser.parseLog(file, routines: routines, into: &$0) }
        }
    }
}

extension RoutinesKind {
    /// `routines.yml`.
    enum Routines: ContentKey {
        static var empty: [Routine] { [] }
    }

    /// `routines/log.md`.
    enum Log: ContentKey {
        static var empty: RoutineLog { RoutineLog() }
    }
}

extension Content {
    var routines: [Routine] {
        get { self[RoutinesKind.Routines.self] }
        set { self[RoutinesKind.Routines.self] = newValue }
    }

    var routineLog: RoutineLog {
        get { self[RoutinesKind.Log.self] }
        set { self[RoutinesKind.Log.self] = newValue }
    }
}

/// Routines have no private ones.
extension RoutinePlan: DerivedData {
    static func derive(_ build: Derivation) -> RoutinePlan {
        RoutinePlan(routines: build.content.routines, log: build.content.routineLog, today: build.today)
    }
}

extension SiteData {
    var routinePlan: RoutinePlan { self[RoutinePlan.self] }
    /// What the routine pages are made of: `routines.yml` and the log.
    var routinesKey: PageKey { filesKey(of: RoutinesKind()) }
}
