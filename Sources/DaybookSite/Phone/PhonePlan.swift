
/// "Today" on the phone is the phone's date (SPEC §8): the home page carries
/// the plan of today and the week after, each day made by the same rules as
/// today's with that day as "today", and the page's script shows the day of
/// the phone's clock. Beyond the last day it says the site is too old.
enum PhonePlan {
    /// Today and the seven days after it: a week away from the computer.
    static let dayCount = 8

    @TemplateData struct Day {
        let iso: String
        let label: String
        let isToday: Bool
        let plan: [PlanSection]
    }

    static func days(_ site: SiteData, _ context: PageContext) -> [Day] {
        (0..<dayCount).map { offset in
            let date = site.today.adding(days: offset)
            return Day(iso: date.iso, label: context.t.longDate(date), isToday: offset == 0, plan: site.features.plan(site, on: date, context))
        }
    }

    static func lastDay(_ site: SiteData) -> LocalDate { site.today.adding(days: dayCount - 1) }

    /// What the page says when the phone's date is past the last day carried.
    static func staleNote(_ site: SiteData, _ t: Translation) -> String {
        t.format("phone_stale", ["built": t.longDate(site.today), "last": t.longDate(lastDay(site))])
    }

    /// What the home page offers to record on the phone (phone.js): the
    /// routines with a timer, today's workout with its planned split, an entry.
    @TemplateData struct Recorder {
        @TemplateData struct RoutineItem {
            let id: String
            let name: String
            let detail: String
        }

        let routines: [RoutineItem]
        let hasWorkouts: Bool
        let plannedSplit: String
        let splits: [String]
        let unit: String

        init(_ site: SiteData, _ context: PageContext) {
            let t = context.t
            routines = site.routinePlan.routines.map { routine in
                RoutineItem(id: routine.id, name: routine.name,
                            detail: [routine.time?.text, routine.minutes.map { t.minutes($0) }].compactMap { $0 }.joined(separator: " · "))
            }
            hasWorkouts = WorkoutPages.hasWorkouts(site)
            plannedSplit = site.rotation.plannedToday ?? ""
            splits = site.config.workouts.split
            unit = site.config.workouts.unit.rawValue
        }
    }
}
