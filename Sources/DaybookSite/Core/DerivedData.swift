/// A value a kind's pages share, made once per build from what was read: a
/// workout rotation, statistics, a routine plan. It is declared in its
/// kind's folder and listed by its feature (`SiteFeature.derivedData`);
/// `SiteData` makes each listed one and keeps it under its type
/// (`site[WorkoutStats.self]`), so that `SiteData` names no kind. The
/// kind's folder names it too for readable call sites (`site.workoutStats`).
protocol DerivedData: Sendable {
    /// Makes it for this build (`Derivation.memoized` keeps it from one `serve` build to the next).
    static func derive(_ build: Derivation) -> Self
}

/// What derived data is made from: the content (private items too, for what
/// counts them, as the workout rotation does: whatever shows it must show no
/// item of it), the build's audience-filtered view, today and `serve`'s memo.
struct Derivation {
    let content: Content
    /// What pages show (`SiteData.published`).
    let published: PublishedContent
    let today: LocalDate
    let visibility: Visibility
    let memo: BuildMemo

    var config: SiteConfig { content.config }

    /// What `kind` read (`SiteData.filesKey(of:)`).
    func filesKey(of kind: any ContentKind) -> PageKey { SiteData.filesKey(of: kind, content.kindKeys) }

    /// `make`'s value, made again only when `kind`'s files, `site.yml`, today
    /// or the audience changed since `serve`'s last build.
    func memoized<T: DerivedData>(from kind: any ContentKind, _ make: () -> T) -> T {
        let key = PageKey {
            $0.combine(filesKey(of: kind))
            $0.combine(content.textHashes["site.yml"])
            $0.combine(today)
            $0.combine(visibility.includePrivate)
            $0.combine(visibility.includeDrafts)
        }
        return memo.value(String(describing: T.self), key: key, make)
    }
}
