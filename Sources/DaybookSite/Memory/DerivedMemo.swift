import Foundation

/// What `serve` keeps of the values a build makes from the content, from
/// one build to the next, each with what it was made from: a value whose
/// inputs are the same again is taken as it is. A clean build starts empty.
final class DerivedMemo: @unchecked Sendable {
    /// Whether a next build reads what this one keeps (`serve`): only then
    /// are entry bodies kept. A clean build (`remembers: false`) still shares
    /// `value`s within itself.
    let remembers: Bool
    /// Whether keys are made (`SiteData.rememberedKey`): for `serve`'s next
    /// build, and for `daybook build`'s, which reads them from `PageRecord`.
    let makesKeys: Bool
    private let lock = NSLock()
    private var values: [String: (key: PageKey, value: any Sendable)] = [:]
    private var bodies: [String: KeptBody] = [:]
    private var diary: KeptDiary?

    init(remembers: Bool = true, makesKeys: Bool? = nil) {
        self.remembers = remembers
        self.makesKeys = makesKeys ?? remembers
    }

    /// The value `make` gives for inputs `key`, made again only when they
    /// changed; without a key (in a clean build: `SiteData.rememberedKey`), made and not kept.
    func value<T: Sendable>(_ name: String, key: PageKey?, _ make: () -> T) -> T {
        value(name, key: key, updating: { (_: T?) in make() })
    }

    /// The same, but `make` is handed the value kept from other inputs, to
    /// take from it what still holds (nil in a clean build).
    func value<T: Sendable>(_ name: String, key: PageKey?, updating make: (_ previous: T?) -> T) -> T {
        guard let key else { return make(nil) }
        let kept = lock.withLock { values[name] }
        if let kept, kept.key == key, let value = kept.value as? T { return value }
        let value = make(kept?.value as? T)
        lock.withLock { values[name] = (key, value) }
        return value
    }

    /// The last build's diary index, taken out so that patching it copies nothing.
    func takeDiary() -> KeptDiary? {
        lock.withLock {
            defer { diary = nil }
            return diary
        }
    }

    func keepDiary(_ kept: KeptDiary) {
        guard remembers else { return }
        lock.withLock { diary = kept }
    }

    /// An entry's rendered body, kept with the text it was rendered from and
    /// where its `[[links]]` led: valid while both are the same.
    struct KeptBody {
        let text: String
        let shared: PageKey
        let links: [String: SitePath?]
        /// The link targets the links were last found to lead as in `links` (`WikiTargets.key`).
        var targetsKey: PageKey
        let rendering: EntryRendering
    }

    /// - Parameter targetsKey: what `targets` are made of: while it is the
    ///   same, every link leads where it did and is not looked up again.
    func body(of source: SourceFile, shared: PageKey, targets: WikiTargets, targetsKey: PageKey) -> EntryRendering? {
        guard let kept = lock.withLock({ bodies[source.relativePath] }), kept.shared == shared, kept.text == source.text else { return nil }
        if kept.targetsKey != targetsKey {
            guard kept.links.allSatisfy({ targets.destination($0.key, from: source.relativePath) == $0.value }) else { return nil }
            lock.withLock { bodies[source.relativePath]?.targetsKey = targetsKey }
        }
        return kept.rendering
    }

    func keep(_ rendering: EntryRendering, of source: SourceFile, shared: PageKey, links: [String: SitePath?], targetsKey: PageKey) {
        guard remembers else { return }
        lock.withLock {
            bodies[source.relativePath] = KeptBody(text: source.text, shared: shared, links: links, targetsKey: targetsKey, rendering: rendering)
        }
    }

    /// Forgets the bodies of entries that are gone, once they are more than
    /// the entries (a body is found by its path and checked against its
    /// text, so one left over is never taken for another entry's).
    func keepBodies(of entries: [DiaryEntry]) {
        lock.withLock {
            guard bodies.count > entries.count else { return }
            let paths = Set(entries.map(\.source.relativePath))
            bodies = bodies.filter { paths.contains($0.key) }
        }
    }
}
