/// A free page under `content/pages/` (about, now, …).
public struct FreePage: Sendable {
    let source: SourceFile
    var title: String
    var isPrivate: Bool
    var isDraft: Bool
    var body: String
    /// The file line the body starts on.
    var bodyFirstLine = 1
    var frontMatter = EntryFrontMatter()

    static let keys = ["title", "private", "draft", "date"] + FrontMatterKeys.synonyms

    public static func parse(_ file: SourceFile, into diagnostics: inout Diagnostics) -> FreePage? {
        guard let (document, fields) = FrontMatterDocument.read(file, known: keys, keepingOthers: true, into: &diagnostics) else { return nil }
        let (title, body, dropped) = DiaryParser.titleAndBody(fields?["title"]?.string("title", into: &diagnostics), ObsidianText.withLoneBreaksBlank(ObsidianText.withoutComments(document.body)),
                                                     fallback: file.baseName)
        let audience = fields?.audience(drafts: true, into: &diagnostics) ?? Audience()
        let aliases = fields?.aliases(into: &diagnostics) ?? (redirects: [], names: [])
        return FreePage(source: file, title: title, isPrivate: audience.isPrivate, isDraft: audience.isDraft,
                        body: body, bodyFirstLine: document.bodyFirstLine + dropped,
                        frontMatter: EntryFrontMatter(lastModified: fields?.lastModified(into: &diagnostics),
                                                      aliases: aliases.redirects, names: aliases.names,
                                                      params: fields?.paramValues ?? []))
    }
}
