import Foundation

/// The one way numbers become text: at most `decimals` decimals and none
/// trailing (`22.5`, `14`). People read a typographic minus and grouped
/// thousands (`−1,440`); SVG, CSS and messages quoting a file need `-` and no
/// grouping. Any Double gives text, never a trap: numbers from files are
/// range-checked where they are read, so the extremes only guard the code.
public enum NumberText {
    public enum Style: Sendable { case people, machine }

    public static func format(_ value: Double, decimals: Int, _ style: Style) -> String {
        let minus = style == .people ? "−" : "-"
        guard value.isFinite else {
            // CSS and SVG need a number; a person reads what it is.
            if style == .machine { return "0" }
            return value.isNaN ? "NaN" : (value < 0 ? minus : "") + "∞"
        }
        // A Double carries about 15 significant digits.
        let decimals = min(max(decimals, 0), 15)
        let scale = (0..<decimals).reduce(1.0) { result, _ in result * 10 }
        // From 2^53 up a Double is a whole number, and `Int(_:)` would trap from 2^63.
        let isWhole = value.magnitude >= 0x1p53
        let rounded = isWhole ? value : (value * scale).rounded() / scale
        var integer: String
        var fraction = ""
        if isWhole {
            integer = String(format: "%.0f", rounded.magnitude)
        } else {
            let whole = Int(rounded.magnitude.rounded(.down))
            integer = String(whole)
            if decimals > 0 {
                // The last `decimals` digits, by bytes (Strings cost a twentieth of a deck's build).
                var digits = Int(((rounded.magnitude - Double(whole)) * scale).rounded())
                var text = [UInt8](repeating: UInt8(ascii: "0"), count: decimals)
                for position in text.indices.reversed() {
                    text[position] += UInt8(digits % 10)
                    digits /= 10
                }
                while text.last == UInt8(ascii: "0") { text.removeLast() }
                if !text.isEmpty { fraction = "." + String(decoding: text, as: UTF8.self) }
            }
        }
        if style == .people {
            var index = integer.count - 3
            while index > 0 {
                integer.insert(",", at: integer.index(integer.startIndex, offsetBy: index))
                index -= 3
            }
        }
        return (rounded < 0 ? minus : "") + integer + fraction
    }
}

extension Double {
    /// `10` or `2.5`, for ranges in messages; safe for any value.
    var plain: String {
        guard isFinite, magnitude < 1e15 else { return String(self) }
        return NumberText.format(self, decimals: 6, .machine)
    }
}
