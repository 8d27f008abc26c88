/// Workouts: a session per Markdown file anywhere below `workouts/`.
public struct WorkoutsKind: ContentKind {
    public init() {}
    public var files: [String] { ["workouts"] }

    public func load(_ load: ContentLoad) {
        let settings = load.content.config.workouts
        var workouts = load.reparsedAll(load.markdown(under: "workouts")) { WorkoutParser.parse($0, settings: settings, into: &$1) }
            .compactMap { $0 }
        load.reportUnread(under: "workouts", readsSubfolders: true)
        workouts.sort { ($0.date, $0.source.relativePath) < ($1.date, $1.source.relativePath) }
        load.content.workouts = workouts
    }
}
