import Foundation

/// `calendar/YYYY/MM/` with every layer on each day, and `calendar/YYYY/`
/// as a year heatmap.
struct CalendarPages: SiteFeature {

    func pages(_ site: SiteData) -> [Page] {
        let layers = site.features.calendarLayers(site)
        let months = Self.monthRange(site, layers)
        // What the layers show on each month's days: a month page is made of
        // its month's and the months there are, a year page of its twelve.
        let layerKeys = Dictionary(uniqueKeysWithValues: months.map { month in
            (month, site.rememberedKey { hasher in for layer in layers { layer.combineKey(month.firstDay...month.lastDay, into: &hasher) } })
        })
        func key(_ months: [YearMonth], of all: [YearMonth], hasReview: Bool = false) -> PageKey? {
            site.rememberedKey { hasher in
                hasher.combine(all)
                hasher.combine(hasReview)
                for month in months { hasher.combine(layerKeys[month]) }
            }
        }
        var pages: [Page] = months.map { month in
            Page(Routes.calendarMonth(month), template: "pages/calendar-month", key: key([month], of: months)) { context in
                Self.monthPage(month, months: months, layers: layers, context)
            }
        }
        let years = Array(Set(months.map(\.year))).sorted()
        let activity = ActivityLayers(site)
        let reviewYears = Set(YearInReviewPages.years(site))
        pages += years.map { year in
            // Streaks and strength reach back into the years before.
            let yearMonths = months.filter { $0.year <= year }
            // The link to the year in review too: making the year's last public entry private removes it.
            return Page(Routes.calendarYear(year), template: "pages/calendar-year",
                        key: key(yearMonths, of: months, hasReview: reviewYears.contains(year))) { context in
                // A month's heatmap is made again only when its marks changed: in `serve` one edit changes a day or two.
                Self.yearPage(year, years: years, activity: activity, hasReview: reviewYears.contains(year), context) { month in
                    site.memo.value("heat \(month.year)-\(month.month)", key: site.rememberedKey { $0.combine(site.sharedKey); $0.combine(layerKeys[month]) }) {
                        Self.heatMonth(month, layers: layers, activity: activity, context)
                    }
                }
            }
        }
        return pages
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        [NavigationEntry(section: .calendar, path: Routes.calendarMonth(site.today.monthKey), label: site.translation["nav_calendar"])]
    }

    /// Every month of each year that some layer has a day in (and today's
    /// year), so that year views and month navigation never dead-end; years
    /// with nothing between two far-apart dates get no pages.
    static func monthRange(_ site: SiteData, _ layers: [any CalendarLayer]) -> [YearMonth] {
        var years: Set<Int> = [site.today.year]
        for layer in layers {
            for day in layer.days { years.insert(day.year) }
        }
        return years.sorted().flatMap { year in (1...12).map { YearMonth(year: year, month: $0) } }
    }

    /// A cell of a month grid; padding cells outside the month have `isPad`.
    struct DayCell: TemplateData {
        var isPad = false
        let day: Int
        let iso, label, cssClass: String
        let marks: [DayMark]
        /// Its date on a site with an encrypted part, every day alike: where `sealed.js` puts the private entries'
        /// marks once unlocked.
        var sealedDay: String?
        var hasMarks: Bool { !marks.isEmpty }
    }

    struct Week: TemplateData {
        let days: [DayCell]
    }

    struct MonthView: TemplateData {
        let title, href: String
        let weekdays: [String]
        let weeks: [Week]
    }

    /// A month grid with the marks of every layer; also used by the home page.
    /// - Parameter sealedMarks: whether the page marks the private entries once unlocked (the diary's months, not a workout log's).
    static func monthView(_ month: YearMonth, layers: [any CalendarLayer], _ context: PageContext, sealedMarks: Bool = false) -> MonthView {
        let marksSealed = sealedMarks && context.site.sealed != nil
        let grid = MonthGrid(month: month, weekStart: context.site.config.weekStarts)
        let today = context.site.today
        let weeks = grid.weeks.map { week in
            Week(days: week.map { date in
                guard let date else { return DayCell(isPad: true, day: 0, iso: "", label: "", cssClass: "pad", marks: []) }
                let marks = layers.flatMap { $0.marks(on: date, context) }
                var classes = ["day", "wd\(date.weekday)"]
                if date == today { classes.append("today") }
                if date < today { classes.append("past") }
                if !marks.isEmpty { classes.append("has-marks") }
                return DayCell(day: date.day, iso: date.iso, label: context.t.longDate(date),
                               cssClass: classes.joined(separator: " "), marks: marks, sealedDay: marksSealed ? date.iso : nil)
            })
        }
        return MonthView(title: context.t.monthTitle(month), href: context.link(Routes.calendarMonth(month)),
                         weekdays: grid.weekdays.map(context.t.weekdayShort), weeks: weeks)
    }

    struct MonthPage: TemplateData {
        let month: MonthView
        let previous, next: PageLink?
        let yearLink: PageLink
        let todayLink: PageLink?
        /// On a site with an encrypted part: where its script finds the index of the private entries to mark.
        let sealed: SealedLinks?
    }

    static func monthPage(_ month: YearMonth, months: [YearMonth], layers: [any CalendarLayer], _ context: PageContext) -> PageViewModel {
        let t = context.t
        let position = months.firstIndex(of: month)!
        func link(_ m: YearMonth) -> PageLink { PageLink(label: t.monthTitle(m), href: context.link(Routes.calendarMonth(m))) }
        let todayMonth = context.site.today.monthKey
        let page = MonthPage(
            month: monthView(month, layers: layers, context, sealedMarks: true),
            previous: position > 0 ? link(months[position - 1]) : nil,
            next: position + 1 < months.count ? link(months[position + 1]) : nil,
            yearLink: PageLink(label: String(month.year), href: context.link(Routes.calendarYear(month.year))),
            todayLink: month == todayMonth ? nil : PageLink(label: t["calendar_today"], href: context.link(Routes.calendarMonth(todayMonth))),
            sealed: SealedLinks.on(context)
        )
        return PageViewModel(title: t.monthTitle(month), section: .calendar, page: page)
    }

    struct HeatDay: TemplateData {
        var isPad = false
        let iso, label, cssClass: String
        /// Its date on a site with an encrypted part, every day alike: where `sealed.js` counts the private entries once unlocked.
        var sealedDay: String?
    }

    struct HeatMonth: TemplateData {
        let title, href: String
        let weekdays: [String]
        let weeks: [[HeatDay]]
        let total: Int
    }

    struct YearPage: TemplateData {
        let year: Int
        let months: [HeatMonth]
        let previous, next: PageLink?
        let legend: [HeatDay]
        let activity: ActivityLayers.YearView
        /// `year/YYYY/`, when the year has entries or workouts.
        let review: PageLink?
        /// On a site with an encrypted part: where its script finds the private entries to count.
        let sealed: SealedLinks?
    }

    /// Activity level 0–4 from the number of marks on a day.
    static func level(_ count: Int) -> Int { min(count, 4) }

    /// A month of the year page: each day shaded by what happened on it.
    static func heatMonth(_ month: YearMonth, layers: [any CalendarLayer], activity: ActivityLayers, _ context: PageContext) -> HeatMonth {
        let t = context.t
        let grid = MonthGrid(month: month, weekStart: context.site.config.weekStarts)
        var total = 0
        let weeks = grid.weeks.map { week in
            week.map { date -> HeatDay in
                guard let date else { return HeatDay(isPad: true, iso: "", label: "", cssClass: "pad") }
                // Activity is what happened: planned splits and routines don't count.
                let marks = layers.flatMap { $0.marks(on: date, context) }.filter { !$0.isPlan }
                total += marks.count
                let label = marks.isEmpty ? t.longDate(date) : "\(t.longDate(date)): \(marks.map(\.label).joined(separator: ", "))"
                var css = "heat l\(level(marks.count))" + activity.cssClasses(date)
                if date == context.site.today { css += " today" }
                return HeatDay(iso: date.iso, label: label, cssClass: css, sealedDay: context.site.sealed.map { _ in date.iso })
            }
        }
        return HeatMonth(title: t.monthName(month.month), href: context.link(Routes.calendarMonth(month)),
                         weekdays: grid.weekdays.map(t.weekdayShort), weeks: weeks, total: total)
    }

    static func yearPage(_ year: Int, years: [Int], activity: ActivityLayers, hasReview: Bool, _ context: PageContext, heat: (YearMonth) -> HeatMonth) -> PageViewModel {
        let t = context.t
        let months = (1...12).map { heat(YearMonth(year: year, month: $0)) }
        let position = years.firstIndex(of: year)!
        func link(_ y: Int) -> PageLink { PageLink(label: String(y), href: context.link(Routes.calendarYear(y))) }
        let legend = (0...4).map { HeatDay(iso: "", label: String($0), cssClass: "heat l\($0)") }
        let page = YearPage(year: year, months: months,
                            previous: position > 0 ? link(years[position - 1]) : nil,
                            next: position + 1 < years.count ? link(years[position + 1]) : nil, legend: legend,
                            activity: activity.year(year, t),
                            review: hasReview ? YearInReviewPages.link(year, context) : nil, sealed: SealedLinks.on(context))
        return PageViewModel(title: t.format("year_title", ["year": String(year)]), section: .calendar, page: page)
    }
}

extension Section {
    static let calendar = Section("calendar")
}
