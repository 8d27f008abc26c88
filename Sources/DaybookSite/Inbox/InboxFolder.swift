/// `content/inbox/`: the inbox files waiting to be merged, and `merged/`
/// below it, the ones merged before (whose event ids say what is merged).
/// It is no part of the site: nothing in it is published.
public enum InboxFolder {
    static let folder = "inbox"
    static let mergedFolder = "inbox/merged"
    /// `.jsonl` as the phone names it; `.ndjson`, the other name of JSON
    /// Lines; `.jsonl.txt`, as some phones' file apps save a shared file.
    static let extensions = [".jsonl", ".ndjson", ".jsonl.txt"]

    static func isInboxFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return !name.hasPrefix(".") && extensions.contains { lower.hasSuffix($0) && lower.count > $0.count }
    }

    /// The inbox files waiting (paths below the content folder, sorted), and
    /// warnings for anything else there. Links that leave the folder are errors.
    public static func waiting(in walk: FolderWalk, into diagnostics: inout Diagnostics) -> [String] {
        var files: [String] = []
        for path in walk.files(under: folder, recursive: false, into: &diagnostics) {
            let name = String(path.dropFirst(folder.count + 1))
            if isInboxFile(name) {
                files.append(path)
            } else {
                diagnostics.warning(SourceLocation(path: walk.display(path)), "not an inbox file; it is left alone",
                                    hint: "inbox files end in \(extensions.joined(separator: ", "))")
            }
        }
        return files
    }

    /// The paths of the inbox files merged before.
    static func merged(in walk: FolderWalk, into diagnostics: inout Diagnostics) -> [String] {
        walk.files(under: mergedFolder, recursive: false, into: &diagnostics).filter { isInboxFile(String($0.split(separator: "/").last ?? "")) }
    }

    /// The build's warning when inbox files wait: it never merges them itself.
    static func reportWaiting(in walk: FolderWalk, into diagnostics: inout Diagnostics) {
        var local = Diagnostics()
        let files = waiting(in: walk, into: &local)
        diagnostics.append(contentsOf: local)
        guard !files.isEmpty else { return }
        diagnostics.warning(SourceLocation(path: walk.display(folder)),
                            "\(files.count) inbox file\(files.count == 1 ? " is" : "s are") waiting to be merged",
                            hint: "run 'daybook inbox' to merge what the phone recorded (a build never changes \(walk.displayRoot)/)")
    }
}
