
/// Old URLs (`aliases:` in front matter) as small pages that send the reader
/// on to the page, as Hugo makes them: a refresh, a canonical link, no index.
struct AliasPages: SiteFeature {
    struct Redirect: TemplateData {
        let href, title: String
    }

    /// Redirects of the published entries and pages (`aliases`);
    /// a path an entry or a page already has, or an earlier redirect, is left to it.
    func pages(_ site: SiteData) -> [Page] {
        // Most diaries have none: no need to list every page's path then.
        guard site.diary.entries.contains(where: { !$0.frontMatter.aliases.isEmpty })
                || site.published.pages.contains(where: { !$0.frontMatter.aliases.isEmpty }) else { return [] }
        let targets = site.diary.entries.map { ($0.frontMatter.aliases, Routes.content($0.source), $0.title) }
            + site.published.pages.map { ($0.frontMatter.aliases, Routes.content($0.source), $0.title) }
        // By lower case: on a case-insensitive disk or host `Local vault` and `local vault` are one path.
        var used = Set(targets.map { $0.1.filePath.lowercased() })
        return targets.flatMap { aliases, target, title in
            aliases.compactMap { alias -> Page? in
                let path = Routes.alias(alias)
                guard used.insert(path.filePath.lowercased()).inserted else { return nil }
                return Page(path, template: "pages/alias", inSitemap: false) { context in
                    PageViewModel(title: title, section: nil, page: Redirect(href: context.link(target), title: title))
                }
            }
        }
    }
}
