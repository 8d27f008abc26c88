@testable import DaybookSite
import Foundation
import Testing

/// Random edits of the files a kind declares (`ContentKind.files`), as a
/// person makes them in an editor: no list of edits per kind, so a kind
/// added to the registry is edited as soon as it is there.
enum KindEdits {
    enum Edit: CaseIterable {
        /// A line added at the end of one of its files.
        case appendLine
        /// One of its files deleted.
        case delete
        /// One of its files copied beside itself under a new name.
        case copy
        /// `private: true` added to one of its files' front matter, or taken out.
        case togglePrivate
    }

    /// The content files of `kind` in `site`, relative to the content folder.
    static func files(of kind: any ContentKind, in site: TestSite) -> [String] {
        IncrementalBuildTests.tree(site, site.content).keys.filter { path in
            kind.files.contains { path == $0 || path.hasPrefix($0 + "/") }
        }.sorted()
    }

    /// Applies a random edit to one of `kind`'s files; says what it did, and how to undo it.
    @discardableResult
    static func apply(kind: any ContentKind, in site: TestSite, step: Int,
                      random: inout SystemRandomNumberGenerator) throws -> (said: String, undo: () throws -> Void) {
        guard let path = files(of: kind, in: site).randomElement(using: &random) else { return ("nothing to edit", {}) }
        let url = site.content.appendingPathComponent(path)
        let old = try site.io.read(url.path)
        let text = String(decoding: old, as: UTF8.self)
        let restore = { try site.io.write(url.path, Array(old)) }
        switch Edit.allCases.randomElement(using: &random)! {
        case .appendLine:
            try site.io.write(url.path, Array((text + "\nEdited \(step).\n").utf8))
            return ("a line added to \(path)", restore)
        case .delete:
            try site.io.remove(url.path)
            return ("\(path) deleted", restore)
        case .copy:
            let copy = url.deletingPathExtension().path + "-copy\(step)." + url.pathExtension
            try site.io.write(copy, Array(old))
            return ("\(path) copied", { try site.io.remove(copy) })
        case .togglePrivate:
            guard text.hasPrefix("---\n") else { return ("\(path) has no front matter", {}) }
            let toggled = text.contains("\nprivate: true\n") ? text.replacingOccurrences(of: "\nprivate: true\n", with: "\n")
                : "---\nprivate: true\n" + text.dropFirst(4)
            try site.io.write(url.path, Array(toggled.utf8))
            return ("private toggled in \(path)", restore)
        }
    }
}
