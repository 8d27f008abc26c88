import DaybookContent
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The check before an import writes: the whole site, as `daybook check`
/// checks it, with the import's files in it, so that an import never leaves
/// content that does not build. It runs on a mirror of the content folder
/// beside it (`.content.importing-PID/`: hard links to the user's files plus
/// the new ones), which is removed afterwards; the content is not touched.
public enum ImportCheck {
    /// - Parameter options: the build to check for: its content folder, themes, photo cache and today.
    public static func verifier(_ options: BuildOptions) -> ImportVerification {
        { files in try verify(files, options: options) }
    }

    static func verify(_ files: [ImportedFile], options: BuildOptions) throws {
        let content = options.contentDirectory.standardizedFileURL
        let parent = content.deletingLastPathComponent()
        OutputWriter(output: content).removeStaleFolders(in: parent)
        let mirror = parent.appendingPathComponent(".\(content.lastPathComponent).importing-\(getpid())")
        try? FileManager.default.removeItem(at: mirror)
        defer { try? FileManager.default.removeItem(at: mirror) }
        let mirrored = mirror.appendingPathComponent(content.lastPathComponent)
        do {
            try link(content, into: mirrored, roots: (content.resolvingSymlinksInPath().path, mirrored.path))
            var archives = ImportWriter.OpenArchives()
            for file in files {
                let url = mirrored.appendingPathComponent(file.relativePath)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                // A file the import replaces (an Anki deck) is a link to the user's own: unlink it, never write through it.
                unlink(url.path)
                try Data(ImportWriter.place(file.contents, archives: &archives, io: options.io)).write(to: url)
            }
        } catch {
            throw ContentErrors([Diagnostic(SourceLocation(path: options.contentDisplayName),
                                            "cannot prepare the check of the import beside the content folder: \(FileIOError.reason(of: error))")])
        }
        var withImport = options
        withImport.contentDirectory = mirrored
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

    /// Mirrors the folder `source` at `target`: folders made, files hard-linked
    /// (copied where the file system cannot link), symbolic links kept (one
    /// that names a place inside the content names the same place in the
    /// mirror). Hidden files are left out, as the build leaves them out.
    static func link(_ source: URL, into target: URL, roots: (real: String, mirror: String)) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: target, withIntermediateDirectories: true)
        for name in (try? manager.contentsOfDirectory(atPath: source.path)) ?? [] where !name.hasPrefix(".") {
            let from = source.appendingPathComponent(name), to = target.appendingPathComponent(name)
            var info = stat()
            guard lstat(from.path, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                try link(from, into: to, roots: roots)
            case S_IFLNK:
                var destination = try manager.destinationOfSymbolicLink(atPath: from.path)
                if destination.hasPrefix(roots.real + "/") {
                    destination = roots.mirror + "/" + String(destination.dropFirst(roots.real.count + 1))
                }
                try manager.createSymbolicLink(atPath: to.path, withDestinationPath: destination)
            default:
                if Glibc.link(from.path, to.path) != 0 { try manager.copyItem(at: from, to: to) }
            }
        }
    }
}
