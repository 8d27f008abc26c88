import Foundation

/// The items of the encrypted part: those the site's owner sees and the
/// world does not (private, not drafts), decided by the same rule as every
/// view (`Visibility.shows`), once. Only `SealedPart` reads it, and it
/// publishes nothing of it but ciphertext.
struct SealedContent: ItemsByKind {
    private let items: [ObjectIdentifier: any ContentItems]

    init(_ content: Content) {
        items = content.items.mapValues { $0.shown(to: Visibility(includePrivate: true), hiddenFrom: Visibility()) }
    }

    subscript<Key: ItemsKey>(key: Key.Type) -> [Key.Item] { items[ObjectIdentifier(key)].map { $0 as! [Key.Item] } ?? [] }

    /// Each item as the browser shows it and the reader restores it, with what the encrypted index lists of it.
    /// - Parameter root: the content folder, whose files are read again as bytes: the loaded text has its line ends made
    ///   `\n`, and the reader restores the file exactly as written.
    func documents(root: URL, io: FileIO) -> [SealedDocument] {
        entries.reversed().map { entry in
            let written = (try? io.read(root.appendingPathComponent(entry.source.relativePath).path)).map { String(decoding: $0, as: UTF8.self) }
            return SealedDocument(entry: entry, written: written ?? entry.source.text)
        }
    }
}

/// One encrypted file's plaintext, and its line in the encrypted index.
struct SealedDocument {
    /// What the index lists: enough for the diary list, without fetching the item.
    struct Listing: Encodable {
        var id = ""
        let kind: String
        let title: String
        let date: String
        let time: String?
        let tags: [String]
    }

    /// The encrypted index: every item's listing, the newest first.
    struct Index: Encodable {
        var version = 1
        let items: [Listing]
    }

    /// The whole item: its page's HTML, and its file's text as written (so it can be restored without Daybook).
    struct Item: Encodable {
        let kind: String
        let source: String
        let title: String
        let date: String
        let time: String?
        let tags: [String]
        let html: String
        let text: String
    }

    /// The item's place in the content, which names its file (`SealKey.name(of:)`).
    let source: String
    var listing: Listing
    let item: Item

    init(entry: DiaryEntry, written: String) {
        source = entry.source.relativePath
        listing = Listing(kind: "entry", title: entry.title, date: entry.date.iso, time: entry.time?.text, tags: entry.tags)
        item = Item(kind: "entry", source: source, title: entry.title, date: entry.date.iso, time: entry.time?.text, tags: entry.tags,
                    html: Markdown.html(entry.body), text: written)
    }
}
