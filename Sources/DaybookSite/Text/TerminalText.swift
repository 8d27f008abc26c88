/// Text from files and services as a terminal may show it: escape sequences
/// (CSI `ESC [ … final`, OSC/DCS/APC/PM/SOS strings up to BEL or `ESC \`,
/// and two-character ones) removed whole, and every other control character
/// — C0 but tab and line feed, DEL, C1 — removed, so that no file or answer
/// can set the title, move the cursor, clear the screen or overwrite a line.
public enum TerminalText {
    public static func plain(_ text: String) -> String {
        // The common case, a plain message, is returned as it is.
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            switch scalar.value {
            case 0x1B:
                guard let kind = scalars.popFirst() else { break }
                switch kind {
                case "[": skipSequence(&scalars)
                case "]", "P", "X", "^", "_": skipString(&scalars)
                default: break  // ESC and one character (ESC c, ESC 7…)
                }
            case 0x9B: skipSequence(&scalars)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: skipString(&scalars)
            default:
                if !isControl(scalar) { output.append(scalar) }
            }
        }
        return String(output)
    }

    /// A control character a terminal would act on; tab and line feed are text.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }

    /// A CSI's parameters and intermediates (0x20–0x3F) up to its final
    /// byte (0x40–0x7E); anything else ends it and is kept.
    private static func skipSequence(_ scalars: inout Substring.UnicodeScalarView) {
        while let scalar = scalars.first, (0x20...0x7E).contains(scalar.value) {
            scalars.removeFirst()
            if scalar.value >= 0x40 { return }
        }
    }

    /// An OSC-like string up to BEL, ST (`ESC \` or 0x9C), or a line's end,
    /// which is kept: the rest of a message is never swallowed.
    private static func skipString(_ scalars: inout Substring.UnicodeScalarView) {
        while let scalar = scalars.first, scalar != "\n" {
            scalars.removeFirst()
            switch scalar.value {
            case 0x07, 0x9C: return
            case 0x1B:
                if scalars.first == "\\" { scalars.removeFirst() }
                return
            default: continue
            }
        }
    }
}
