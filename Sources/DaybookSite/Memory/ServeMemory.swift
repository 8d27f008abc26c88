import Foundation

/// What `serve` keeps between its builds: the entries it parsed, what it
/// derived from them, and what its writer knows of the files it wrote
/// (`PageMemory`), so that a rebuild re-reads only changed entries, renders
/// only pages whose inputs changed and writes only the files whose bytes
/// changed. The result is the tree a clean build makes.
public final class ServeMemory: @unchecked Sendable {
    public let parsed = ParseCache()
    /// What the last build made from the content (rendered entry bodies, the words of the decks…).
    let memo = DerivedMemo()
    /// What the writer knows of the output.
    let pages = PageMemory()
    /// Files written (or deleted) by the last build.
    public var filesChanged: Int { pages.filesChanged }
    /// Pages the last build rendered (the others kept their bytes).
    public var pagesRendered: Int { pages.pagesRendered }
    /// The last build's values that nothing keeps (its pages), left for `freeLeftovers`.
    var leftovers: (any Sendable)?

    public init() {}

    /// Frees the last build's leftovers on another core: freeing 12,000
    /// pages takes milliseconds that the open pages need not wait for.
    public func freeLeftovers() {
        let values = leftovers
        leftovers = nil
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(values) {} }
    }
}
