import Foundation

/// The encrypted part's files and its one page: `unlock/`, where the
/// passphrase opens the private items in the browser (`assets/sealed.js`),
/// and `sealed/`, their ciphertext. None when private items are left out.
struct SealedPages: SiteFeature {
    /// What the unlock page hands the script: the salt and rounds of PBKDF2, the sealed known text, where the files are.
    struct Unlock: TemplateData {
        let salt, check: String
        let iterations: Int
        let links: SealedLinks
    }

    func pages(_ site: SiteData) -> [Page] {
        guard let sealed = site.sealed else { return [] }
        let unlock = Page(Routes.unlock, template: "pages/unlock", inSitemap: false) { context in
            PageViewModel(title: context.t["unlock_title"], section: nil,
                          page: Unlock(salt: Data(sealed.salt).base64EncodedString(), check: Data(sealed.check).base64EncodedString(),
                                       iterations: sealed.iterations, links: SealedLinks(context, sealed)))
        }
        return [unlock] + sealed.files.map { file in Page(file: file.path) { _ in file.bytes } }
    }
}

/// Where a page's script finds the encrypted part: on the unlock page, beside the diary's lists and on the search page.
struct SealedLinks: TemplateData {
    let indexHref, searchHref, sealedHref, unlockHref, scriptHref: String

    init(_ context: PageContext, _ sealed: SealedPart) {
        indexHref = context.link(Routes.sealedIndex)
        searchHref = context.link(Routes.sealedSearch)
        sealedHref = context.root + Routes.sealedFolder
        unlockHref = context.link(Routes.unlock)
        scriptHref = context.link(SitePath(Routes.asset("sealed.js")))
    }

    /// On a page of a site with an encrypted part; nil on any other.
    static func on(_ context: PageContext) -> SealedLinks? { context.site.sealed.map { SealedLinks(context, $0) } }
}

/// Where an entry's or a page's script adds the private items that link to it once unlocked: the page's own path,
/// as the encrypted index names the pages links lead to (`SealedDocument.LinksHere`).
struct SealedLinksHere: TemplateData {
    let page: String
    let links: SealedLinks

    static func on(_ context: PageContext) -> SealedLinksHere? { SealedLinks.on(context).map { SealedLinksHere(page: context.path.value, links: $0) } }
}
