import DaybookContent

/// `calendar.ics` (RFC 5545). (Placeholder: the workouts and routines work fills it in.)
enum CalendarFeed {
    static func pages(_ site: SiteData) -> [Page] { [] }
}
