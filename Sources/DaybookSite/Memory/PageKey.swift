/// What a page is made of, in one number: two builds in which a page has the
/// same key (and the site the same shared inputs: `site.yml`, the theme,
/// today, the navigation) give it the same bytes, so `serve` keeps the bytes
/// it wrote last time instead of rendering the page again, and `daybook
/// build` those of the last build (`PageRecord`). A page without a key
/// renders every time. Keys are the same in every process (`StableHasher`).
struct PageKey: Hashable, Sendable {
    let value: Int

    init(_ value: Int) { self.value = value }

    /// Combines the parts that make a page, in order.
    init(_ combine: (inout StableHasher) -> Void) {
        var hasher = StableHasher()
        combine(&hasher)
        value = hasher.finalize()
    }
}
