@testable import DaybookSite
import Foundation
import Testing

/// The file seam: the in-memory files answer as the disk does, so a build in
/// memory is the build on disk.
@Suite struct FileIOTests {
    /// The same operations on the disk and in memory, and what each answered.
    static func script(_ io: FileIO, root: String) -> [String] {
        var log: [String] = []
        func note(_ label: String, _ work: () throws -> Void) {
            do { try work(); log.append("\(label): ok") } catch { log.append("\(label): \((error as? FileIOError)?.reason ?? "\(error)")") }
        }
        note("folders") { try io.createFolders(root + "/a/b") }
        note("folder again") { try io.createFolder(root + "/a") }
        note("write") { try io.write(root + "/a/b/x.md", Array("hello".utf8)) }
        note("write without folder") { try io.write(root + "/nope/x.md", [1]) }
        note("folder over a file") { try io.createFolders(root + "/a/b/x.md/c") }
        note("composed") { try io.write(root + "/a/\u{D55C}.md", [1]) }
        note("decomposed") { try io.write(root + "/a/\u{1112}\u{1161}\u{11AB}.md", [2]) }
        log.append("read: \(io.text(root + "/a/b/x.md") ?? "nil")")
        log.append("size: \(io.attributes(root + "/a/b/x.md")?.size ?? -1)")
        log.append("list: \(((try? io.list(root + "/a")) ?? []).map { "\($0.name.unicodeScalars.count)\($0.name.prefix(1)):\($0.kind.map { "\($0)" } ?? "?")" }.sorted())")
        note("list a file") { _ = try io.list(root + "/a/b/x.md") }
        note("read a folder") { _ = try io.read(root + "/a") }
        note("read nothing") { _ = try io.read(root + "/a/none") }
        note("folders d") { try io.createFolders(root + "/d/e") }
        note("move into a full folder") { try io.move(root + "/a/b", root + "/d") }
        note("move") { try io.move(root + "/a/b", root + "/c") }
        log.append("moved: \(io.text(root + "/c/x.md") ?? "nil") \(io.exists(root + "/a/b"))")
        note("copy") { try io.copy(root + "/c/x.md", root + "/a/y.md") }
        log.append("copied: \(io.text(root + "/a/y.md") ?? "nil")")
        note("remove") { try io.remove(root + "/c") }
        log.append("removed: \(io.exists(root + "/c/x.md")) \(io.exists(root + "/c"))")
        note("remove nothing") { try io.remove(root + "/c") }
        return log
    }

    /// What the import check reads through: the files below with new and
    /// changed ones laid over them, the folders they need, nothing written.
    @Test func anOverlayShowsItsFilesOverTheTreeAndWritesNothing() throws {
        let memory = MemoryFiles()
        for (path, text) in ["/site/content/vocab/toeic.md": "old", "/site/content/diary/2026/a.md": "a", "/export/photo.jpg": "jpeg"] {
            memory.add(path, text: text)
        }
        memory.addLink("/site/linked", to: "/site/content")
        let io = FileIO.overlay(memory.io, files: [
            "/site/content/vocab/toeic.md": .bytes(Array("new".utf8), onDisk: nil),
            "/site/linked/diary/2024/b.md": .bytes(Array("b".utf8), onDisk: "/tmp/b.md"),
            "/site/content/diary/2024/b.jpg": .copy(of: "/export/photo.jpg"),
        ])
        #expect(io.text("/site/content/vocab/toeic.md") == "new")
        #expect(io.text("/site/content/diary/2024/b.md") == "b", "a file laid over through a linked folder is there by its real path too")
        #expect(io.text("/site/content/diary/2024/b.jpg") == "jpeg")
        #expect(io.attributes("/site/content/diary/2024")?.kind == .folder)
        #expect(try io.list("/site/content/diary").map(\.name).sorted() == ["2024", "2026"])
        #expect(try io.list("/site/content/diary/2024").map(\.name).sorted() == ["b.jpg", "b.md"])
        #expect(io.resolve("/site/content/diary/2024/b.md") == "/site/content/diary/2024/b.md")
        #expect(io.localPath("/site/content/diary/2024/b.md") == "/tmp/b.md")
        #expect(io.localPath("/site/content/vocab/toeic.md") == nil)
        #expect(io.localPath("/site/content/diary/2024/b.jpg") == "/export/photo.jpg")
        #expect(throws: FileIOError.self) { try io.write("/site/content/vocab/toeic.md", [1]) }
        #expect(memory.contents("/site/content/vocab/toeic.md") == Data("old".utf8))
        #expect(memory.files(under: "/site/content") == ["diary/2026/a.md", "vocab/toeic.md"])
    }

    @Test func memoryAnswersAsTheDiskDoes() throws {
        let disk = FileManager.default.temporaryDirectory.appendingPathComponent("daybook-io-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: disk) }
        let expected = Self.script(.disk, root: disk)
        #expect(expected.contains("read: hello"))
        #expect(expected.contains("list a file: Not a directory"))
        #expect(Self.script(MemoryFiles().io, root: "/memory/site") == expected)
    }

    @Test func linksResolveInMemoryAsOnDisk() throws {
        let memory = MemoryFiles()
        memory.add("/m/content/real.md", text: "REAL")
        memory.addLink("/m/content/alias.md", to: "real.md")
        memory.addLink("/m/content/up.md", to: "../outside.md")
        memory.addLink("/m/content/loop.md", to: "loop.md")
        memory.add("/m/outside.md", text: "OUT")
        let io = memory.io
        #expect(io.resolve("/m/content/alias.md") == "/m/content/real.md")
        #expect(io.resolve("/m/content/up.md") == "/m/outside.md")
        #expect(io.resolve("/m/content/loop.md") == nil)
        #expect(io.linkAttributes("/m/content/alias.md")?.kind == .link)
        #expect(io.attributes("/m/content/alias.md")?.kind == .file)
        #expect(io.text("/m/content/alias.md") == "REAL")

        var diagnostics = Diagnostics()
        let walk = FolderWalk(root: URL(fileURLWithPath: "/m/content"), displayRoot: "content", io: io)
        #expect(walk.files(under: "", into: &diagnostics) == ["alias.md", "real.md"])
        #expect(diagnostics.items.map(\.description).sorted() == [
            "content/loop.md:1:1: warning: broken symbolic link (its target is missing or it loops); not read",
            "content/up.md:1:1: error: symbolic link leads outside content/ (to /m/outside.md); nothing outside it is read\n    hint: copy the file into content/ instead of linking to it",
        ])
    }

    /// One site, every kind of content, built on the disk and in memory: the same files, byte for byte.
    @Test func aBuildInMemoryWritesWhatABuildOnDiskWrites() throws {
        let files = [
            "content/site.yml": "title: Both\nlocale: en\n",
            "content/diary/2026/2026-11-20.md": SiteBuildTests.entry,
            "content/diary/2026/2026-11-20-note.txt": "an asset",
            "content/vocab/toeic.md": "---\ntitle: TOEIC\n---\n## 2026-11-18\n- meticulous :: 꼼꼼한\n",
            "content/workouts/2026/2026-11-21.md": "---\ndate: 2026-11-21 07:00\n---\n- Squat: 60kg x 5\n",
            "content/routines.yml": "- id: stretch\n  name: Stretch\n  days: [mon, tue, wed, thu, fri, sat, sun]\n  time: \"06:00\"\n  minutes: 10\n",
            "content/pages/about.md": "# About\nHi",
            "themes/default/assets/extra.css": "body{}",
        ]
        let disk = try TestSite(files, onDisk: true)
        defer { disk.remove() }
        let memory = try TestSite(files)
        let onDisk = try disk.build(), inMemory = try memory.build()
        #expect(onDisk.files == inMemory.files)
        #expect(onDisk.warnings.map(\.description) == inMemory.warnings.map(\.description))
        #expect(disk.outputFiles().count > 40)
        #expect(memory.outputFiles() == disk.outputFiles())
        // The marker names each site's own place by its fingerprint.
        for file in disk.outputFiles() where file != ".daybook-output" {
            #expect(memory.data(file) == disk.data(file), "\(file) differs")
        }
        #expect(memory.read(".daybook-output")?.split(separator: "\n").first == disk.read(".daybook-output")?.split(separator: "\n").first)
    }
}
