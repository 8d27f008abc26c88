/// The one way numbers become text: at most `decimals` decimals and none
/// trailing (`22.5`, `14`). People read a typographic minus and grouped
/// thousands (`−1,440`); SVG, CSS and messages quoting a file need `-` and no
/// grouping.
public enum NumberText {
    public enum Style: Sendable { case people, machine }

    public static func format(_ value: Double, decimals: Int, _ style: Style) -> String {
        let scale = (0..<decimals).reduce(1.0) { result, _ in result * 10 }
        let rounded = (value * scale).rounded() / scale
        let whole = Int(rounded.magnitude.rounded(.down))
        var fraction = ""
        if decimals > 0 {
            var digits = Int(((rounded.magnitude - Double(whole)) * scale).rounded())
            var text = ""
            for _ in 0..<decimals {
                text = String(digits % 10) + text
                digits /= 10
            }
            while text.hasSuffix("0") { text.removeLast() }
            if !text.isEmpty { fraction = "." + text }
        }
        var integer = String(whole)
        if style == .people {
            var index = integer.count - 3
            while index > 0 {
                integer.insert(",", at: integer.index(integer.startIndex, offsetBy: index))
                index -= 3
            }
        }
        let minus = style == .people ? "−" : "-"
        return (rounded < 0 ? minus : "") + integer + fraction
    }
}
