
/// `404.html`, served by static hosts for any missing path, so its links are
/// absolute when `base_url` is known.
struct NotFoundPage: SiteFeature {
    struct NotFound: TemplateData {
        let homeHref: String
    }

    func pages(_ site: SiteData) -> [Page] {
        // Made of nothing but what every page shares (`site.yml`, the theme).
        [Page(Routes.notFound, template: "pages/404", inSitemap: false, key: PageKey(0)) { context in
            PageViewModel(title: context.t["not_found"], section: nil,
                          page: NotFound(homeHref: site.config.baseURL ?? context.link(.home)))
        }]
    }
}
