import Foundation

/// What a build makes, known before anything is rendered: every page, the
/// theme's and the content's assets, the resized photos, and the path of
/// each file (the pages' first, `sw.js` last).
struct SitePlan: Sendable {
    let site: SiteData
    let theme: Theme
    let pages: [Page]
    let themeAssets: [(path: String, bytes: [UInt8])]
    let assets: [ContentAsset]
    let photos: [PhotoLibrary.Output]
    let paths: [String]
    /// The files the phone keeps, with a digest of each as it is made: `sw.js` names them.
    let precached: PrecacheDigests
    /// What the plan found to say: KaTeX missing on a site with math.
    let warnings: [Diagnostic]

    init(_ site: SiteData, theme: Theme) {
        self.site = site
        self.theme = theme
        pages = SiteBuilder.pages(for: site)
        let math = Self.mathAssets(site)
        warnings = math.warnings
        themeAssets = (theme.assets.map { (key: $0.key, value: $0.value) } + math.files).sorted { $0.key < $1.key }
            .map { (Routes.asset($0.key), Array($0.value)) }
        assets = PathClaims.publishedAssets(site)
        photos = site.photos.outputs
        paths = pages.map(\.path.filePath) + themeAssets.map(\.path) + assets.map(\.relativePath) + photos.map(\.path)
            + [Routes.serviceWorker.filePath]
        let writing = Set(paths)
        precached = PrecacheDigests(PhoneFiles.precache(site, writing: writing), later: PhoneFiles.later(site, writing: writing))
    }

    /// KaTeX's files when a published page has math; when KaTeX is not installed, a warning instead.
    private static func mathAssets(_ site: SiteData) -> (files: [(key: String, value: Data)], warnings: [Diagnostic]) {
        let entries = zip(site.diary.entries, site.diary.bodies).filter { KaTeX.draws($0.1.html) }.map(\.0.source)
        let pages = site.published.pages.filter { site.pageHTML[$0.source.slugPath].map(KaTeX.draws) ?? false }.map(\.source)
        guard let first = (entries + pages).first else { return ([], []) }
        guard let files = KaTeX.assets() else { return ([], [KaTeX.missing(at: first, pages: entries.count + pages.count)]) }
        return (files.map { (key: $0.path, value: $0.bytes) }, [])
    }

    /// Throws every collision of the files' paths (`PathClaims`).
    func checkClaims(contentDisplayName: String) throws {
        try PathClaims.check(pages: pages, site: site, theme: theme, assets: assets, contentDisplayName: contentDisplayName)
    }

    /// Renders `pages` on all cores and hands each page's bytes to `output` as it is made.
    func render(_ pages: [Page], into output: any SiteOutput) throws {
        try SiteBuilder.render(pages, site: site, theme: theme) { path, bytes in
            precached.note(path, bytes)
            return output.add(path, bytes)
        }
    }

    /// Hands `output` the files besides the pages, one at a time: the theme's
    /// assets, the content's (read from the content folder), the photos, and
    /// last `sw.js`, which names a digest of every file the phone keeps.
    func addFiles(to output: any SiteOutput, io: FileIO) throws {
        func add(_ path: String, _ bytes: [UInt8]) throws {
            precached.note(path, bytes)
            if let failure = output.add(path, bytes) { throw failure }
        }
        for asset in themeAssets { try add(asset.path, asset.bytes) }
        for asset in assets {
            do { try add(asset.relativePath, Array(try io.read(asset.absolutePath))) } catch let error as FileIOError {
                throw OutputError(message: "cannot read \(error)")
            }
        }
        for photo in photos { if let failure = output.add(photo.path, copyOf: photo.cached) { throw failure } }
        let worker = precached.serviceWorker([])
        if let failure = output.add(worker.0, worker.1) { throw failure }
    }

    /// Each keyed page's key with what every page shares: the site's inputs
    /// (the theme's among them) and the navigation (`PageKey`); nil for a
    /// page without a key.
    func pageKeys() -> [PageKey?] {
        let shared = PageKey { hasher in
            hasher.combine(site.sharedKey)
            for item in site.features.navigation(site) {
                hasher.combine(item.section)
                hasher.combine(text: item.path.value)
                hasher.combine(text: item.label)
            }
        }
        return pages.map { page in page.key.map { key in PageKey { $0.combine(shared); $0.combine(key) } } }
    }
}
