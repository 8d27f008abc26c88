extension FrontMatterDocument {
    /// Splits `file` and reads its front matter, rejecting keys not in `known`.
    /// nil when the front matter cannot be read at all (the errors are
    /// reported): the file then says nothing certain, not even whether it is
    /// private. Errors in single values leave the rest to be checked.
    public static func read(_ file: SourceFile, known: [String], into diagnostics: inout Diagnostics) -> (FrontMatterDocument, YAMLFields?)? {
        let errorsBefore = diagnostics.errors.count
        guard let document = split(file, into: &diagnostics) else { return nil }
        guard let text = document.frontMatter, let format = document.format else { return (document, nil) }
        let root: YAMLValue?
        switch format {
        case .yaml, .json:
            // JSON is YAML's flow style: one parser, one kind of located error.
            root = YAMLValue.parse(text, file: file, firstLine: document.frontMatterFirstLine, into: &diagnostics)
        case .toml:
            diagnostics.error(file.location(line: 1), "TOML front matter is not read yet", hint: "write it as YAML between lines '---'")
            return nil
        }
        guard diagnostics.errors.count == errorsBefore else { return nil }
        return (document, root?.fields("front matter", known: known, into: &diagnostics))
    }
}
