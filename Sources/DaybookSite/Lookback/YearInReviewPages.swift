/// `year/YYYY/`, the year in review (docs/site.md), for every year with entries,
/// workouts or words. Made from the public content only (`PublicSite`): a
/// private entry, deck or workout is never counted, shown or linked, even with
/// --include-private.
struct YearInReviewPages: SiteFeature {
    func pages(_ site: SiteData) -> [Page] {
        let years = Self.years(site)
        // Gathered once for all years, when the first year page renders.
        let inputs = OnFirstUse { Inputs(site) }
        return years.map { year in
            Page(Routes.yearInReview(year), template: "pages/year-review", key: Self.key(year, years: years, site)) { context in
                Self.page(year, years: years, inputs.value, context)
            }
        }
    }

    /// What a year's page is made of, so that `serve` keeps its bytes (and
    /// counts no word again) while these stay the same (`PageKey`): the year's
    /// entries as their own pages show them (text, title, day, weather, tags,
    /// privacy, photos), the files of the decks, workouts and routines it
    /// counts, and the years it links to; today and site.yml are in every key.
    static func key(_ year: Int, years: [Int], _ site: SiteData) -> PageKey? {
        site.rememberedKey { hasher in
            hasher.combine(years)
            for index in site.diary.byYear[year] ?? [] { hasher.combine(site.diary.pageKeys[index]) }
            for kind: any ContentKind in [VocabKind(), WorkoutsKind(), RoutinesKind()] { hasher.combine(site.filesKey(of: kind)) }
            for tally in site.features.compactMap({ $0.yearTally(site) }) { hasher.combine(tally.key) }
        }
    }

    static func years(_ site: SiteData) -> [Int] {
        let view = site.publicView
        return Set(view.entries.map(\.date.year)).union(view.workouts.map(\.date.year))
            .union(view.decks.lazy.flatMap(\.days).map(\.date.year))
            .union(site.features.lazy.compactMap { $0.yearTally(site) }.flatMap(\.days).map(\.year)).sorted()
    }

    /// The year whose review the home page points to: the one ending in
    /// December, the one just ended in January; nil the rest of the year or
    /// when that year has no review.
    static func featured(_ site: SiteData) -> Int? {
        let today = site.today.monthKey
        let year = today.month == 12 ? today.year : today.month == 1 ? today.year - 1 : nil
        return year.flatMap { years(site).contains($0) ? $0 : nil }
    }

    /// "2026 in review", for the pages that point to it.
    static func link(_ year: Int, _ context: PageContext) -> PageLink {
        PageLink(label: context.t.format("review_title", ["year": String(year)]), href: context.link(Routes.yearInReview(year)))
    }

    /// What the year pages read of the public content, across years.
    struct Inputs: Sendable {
        let words: [YearStudy.Word]
        let exercises: [ExerciseHistory]
        let workouts: [LocalDate]
        let weightUnit: SiteConfig.Workouts.Unit
        let routines: RoutinePlan
        /// The other kinds' counts (`SiteFeature.yearTally`), in the registry's order.
        let tallies: [YearTally]

        init(_ site: SiteData) {
            let content = site.publicView
            words = YearStudy.words(of: content.decks.map(\.id), in: content.vocab, settings: site.config.vocab)
            // The workout pages' statistics, unless they count private sessions (--include-private).
            exercises = site.published.workouts.count == content.workouts.count
                ? site.workoutStats.exercises
                : WorkoutStats(sessions: content.workouts, today: site.today, weekStart: site.config.weekStarts).exercises
            workouts = content.workouts.map(\.date)
            weightUnit = site.config.workouts.unit
            routines = site.routinePlan
            tallies = site.features.compactMap { $0.yearTally(site) }
        }
    }

    struct Figure: TemplateData {
        let label, value: String
        /// What `sealed.js` adds the year's private entries to once unlocked (`entries`, `words`), on a site with an encrypted part.
        var sealedFigure: String?
    }

    struct Row: TemplateData {
        let label: String
        let count: Int
    }

    struct MonthRow: TemplateData {
        let label: String
        let workouts, records: Int
    }

    struct BestRow: TemplateData {
        let exercise, value, dateLabel, iso: String
        let isRecord: Bool
    }

    struct RoutineRow: TemplateData {
        let name: String
        let done, missed: Int
        let share: String
    }

    struct Model: TemplateData {
        let year: Int
        let figures: [Figure]
        let tags, weather: [Row]
        let warmest, coldest: String?
        let study: [Figure]
        let monthChart: String?
        let months: [MonthRow]
        let bests: [BestRow]
        let routines: [RoutineRow]
        let photos: [MediaPages.Item]
        let photoCount: Int
        let calendarHref: String
        /// On a site with an encrypted part: where its script finds the private entries to count.
        let sealed: SealedLinks?
        let previous, next: PageLink?
        var hasTags: Bool { !tags.isEmpty }
        var hasWeather: Bool { !weather.isEmpty }
        var hasMonths: Bool { !months.isEmpty }
        var hasStudy: Bool { !study.isEmpty }
        var hasBests: Bool { !bests.isEmpty }
        var hasRoutines: Bool { !routines.isEmpty }
        var hasPhotos: Bool { !photos.isEmpty }
        /// More photos than the page shows.
        var photosCut: Bool { photoCount > photos.count }
    }

    static func page(_ year: Int, years: [Int], _ inputs: Inputs, _ context: PageContext) -> PageViewModel {
        let site = context.site, t = context.t, diary = site.diary
        let shown = (diary.byYear[year] ?? []).filter { !diary.entries[$0].isPrivate }
        let review = YearInReview(
            year: year,
            entries: shown.map { index in
                let entry = diary.entries[index]
                return YearInReview.Entry(date: entry.date, words: diary.words(of: index), tags: entry.tags,
                                          condition: entry.weather?.condition?.rawValue, temperature: entry.weather?.temperature)
            },
            workouts: inputs.workouts)
        let study = YearStudy(year: year, words: inputs.words, reviews: YearStudy.reviews(year, in: site.publicView.vocab, today: site.today),
                              today: site.today)
        let records = YearRecords(year: year, exercises: inputs.exercises)
        let routines = YearRoutines(year: year, plan: inputs.routines)
        func extreme(_ extreme: YearInReview.Extreme?) -> String? {
            extreme.map { "\(WeatherView.degrees($0.temperature)) · \(t.longDate($0.date))" }
        }
        let months = (1...12).map { YearMonth(year: year, month: $0) }
        let points = months.map { month in
            let count = review.workoutsPerMonth[month.month - 1]
            return ChartPoint(x: 0, value: Double(count), label: WorkoutStatsPage.shortMonth(month, t),
                              tooltip: "\(t.monthTitle(month)): \(t.count("workout_sessions_count", count))")
        }
        let photos = shown.flatMap { index in
            let entry = diary.entries[index]
            return MediaPages.unique(diary.photos[index]).map { photo in
                MediaPages.Item(thumbnail: PhotoHTML.thumbnail(photo, alt: entry.title, from: context.path), title: entry.title,
                                dateLabel: t.longDate(entry.date), iso: entry.date.iso, href: context.link(Routes.content(entry.source)))
            }
        }
        let position = years.firstIndex(of: year)
        func link(_ index: Int) -> PageLink? {
            years.indices.contains(index) ? PageLink(label: String(years[index]), href: context.link(Routes.yearInReview(years[index]))) : nil
        }
        let sealed = SealedLinks.on(context)
        let model = Model(
            year: year,
            figures: [
                Figure(label: t["review_entries"], value: String(review.entries), sealedFigure: sealed.map { _ in "entries" }),
                Figure(label: t["review_words"], value: String(review.words), sealedFigure: sealed.map { _ in "words" }),
            ] + inputs.tallies.compactMap { tally in
                let count = tally.days.count { $0.year == year }
                return count == 0 ? nil : Figure(label: tally.label, value: String(count))
            },
            tags: review.tags.map { Row(label: $0.name, count: $0.count) },
            weather: review.weather.map { Row(label: t["weather_" + $0.name], count: $0.count) },
            warmest: extreme(review.warmest), coldest: extreme(review.coldest),
            study: inputs.words.isEmpty ? [] : [
                Figure(label: t["review_learned"], value: String(study.learned)),
                Figure(label: t["review_mastered"], value: String(study.mastered)),
                Figure(label: t["review_recall"], value: RoutineMonthsPage.percent(study.recallRate)),
                Figure(label: t["review_reviewed"], value: "\(study.recalled) / \(study.reviewed)"),
            ],
            monthChart: review.workouts == 0 ? nil : BarChart.svg(points, label: t["workout_per_month"], unit: ""),
            months: review.workouts == 0 ? [] : months.map { month in
                MonthRow(label: t.monthTitle(month), workouts: review.workoutsPerMonth[month.month - 1],
                         records: records.beatenPerMonth[month.month - 1])
            },
            bests: records.bests.map { best in
                BestRow(exercise: best.exercise.name, value: value(best, unit: inputs.weightUnit), dateLabel: t.shortDate(best.record.date),
                        iso: best.record.date.iso, isRecord: best.isPersonalRecord)
            },
            routines: routines.shares.map { share in
                RoutineRow(name: share.routine.name, done: share.counts.done, missed: share.counts.missed,
                           share: RoutineMonthsPage.percent(share.counts.successShare))
            },
            photos: YearInReview.spread(photos.count, limit: photoLimit).map { photos[$0] }, photoCount: photos.count,
            calendarHref: context.link(Routes.calendarYear(year)), sealed: sealed,
            previous: position.flatMap { link($0 - 1) }, next: position.flatMap { link($0 + 1) })
        return PageViewModel(title: t.format("review_title", ["year": String(year)]), section: .calendar, page: model)
    }

    /// How many photos the page shows at most, spread over the year.
    static let photoLimit = 48

    static func value(_ best: YearRecords.Best, unit: SiteConfig.Workouts.Unit) -> String {
        let value = best.record.value
        switch best.measure {
        case .oneRepMax, .heaviest: return SetFormat.mass(kilograms: value, unit: unit)
        case .reps: return SetFormat.number(value)
        case .hold: return SetFormat.duration(seconds: Int(value))
        }
    }
}

/// What a kind adds to the year pages: the days of its public items, counted per year under `label`.
struct YearTally: Sendable {
    let label: String
    let days: [LocalDate]
    /// What the days are made of (its files' key), so that `serve` keeps a year page while it is the same.
    let key: PageKey
}
