
/// The frame around every page: language, title, navigation, asset links;
/// the names of `Shared` are its own.
struct Layout: InliningTemplateData {
    struct NavItem: TemplateData {
        let href, label: String
        let current: Bool
    }

    /// What is the same on every page at one depth: links from the page
    /// to the site's own files, and the navigation; made once per build.
    struct Shared: TemplateData, Sendable {
        let root, homeHref, cssHref, jsHref, feedHref, calendarFeedHref, searchHref: String
        fileprivate let nav: [(section: Section, href: String, label: String)]
        let todayLabel, todayISO: String

        init(_ context: PageContext) {
            let site = context.site
            root = context.root
            homeHref = context.linkThroughRoot(.home)
            cssHref = context.linkThroughRoot(Routes.stylesheet)
            jsHref = context.linkThroughRoot(Routes.script)
            feedHref = context.linkThroughRoot(Routes.feed)
            calendarFeedHref = context.linkThroughRoot(Routes.calendarFeed)
            searchHref = context.linkThroughRoot(Routes.search)
            nav = site.features.navigation(site).map { ($0.section, context.linkThroughRoot($0.path), $0.label) }
            todayLabel = context.t.longDate(site.today)
            todayISO = site.today.iso
        }
    }

    let lang: String
    let title: String
    let siteTitle: String
    /// Nil when the site names none, so the footer leaves no empty part between its separators.
    let author: String?
    fileprivate let shared: Shared
    var inlined: Shared { shared }
    let nav: [NavItem]
    let bodyClass: String
    let showsToday: Bool
    /// The generator is named on the home page only, as Hugo does.
    let isHome: Bool
    /// No browser or feed reader looks for a calendar on every page: the home
    /// and calendar pages announce it, and every page's footer links it.
    let linksCalendarFeed: Bool

    /// What a page's template reads: `layout`, `page` and the translation `t`.
    /// Each is made into a template value once: a page reads them dozens of
    /// times, and a copy of a made value only counts a reference.
    struct Root: TemplateData {
        let layout, page, t: TemplateValue
    }

    static func context(for model: PageViewModel, in context: PageContext) -> TemplateValue {
        let site = context.site
        let shared = site.layouts.value(context) { Shared(context) }
        let layout = Layout(
            lang: model.lang ?? site.locale,
            title: model.title.isEmpty || model.title == site.config.title ? site.config.title : "\(model.title) · \(site.config.title)",
            siteTitle: site.config.title,
            author: site.config.author.allSatisfy(\.isWhitespace) ? nil : site.config.author,
            shared: shared,
            nav: shared.nav.map { NavItem(href: $0.href, label: $0.label, current: $0.section == model.section) },
            bodyClass: model.bodyClass,
            showsToday: model.showsToday,
            isHome: context.path == .home,
            linksCalendarFeed: context.path == .home || model.section == .calendar
        )
        return .object(Root(layout: .object(layout), page: model.page.templateValue, t: .object(context.t)))
    }
}
