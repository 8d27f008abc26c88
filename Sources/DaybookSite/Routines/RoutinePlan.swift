
/// The state of every routine on every day, and monthly figures.
///
/// - A routine is scheduled on its weekdays from its start to `until` (no end
///   without one). Its start is `from`, else the first day the log lists it,
///   else — never logged — today: it shows as planned from today on and is
///   never missed before it was begun.
/// - On a scheduled day: done when the log lists it (today included), missed
///   when the day is past and it is not listed, planned for today and later.
///   Listed on a day it was not scheduled: extra.
/// - Success share = done / (done + missed): scheduled days only, so extra days
///   neither raise nor lower it. Minutes done count done and extra days: time
///   spent is time spent; a day counts the minutes the log gives for it
///   (`wake 12 min`), else the routine's planned `minutes`.
struct RoutinePlan: Sendable {
    enum State: String, Sendable { case done, missed, planned, extra }

    struct Item: Hashable, Sendable {
        let routine: Routine
        let state: State
    }

    struct Counts: Hashable, Sendable {
        var scheduled = 0
        var done = 0
        var missed = 0
        var planned = 0
        var extra = 0
        var minutesDone = 0

        init() {}

        /// nil when nothing was due yet (no past or done scheduled day).
        var successShare: Double? { done + missed == 0 ? nil : Double(done) / Double(done + missed) }

        mutating func add(_ other: Counts) {
            scheduled += other.scheduled
            done += other.done
            missed += other.missed
            planned += other.planned
            extra += other.extra
            minutesDone += other.minutesDone
        }
    }

    struct RoutineCounts: Hashable, Sendable {
        let routine: Routine
        let counts: Counts
    }

    struct MonthStats: Hashable, Sendable {
        let month: YearMonth
        /// In the order of routines.yml.
        let routines: [RoutineCounts]
        let total: Counts
    }

    let routines: [Routine]
    let log: RoutineLog
    let today: LocalDate
    private let starts: [String: LocalDate]

    init(routines: [Routine], log: RoutineLog, today: LocalDate) {
        self.routines = routines
        self.log = log
        self.today = today
        var firstLogged: [String: LocalDate] = [:]
        for (date, ids) in log.days {
            for id in ids where firstLogged[id].map({ date < $0 }) ?? true { firstLogged[id] = date }
        }
        starts = Dictionary(routines.map { ($0.id, $0.from ?? firstLogged[$0.id] ?? today) }, uniquingKeysWith: { first, _ in first })
    }

    /// The first day the routine is scheduled from (see the type's rules).
    func start(of routine: Routine) -> LocalDate { starts[routine.id] ?? routine.from ?? today }

    func isScheduled(_ routine: Routine, on date: LocalDate) -> Bool {
        routine.weekdays.contains(date.weekday) && date >= start(of: routine) && routine.until.map { date <= $0 } ?? true
    }

    /// nil when the routine is neither scheduled nor logged that day.
    func state(of routine: Routine, on date: LocalDate) -> State? {
        let logged = log.done(on: date).contains(routine.id)
        guard isScheduled(routine, on: date) else { return logged ? .extra : nil }
        if logged { return .done }
        return date < today ? .missed : .planned
    }

    /// Every routine with a state that day, in the order of routines.yml.
    func day(_ date: LocalDate) -> [Item] {
        routines.compactMap { routine in state(of: routine, on: date).map { Item(routine: routine, state: $0) } }
    }

    /// The minutes a routine took that day: as logged, else as planned.
    func minutes(of routine: Routine, on date: LocalDate) -> Int? {
        log.minutes(of: routine.id, on: date) ?? routine.minutes
    }

    func month(_ month: YearMonth) -> MonthStats {
        var total = Counts()
        let perRoutine = routines.map { routine in
            var counts = Counts()
            var date = month.firstDay
            while date <= month.lastDay {
                switch state(of: routine, on: date) {
                case .done?: counts.done += 1
                case .missed?: counts.missed += 1
                case .planned?: counts.planned += 1
                case .extra?: counts.extra += 1
                case nil: break
                }
                if log.done(on: date).contains(routine.id) { counts.minutesDone += minutes(of: routine, on: date) ?? 0 }
                date = date.adding(days: 1)
            }
            counts.scheduled = counts.done + counts.missed + counts.planned
            total.add(counts)
            return RoutineCounts(routine: routine, counts: counts)
        }
        return MonthStats(month: month, routines: perRoutine, total: total)
    }
}
