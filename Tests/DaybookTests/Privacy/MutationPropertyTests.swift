@testable import DaybookSite
import Foundation
import PropertyBased
import Testing

/// The sample site (`content/`) with one of its text files mutated at random
/// — typos, stray fences, huge numbers, far-off dates, aliases, odd spaces —
/// must build or fail with located errors: never trap, never hang, and never
/// publish the text of a private file.
@Suite struct MutationPropertyTests {
    static let sampleContent = Repository.root.appendingPathComponent("content")

    /// Every file of the sample site, by its path below the site folder.
    static let sample: [String: Data] = {
        var files: [String: Data] = [:]
        let root = sampleContent.path
        for case let path as String in FileManager.default.enumerator(atPath: root)?.allObjects ?? [] {
            var isDirectory: ObjCBool = false
            let full = root + "/" + path
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files["content/" + path] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }()

    static let textFiles = sample.keys.filter { $0.hasSuffix(".md") || $0.hasSuffix(".yml") }.sorted()

    /// Text a mutation inserts: what real files and the hostile sweep contain.
    static let pieces = [
        "---\n", "—-", "\n", "\r", "\t", " ", "\u{A0}", "\u{200B}", ":", ": ", "- ", "# ", "## ", "::", "*a", "&a ", "[", "{",
        "\"", "'", "9223372036854775807", "10000000000000000000", "1e308", "nan", "-1", "0", "2626", "0001-01-01",
        "9999-12-31", "+99:99", "x 8", "kg", "private: false", "![[]()", "<![CDATA[", "😀é한국", "\u{7}",
    ]

    enum Mutation {
        case insert(String)
        case delete(Int)
        case replace(Int, String)
    }

    /// A mutation at `fraction` of the way into `text`, kept on character boundaries.
    static func apply(_ mutation: Mutation, to text: String, at fraction: Double) -> (String, position: Int) {
        let characters = Array(text)
        let position = min(characters.count, Int(Double(characters.count) * fraction))
        var result = characters
        switch mutation {
        case let .insert(piece): result.insert(contentsOf: piece, at: position)
        case let .delete(count): result.removeSubrange(position..<min(characters.count, position + count))
        case let .replace(count, piece): result.replaceSubrange(position..<min(characters.count, position + count), with: piece)
        }
        return (String(result), position)
    }

    /// The marker of each private file: text that may never be published.
    static let privateMarker = "PRIVATE-MARKER"

    /// Where a private file's front matter ends (in characters): a mutation
    /// before it may legitimately make the file public (`private: false`).
    static func frontMatterEnd(_ text: String) -> Int {
        let characters = Array(text)
        var lineStart = 0, fences = 0
        for (index, character) in characters.enumerated() where character == "\n" {
            if String(characters[lineStart..<index]) == "---" {
                fences += 1
                if fences == 2 { return index + 1 }
            }
            lineStart = index + 1
        }
        return characters.count
    }

    @Test func mutatedSampleSitesNeverCrashHangOrLeak() async throws {
        try #require(!Self.textFiles.isEmpty, "no sample site at \(Self.sampleContent.path)")
        let mutation = Gen.oneOf(
            Gen.element(of: Self.pieces).map { Mutation.insert($0 ?? "") },
            Gen.int(in: 1...40).map { Mutation.delete($0) },
            zip(Gen.int(in: 1...12), Gen.element(of: Self.pieces)).map { Mutation.replace($0, $1 ?? "") }
        )
        let input = zip(Gen.int(in: 0...(Self.textFiles.count - 1)), mutation, Gen.double(in: 0...1))
        await propertyCheck(count: 8, input: input) { fileIndex, mutation, fraction in
            let path = Self.textFiles[fileIndex]
            let original = String(decoding: Self.sample[path]!, as: UTF8.self)
            let (mutated, position) = Self.apply(mutation, to: original, at: fraction)
            let site: TestSite
            do {
                site = try TestSite(onDisk: true)
                for (file, data) in Self.sample where file != path {
                    try site.write(file, data)
                }
                try site.write(path, mutated)
            } catch {
                Issue.record("cannot write the site: \(error)")
                return
            }
            defer { site.remove() }

            let clock = ContinuousClock()
            let start = clock.now
            var built = true
            do { try site.build() } catch is ContentErrors { built = false } catch {
                Issue.record("\(path): not a content error: \(error)")
                return
            }
            // A hang of the kind fixed (a far-off date, an alias bomb) takes
            // minutes; the bound leaves room for a debug build on a busy machine.
            let seconds = (clock.now - start) / .seconds(1)
            #expect(seconds < 20, "\(path) mutated at \(position): \(seconds) s")

            let touchedPrivateFrontMatter = original.contains("private: true") && position < Self.frontMatterEnd(original)
            guard built, !touchedPrivateFrontMatter else { return }
            let leaks = site.outputFiles().filter { file in
                site.text(file).contains(Self.privateMarker)
            }
            #expect(leaks == [], "\(path) mutated at \(position) by \(mutation) published a private marker")
        }
    }
}
