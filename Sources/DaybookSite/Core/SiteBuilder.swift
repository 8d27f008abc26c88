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
    public var seed: UInt64?
    public var visibility = Visibility()
    /// How the content folder is named in messages.
    public var contentDisplayName: String
    /// Resized photos kept between builds: `.daybook-cache/` beside the content folder.
    public var cacheDirectory: URL
    /// `--force`: replace an output folder Daybook made for another site (never one it did not make).
    public var replaceForeignOutput = false
    /// The process ends after this build (`daybook build`): what the build
    /// read and made is left to the exit instead of being freed piece by piece
    /// (0.1 s of one core at 10,000 entries).
    public var exitsAfterBuild = false
    /// Says on the terminal while a file's Markdown takes long to parse.
    public var slowParseWatch = SlowParseWatch()
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
}

/// files → parsed content (with diagnostics) → schedules for "today" →
/// pages (a URL and a view model each) → templates → bytes → atomic write.
public enum SiteBuilder {
    /// The kinds of content of the registry (`SiteFeatures.all`), for what reads the content without building the site.
    static var contentKinds: [any ContentKind] { SiteFeatures.all.contentKinds }

    /// Throws a `UsageError` when the output folder may not be replaced;
    /// gives what `--force` deletes when it replaces another site's output.
    @discardableResult
    public static func checkOutput(_ options: BuildOptions) throws -> String? { try OutputGuard.check(options) }

    /// Reads and checks everything; throws `ContentErrors` with every error of the run.
    /// With `memory` (`serve`), what its last build read and made is taken again where it is the same.
    /// - Parameter sealing: whether private items are encrypted when `site.yml` says so (not for `check`, which writes nothing).
    public static func prepare(_ options: BuildOptions, memory: ServeMemory? = nil, sealing: Bool = true) throws -> (SiteData, Theme, [Diagnostic]) {
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
        var site = siteData(options.visibility, memo: memory?.memo ?? DerivedMemo(remembers: false))
        if !site.derivedErrors.isEmpty { throw ContentErrors(site.derivedErrors.sorted { $0.location < $1.location }) }
        if sealing, content.config.privatePublishing == .encrypted { site.sealed = try seal(content, options) }
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
    static func seal(_ content: Content, _ options: BuildOptions) throws -> SealedPart {
        let location = content.config.privatePublishingLocation ?? SourceLocation(path: "\(options.contentDisplayName)/site.yml")
        guard let passphrase = try options.passphrase() else {
            throw ContentErrors([Diagnostic(location, "private items are published encrypted, but no passphrase was given",
                                            hint: "set DAYBOOK_PASSPHRASE, pass --passphrase-file FILE (outside the content folder), or build on a terminal to be asked")])
        }
        if let problem = SealKey.problem(passphrase) { throw ContentErrors([Diagnostic(location, problem)]) }
        return try SealedPart.make(SealedContent(content), passphrase: passphrase, contentDirectory: options.contentDirectory,
                                   cacheDirectory: options.cacheDirectory, io: options.io)
    }

    /// Every page of the site: each feature's pages and public files, then
    /// the feed and the sitemap of them all. Features list their pages on all
    /// cores: the search index is made on one while the diary lists its pages on another.
    public static func pages(for site: SiteData) -> [Page] {
        let publicSite = PublicSite(site)
        var pages = site.features.parallelMap { $0.pages(site) + $0.publicFiles(publicSite).map(\.page) }.flatMap { $0 }
        let sitemapOf = site.sitemapPaths.map { shown in pages.filter { shown.contains($0.path.value) } } ?? pages
        pages.append(contentsOf: Feeds.files(publicSite, sitemapOf: sitemapOf).map(\.page))
        return pages
    }

    /// Renders every page on all cores, the costliest first, handing each
    /// page's bytes to `emit` as soon as it is made, so that memory does not
    /// grow with the site. Template errors of all pages are thrown together.
    public static func render(_ pages: [Page], site: SiteData, theme: Theme,
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

    /// Each keyed page's key with what every page shares: the site's
    /// inputs (the theme's among them) and the navigation (`PageKey`); nil
    /// for a page without a key.
    static func pageKeys(_ pages: [Page], site: SiteData) -> [PageKey?] {
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

    /// The indexes of the pages to render again: those without a key, or
    /// whose key differs from the one their file was last made with.
    /// - Parameter paths: the build's output files, the pages' first.
    /// - Parameter samePaths: whether `paths` are the last build's (`ServeMemory.paths`).
    private static func stalePages(keys: [PageKey?], paths: [String], samePaths: Bool, memory: ServeMemory,
                                   written: [String: ServeMemory.Digest]) -> [Int] {
        // The same files as last time: each page's key is where it was.
        if samePaths && memory.pageKeys.count == keys.count {
            return keys.indices.filter { keys[$0] == nil || keys[$0] != memory.pageKeys[$0] }
        }
        let before = Dictionary(zip(memory.paths, memory.pageKeys).compactMap { path, key in key.map { (path, $0) } },
                                uniquingKeysWith: { first, _ in first })
        return keys.indices.filter { index in
            guard let key = keys[index], before[paths[index]] == key, written[paths[index]] != nil else { return true }
            return false
        }
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

    /// KaTeX's files when a published page has math; when KaTeX is not installed, a warning instead.
    static func mathAssets(_ site: SiteData) -> (files: [(key: String, value: Data)], warnings: [Diagnostic]) {
        let entries = zip(site.diary.entries, site.diary.bodies).filter { KaTeX.draws($0.1.html) }.map(\.0.source)
        let pages = site.published.pages.filter { site.pageHTML[$0.source.slugPath].map(KaTeX.draws) ?? false }.map(\.source)
        guard let first = (entries + pages).first else { return ([], []) }
        guard let files = KaTeX.assets() else { return ([], [KaTeX.missing(at: first, pages: entries.count + pages.count)]) }
        return (files.map { (key: $0.path, value: $0.bytes) }, [])
    }

    /// The whole build; `public/` changes only if it succeeds. With `memory`
    /// (kept by `serve` from build to build) unchanged entries are not read
    /// again and only files whose bytes changed are written.
    @discardableResult
    public static func build(_ options: BuildOptions, memory: ServeMemory? = nil, progress: ((String) -> Void)? = nil) throws -> BuildSummary {
        let start = Date()
        try checkOutput(options)
        progress?("reading content")
        let (site, theme, prepared) = try prepare(options, memory: memory)
        let pages = pages(for: site)
        progress?("rendering \(pages.count) pages")
        let assets = PathClaims.publishedAssets(site)
        let math = mathAssets(site)
        let warnings = prepared + math.warnings
        let themeAssets = (theme.assets.map { (key: $0.key, value: $0.value) } + math.files).sorted { $0.key < $1.key }
        let photos = site.photos.outputs
        let paths = pages.map(\.path.filePath) + themeAssets.map { Routes.asset($0.key) } + assets.map(\.relativePath) + photos.map(\.path)
            + [Routes.serviceWorker.filePath]
        // The service worker names the files the phone keeps and a digest of their bytes, known once they are made.
        let writing = Set(paths)
        let precache = PhoneFiles.precache(site, writing: writing)
        let precached = PrecacheDigests(precache, later: PhoneFiles.later(site, writing: writing))
        // `serve`: the same files as the last build made (an entry's text edited).
        let samePaths = memory.map { $0.paths == paths } ?? false
        // Checked on another core while pages render; nothing reaches the
        // output before the check has passed. Whether two files collide
        // depends on their paths alone: the same paths as a successful build's
        // do not (only which sources a collision names depends on more).
        let claims = Background {
            if samePaths { return }
            try PathClaims.check(pages: pages, site: site, theme: theme, assets: assets, contentDisplayName: options.contentDisplayName)
        }
        let writer = OutputWriter(output: options.outputDirectory, io: options.io)
        let previous = options.io.isFolder(options.outputDirectory.path) ? memory?.written : nil
        // The last build's lists that this one replaces.
        var replaced: (paths: [String], keys: [PageKey?])?
        let changes = OutputChanges(before: previous ?? [:])
        var files = [(OutputGuard.marker, OutputGuard.markerText(site: OutputGuard.siteID(options)))] + themeAssets.map { (Routes.asset($0.key), Array($0.value)) }
        func readAssets() throws {
            for asset in assets {
                do { files.append((asset.relativePath, Array(try options.io.read(asset.absolutePath)))) } catch {
                    throw OutputError(message: "cannot read \(error)")
                }
            }
        }
        for photo in photos { changes.record(photo.path, ServeMemory.digest(ofCached: photo.cached, io: options.io)) }

        // Keys only matter to the next build of a `serve` session.
        let keys = memory == nil ? [] : pageKeys(pages, site: site)
        if let previous, let memory {
            // A page made of the same inputs as the bytes written last time keeps them (and its digest in `changes`).
            let stale = stalePages(keys: keys, paths: paths, samePaths: samePaths, memory: memory, written: previous).map { pages[$0] }
            // Everything is rendered before anything is written: a failed build changes nothing.
            do {
                try render(stale, site: site, theme: theme) { path, bytes in
                    changes.add(path, bytes)
                    precached.note(path, bytes)
                    return nil
                }
            } catch {
                // A collision explains a failure first.
                try claims.value()
                throw error
            }
            try claims.value()
            memory.pagesRendered = stale.count
            try readAssets()
            // A page kept from the last build keeps its bytes, and their digest (read again if the last build did not keep it).
            for file in precache where precached.digests[file.filePath] == nil {
                if let digest = memory.precached[file.filePath] {
                    precached.note(file.filePath, digest: digest)
                } else if let bytes = try? options.io.read(options.outputDirectory.appendingPathComponent(file.filePath).path) {
                    precached.note(file.filePath, Array(bytes))
                }
            }
            files.append(precached.serviceWorker(files))
            memory.precached = precached.digests
            for (path, bytes) in files { changes.add(path, bytes) }
            // The same files as last time: none is gone.
            let current = samePaths ? nil : Set(paths + [OutputGuard.marker])
            let gone = current.map { current in previous.keys.filter { !current.contains($0) }.sorted() } ?? []
            changes.forget(gone)
            let relinked = photos.filter { previous[$0.path] != changes.digests[$0.path] }.map { ($0.path, $0.cached) }
            progress?("writing \(changes.changed.count) changed files")
            do {
                try writer.update(writing: changes.changed, linking: relinked, deleting: gone)
            } catch {
                // Half updated: the next build writes everything again.
                memory.written = nil
                throw error
            }
            memory.written = changes.digests
            replaced = (memory.paths, memory.pageKeys)
            memory.pageKeys = keys
            memory.paths = paths
            memory.filesChanged = changes.changed.count + relinked.count + gone.count
        } else {
            let staging = try writer.makeStaging()
            do {
                try writer.check(paths)
                // Pages are written into the staging folder as they render, each making its folder.
                let folders = FolderMaker(root: staging.path, io: options.io)
                try render(pages, site: site, theme: theme) { path, bytes in
                    if memory != nil { changes.record(path, ServeMemory.Digest(bytes)) }
                    precached.note(path, bytes)
                    return writer.write(bytes, to: path, in: folders)
                }
                try readAssets()
                files.append(precached.serviceWorker(files))
                progress?("writing \(files.count) more files")
                try writer.write(files, into: staging)
                try writer.copy(photos.map { ($0.path, $0.cached) }, into: staging)
                try claims.value()
                try writer.swap(in: staging)
            } catch {
                writer.discard(staging)
                // A collision explains a failure first.
                try claims.value()
                throw error
            }
            if let memory {
                for (path, bytes) in files { changes.record(path, ServeMemory.Digest(bytes)) }
                memory.precached = precached.digests
                memory.written = changes.digests
                memory.pageKeys = keys
                memory.paths = paths
                memory.filesChanged = paths.count
                memory.pagesRendered = pages.count
            }
        }
        let pageCount = pages.filter { if case .template = $0.body { return true } else { return false } }.count
        site.photos.prune()
        if options.exitsAfterBuild {
            Leftovers.keep((site, pages, theme))
        } else if let memory {
            // `serve` frees them after the open pages have heard of the build (`ServeMemory.freeLeftovers`).
            memory.leftovers = (site, pages, keys, paths, previous, replaced, changes)
        }
        return BuildSummary(pages: pageCount, files: paths.count, seconds: Date().timeIntervalSince(start), warnings: warnings,
                            photosEncoded: site.photos.encodedCount, photosCached: site.photos.cachedCount)
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
