import Foundation

/// The files that make the site an app on a phone (SPEC §8): the web app
/// manifest, and the service worker that keeps today's pages for use
/// without a network. Both sit at the site's root, their URLs relative, so
/// that the site works under a sub-path; the worker's code is the theme's
/// `assets/sw.js`.
struct PhonePages: SiteFeature {
    func pages(_ site: SiteData) -> [Page] {
        [Page(file: Routes.manifest) { _ in try PhoneFiles.manifest(site) }]
    }
}

enum PhoneFiles {
    /// The theme's icons, named in the manifest.
    static let icons: [(path: String, sizes: String)] = [("icon-192.png", "192x192"), ("icon-512.png", "512x512")]

    static func manifest(_ site: SiteData) throws(Diagnostic) -> [UInt8] {
        struct Icon: Encodable {
            let src: String
            let sizes: String
            let type = "image/png"
            let purpose = "any maskable"
        }
        struct Manifest: Encodable {
            let name: String
            let short_name: String
            let lang: String
            let start_url = "./"
            let scope = "./"
            let display = "standalone"
            let background_color = "#fbfaf7"
            let theme_color = "#2f6fb3"
            let icons: [Icon]
        }
        let title = site.config.title
        let manifest = Manifest(name: title, short_name: title.count > 12 ? String(title.prefix(12)) : title, lang: site.locale,
                                icons: icons.map { Icon(src: Routes.asset($0.path), sizes: $0.sizes) })
        return Array(try PublishedJSON.encode(manifest, for: Routes.manifest)) + [0x0A]
    }

    /// What the phone keeps at install, among the files this build writes:
    /// today's plan, the due cards and their test, the due books, today's
    /// workout and routines pages, and what those pages load.
    static func precache(_ site: SiteData, writing paths: Set<String>) -> [SitePath] {
        var books: [SitePath] = []
        var deckCards: [SitePath] = []
        for day in site.published.vocab.comingPlans {
            for activity in day.decks where !(activity.studies.isEmpty && activity.reviews.isEmpty) {
                deckCards.append(Routes.deckCards(activity.deckID))
                books += (activity.studies + activity.reviews).map { Routes.book(activity.deckID, $0.start) }
            }
        }
        let pages = [Routes.home, Routes.vocabToday, Routes.vocabTodayCards] + deckCards + books + [Routes.workouts, Routes.routines]
        let assets = ["style.css", "daybook.js", "phone.js", "sets.js", "cards.js", "cards.css", "vocab.css", "training.css"]
            + icons.map(\.path)
        var seen = Set<String>()
        return (pages + [Routes.manifest] + assets.map { SitePath(Routes.asset($0)) }).filter {
            paths.contains($0.filePath) && seen.insert($0.value).inserted
        }
    }

    /// The site's `sw.js`: this build's id and files, then the theme's worker.
    /// - Parameter digests: each precached file's bytes in one number, so that
    ///   a build that changes any of them has a new worker, which replaces what
    ///   the phone kept, and a build that changes none writes the same bytes.
    static func serviceWorker(files: [SitePath], digests: [String: UInt64]) -> [UInt8] {
        var id = FNV()
        for file in files {
            id.add(Array(file.value.utf8))
            id.add(UInt64(digests[file.filePath] ?? 0))
        }
        let build = String(id.value, radix: 16)
        let list = files.map { "\"" + ($0.value.isEmpty ? "./" : $0.value) + "\"" }.joined(separator: ",")
        return Array("""
        // Made by daybook for this build; the worker is the theme's assets/sw.js.
        self.DAYBOOK_BUILD = "\(build)";
        self.DAYBOOK_FILES = [\(list)];
        importScripts("\(Routes.asset("sw.js"))?build=\(build)");

        """.utf8)
    }
}

/// FNV-1a, 64 bits: the same from build to build (Swift's `Hasher` is seeded per process).
struct FNV {
    private(set) var value: UInt64 = 0xcbf29ce484222325

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x100000001b3 }
    }

    mutating func add(_ number: UInt64) {
        add((0..<8).map { UInt8(truncatingIfNeeded: number >> ($0 * 8)) })
    }

    static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = FNV()
        hash.add(bytes)
        return hash.value
    }
}

/// The digests of the precached files' bytes, noted as the pages render on all cores.
final class PrecacheDigests: @unchecked Sendable {
    let files: [SitePath]
    private let wanted: Set<String>
    private let lock = NSLock()
    private var noted: [String: UInt64] = [:]

    init(_ files: [SitePath]) {
        self.files = files
        wanted = Set(files.map(\.filePath))
    }

    var digests: [String: UInt64] { lock.withLock { noted } }

    func note(_ path: String, _ bytes: [UInt8]) {
        guard wanted.contains(path) else { return }
        note(path, digest: FNV.of(bytes))
    }

    func note(_ path: String, digest: UInt64) { lock.withLock { noted[path] = digest } }

    /// `sw.js`, once every other file is made; `others` are the files written besides the pages (the theme's assets).
    func serviceWorker(_ others: [(String, [UInt8])]) -> (String, [UInt8]) {
        for (path, bytes) in others { note(path, bytes) }
        return (Routes.serviceWorker.filePath, PhoneFiles.serviceWorker(files: files, digests: digests))
    }
}
