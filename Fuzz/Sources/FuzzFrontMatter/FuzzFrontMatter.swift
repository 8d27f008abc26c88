import DaybookSite
import FuzzSupport

/// A diary entry, a workout and a free page: front matter, dates, weather, tags.
@main
enum Main {
    static func main() { FuzzDriver.run(fuzzFrontMatter) }
}

func fuzzFrontMatter(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let entry = FuzzInput.file(data, size, path: "diary/2026/2026-11-20.md"),
          let workout = FuzzInput.file(data, size, path: "workouts/2026/2026-11-20.md"),
          let page = FuzzInput.file(data, size, path: "pages/about.md") else { return 0 }
    var diagnostics = Diagnostics()
    _ = DiaryParser.parse(entry, into: &diagnostics)
    _ = WorkoutParser.parse(workout, settings: SiteConfig.Workouts(), into: &diagnostics)
    _ = FreePage.parse(page, into: &diagnostics)
    FuzzInput.render(diagnostics)
    return 0
}
