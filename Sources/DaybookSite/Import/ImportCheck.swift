import Foundation

/// The check before an import writes: the whole site, as `daybook check`
/// checks it, with the import's files in it, so that an import never leaves
/// content that does not build. The content is read through an overlay
/// (`FileIO.overlay`): the user's files as they are, the import's new and
/// changed ones from memory; nothing is written.
public enum ImportCheck {
    /// - Parameters:
    ///   - options: the build to check for: its content folder, themes, photo cache and today.
    ///   - dryRun: write nothing but into the check's own temporary folder, not even the photo cache.
    public static func verifier(_ options: BuildOptions, dryRun: Bool = false) -> ImportVerification {
        { files in try verify(files, options: options, dryRun: dryRun) }
    }

    static func verify(_ files: [ImportedFile], options: BuildOptions, dryRun: Bool = false) throws {
        let content = options.contentDirectory.standardizedFileURL
        // libvips opens photos by path: one inside a .zip is unpacked to the disk for the check.
        // The folder is removed however the check ends.
        let unpacked = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-import-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: unpacked) }
        var overlay: [String: FileIO.OverlayFile] = [:]
        do {
            var archives = ImportWriter.OpenArchives()
            for file in files {
                let path = content.appendingPathComponent(file.relativePath).path
                switch file.contents {
                case let .text(text):
                    overlay[path] = .bytes(Array(text.utf8), onDisk: nil)
                case let .copy(source):
                    overlay[path] = .copy(of: source.path)
                case .unzip:
                    let bytes = try ImportWriter.place(file.contents, archives: &archives, io: options.io)
                    guard RelativePath.isContained(file.relativePath) else { throw FileIOError(path: file.relativePath, reason: "a path that leaves the folder") }
                    let copy = unpacked.appendingPathComponent(file.relativePath).path
                    try FileIO.disk.createFolders((copy as NSString).deletingLastPathComponent)
                    try FileIO.disk.write(copy, bytes)
                    overlay[path] = .bytes(bytes, onDisk: copy)
                }
            }
        } catch {
            let reason = (error as? FileIOError)?.reason ?? FileIOError.reason(of: error)
            throw ContentErrors([Diagnostic(SourceLocation(path: options.contentDisplayName), "cannot prepare the check of the import: \(reason)")])
        }
        var withImport = options
        withImport.io = .overlay(options.io, files: overlay)
        if dryRun { withImport.cacheDirectory = unpacked.appendingPathComponent("photo-cache") }
        do {
            _ = try SiteBuilder.check(withImport)
        } catch let errors as ContentErrors {
            throw explained(errors, files: files, options: options)
        }
    }

    /// The errors of the content with the import. When some are outside the
    /// new files, the content as it is is checked too: if it has errors
    /// already, those are what the user must fix first.
    static func explained(_ errors: ContentErrors, files: [ImportedFile], options: BuildOptions) -> ContentErrors {
        let new = Set(files.map { FolderWalk(root: options.contentDirectory, displayRoot: options.contentDisplayName).display($0.relativePath) })
        guard errors.diagnostics.contains(where: { !new.contains($0.location.path) }) else { return errors }
        let root = SourceLocation(path: options.contentDisplayName)
        do {
            _ = try SiteBuilder.check(options)
        } catch let existing as ContentErrors {
            return ContentErrors([Diagnostic(root, "\(options.contentDisplayName)/ has errors already, listed below; an import adds only to content that builds",
                                             hint: "fix them ('daybook check' lists them), then import again")] + existing.diagnostics)
        } catch {
            return ContentErrors([Diagnostic(root, "\(options.contentDisplayName)/ cannot be checked: \(error)")])
        }
        return ContentErrors([Diagnostic(root, "the content would not build with the imported files, for the reasons below")] + errors.diagnostics)
    }
}
