/// `year/YYYY/`, the year in review (SPEC §7), for every year with entries
/// or workouts. Made from the public view only: a private entry or workout is
/// never counted, even with --include-private.
struct YearInReviewPages: SiteFeature {
    func pages(_ site: SiteData) -> [Page] {
        Self.years(site).map { year in
            Page(Routes.yearInReview(year), template: "pages/year-review") { context in Self.page(year, context) }
        }
    }

    static func years(_ site: SiteData) -> [Int] {
        let view = site.publicView
        return Set(view.entries.map(\.date.year)).union(view.workouts.map(\.date.year)).sorted()
    }

    @TemplateData struct Figure {
        let label: String
        let value: String
    }

    @TemplateData struct Row {
        let label: String
        let count: Int
    }

    @TemplateData struct Model {
        let year: Int
        let figures: [Figure]
        let tags: [Row]
        let weather: [Row]
        let warmest: String?
        let coldest: String?
        let monthChart: String?
        let months: [Row]
        let calendarHref: String
        let previous: PageLink?
        let next: PageLink?
        var hasTags: Bool { !tags.isEmpty }
        var hasWeather: Bool { !weather.isEmpty }
        var hasMonths: Bool { !months.isEmpty }
    }

    static func page(_ year: Int, _ context: PageContext) -> PageViewModel {
        let site = context.site, t = context.t, view = site.publicView
        let review = YearInReview(
            year: year,
            entries: view.entries.lazy.filter { $0.date.year == year }.map { entry in
                YearInReview.Entry(date: entry.date, words: YearInReview.words(entry.body), tags: entry.tags,
                                   condition: entry.weather?.condition?.rawValue, temperature: entry.weather?.temperature)
            },
            workouts: view.workouts.map(\.date))
        func extreme(_ extreme: YearInReview.Extreme?) -> String? {
            extreme.map { "\(WeatherView.degrees($0.temperature)) · \(t.longDate($0.date))" }
        }
        let months = review.workoutsPerMonth.enumerated().map { index, count in
            let month = YearMonth(year: year, month: index + 1)
            return (month, count)
        }
        let points = months.map { month, count in
            ChartPoint(x: 0, value: Double(count), label: WorkoutStatsPage.shortMonth(month, t),
                       tooltip: "\(t.monthTitle(month)): \(t.count("workout_sessions_count", count))")
        }
        let years = years(site)
        let position = years.firstIndex(of: year)
        func link(_ index: Int) -> PageLink? {
            years.indices.contains(index) ? PageLink(label: String(years[index]), href: context.link(Routes.yearInReview(years[index]))) : nil
        }
        let model = Model(
            year: year,
            figures: [
                Figure(label: t["review_entries"], value: String(review.entries)),
                Figure(label: t["review_words"], value: String(review.words)),
                Figure(label: t["review_workouts"], value: String(review.workouts)),
            ],
            tags: review.tags.map { Row(label: $0.name, count: $0.count) },
            weather: review.weather.map { Row(label: t["weather_" + $0.name], count: $0.count) },
            warmest: extreme(review.warmest), coldest: extreme(review.coldest),
            monthChart: review.workouts == 0 ? nil : BarChart.svg(points, label: t["workout_per_month"], unit: ""),
            months: review.workouts == 0 ? [] : months.map { Row(label: t.monthTitle($0.0), count: $0.1) },
            calendarHref: context.link(Routes.calendarYear(year)),
            previous: position.flatMap { link($0 - 1) }, next: position.flatMap { link($0 + 1) })
        return PageViewModel(title: t.format("review_title", ["year": String(year)]), section: .calendar, page: model)
    }
}
