import Foundation

/// KaTeX, which draws a page's math in the browser: Debian's `libjs-katex`
/// (its fonts from `fonts-katex`), copied into `assets/katex/` when some
/// page has math and loaded by `daybook.js` only on such a page. Without it
/// (or without JavaScript) the TeX is shown as written.
enum KaTeX {
    /// Where Debian installs it; `DAYBOOK_KATEX` names another copy (with the same layout).
    static var folder: String { ProcessInfo.processInfo.environment["DAYBOOK_KATEX"] ?? "/usr/share/javascript/katex" }

    /// The folder below `assets/`.
    static let assetFolder = "katex/"

    /// Whether rendered HTML holds math (`Markdown`'s elements of it).
    /// By bytes: Foundation's `contains` folds every character (a quarter of a 10,000-entry rebuild's CPU).
    static func draws(_ html: String) -> Bool { html.containsBytes("<span class=\"math math-") || html.containsBytes("<div class=\"math math-") }

    /// The files to publish, by path below `assets/`: the script, its style
    /// sheet and the WOFF2 fonts that style sheet names first (every browser
    /// that runs the script reads WOFF2). Nil when KaTeX is not installed.
    static func assets() -> [(path: String, bytes: Data)]? {
        let io = FileIO.disk
        guard let script = try? io.read(folder + "/katex.min.js"), let style = try? io.read(folder + "/katex.min.css"),
              let fonts = try? io.list(folder + "/fonts") else { return nil }
        var files = [(assetFolder + "katex.min.js", script), (assetFolder + "katex.min.css", style)]
        for font in fonts.map(\.name).filter({ $0.hasSuffix(".woff2") }).sorted() {
            guard let bytes = try? io.read(folder + "/fonts/" + font) else { return nil }
            files.append((assetFolder + "fonts/" + font, bytes))
        }
        return files.count > 2 ? files : nil
    }

    /// The warning for a build whose math cannot be drawn, at the first file that has some.
    static func missing(at file: SourceFile, pages: Int) -> Diagnostic {
        Diagnostic(file.location(line: 1), "\(pages) page\(pages == 1 ? "" : "s") with math show their TeX as written: KaTeX is not installed",
                   hint: "on Debian: apt-get install libjs-katex fonts-katex (scripts/lib.sh does), or set DAYBOOK_KATEX to a copy of KaTeX",
                   severity: .warning)
    }
}
