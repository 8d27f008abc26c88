/// The diary as one load read it. `serve` keeps it (`ParseCache`) so that
/// the next load, told by the watcher which entries changed, puts just those
/// in place instead of sorting, copying and checking every entry again.
struct DiaryLoad: Sendable {
    /// What reading one file gave: its entry, what reading it said, which file it is.
    typealias Read = (entry: DiaryEntry?, diagnostics: Diagnostics, identity: FileIdentity?)

    /// Chronological (`DiaryEntry.chronologicalOrder`).
    private(set) var entries: [DiaryEntry]
    /// What reading the files said, in the order of their paths.
    private(set) var diagnostics: Diagnostics
    /// Which file each entry is → its display path (`Content.entryIdentities`).
    let identities: [FileIdentity: String]
    /// The rest only when kept for patching: each file's place in the listing,
    private let positions: [String: Int]
    /// and by that place its entry's place in `entries`, which file it was,
    private var slots: [Int?]
    private let fileIdentities: [FileIdentity?]
    /// and what reading it said, for the files that said anything.
    private var said: [Int: Diagnostics]

    /// - Parameter paths: the diary's Markdown files as listed, read as `reads`.
    /// - Parameter patchable: whether the load is kept to be patched (`serve`).
    init(paths: [String], reads: [Read], display: (String) -> String, patchable: Bool) {
        var diagnostics = Diagnostics(), said: [Int: Diagnostics] = [:]
        var identities = [FileIdentity: String](minimumCapacity: reads.count)
        var entries: [DiaryEntry] = [], unsorted: [Int?] = []
        entries.reserveCapacity(reads.count)
        // Field by field: a whole read is not copied (100,000 of them in a large diary).
        for position in reads.indices {
            if !reads[position].diagnostics.items.isEmpty {
                diagnostics.append(contentsOf: reads[position].diagnostics)
                if patchable { said[position] = reads[position].diagnostics }
            }
            if let identity = reads[position].identity { identities[identity] = display(paths[position]) }
            if patchable { unsorted.append(reads[position].entry == nil ? nil : entries.count) }
            if let entry = reads[position].entry { entries.append(entry) }
        }
        let order = DiaryEntry.chronologicalOrder(entries)
        self.entries = order.map { entries[$0] }
        self.diagnostics = diagnostics
        self.identities = identities
        self.said = said
        if patchable {
            var sortedSlot = [Int](repeating: 0, count: order.count)
            for (slot, index) in order.enumerated() { sortedSlot[index] = slot }
            slots = unsorted.map { $0.map { sortedSlot[$0] } }
            positions = Dictionary(paths.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            fileIdentities = reads.map(\.identity)
        } else {
            slots = []
            positions = [:]
            fileIdentities = []
        }
    }

    /// Puts the diary files among `changed` in place, read again by `read`.
    /// False, changing nothing, when an entry would move, come or go, or a
    /// file is another than it was: the diary is then read afresh.
    mutating func patch(_ changed: Set<String>, read: @Sendable (String) -> Read) -> Bool {
        let found = changed.compactMap { relative in positions[relative].map { (relative, $0) } }
        let reads = found.map(\.0).parallelMap(read)
        for ((_, position), new) in zip(found, reads) {
            guard let entry = new.entry, let slot = slots[position], new.identity == fileIdentities[position] else { return false }
            let old = entries[slot]
            guard entry.date == old.date, entry.time?.minutes == old.time?.minutes else { return false }
        }
        var saidChanged = false
        for ((_, position), new) in zip(found, reads) {
            entries[slots[position]!] = new.entry!
            if said[position] != nil || !new.diagnostics.items.isEmpty {
                said[position] = new.diagnostics.items.isEmpty ? nil : new.diagnostics
                saidChanged = true
            }
        }
        if saidChanged {
            diagnostics = Diagnostics()
            for position in said.keys.sorted() { diagnostics.append(contentsOf: said[position]!) }
        }
        return true
    }
}
