import Foundation

/// JSON that goes into a published file (the phone's state, the manifest,
/// the search index). A value that cannot be encoded — a number that is not
/// finite — fails the build at the file it was for: an empty or placeholder
/// file would publish a site that silently lacks its decks or its search.
enum PublishedJSON {
    static func encode(_ value: some Encodable, sortedKeys: Bool = true, escapingSlashes: Bool = false,
                       for path: SitePath) throws(Diagnostic) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = sortedKeys ? [.sortedKeys] : []
        if !escapingSlashes { encoder.outputFormatting.insert(.withoutEscapingSlashes) }
        do { return try encoder.encode(value) } catch {
            throw Diagnostic(SourceLocation(path: path.filePath), "cannot be written: \(error)",
                             hint: "this is a mistake of Daybook's; please report it with the content that caused it")
        }
    }
}
