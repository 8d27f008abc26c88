/// Workouts: a session per Markdown file anywhere below `workouts/`.
struct WorkoutsKind: ContentKind {
    init() {}
    var files: [String] { ["workouts"] }

    func load(_ load: ContentLoad) {
        let settings = load.content.config.workouts
        var workouts = load.reparsedAll(load.markdown(under: "workouts")) { WorkoutParser.parse($0, settings: settings, into: &$1) }
            .compactMap { $0 }
        load.reportUnread(under: "workouts", readsSubfolders: true)
        workouts.sort { ($0.date, $0.source.relativePath) < ($1.date, $1.source.relativePath) }
        load.content[WorkoutsKind.self] = workouts
    }
}

extension WorkoutsKind: ItemsKey {
    typealias Item = WorkoutSession
}

extension WorkoutSession: ContentItem {
    /// Sessions have no drafts.
    var audience: Audience { Audience(isPrivate: isPrivate) }
}

extension ItemsByKind {
    /// Sorted by date.
    var workouts: [WorkoutSession] { self[WorkoutsKind.self] }
}

/// It counts every session, private ones too, since they moved the rotation;
/// what shows it shows only the planned splits.
extension SplitRotation: DerivedData {
    static func derive(_ build: Derivation) -> SplitRotation {
        SplitRotation(settings: build.config.workouts, sessions: build.content.workouts, today: build.today)
    }
}

/// Of the sessions pages show.
extension WorkoutStats: DerivedData {
    static func derive(_ build: Derivation) -> WorkoutStats {
        let sessions = build.published.workouts
        return build.memoized(from: WorkoutsKind()) {
            WorkoutStats(sessions: sessions, today: build.today, weekStart: build.config.weekStarts)
        }
    }
}

extension SiteData {
    /// The planned split of any day (`SplitRotation`).
    var rotation: SplitRotation { self[SplitRotation.self] }
    var workoutStats: WorkoutStats { self[WorkoutStats.self] }
    /// What the workout pages are made of: the workout files.
    var workoutsKey: PageKey { filesKey(of: WorkoutsKind()) }
}
