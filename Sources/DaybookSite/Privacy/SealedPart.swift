import Foundation

/// The encrypted part of the site (`private: { publish: encrypted }`,
/// docs/privacy.md): ciphertext and the parameters that open it, nothing
/// else. Made once a build from `SealedContent`, and kept in `SiteData`,
/// whose pages may hold it: nothing here is readable without the passphrase.
struct SealedPart: Sendable {
    /// The PBKDF2 salt and rounds, published on the unlock page.
    let salt: [UInt8]
    let iterations: Int
    /// A known text sealed as `check`: the unlock page tells a wrong passphrase from a changed file with it.
    let check: [UInt8]
    /// The encrypted index, then each item's file and the private search index.
    let files: [(path: SitePath, bytes: [UInt8])]

    static let checkText = "daybook"
    /// Where the state kept between builds is, in `.daybook-cache/`.
    static func statePath(_ cacheDirectory: URL) -> String { cacheDirectory.appendingPathComponent("sealed.json").path }

    /// Encrypts every item, keeping the ciphertext of those that did not change
    /// (`SealState`), and writes the state for the next build.
    /// - Parameter library: the build's photos, which resizes those of private items for the encrypted part alone.
    /// - Parameter today: and `translation`: on this day's private entries, for the days the home page carries.
    static func make(_ content: SealedContent, passphrase: String, contentDirectory: URL, cacheDirectory: URL, io: FileIO,
                     library: PhotoLibrary, today: LocalDate, translation: Translation) throws -> SealedPart {
        let statePath = statePath(cacheDirectory)
        let state = SealState.read(statePath, io: io) ?? .fresh()
        let key = try SealKey(passphrase: passphrase, salt: state.saltBytes, iterations: state.iterations)
        var sealer = Sealer(key: key, kept: state.files)
        let encoder = JSONEncoder()
        // The same item is the same bytes, so it keeps its nonce and ciphertext.
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]

        var listings: [SealedDocument.Listing] = []
        var links: [(id: String, links: [Backlinks.Link])] = []
        var files: [(path: SitePath, bytes: [UInt8])] = []
        let photos = SealedPhotos(library: library, sealable: content.assets, root: contentDirectory, io: io, name: key.name(of:))
        for document in content.documents(root: contentDirectory, io: io, photos: photos) {
            let item = document.item(named: key.name(of: document.source))
            listings.append(item.listing)
            links.append((item.listing.id, document.links))
            files.append((Routes.sealed(item.listing.id), try sealer.seal(Array(try encoder.encode(item)), as: item.listing.id)))
        }
        for image in photos.found {
            guard let file = photos.file(image) else { continue }
            files.append((Routes.sealed(image.id), try sealer.seal(Array(try encoder.encode(file)), as: image.id)))
        }
        // The private search index: the search page merges it with the public one once unlocked.
        files.append((Routes.sealedSearch, try sealer.seal(try SearchIndex(records: content.searchRecords(name: key.name(of:))).sealedJSON(), as: "search")))
        let lookback = content.onThisDay(from: today, translation, name: key.name(of:))
        let index = try sealer.seal(Array(try encoder.encode(SealedDocument.Index(items: listings, onThisDay: lookback, years: content.years(),
                                                                                           linksHere: SealedDocument.linksHere(links)))), as: "index")
        let check = try sealer.seal(Array(Self.checkText.utf8), as: "check")
        try SealState(salt: state.salt, iterations: state.iterations, files: sealer.made).write(statePath, io: io)
        return SealedPart(salt: state.saltBytes, iterations: state.iterations, check: check, files: [(Routes.sealedIndex, index)] + files)
    }
}
