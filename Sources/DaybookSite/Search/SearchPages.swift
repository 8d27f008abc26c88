import Foundation

/// `search/` and its index (`SearchIndex`): a small manifest and shards the
/// page loads as a query needs them. Without JavaScript the page says so and
/// points to the archives and tags instead.
struct SearchPages: SiteFeature {
    struct SearchView: TemplateData {
        let indexHref, diaryHref, tagsHref: String
        let kinds, years: [Option]
        /// Where the private search index is, which the page merges with this one once unlocked (`SealedPart`).
        let sealed: SealedLinks?
    }

    /// A choice of the kind or year filter.
    struct Option: TemplateData {
        let value, label: String
    }

    struct Record: Sendable {
        let title: String
        /// The page's file path from the site root.
        let url: String
        let date: LocalDate?
        let kind: SearchKind
        let tags: [String]
        let text: String
    }

    func navigation(_ site: SiteData) -> [NavigationEntry] {
        [NavigationEntry(section: .search, path: Routes.search, label: site.translation["nav_search"])]
    }

    func pages(_ site: SiteData) -> [Page] {
        // Made of the records alone: an edit that changes none keeps the index and its files.
        let key = site.rememberedKey { hasher in
            for feature in site.features { feature.combineSearchKey(PublicSite(site), into: &hasher) }
            hasher.combine(site.sealed != nil)
        }
        let index = site.memo.value("search index", key: key) { SearchIndex(records: Self.records(site)) }
        // A kind without a label of its own (a `ListedKind`'s) is named as in the navigation.
        let strings = site.translation.strings
        let kinds = index.parts.map { Option(value: $0.kind, label: strings["search_kind_" + $0.kind] ?? strings["nav_" + $0.kind] ?? $0.kind.capitalized) }
        let years = Set(index.documents.compactMap { $0.date?.year }).sorted(by: >).map { Option(value: String($0), label: String($0)) }
        return [
            Page(Routes.search, template: "pages/search", key: key) { context in
                PageViewModel(title: context.t["nav_search"], section: .search,
                              page: SearchView(indexHref: context.link(Routes.searchIndex), diaryHref: context.link(Routes.diary),
                                               tagsHref: context.link(Routes.tags), kinds: kinds, years: years,
                                               sealed: SealedLinks.on(context)))
            },
            Page(file: Routes.searchIndex, key: key) { _ in try index.manifest() },
        ]
            + index.shards.indices.map { number in Page(file: Routes.searchTerms(number), key: key) { _ in index.shardScript(number) } }
            + index.chunks.indices.map { number in Page(file: Routes.searchDocs(number), key: key) { _ in index.chunkScript(number) } }
    }

    /// Everything a search index shows of these records.
    static func combine(_ records: [Record], into hasher: inout StableHasher) {
        hasher.combine(records.count)
        for record in records {
            hasher.combine(text: record.title)
            hasher.combine(text: record.url)
            hasher.combine(text: record.date?.iso)
            hasher.combine(record.kind)
            hasher.combine(record.tags.count)
            for tag in record.tags { hasher.combine(text: tag) }
            hasher.combine(text: record.text)
        }
    }

    /// How many characters of a text the index keeps.
    static let textLength = 500

    /// Public content only: private entries stay out even in a local build with --include-private.
    static func records(_ site: SiteData) -> [Record] {
        site.features.searchRecords(PublicSite(site))
    }
}

extension Section {
    static let search = Section("search")
}
