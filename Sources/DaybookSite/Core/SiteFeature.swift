/// One feature of the site and everything it adds: its pages, its navigation
/// item, its part of today's plan on the home page, its calendar layers and
/// its records in the search index. A kind of content is a feature that also
/// reads its own files (`ContentKind`, which refines this); the home page,
/// search, the calendars and the feeds read what the kinds read. A new
/// feature is a folder with a type conforming to this, and a line in
/// `SiteFeatures.all`: the one registry, which the content loader reads its
/// kinds from too.
protocol SiteFeature: Sendable {
    /// What its pages share, made once per build (`DerivedData`: `site[WorkoutStats.self]`).
    var derivedData: [any DerivedData.Type] { get }
    /// What it derives for each view's audience alone (`AudienceData`: `published.vocab`).
    var audienceData: [any AudienceData.Type] { get }
    /// Its pages, showing the build's audience (`SiteData.published`: private content only with --include-private).
    func pages(_ site: SiteData) -> [Page]
    /// Its files published to the world whatever the audience (`calendar.ics`), from public content alone.
    func publicFiles(_ site: PublicSite) -> [PublicFile]
    /// Its navigation item, when the site has this content.
    func navigation(_ site: SiteData) -> [NavigationEntry]
    /// Its part of the plan of `date`: today, or one of the days after it that the phone may open the site on (`PhonePlan`).
    func plan(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection]
    /// Its part of the plan of a day after today as the home page carries it: by default `plan`'s.
    func planAhead(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection]
    /// Its layers of the calendars; `site.published` is the public view here, even with --include-private.
    func calendarLayers(_ site: SiteData) -> [any CalendarLayer]
    /// Its records in the search index, from public content alone (`PublicSite`).
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record]
    /// What its search records are made of, so that `serve` keeps the index
    /// while it is the same (`PageKey`): by default the records themselves.
    func combineSearchKey(_ site: PublicSite, into hasher: inout StableHasher)
    /// Its public items' days (`site.publicView`), counted on each year's page (`year/YYYY/`); nil: not counted there.
    func yearTally(_ site: SiteData) -> YearTally?
    /// Itself when it is a kind of content: asked instead of `as? any ContentKind`,
    /// a cast that makes the runtime search its conformances (4.6 M instructions a build).
    var contentKind: (any ContentKind)? { get }
}

extension SiteFeature {
    var derivedData: [any DerivedData.Type] { [] }
    var audienceData: [any AudienceData.Type] { [] }
    func navigation(_ site: SiteData) -> [NavigationEntry] { [] }
    func plan(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] { [] }
    func planAhead(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] { plan(site, on: date, context) }
    func calendarLayers(_ site: SiteData) -> [any CalendarLayer] { [] }
    func pages(_ site: SiteData) -> [Page] { [] }
    func publicFiles(_ site: PublicSite) -> [PublicFile] { [] }
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record] { [] }
    func combineSearchKey(_ site: PublicSite, into hasher: inout StableHasher) { SearchPages.combine(searchRecords(site), into: &hasher) }
    func yearTally(_ site: SiteData) -> YearTally? { nil }
    var contentKind: (any ContentKind)? { nil }
}

extension ContentKind {
    var contentKind: (any ContentKind)? { self }
}

/// A navigation item: the section it marks as current, where it leads, its label.
struct NavigationEntry {
    let section: Section
    let path: SitePath
    let label: String
}

enum SiteFeatures {
    /// Every feature, in navigation order; today's plan, the calendar's marks
    /// in a day and the search index follow this order too.
    static let all: [any SiteFeature] = [
        HomePage(), DiaryKind(), MediaPages(), PagesKind(), CalendarPages(), YearInReviewPages(), VocabKind(), FlashcardPrintPages(), WorkoutsKind(),
        RoutinesKind(), SearchPages(), CalendarFeed(), NotFoundPage(), AliasPages(), PhonePages(), InboxKind(),
        SealedPages(),
    ]

}

/// The features of one build: `SiteFeatures.all`, and in tests a kind of their own besides.
extension [any SiteFeature] {
    var contentKinds: [any ContentKind] { compactMap(\.contentKind) }
    func navigation(_ site: SiteData) -> [NavigationEntry] { flatMap { $0.navigation(site) } }
    func plan(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] {
        flatMap { $0.plan(site, on: date, context) }
    }
    func planAhead(_ site: SiteData, on date: LocalDate, _ context: PageContext) -> [PlanSection] {
        flatMap { $0.planAhead(site, on: date, context) }
    }
    /// Every feature's layers, made from public content only (`SiteData.forCalendars`).
    func calendarLayers(_ site: SiteData) -> [any CalendarLayer] {
        let shown = site.forCalendars
        return flatMap { $0.calendarLayers(shown) }
    }
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record] { flatMap { $0.searchRecords(site) } }
}
