@testable import DaybookSite
import Foundation
import Testing

/// Random edits of the files a kind declares (`ContentKind.files`), as a
/// person makes them in an editor: no list of edits per kind, so a kind
/// added to the registry is edited as soon as it is there. Line edits take
/// lines the file already has, so they make what its kind reads (a word
/// gone, a miss twice, a title changed) more often than errors.
enum KindEdits {
    enum Edit: CaseIterable {
        /// A line added at the end of one of its files.
        case appendLine
        /// One of its lines deleted (a word, a miss, a front matter key, a paragraph).
        case deleteLine
        /// One of its lines written twice.
        case duplicateLine
        /// Two of its neighbouring lines swapped.
        case swapLines
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
        return try apply(to: path, in: site, step: step, random: &random)
    }

    /// Applies a random edit to a file of a registered kind (`site.features`),
    /// each kind as likely as another however many files it has, or to
    /// `site.yml`, which every kind is read with.
    @discardableResult
    static func apply(in site: TestSite, step: Int, random: inout SystemRandomNumberGenerator) throws -> (said: String, undo: () throws -> Void) {
        // site.yml while it is there (an edit may have deleted it).
        let settings = site.io.exists(site.content.appendingPathComponent("site.yml").path) ? [["site.yml"]] : []
        let groups = site.features.contentKinds.map { files(of: $0, in: site) }.filter { !$0.isEmpty } + settings
        return try apply(to: groups.randomElement(using: &random)!.randomElement(using: &random)!, in: site, step: step, random: &random)
    }

    /// A random edit of the file at `path` below the content folder.
    static func apply(to path: String, in site: TestSite, step: Int,
                      random: inout SystemRandomNumberGenerator) throws -> (said: String, undo: () throws -> Void) {
        let url = site.content.appendingPathComponent(path)
        let old = try site.io.read(url.path)
        let text = String(decoding: old, as: UTF8.self)
        let restore = { try site.io.write(url.path, Array(old)) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func write(_ lines: [String]) throws { try site.io.write(url.path, Array(lines.joined(separator: "\n").utf8)) }
        // Lines with something on them; the front matter's fences stay.
        let some = lines.indices.filter { !lines[$0].isEmpty && lines[$0] != "---" }
        switch Edit.allCases.randomElement(using: &random)! {
        case .appendLine:
            try site.io.write(url.path, Array((text + "\nEdited \(step).\n").utf8))
            return ("a line added to \(path)", restore)
        case .deleteLine:
            guard let line = some.randomElement(using: &random) else { return ("\(path) has no line", {}) }
            let said = "line \(line + 1) of \(path) deleted: \(lines[line])"
            lines.remove(at: line)
            try write(lines)
            return (said, restore)
        case .duplicateLine:
            guard let line = some.randomElement(using: &random) else { return ("\(path) has no line", {}) }
            lines.insert(lines[line], at: line)
            try write(lines)
            return ("line \(line + 1) of \(path) written twice: \(lines[line])", restore)
        case .swapLines:
            guard let line = some.filter({ some.contains($0 + 1) }).randomElement(using: &random) else { return ("\(path) has no two lines", {}) }
            lines.swapAt(line, line + 1)
            try write(lines)
            return ("lines \(line + 1) and \(line + 2) of \(path) swapped", restore)
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
