import DaybookContent
import DaybookRender

/// The frame around every page: language, title, navigation, asset links.
struct Layout {
    struct NavItem {
        let href: String
        let label: String
        let current: Bool
    }

    let lang: String
    let title: String
    let siteTitle: String
    let author: String
    let root: String
    let homeHref: String
    let cssHref: String
    let jsHref: String
    let feedHref: String
    let calendarFeedHref: String
    let searchHref: String
    let nav: [NavItem]
    let bodyClass: String
    let todayLabel: String
    let todayISO: String

    /// What a page's template reads: `layout`, `page` and the translation `t`.
    struct Root: TemplateFields {
        let layout: Layout
        let page: TemplateValue
        let t: Translation

        func field(_ name: String) -> (any TemplateRepresentable)? {
            switch name {
            case "layout": layout
            case "page": page
            case "t": TemplateValue.object(t)
            default: nil
            }
        }
    }

    static func context(for model: PageViewModel, in context: PageContext) -> TemplateValue {
        let site = context.site
        let t = context.t
        let layout = Layout(
            lang: model.lang ?? site.locale,
            title: model.title.isEmpty || model.title == site.config.title ? site.config.title : "\(model.title) · \(site.config.title)",
            siteTitle: site.config.title,
            author: site.config.author,
            root: context.root,
            homeHref: context.link(.home),
            cssHref: context.link(Routes.stylesheet),
            jsHref: context.link(Routes.script),
            feedHref: context.link(Routes.feed),
            calendarFeedHref: context.link(Routes.calendarFeed),
            searchHref: context.link(Routes.search),
            nav: SiteFeatures.navigation(site).map { NavItem(href: context.link($0.path), label: $0.label, current: $0.section == model.section) },
            bodyClass: model.bodyClass,
            todayLabel: t.longDate(site.today),
            todayISO: site.today.iso
        )
        return .object(Root(layout: layout, page: model.page.templateValue, t: t))
    }
}

extension Layout: TemplateFields {
    func field(_ name: String) -> (any TemplateRepresentable)? {
        switch name {
        case "lang": lang
        case "title": title
        case "siteTitle": siteTitle
        case "author": author
        case "root": root
        case "homeHref": homeHref
        case "cssHref": cssHref
        case "jsHref": jsHref
        case "feedHref": feedHref
        case "calendarFeedHref": calendarFeedHref
        case "searchHref": searchHref
        case "nav": nav
        case "bodyClass": bodyClass
        case "todayLabel": todayLabel
        case "todayISO": todayISO
        default: nil
        }
    }
}

extension Layout.NavItem: TemplateFields {
    func field(_ name: String) -> (any TemplateRepresentable)? {
        switch name {
        case "href": href
        case "label": label
        case "current": current
        default: nil
        }
    }
}
