import Foundation

/// A theme: Mustache templates, static assets and translations. The default
/// theme ships inside the binary; a `themes/NAME/` folder beside `content/`
/// overrides it file by file.
struct Theme: Sendable {
    let name: String
    let templates: TemplateSet
    /// Files copied to `public/assets/`, keyed by path below `assets/`.
    let assets: [String: Data]
    /// The theme folder's assets (not the built-in ones): where each is, and
    /// which file it is, so that one linked to a content file is refused.
    let assetFiles: [(displayPath: String, identity: FileIdentity)]
    /// Where each template came from, for error messages.
    let templatePaths: [String: String]
    let translations: [String: Translation]
    /// Every file of the theme, hashed: `serve` renders everything again when it changes.
    let fingerprint: Int

    /// Loads the theme named in `site.yml`, reporting template errors with their
    /// `themes/NAME/file.mustache:line:column`.
    /// - Parameter location: where `theme:` names it, for a theme that is not there.
    /// - Parameter cache: themes made by an earlier load (`serve`): the same files are not parsed again.
    static func load(name: String, themesDirectory: URL, io: FileIO = .disk, location: SourceLocation? = nil,
                            cache: ParseCache? = nil, into diagnostics: inout Diagnostics) -> Theme {
        var files: [String: (data: Data, displayPath: String, identity: FileIdentity?)] = [:]
        for (path, base64) in EmbeddedTheme.files {
            if let data = Data(base64Encoded: base64) { files[path] = (data, "themes/default/\(path) (built in)", nil) }
        }
        let folder = themesDirectory.appendingPathComponent(name)
        if !SiteConfig.isPlainThemeName(name) {
            // site.yml reports this at its line; the theme is never looked for.
        } else if io.isFolder(folder.path) {
            // Nothing outside the theme's own folder is read: not content/, not another theme.
            if FolderWalk(root: themesDirectory, displayRoot: "themes", io: io).existsInside(name, into: &diagnostics) {
                let theme = FolderWalk(root: folder, displayRoot: "themes/\(name)", io: io)
                for path in theme.files(under: "", into: &diagnostics) {
                    let absolute = folder.appendingPathComponent(path).path
                    guard let data = try? io.read(absolute) else {
                        diagnostics.error(SourceLocation(path: theme.display(path)), "cannot read file")
                        continue
                    }
                    files[path] = (data, theme.display(path), io.attributes(absolute)?.identity)
                }
            }
        } else if name != "default" {
            let themes = ((try? io.list(themesDirectory.path)) ?? []).map(\.name).filter { !$0.hasPrefix(".") }
            diagnostics.error(location ?? SourceLocation(path: "themes/\(name)"), "theme '\(name)' not found in themes/",
                              hint: Suggestion.hint(for: name, in: themes + ["default"])
                                  ?? "create themes/\(name)/ beside content/, or set 'theme: default' in site.yml")
        }

        // Stable from process to process: a build's page keys are kept on disk (`PageRecord`).
        var hasher = StableHasher()
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            hasher.combine(text: path)
            // Data's own hash reads only its first bytes.
            file.data.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(file.data.count)
        }
        let fingerprint = hasher.finalize()
        guard let cache else { return make(name: name, files: files, fingerprint: fingerprint, into: &diagnostics) }
        var key = Hasher()
        key.combine(fingerprint)
        for (_, file) in files.sorted(by: { $0.key < $1.key }) {
            key.combine(text: file.displayPath)
            key.combine(file.identity)
        }
        let (theme, local) = cache.parsed("themes/\(name)", key: key.finalize()) { make(name: name, files: files, fingerprint: fingerprint, into: &$0) }
        diagnostics.append(contentsOf: local)
        return theme
    }

    /// The theme these files make.
    private static func make(name: String, files: [String: (data: Data, displayPath: String, identity: FileIdentity?)], fingerprint: Int,
                             into diagnostics: inout Diagnostics) -> Theme {
        var templates: [String: String] = [:]
        var templatePaths: [String: String] = [:]
        var assets: [String: Data] = [:]
        var assetFiles: [(displayPath: String, identity: FileIdentity)] = []
        var translations: [String: Translation] = [:]
        var translationPaths: [String: String] = [:]
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            if path.hasSuffix(".mustache") {
                let name = String(path.dropLast(".mustache".count))
                guard let text = String(data: file.data, encoding: .utf8) else {
                    diagnostics.error(SourceLocation(path: file.displayPath), "template is not UTF-8 text")
                    continue
                }
                do throws(TemplateSyntaxError) {
                    try TemplateSet.check(text)
                    templates[name] = text
                    templatePaths[name] = file.displayPath
                } catch {
                    diagnostics.error(SourceLocation(path: file.displayPath, line: error.line, column: error.column),
                                      "template error: \(error.message)")
                }
            } else if path.hasPrefix("assets/") {
                assets[String(path.dropFirst("assets/".count))] = file.data
                if let identity = file.identity { assetFiles.append((file.displayPath, identity)) }
            } else if path.hasPrefix("i18n/"), path.hasSuffix(".yml") {
                let locale = String(path.dropFirst("i18n/".count).dropLast(".yml".count))
                let source = SourceFile(displayPath: file.displayPath, relativePath: path, text: String(decoding: file.data, as: UTF8.self))
                if let translation = Translation.parse(source, into: &diagnostics) { translations[locale] = translation }
                translationPaths[locale] = file.displayPath
            }
        }
        translations = Translation.fillingGaps(translations, paths: translationPaths, into: &diagnostics)

        // Mustache renders a missing partial as nothing; report it instead.
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            for reference in PartialReference.scan(text) where templates[reference.name] == nil {
                diagnostics.error(SourceLocation(path: templatePaths[name] ?? name, line: reference.line, column: reference.column),
                                  "template '\(reference.name)' not found",
                                  hint: Suggestion.hint(for: reference.name, in: templates.keys.sorted()))
            }
        }
        return Theme(name: name, templates: TemplateSet(templates, compact: true), assets: assets, assetFiles: assetFiles,
                     templatePaths: templatePaths, translations: translations, fingerprint: fingerprint)
    }

    /// Appends a rendered page to `output`; a missing template is an error, never an empty page.
    func render(_ template: String, _ value: TemplateValue, into output: inout [UInt8]) throws(Diagnostic) {
        guard templates.render(template, value, into: &output) else { throw missing(template) }
    }

    /// Throws what `render` would for `template`, without rendering. A
    /// missing template is the only error rendering can find: every template
    /// is parsed and its partials found when the theme loads, and a value a
    /// page lacks renders empty.
    func checkRenders(_ template: String) throws(Diagnostic) {
        guard templates.canRender(template) else { throw missing(template) }
    }

    private func missing(_ template: String) -> Diagnostic {
        Diagnostic(SourceLocation(path: "themes/\(name)/\(template).mustache"), "template '\(template)' not found",
                   hint: "the theme must provide \(template).mustache")
    }
}

/// `{{> name}}` and `{{< name}}` tags in a template's text, with positions
/// (UTF-8 byte columns).
struct PartialReference {
    private static let close = Array("}}".utf8)
    let name: String
    let line: Int
    let column: Int

    /// By UTF-8 bytes, as `TemplateParser` reads tags: by Characters this
    /// was half of loading the theme, which every build waits for.
    static func scan(_ text: String) -> [PartialReference] {
        var result: [PartialReference] = []
        let bytes = Array(text.utf8)
        var line = 1, column = 1
        for index in bytes.indices {
            if bytes[index] == UInt8(ascii: "{"), index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "{"),
               bytes[index + 2] == UInt8(ascii: ">") || bytes[index + 2] == UInt8(ascii: "<"),
               let close = TemplateParser.find(Self.close, in: bytes, from: index + 2) {
                let name = String(decoding: bytes[(index + 3)..<close], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                if !name.isEmpty, !name.hasPrefix("*") { result.append(PartialReference(name: name, line: line, column: column)) }
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
        }
        return result
    }
}
