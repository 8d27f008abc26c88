import Foundation

/// What a build reads and writes, from the command line.
public struct BuildOptions: Sendable {
    public var contentDirectory: URL
    public var outputDirectory: URL
    /// Folder holding `themes/NAME/`; defaults to the content folder's parent.
    public var themesDirectory: URL
    /// nil: today in the site's time zone.
    public var today: LocalDate?
    /// nil: a seed that changes day by day.
    var seed: UInt64?
    var visibility = Visibility()
    /// How the content folder is named in messages.
    public var contentDisplayName: String
    /// Resized photos kept between builds: `.daybook-cache/` beside the content folder.
    var cacheDirectory: URL
    /// The process ends after this build (`daybook build`): what the build
    /// read and made is left to the exit instead of being freed piece by piece
    /// (0.1 s of one core at 10,000 entries).
    public var exitsAfterBuild = false
    /// Says on the terminal while a file's Markdown takes long to parse.
    var slowParseWatch = SlowParseWatch()
    /// Where every file is read and written: the disk, or memory in tests.
    /// (Photos are resized by libvips from and to the disk.)
    public var io: FileIO
    /// What the site is made of: `SiteFeatures.all`, the registry; a test adds a kind of its own.
    var features = SiteFeatures.all
    /// The passphrase of the encrypted part, asked only when `site.yml` publishes private items encrypted
    /// (`DAYBOOK_PASSPHRASE`, `--passphrase-file` or a prompt); nil when none was given.
    public var passphrase: @Sendable () throws -> String? = { nil }

    public init(contentDirectory: URL, outputDirectory: URL, themesDirectory: URL? = nil, today: LocalDate? = nil,
                seed: UInt64? = nil, visibility: Visibility = Visibility(), contentDisplayName: String? = nil, io: FileIO = .disk) {
        self.contentDirectory = contentDirectory
        self.outputDirectory = outputDirectory
        self.themesDirectory = themesDirectory ?? contentDirectory.deletingLastPathComponent().appendingPathComponent("themes")
        self.today = today
        self.seed = seed
        self.visibility = visibility
        self.contentDisplayName = contentDisplayName ?? contentDirectory.lastPathComponent
        self.cacheDirectory = contentDirectory.standardizedFileURL.deletingLastPathComponent().appendingPathComponent(".daybook-cache")
        self.io = io
    }
}

public struct BuildSummary: Sendable {
    public let pages: Int
    public let files: Int
    public let seconds: Double
    public let warnings: [Diagnostic]
    /// Photos resized in this build, and photos taken from the cache.
    public let photosEncoded: Int
    public let photosCached: Int
    /// Pages neither rendered nor compared: their keys and files were as the last build recorded (`PageRecord`).
    public let pagesKept: Int
}

/// files → parsed content (with diagnostics) → schedules for "today" →
/// pages (a URL and a view model each) → templates → bytes → atomic write.
public enum SiteBuilder {
    /// The kinds of content of the registry (`SiteFeatures.all`), for what reads the content without building the site.
    static var contentKinds: [any ContentKind] { SiteFeatures.all.contentKinds }

    /// Throws a `UsageError` when the output folder may not be written.
    public static func checkOutput(_ options: BuildOptions) throws { try OutputGuard.check(options) }

    /// Whether the output holds an earlier build's files, which a build updates in place.
    public static func hasEarlierOutput(_ options: BuildOptions) -> Bool { OutputUpdate.applies(to: options.outputDirectory, io: options.io) }

    /// Reads and checks everything; throws `ContentErrors` with every error of the run.
    /// With `memory` (`serve`), what its last build read and made is taken again where it is the same.
    /// - Parameter sealing: whether private items are encrypted when `site.yml` says so (not for `check`, which writes nothing).
    /// - Parameter makesKeys: whether pages get their keys (`PageKey`) without a memory: for `PageRecord`.
    static func prepare(_ options: BuildOptions, memory: ServeMemory? = nil, sealing: Bool = true,
                        makesKeys: Bool = false) throws -> (SiteData, Theme, [Diagnostic]) {
        try OutputGuard.checkContent(options)
        @Sendable func loadTheme(_ named: (name: String, location: SourceLocation?)) -> (Theme, Diagnostics) {
            var said = Diagnostics()
            let theme = Theme.load(name: named.name, themesDirectory: options.themesDirectory, io: options.io, location: named.location,
                                   cache: memory?.parsed, into: &said)
            return (theme, said)
        }
        // The theme loads on another core while the content is read.
        let named = ContentLoader.theme(directory: options.contentDirectory, displayRoot: options.contentDisplayName, io: options.io)
        let themeLoad = Background { loadTheme(named) }
        var (content, diagnostics) = ContentLoader.load(directory: options.contentDirectory, displayRoot: options.contentDisplayName,
                                                        io: options.io, kinds: options.features.contentKinds, cache: memory?.parsed,
                                                        watched: memory != nil)
        var (theme, said) = try themeLoad.value()
        // site.yml changed in between: the theme it now names.
        if content.config.theme != named.name || content.config.themeLocation != named.location {
            (theme, said) = loadTheme((content.config.theme, content.config.themeLocation))
        }
        diagnostics.append(contentsOf: said)
        AssetLinks.check(content, theme: theme, visibility: options.visibility, displayRoot: options.contentDisplayName, into: &diagnostics)
        if diagnostics.hasErrors { throw ContentErrors(diagnostics.sorted) }

        let today = options.today ?? TimeZones.today(in: content.config.timezone)
        guard let translation = theme.translations[content.config.locale.rawValue] else {
            throw ContentErrors([Diagnostic(SourceLocation(path: "themes/\(theme.name)/i18n/\(content.config.locale.rawValue).yml"),
                                            "the theme has no translation for locale '\(content.config.locale.rawValue)'")])
        }
        let seed = options.seed ?? UInt64(bitPattern: Int64(today.daysSinceEpoch))
        func siteData(_ visibility: Visibility, memo: DerivedMemo) -> SiteData {
            SiteData(content: content, today: today, translation: translation, visibility: visibility, seed: seed,
                     cacheDirectory: options.cacheDirectory, io: options.io, slowParseWatch: options.slowParseWatch,
                     themeFingerprint: theme.fingerprint, memo: memo, features: options.features)
        }
        var site = siteData(options.visibility, memo: memory?.memo ?? DerivedMemo(remembers: false, makesKeys: makesKeys))
        if !site.derivedErrors.isEmpty { throw ContentErrors(site.derivedErrors.sorted { $0.location < $1.location }) }
        if sealing, content.config.privatePublishing == .encrypted { site.sealed = try seal(content, site: site, options) }
        if options.visibility.includePrivate {
            // The sitemap of a build with private pages lists what the same build without them has: no private
            // page, nor a tag or month page that only private items make (easy to publish by mistake).
            let publicSite = siteData(Visibility(includePrivate: false, includeDrafts: options.visibility.includeDrafts), memo: DerivedMemo(remembers: false))
            site.sitemapPaths = Set(pages(for: publicSite).compactMap { $0.inSitemap ? $0.path.value : nil })
        }
        return (site, theme, diagnostics.items.filter { $0.severity == .warning } + site.derivedWarnings)
    }

    /// The encrypted part of the site; without a passphrase, or with a short one, an error at `site.yml`'s
    /// `publish:` (never a quiet fall back to leaving private items out, or to publishing them in the clear).
    static func seal(_ content: Content, site: SiteData, _ options: BuildOptions) throws -> SealedPart {
        let location = content.config.privatePublishingLocation ?? SourceLocation(path: "\(options.contentDisplayName)/site.yml")
        guard let passphrase = try options.passphrase() else {
            throw ContentErrors([Diagnostic(location, "private items are published encrypted, but no passphrase was given",
                                            hint: "set DAYBOOK_PASSPHRASE, pass --passphrase-file FILE (outside the content folder), or build on a terminal to be asked")])
        }
        if let problem = SealKey.problem(passphrase) { throw ContentErrors([Diagnostic(location, problem)]) }
        return try SealedPart.make(SealedContent(content), passphrase: passphrase, contentDirectory: options.contentDirectory,
                                   cacheDirectory: options.cacheDirectory, io: options.io, library: site.photos, today: site.today,
                                   translation: site.translation)
    }

    /// Every page of the site: each feature's pages and public files, then
    /// the feed and the sitemap of them all. Features list their pages on all
    /// cores: the search index is made on one while the diary lists its pages on another.
    static func pages(for site: SiteData) -> [Page] {
        let publicSite = PublicSite(site)
        var pages = site.features.parallelMap { $0.pages(site) + $0.publicFiles(publicSite).map(\.page) }.flatMap { $0 }
        let sitemapOf = site.sitemapPaths.map { shown in pages.filter { shown.contains($0.path.value) } } ?? pages
        pages.append(contentsOf: Feeds.files(publicSite, sitemapOf: sitemapOf).map(\.page))
        return pages
    }

    /// Renders every page on all cores, the costliest first, handing each
    /// page's bytes to `emit` as soon as it is made, so that memory does not
    /// grow with the site. Template errors of all pages are thrown together.
    static func render(_ pages: [Page], site: SiteData, theme: Theme,
                              emit: @Sendable (_ path: String, _ bytes: [UInt8]) -> (any Error & Sendable)? = { _, _ in nil }) throws {
        let failures = pages.sorted { $0.cost > $1.cost }.parallelMap { page -> (any Error & Sendable)? in
            let context = PageContext(path: page.path, site: site)
            do {
                switch page.body {
                case let .bytes(make):
                    return emit(page.path.filePath, try make(context))
                case let .template(name, make):
                    let model = try make(context)
                    var html: [UInt8] = []
                    try theme.render(name, Layout.context(for: model, in: context), into: &html)
                    return emit(page.path.filePath, html)
                }
            } catch let error as Diagnostic {
                return error
            } catch {
                return Diagnostic(SourceLocation(path: page.path.filePath), "the page cannot be made: \(error)")
            }
        }
        let errors = Set(failures.compactMap { $0 as? Diagnostic })
        if !errors.isEmpty { throw ContentErrors(errors.sorted { $0.location < $1.location }) }
        if let failure = failures.lazy.compactMap({ $0 }).first { throw failure }
    }

    /// Everything a build checks, template errors included, writing nothing:
    /// the warnings and how many entries were read.
    public static func check(_ options: BuildOptions) throws -> (warnings: [Diagnostic], entries: Int) {
        let (site, theme, warnings) = try prepare(options, sealing: false)
        let pages = pages(for: site)
        try PathClaims.check(pages: pages, site: site, theme: theme, assets: PathClaims.publishedAssets(site),
                             contentDisplayName: options.contentDisplayName)
        // What rendering would find, without rendering: the content's errors
        // are all found above (a page's model and bytes are made without
        // throwing), and a page naming a template the theme lacks is the only
        // error of rendering (`Theme.checkRenders`). Rendering the pages took
        // most of an import's check of a 100,000-word deck.
        let missing = Set(pages.compactMap { page -> Diagnostic? in
            guard case let .template(name, _) = page.body else { return nil }
            do throws(Diagnostic) { try theme.checkRenders(name) } catch { return error }
            return nil
        })
        if !missing.isEmpty { throw ContentErrors(missing.sorted { $0.location < $1.location }) }
        return (warnings, site.entriesRead)
    }

    /// The whole build: load → derive → plan the pages → render → write.
    /// `public/` changes only if it succeeds, and then only in the files
    /// whose bytes changed. With `memory` (kept by `serve` from build to
    /// build) unchanged entries are not read again and pages whose inputs did
    /// not change are not rendered.
    @discardableResult
    public static func build(_ options: BuildOptions, memory: ServeMemory? = nil, progress: ((String) -> Void)? = nil) throws -> BuildSummary {
        let start = Date()
        try checkOutput(options)
        progress?("reading content")
        let (site, theme, prepared) = try prepare(options, memory: memory, makesKeys: true)
        let plan = SitePlan(site, theme: theme)
        let keys = plan.pageKeys()
        // Without `serve`'s memory, the last build's record of the output tells which pages need not render again.
        let place = memory == nil ? PageRecord.Place(options, plan) : nil
        let record = place.flatMap { PageRecord(at: $0, io: options.io) }
        let output = try OutputWriter.output(for: options, plan: plan, memory: memory?.pages, record: record)
        let pages = output.pagesToRender(plan, keys: keys)
        // Checked on another core while pages render; nothing reaches the output before the check has passed.
        let claims = Background {
            if !output.madeBefore(plan.paths) { try plan.checkClaims(contentDisplayName: options.contentDisplayName) }
        }
        progress?("rendering \(pages.count) pages")
        do {
            try OutputWriter.check(plan.paths)
            try plan.render(pages, into: output)
            try plan.addFiles(to: output, io: options.io)
            try claims.value()
            progress?("writing")
            try output.finish(plan)
        } catch {
            output.discard()
            // A collision explains a failure first.
            try claims.value()
            throw error
        }
        if let place {
            PageRecord.made(plan, keys: keys, kept: output.kept, output: options.outputDirectory.path, io: options.io).save(at: place, io: options.io)
        }
        site.photos.prune()
        let warnings = prepared + plan.warnings
        if options.exitsAfterBuild { Leftovers.keep((plan, pages)) } else { memory?.leftovers = (plan, pages) }
        return BuildSummary(pages: plan.pages.count { if case .template = $0.body { true } else { false } }, files: plan.paths.count,
                            seconds: Date().timeIntervalSince(start), warnings: warnings,
                            photosEncoded: site.photos.encodedCount, photosCached: site.photos.cachedCount, pagesKept: output.kept.count)
    }
}

/// What a build leaves to the end of the process (`BuildOptions.exitsAfterBuild`).
private enum Leftovers {
    static func keep(_ values: some Sendable) {
        _ = Unmanaged.passRetained(Box(values))
    }

    private final class Box<Value>: Sendable where Value: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
