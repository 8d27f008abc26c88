
/// Pages under `content/pages/` at `pages/NAME/`.
extension PagesKind {

    struct FreePageView: TemplateData {
        let title, html: String
        let params: TemplateValue
        /// What links here, and the previews of its links; none on a page of a kind's own (a reading log's).
        var linkedFrom: [LinksHere.Linker] = []
        var previews: [LinksHere.Preview] = []
        /// On a site with an encrypted part: where its script adds the private items that link here.
        var sealedLinksHere: SealedLinksHere?
    }

    func pages(_ site: SiteData) -> [Page] {
        site.published.pages.map { page in
            Page(Routes.content(page.source), template: "pages/page") { context in
                PageViewModel(title: page.title, section: nil, page: FreePageView(
                    title: page.title, html: site.pageHTML[page.source.slugPath] ?? "", params: ParamsView.make(page.frontMatter.params),
                    linkedFrom: site.linksHere.linkers(of: context.path, context),
                    previews: site.linksHere.previews(site.pageLinks[page.source.slugPath] ?? [], context),
                    sealedLinksHere: SealedLinksHere.on(context)))
            }
        }
    }

    /// Public pages only: a private one stays out even with --include-private.
    func searchRecords(_ site: PublicSite) -> [SearchPages.Record] {
        site.content.pages.map { page in
            SearchPages.Record(title: page.title, url: Routes.content(page.source).filePath, date: nil, kind: .page, tags: [],
                               text: Markdown.plainText(page.body, characters: SearchPages.textLength))
        }
    }
}

extension SearchKind {
    static let page = SearchKind("page", rank: 3)
}
