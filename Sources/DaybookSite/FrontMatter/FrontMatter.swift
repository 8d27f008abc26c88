extension FrontMatterDocument {
    /// Splits `file` and reads its front matter: the keys in `known` for the
    /// caller. Writing (entries, pages) keeps the others as params, as Hugo
    /// does, warning only of a near-typo of a known key; Daybook's own
    /// formats (decks, workouts) reject them.
    /// nil when the front matter cannot be read at all (the errors are
    /// reported): the file then says nothing certain, not even whether it is
    /// private. Errors in single values leave the rest to be checked.
    static func read(_ file: SourceFile, known: [String], keepingOthers: Bool = false,
                            into diagnostics: inout Diagnostics) -> (FrontMatterDocument, YAMLFields?)? {
        let errorsBefore = diagnostics.errors.count
        guard let document = split(file, into: &diagnostics) else { return nil }
        guard let text = document.frontMatter, let format = document.format else { return (document, nil) }
        let root: YAMLValue?
        switch format {
        case .yaml, .json:
            // JSON is YAML's flow style: one parser, one kind of located error.
            root = YAMLValue.parse(text, file: file, firstLine: document.frontMatterFirstLine, into: &diagnostics)
        case .toml:
            root = TOMLFrontMatter.parse(text, file: file, firstLine: document.frontMatterFirstLine, into: &diagnostics)
        }
        guard diagnostics.errors.count == errorsBefore else { return nil }
        let fields = keepingOthers ? root?.frontMatterFields(known: known, into: &diagnostics)
                                   : root?.fields("front matter", known: known, into: &diagnostics)
        return (document, fields)
    }
}
