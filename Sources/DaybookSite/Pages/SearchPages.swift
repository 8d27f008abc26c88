import DaybookContent
import DaybookRender
import Foundation

/// `search/` and its index. The index is a script (`search/index.js`) rather
/// than JSON because browsers refuse to fetch files from disk; without
/// JavaScript the page points to the archives and tags instead.
enum SearchPages {
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

    static func pages(_ site: SiteData) -> [Page] {
        [
            Page(.folder("search"), template: "pages/search") { context in
                PageViewModel(title: context.t["nav_search"], section: "search",
                              page: SearchView(indexHref: context.root + "search/index.js",
                                               diaryHref: context.link(.folder("diary")), tagsHref: context.link(.folder("tags"))))
            },
            Page(file: SitePath("search/index.js"), cost: site.diary.entries.count) { _ in
                script(records(site))
            },
        ]
    }

    /// How many characters of a text the index keeps.
    static let textLength = 500

    /// Public content only: private entries stay out even in a local build with --include-private.
    static func records(_ site: SiteData) -> [Record] {
        var records: [Record] = zip(site.diary.entries, site.diary.bodies).filter { !$0.0.isPrivate }.map { entry, body in
            Record(title: entry.title, url: DiaryIndex.path(of: entry).filePath, date: entry.date.iso, kind: "diary",
                   tags: entry.tags, text: body.searchText)
        }
        records += site.content.pages.filter { site.visibility.shows(isPrivate: $0.isPrivate, isDraft: $0.isDraft) && !$0.isPrivate }.map { page in
            Record(title: page.title, url: FreePages.path(page).filePath, date: "", kind: "page", tags: [],
                   text: String(Markdown.plainText(page.body).prefix(textLength)))
        }
        records += SearchSources.extra(site)
        return records
    }

    static func script(_ records: [Record]) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(records)) ?? Data("[]".utf8)
        return Array("window.DAYBOOK_SEARCH = ".utf8) + Array(json) + Array(";\n".utf8)
    }
}

/// Search records of the other features (vocabulary words, workouts).
enum SearchSources {
    static func extra(_ site: SiteData) -> [SearchPages.Record] {
        VocabPages.searchRecords(site) + WorkoutPages.searchRecords(site)
    }
}
