
/// Where a word book stands on a given day.
enum ReviewStage: Hashable, Sendable {
    /// The book's first study day is still ahead.
    case upcoming(startsOn: LocalDate)
    /// Study day `day` of `of` (1-based).
    case studying(day: Int, of: Int)
    /// Between sessions: review `review` comes on `on`.
    case waiting(review: Int, on: LocalDate)
    /// Review `review` of `of` is due that very day.
    case reviewDue(review: Int, of: Int)
    /// Review `review` of `of` fell due `daysLate` days before and is taken (or still to be taken) that day.
    case overdue(review: Int, of: Int, daysLate: Int)
    /// Every review is behind; the last session was on `on`.
    case mastered(on: LocalDate)

    var isMastered: Bool {
        if case .mastered = self { return true }
        return false
    }
}

/// What a book asks for on one of its dates.
enum WordBookActivity: Hashable, Sendable {
    case study(day: Int)
    case review(number: Int)
}

/// When a deck's reviews are taken (docs/content.md#the-review-schedule): a review is done on the day a
/// test of its deck is recorded, the first such day on or after the day it
/// falls due. Until then it is overdue and planned for today. With
/// `unrecorded: passed` every review is taken the day it falls due.
struct ReviewTaking: Hashable, Sendable {
    let rule: SiteConfig.Vocab.Unrecorded
    let today: LocalDate
    /// The days with a line for the deck in reviews.md, up to today, sorted.
    let tested: [LocalDate]

    init(rule: SiteConfig.Vocab.Unrecorded, today: LocalDate, tested: [LocalDate]) {
        self.rule = rule
        self.today = today
        self.tested = tested.filter { $0 <= today }.sorted()
    }

    /// Every review taken on the day it falls due: the plan as drawn up on a book's first day.
    static let onTime = ReviewTaking(rule: .passed, today: LocalDate(daysSinceEpoch: 0), tested: [])

    /// The day a review due on `due` is taken, or is planned for.
    func day(dueOn due: LocalDate) -> LocalDate {
        guard rule == .overdue, due <= today else { return due }
        var low = 0, high = tested.count
        while low < high {
            let mid = (low + high) / 2
            if tested[mid] < due { low = mid + 1 } else { high = mid }
        }
        return low < tested.count ? tested[low] : today
    }
}

/// The dates of a word book started on `start` (the original app's rule):
/// study on `start` and the following `study_days - 1` days; review 1 falls
/// due on the last study day + `review_intervals[0]`, review k on the day
/// review k-1 was taken + `review_intervals[k-1]`; after the last review the
/// words are mastered. When each review is taken is `ReviewTaking`'s rule.
///
/// An empty interval list means no reviews: the words are mastered after the
/// last study day. Settings below 1 (impossible from site.yml) count as 1.
struct WordBookPlan: Hashable, Sendable {
    let start: LocalDate
    /// Strictly increasing, `study_days` of them.
    let studyDays: [LocalDate]
    /// Strictly increasing, after the study days; review k is taken (or
    /// planned) on `reviewDays[k-1]`: a past one on the day it was recorded,
    /// an overdue one today, a later one on the day it falls due.
    let reviewDays: [LocalDate]
    /// The day each review fell (or falls) due; before its `reviewDays` day when taken late.
    let dueDays: [LocalDate]

    /// The plan with every review taken on the day it falls due.
    init(start: LocalDate, settings: SiteConfig.Vocab) {
        self.init(start: start, settings: settings, taking: .onTime)
    }

    init(start: LocalDate, settings: SiteConfig.Vocab, taking: ReviewTaking) {
        self.start = start
        studyDays = (0..<max(1, settings.studyDays)).map { start.adding(days: $0) }
        var day = studyDays[studyDays.count - 1]
        var dueDays: [LocalDate] = []
        reviewDays = settings.reviewIntervals.map { interval in
            let due = day.adding(days: max(1, interval))
            dueDays.append(due)
            day = taking.day(dueOn: due)
            return day
        }
        self.dueDays = dueDays
    }

    /// The last session; from the next day on the words are mastered.
    var masteredOn: LocalDate { reviewDays.last ?? lastStudyDay }
    var lastStudyDay: LocalDate { studyDays[studyDays.count - 1] }
    /// Study days then review days.
    var dates: [LocalDate] { studyDays + reviewDays }

    /// True on the book's study days, when a miss changes nothing.
    func isStudying(on date: LocalDate) -> Bool { start <= date && date <= lastStudyDay }

    func activity(on date: LocalDate) -> WordBookActivity? {
        if isStudying(on: date) { return .study(day: start.days(until: date) + 1) }
        return reviewDays.firstIndex(of: date).map { .review(number: $0 + 1) }
    }

    /// How many days after it fell due review `number` is (or was) taken.
    func daysLate(review number: Int) -> Int {
        guard reviewDays.indices.contains(number - 1) else { return 0 }
        return dueDays[number - 1].days(until: reviewDays[number - 1])
    }

    /// The first review on or after `date`, if any is left.
    func nextReview(onOrAfter date: LocalDate) -> (number: Int, date: LocalDate)? {
        reviewDays.firstIndex { $0 >= date }.map { ($0 + 1, reviewDays[$0]) }
    }

    /// The stage on `date`, reviews taken as the plan says.
    func stage(on date: LocalDate) -> ReviewStage {
        if date < start { return .upcoming(startsOn: start) }
        if date <= lastStudyDay { return .studying(day: start.days(until: date) + 1, of: studyDays.count) }
        guard let next = nextReview(onOrAfter: date) else { return .mastered(on: masteredOn) }
        guard next.date == date else { return .waiting(review: next.number, on: next.date) }
        let late = daysLate(review: next.number)
        return late > 0 ? .overdue(review: next.number, of: reviewDays.count, daysLate: late) : .reviewDue(review: next.number, of: reviewDays.count)
    }
}
