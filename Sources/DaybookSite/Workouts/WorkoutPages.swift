
/// Workout pages: the log (`workouts/`), each session at its content path, and
/// `workouts/stats/`; the workout layer of the calendars, today's split on the
/// home page, and the sessions in the search index.
extension WorkoutsKind {
    var derivedData: [any DerivedData.Type] { [SplitRotation.self, WorkoutStats.self] }

    /// A site has workout pages when it logs sessions or plans a split.
    static func hasWorkouts(_ site: SiteData) -> Bool {
        !site.published.workouts.isEmpty || site.rotation.start != nil
    }

    func pages(_ site: SiteData) -> [Page] {
        guard Self.hasWorkouts(site) else { return [] }
        let layer = WorkoutLayer(site: site)
        let index = WorkoutIndex(site.workoutStats)
        var pages = [
            Page(Routes.workouts, template: "pages/workouts") { context in WorkoutLogPage.make(layer: layer, index: index, context) },
            Page(Routes.workoutStats, template: "pages/workout-stats") { context in WorkoutStatsPage.make(index: index, context) },
        ]
        pages += site.published.workouts.indices.map { position in
            Page(Routes.content(site.published.workouts[position].source), template: "pages/workout") { context in
                WorkoutSessionPage.make(position, index: index, context)
            }
        }
        // Made of the workout files alone.
        return pages.map { $0.keyed(site.workoutsKey) }
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        Self.hasWorkouts(site) ? [NavigationEntry(section: .workouts, path: Routes.workouts, label: site.translation["nav_workouts"])] : []
    }

    /// Today's split: "done: Chest" with a link for each session logged today, else the planned split.
    func plan(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] {
        guard Self.hasWorkouts(site) else { return [] }
        let t = context.t
        let today = site.published.workouts.filter { $0.date == date }
        var items = today.map { session in
            PlanItem(text: "\(t["workout_done"]): \(site.rotation.split(of: session) ?? t["workout"])",
                     detail: session.durationMinutes.map { t.minutes($0) }, href: context.link(Routes.content(session.source)), cssClass: "workout done")
        }
        if items.isEmpty, let split = site.rotation.planned(on: date) {
            items.append(PlanItem(text: split, detail: t["workout_planned"], href: context.link(Routes.workouts), cssClass: "workout planned",
                                  recorded: "workout"))
        }
        guard !items.isEmpty else { return [] }
        return [PlanSection(title: t["workout_today"], cssClass: "plan-workouts", items: items,
                            moreHref: context.link(Routes.workouts), moreLabel: t["workout_log"])]
    }

    func calendarLayers(_ site: SiteData) -> [any CalendarLayer] {
        Self.hasWorkouts(site) ? [WorkoutLayer(site: site)] : []
    }

    /// Public sessions only, like the diary: a private one stays out even with --include-private.
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record] {
        site.memo.value("workout records", key: Self.recordsKey(site)) { Self.searchRecords(site) }
    }

    func combineSearchKey(_ site: PublicSite, into hasher: inout StableHasher) { hasher.combine(Self.recordsKey(site)) }

    /// What the sessions' records are made of: their files and the site's inputs.
    static func recordsKey(_ site: PublicSite) -> PageKey { PageKey { $0.combine(site.workoutsKey); $0.combine(site.sharedKey) } }

    static func searchRecords(_ site: PublicSite) -> [SearchPages.Record] {
        site.content.workouts.map { session in
            let split = site.rotation.split(of: session)
            let exercises = session.exercises.map { "\($0.name) \(SetFormat.groups($0.groups))" }
            let note = session.note.map { Markdown.plainText($0) } ?? ""
            return SearchPages.Record(
                title: [site.translation.longDate(session.date), session.title ?? split].compactMap { $0 }.joined(separator: " · "),
                url: Routes.content(session.source).filePath, date: session.date, kind: .workout, tags: [],
                text: String((exercises + [note]).joined(separator: " · ").prefix(500)))
        }
    }
}

/// Lookups made once per build and shared by the workout pages.
struct WorkoutIndex: Sendable {
    /// Exercise key → the id of its section on the stats page, unique even when two names slug alike.
    let anchors: [String: String]
    /// Session file → exercise key → what the session did of it.
    let performances: [String: [String: ExercisePerformance]]

    init(_ stats: WorkoutStats) {
        var performances: [String: [String: ExercisePerformance]] = [:]
        for history in stats.exercises {
            for performance in history.performances {
                performances[performance.source.relativePath, default: [:]][history.key] = performance
            }
        }
        anchors = Routes.exerciseFragments(stats.exercises)
        self.performances = performances
    }

    func performance(of key: String, in session: WorkoutSession) -> ExercisePerformance? {
        performances[session.source.relativePath]?[key]
    }

    /// Σ weight × reps of the session, in kg.
    func volume(of session: WorkoutSession) -> Double {
        performances[session.source.relativePath]?.values.reduce(0) { $0 + $1.volume } ?? 0
    }
}

/// A stamp with the split on each day a public workout was logged (linking
/// to the session), and the planned split from today on while nothing is
/// logged. A private session is on no calendar, even with --include-private.
struct WorkoutLayer: CalendarLayer {
    let site: SiteData
    private let byDate: [LocalDate: [Int]]

    init(site: SiteData) {
        self.site = site
        byDate = Dictionary(grouping: site.publicView.workouts.indices) { site.publicView.workouts[$0].date }
    }

    var days: [LocalDate] { Array(byDate.keys) }

    /// The workout files: the planned split of a day depends on every session before it.
    func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout StableHasher) { hasher.combine(site.workoutsKey) }

    func marks(on date: LocalDate, _ context: PageContext) -> [DayMark] {
        let t = context.t
        if let indexes = byDate[date] {
            return indexes.map { index in
                let session = site.publicView.workouts[index]
                let split = site.rotation.split(of: session) ?? t["workout"]
                let detail = [split, session.durationMinutes.map { t.minutes($0) }].compactMap { $0 }.joined(separator: " · ")
                return DayMark(cssClass: "mark workout stamp", icon: nil, text: split,
                               href: context.link(Routes.content(session.source)), label: "\(t["workout_done"]): \(detail)")
            }
        }
        guard date >= site.today, let split = site.rotation.planned(on: date) else { return [] }
        return [DayMark(cssClass: "mark workout planned", icon: nil, text: split, href: context.link(Routes.workouts),
                        label: "\(t["workout_planned"]): \(split)", isPlan: true)]
    }
}

extension Translation {
    /// `55분` / `55 min`, from the theme's `minutes_format`.
    func minutes(_ count: Int) -> String {
        format("minutes_format", ["n": SetFormat.number(Double(count))])
    }
}

extension Section {
    static let workouts = Section("workouts")
}

extension SearchKind {
    static let workout = SearchKind("workout", rank: 2)
}
