/// A vocabulary deck (`content/vocab/NAME.md`). Placeholder until the vocabulary work lands.
public struct Deck: Sendable {
    public let source: SourceFile
    /// The file name without `.md`: `toeic`.
    public var id: String { source.baseName }
    public var title: String
    public init(source: SourceFile, title: String) {
        self.source = source
        self.title = title
    }
}

public enum DeckParser {
    public static func parse(_ file: SourceFile, settings: SiteConfig.Vocab, into diagnostics: inout Diagnostics) -> Deck? {
        Deck(source: file, title: file.baseName)
    }
}
