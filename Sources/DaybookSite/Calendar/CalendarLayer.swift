
/// Something shown on a calendar day: an entry, a workout stamp, words due, a
/// routine dot. The templates draw every mark the same way; the class says
/// which layer it belongs to.
struct DayMark: TemplateData {
    /// CSS classes, e.g. "mark entry" or "dot routine done".
    let cssClass: String
    /// The class of a weather icon in the style sheet (`wx-snow`), if any.
    let icon: String?
    let text: String
    let href: String?
    /// Accessible description (title attribute and screen readers).
    let label: String
    /// What the icon alone says (`눈`), read before `text`: `label` holds both.
    var iconLabel: String? = nil
    /// The icon's name and the text say all of `label`, so no title repeats it.
    var labelShown = false
    /// Something planned rather than done: the year heatmap counts only what happened.
    var isPlan = false
    /// A diary entry's photo, small.
    var thumbnail: PhotoHTML.Thumbnail?
    var hasText: Bool { !text.isEmpty }
}

/// One layer of the calendar. Layers are made once per build, index their
/// data by day, and are then asked for each day's marks.
protocol CalendarLayer: Sendable {
    /// Days this layer has something on, to decide which months get a page.
    var days: [LocalDate] { get }
    func marks(on date: LocalDate, _ context: PageContext) -> [DayMark]
    /// What its marks on `dates` are made of besides the site's shared inputs,
    /// so that a calendar page keeps its bytes in `serve` while they stay the same (`PageKey`).
    func combineKey(_ dates: ClosedRange<LocalDate>, into hasher: inout StableHasher)
}

extension ClosedRange where Bound == LocalDate {
    /// Every day from the first to the last.
    var days: [LocalDate] {
        (lowerBound.daysSinceEpoch...upperBound.daysSinceEpoch).map { LocalDate(daysSinceEpoch: $0) }
    }
}
