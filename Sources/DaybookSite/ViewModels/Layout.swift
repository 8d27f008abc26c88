import DaybookContent
import DaybookRender

/// The frame around every page: language, title, navigation, asset links.
struct Layout {
    struct NavItem {
        let href: String
        let label: String
        let current: Bool
    }

    /// What is the same on every page at one depth: links from the page
    /// to the site's own files, and the navigation; made once per build.
    struct Shared: Sendable {
        let root: String
        let homeHref: String
        let cssHref: String
        let jsHref: String
        let feedHref: String
        let calendarFeedHref: String
        let searchHref: String
        let nav: [(section: Section, href: String, label: String)]
        let todayLabel: String
        let todayISO: String

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
    let author: String
    let shared: Shared
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
    struct Root: TemplateObject {
        let layout: TemplateValue
        let page: TemplateValue
        let t: TemplateValue

        enum Field: String, CaseIterable {
            case layout, page, t
        }

        static let fields = TemplateNameTable<Field>()

        // Not `TemplateFields`: its values are made already.
        func value(for name: TemplateName) -> TemplateValue? {
            switch Self.fields[name] {
            case .layout: layout
            case .page: page
            case .t: t
            case nil: nil
            }
        }
    }

    static func context(for model: PageViewModel, in context: PageContext) -> TemplateValue {
        let site = context.site
        let shared = site.layouts.value(context) { Shared(context) }
        let layout = Layout(
            lang: model.lang ?? site.locale,
            title: model.title.isEmpty || model.title == site.config.title ? site.config.title : "\(model.title) · \(site.config.title)",
            siteTitle: site.config.title,
            author: site.config.author,
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

extension Layout: TemplateFields {
    enum Field: String, CaseIterable {
        case lang, title, siteTitle, author, root, homeHref, cssHref, jsHref, feedHref, calendarFeedHref, searchHref, nav, bodyClass, showsToday, isHome,
             linksCalendarFeed, todayLabel, todayISO
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .lang: lang
        case .title: title
        case .siteTitle: siteTitle
        case .author: author
        case .root: shared.root
        case .homeHref: shared.homeHref
        case .cssHref: shared.cssHref
        case .jsHref: shared.jsHref
        case .feedHref: shared.feedHref
        case .calendarFeedHref: shared.calendarFeedHref
        case .searchHref: shared.searchHref
        case .nav: nav
        case .bodyClass: bodyClass
        case .showsToday: showsToday
        case .isHome: isHome
        case .linksCalendarFeed: linksCalendarFeed
        case .todayLabel: shared.todayLabel
        case .todayISO: shared.todayISO
        }
    }
}

extension Layout.NavItem: TemplateFields {
    enum Field: String, CaseIterable {
        case href, label, current
    }

    static let fieldIndex = TemplateNameTable<Field>()

    func field(_ field: Field) -> any TemplateRepresentable {
        switch field {
        case .href: href
        case .label: label
        case .current: current
        }
    }
}
