import DaybookContent
import DaybookRender
import Foundation

/// `search/` and its index. The index is a script (`search/index.js`) rather
/// than JSON because browsers refuse to fetch files from disk; without
/// JavaScript the page points to the archives and tags instead.
struct SearchPages: SiteFeature {
    struct SearchView {
        let indexHref: String
        let diaryHref: String
        let tagsHref: String
    }

    struct Record: Encodable {
        let title: String
        let url: String
        let date: String
        let kind: String
        let tags: [String]
        let text: String
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        [NavigationEntry(section: "search", path: Routes.search, label: site.translation["nav_search"])]
    }

    func pages(_ site: SiteData) -> [Page] {
        [
            Page(Routes.search, template: "pages/search") { context in
                PageViewModel(title: context.t["nav_search"], section: "search",
                              page: SearchView(indexHref: context.root + "search/index.js",
                                               diaryHref: context.link(Routes.diary), tagsHref: context.link(Routes.tags)))
            },
            Page(file: Routes.searchIndex, cost: site.diary.entries.count) { _ in
                Self.script(Self.records(site))
            },
        ]
    }

    /// How many characters of a text the index keeps.
    static let textLength = 500

    /// Public content only: private entries stay out even in a local build with --include-private.
    static func records(_ site: SiteData) -> [Record] {
        SiteFeatures.searchRecords(site)
    }

    static func script(_ records: [Record]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(records)) ?? Data("[]".utf8)
        return Array("window.DAYBOOK_SEARCH = ".utf8) + Array(json) + Array(";\n".utf8)
    }
}
