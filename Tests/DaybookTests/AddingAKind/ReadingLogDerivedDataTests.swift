@testable import DaybookSite
import Testing

/// The reading log's derived data (`DerivedData`), declared here beside the
/// test kind as a kind's folder declares its own: how many books were
/// finished each year, made once per build from what the build's audience may see.
extension ReadingLogKindTests.ReadingLog {
    var derivedData: [any DerivedData.Type] { [BooksPerYear.self] }

    /// Books finished per year, newest first.
    struct BooksPerYear: DerivedData {
        let years: [(year: Int, count: Int)]

        static func derive(_ build: Derivation) -> BooksPerYear {
            let books = ReadingLogKindTests.ReadingLog.books(build.published)
            return build.memoized(from: ReadingLogKindTests.ReadingLog()) {
                let counts = Dictionary(grouping: books, by: \.finished.year).mapValues(\.count)
                return BooksPerYear(years: counts.sorted { $0.key > $1.key }.map { ($0.key, $0.value) })
            }
        }
    }
}

@Suite struct ReadingLogDerivedDataTests {
    typealias BooksPerYear = ReadingLogKindTests.ReadingLog.BooksPerYear

    static func years(_ site: TestSite, _ visibility: Visibility = Visibility()) throws -> [String] {
        let (data, _, _) = try SiteBuilder.prepare(site.options(visibility: visibility))
        return data[BooksPerYear.self].years.map { "\($0.year): \($0.count)" }
    }

    @Test func aPrivateBookCountsOnlyWhenTheBuildShowsIt() throws {
        let site = try ReadingLogKindTests.site()
        try site.write("content/reading/emma.md", ReadingLogKindTests.book("Emma", by: "Jane Austen", finished: "2025-03-01"))
        #expect(try Self.years(site) == ["2026: 1", "2025: 1"])
        #expect(try Self.years(site, Visibility(includePrivate: true)) == ["2026: 2", "2025: 1"])
    }

    /// `serve` keeps it while the kind's files are the same, and makes it again when one changes.
    @Test func serveMakesItAgainWhenABookChanges() throws {
        let site = try ReadingLogKindTests.site()
        let memory = ServeMemory()
        let (first, _, _) = try SiteBuilder.prepare(site.options(), memory: memory)
        #expect(first[BooksPerYear.self].years.map(\.count) == [1])
        try site.write("content/reading/emma.md", ReadingLogKindTests.book("Emma", by: "Jane Austen", finished: "2026-03-01"))
        let (second, _, _) = try SiteBuilder.prepare(site.options(), memory: memory)
        #expect(second[BooksPerYear.self].years.map(\.count) == [2])
    }
}
