import DaybookContent

/// Where a word book stands on a given day.
public enum ReviewStage: Hashable, Sendable {
    /// The book's first study day is still ahead.
    case upcoming(startsOn: LocalDate)
    /// Study day `day` of `of` (1-based).
    case studying(day: Int, of: Int)
    /// Between sessions: review `review` comes on `on`.
    case waiting(review: Int, on: LocalDate)
    /// Review `review` of `of` is due that very day.
    case reviewDue(review: Int, of: Int)
    /// Every review is behind; the last session was on `on`.
    case mastered(on: LocalDate)

    public var isMastered: Bool {
        if case .mastered = self { return true }
        return false
    }
}

/// What a book asks for on one of its dates.
public enum BookActivity: Hashable, Sendable {
    case study(day: Int)
    case review(number: Int)
}

/// The dates of a word book started on `start` (the original app's rule):
/// study on `start` and the following `study_days - 1` days; review 1 on the
/// last study day + `review_intervals[0]`, review k on review k-1 +
/// `review_intervals[k-1]`; after the last review the words are mastered.
///
/// An empty interval list means no reviews: the words are mastered after the
/// last study day. Settings below 1 (impossible from site.yml) count as 1.
public struct BookPlan: Hashable, Sendable {
    public let start: LocalDate
    /// Strictly increasing, `study_days` of them.
    public let studyDays: [LocalDate]
    /// Strictly increasing, after the study days; review k is `reviewDays[k-1]`.
    public let reviewDays: [LocalDate]

    public init(start: LocalDate, settings: SiteConfig.Vocab) {
        self.start = start
        studyDays = (0..<max(1, settings.studyDays)).map { start.adding(days: $0) }
        var day = studyDays[studyDays.count - 1]
        reviewDays = settings.reviewIntervals.map { interval in
            day = day.adding(days: max(1, interval))
            return day
        }
    }

    /// The last session; from the next day on the words are mastered.
    public var masteredOn: LocalDate { reviewDays.last ?? lastStudyDay }
    public var lastStudyDay: LocalDate { studyDays[studyDays.count - 1] }
    /// Study days then review days.
    public var dates: [LocalDate] { studyDays + reviewDays }

    /// True on the book's study days, when a miss changes nothing.
    public func isStudying(on date: LocalDate) -> Bool { start <= date && date <= lastStudyDay }

    public func activity(on date: LocalDate) -> BookActivity? {
        if isStudying(on: date) { return .study(day: start.days(until: date) + 1) }
        return reviewDays.firstIndex(of: date).map { .review(number: $0 + 1) }
    }

    /// The first review on or after `date`, if any is left.
    public func nextReview(onOrAfter date: LocalDate) -> (number: Int, date: LocalDate)? {
        reviewDays.firstIndex { $0 >= date }.map { ($0 + 1, reviewDays[$0]) }
    }

    /// The stage on `date`, the results of days before it counting as passed.
    public func stage(on date: LocalDate) -> ReviewStage {
        if date < start { return .upcoming(startsOn: start) }
        if date <= lastStudyDay { return .studying(day: start.days(until: date) + 1, of: studyDays.count) }
        guard let next = nextReview(onOrAfter: date) else { return .mastered(on: masteredOn) }
        return next.date == date ? .reviewDue(review: next.number, of: reviewDays.count) : .waiting(review: next.number, on: next.date)
    }
}
