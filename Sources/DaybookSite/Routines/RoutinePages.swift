import DaybookContent

/// Routine pages: calendar and monthly charts. (Placeholder: the feature's work fills it in.)
enum RoutinePages {
    static func pages(_ site: SiteData) -> [Page] { [] }
    /// Navigation items (id, path, label) when the site has this content.
    static func navigation(_ site: SiteData) -> [(String, SitePath, String)] { [] }
    /// This feature's part of today's plan on the home page.
    static func plan(_ site: SiteData, _ context: PageContext) -> [PlanSection] { [] }
    static func calendarLayers(_ site: SiteData) -> [any CalendarLayer] { [] }
}
