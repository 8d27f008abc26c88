import DaybookSite
import FuzzSupport

/// `routines.yml`, and the same bytes as `routines/log.md` against the sample routines.
@main
enum Main {
    static func main() { FuzzDriver.run(fuzzRoutines) }
}

func fuzzRoutines(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let yml = FuzzInput.file(data, size, path: "routines.yml"),
          let log = FuzzInput.file(data, size, path: "routines/log.md") else { return 0 }
    var diagnostics = Diagnostics()
    let routines = RoutineParser.parseRoutines(yml, into: &diagnostics)
    _ = RoutineParser.parseLog(log, routines: routines + [Routine(id: "wake", name: "Wake")], into: &diagnostics)
    FuzzInput.render(diagnostics)
    return 0
}
