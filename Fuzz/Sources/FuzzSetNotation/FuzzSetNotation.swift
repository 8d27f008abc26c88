import DaybookSite
import FuzzSupport

/// The set notation of one exercise line, in both units.
@main
enum Main {
    static func main() { FuzzDriver.run(fuzzSetNotation) }
}

func fuzzSetNotation(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    for unit in [SiteConfig.Workouts.Unit.kg, .lb] {
        if case let .success(groups) = SetNotation.parse(text, defaultUnit: unit) {
            // What the statistics do with the numbers.
            _ = groups.joined().reduce(0.0) { $0 + ($1.weight?.kilograms ?? 0) * Double($1.reps ?? 1) }
        }
    }
    return 0
}
