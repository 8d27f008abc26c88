
/// An asset is copied out byte for byte, so it must not be, under a second
/// name, a file that is never published as it is: a `.txt` that is a
/// symbolic or hard link to a private entry's Markdown would publish the
/// entry's text. Refused, as errors naming both files:
/// - an asset whose real file (every symbolic link resolved) is Markdown;
/// - an asset that is the same file (device and inode) as any file read as
///   content — Markdown, `site.yml`, routines — private or not;
/// - a published asset that is the same file as, or a symbolic link to, an
///   asset of a private or draft entry or page (`AssetPrivacy`).
/// Photos are assets too, so a photo linked so is refused before it is
/// resized; a theme's assets may not be content files either. Links that
/// leave `content/` or the theme's folder are refused by `FolderWalk`; a
/// hard link to a file outside them cannot be told from a plain file.
enum AssetLinks {
    /// - Parameter visibility: the build's; whether a file is private is
    ///   decided as for feeds (`SiteData.publicView`), which never show
    ///   private content, so `--include-private` does not allow such a link.
    static func check(_ content: Content, theme: Theme, visibility: Visibility, displayRoot: String, into diagnostics: inout Diagnostics) {
        // Which entries hide their files matters only when there are files.
        let privacy = content.assets.isEmpty ? AssetPrivacy(sources: [])
            : AssetPrivacy(content: content, visibility: Visibility(includePrivate: false, includeDrafts: visibility.includeDrafts))
        // Hidden files themselves; a hidden link to a public file is no secret.
        var hidden: [FileIdentity: String] = [:]
        for asset in content.assets where asset.realPath == asset.relativePath && !privacy.isPublished(asset.relativePath) {
            if let identity = asset.identity, hidden[identity] == nil { hidden[identity] = asset.relativePath }
        }
        func display(_ relative: String) -> String { displayRoot.isEmpty ? relative : "\(displayRoot)/\(relative)" }

        for asset in content.assets {
            let path = display(asset.relativePath)
            let isSymbolic = asset.realPath != asset.relativePath
            func refuse(_ message: String, hint: String) {
                diagnostics.error(SourceLocation(path: path), "'\(path)' \(message); it is not published", hint: hint)
            }
            if isSymbolic, MarkdownName.isMarkdown(asset.realPath) {
                refuse("is a symbolic link to the Markdown file '\(display(asset.realPath))'",
                       hint: "Markdown is published only as its page; remove the link")
            } else if let identity = asset.identity, let source = content.source(identity) {
                refuse("is the same file as '\(source)' (linked), which Daybook reads as content",
                       hint: "a content file is published only as its page; remove the link")
            } else if privacy.isPublished(asset.relativePath) {
                let privateFile = asset.identity.flatMap { hidden[$0] } ?? (isSymbolic && !privacy.isPublished(asset.realPath) ? asset.realPath : nil)
                if let privateFile {
                    refuse("is the same file as '\(display(privateFile))' (linked), a file of a private or draft entry",
                           hint: "remove the link, or copy the file if it may be public")
                }
            }
        }
        for (path, identity) in theme.assetFiles {
            guard let other = content.source(identity) ?? hidden[identity].map(display) else { continue }
            diagnostics.error(SourceLocation(path: path), "'\(path)' is the same file as '\(other)' (a hard link), a content file; it is not published",
                              hint: "a theme holds its own files; copy the file if it may be public")
        }
    }
}
