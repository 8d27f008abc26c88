/// `content/vocab/reviews.md`: the words missed in each day's test. Placeholder.
public struct ReviewLog: Sendable {
    public init() {}
}

public enum ReviewLogParser {
    public static func parse(_ file: SourceFile, decks: [Deck], into diagnostics: inout Diagnostics) -> ReviewLog {
        ReviewLog()
    }
}
