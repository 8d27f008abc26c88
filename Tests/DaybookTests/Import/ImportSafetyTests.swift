import Foundation
import Testing
import ZIPFoundation
@testable import DaybookSite

/// Names from imported files never become paths unchecked, paths are proven
/// inside their folder, and text from files reaches the terminal plain.
@Suite struct ImportSafetyTests {
    func entries(_ json: String) throws -> ([DayOneEntry], [String]) {
        var unknown = Set<String>()
        var bad = BadRows()
        let entries = try DayOneJSON.entries(SourceFile(displayPath: "Journal.json", relativePath: "Journal.json", text: json),
                                             unknown: &unknown, badRows: &bad)
        return (entries, bad.items.map(\.message))
    }

    func journal(uuid: String = "A1B2C3D4E5F6478899AABBCCDDEEFF01", photo: [String: String]) -> String {
        let object: [String: Any] = ["entries": [["uuid": uuid, "creationDate": "2024-08-31T12:40:00Z", "photos": [photo]]]]
        return String(decoding: try! JSONSerialization.data(withJSONObject: object), as: UTF8.self)
    }

    @Test func attachmentNamesAreCheckedAgainstAnAllowList() throws {
        let good = ["identifier": "3F2E1D0C-9B8A", "md5": "0A1b2c3d4e5f60718293a4b5c6d7e8f9", "type": "HEIC"]
        let (kept, none) = try entries(journal(photo: good))
        #expect(none == [] && kept[0].attachments.count == 1)
        let cases: [(String, String, String)] = [
            ("type", "jpeg/../../../x", "photo type 'jpeg/../../../x' is not a media type"),
            ("type", "sh", "photo type 'sh' is not a media type"),
            ("type", "", "photo type '' is not a media type"),
            ("md5", "../../outside/secret", "photo md5 '../../outside/secret' is not hexadecimal"),
            ("md5", "", "photo md5 '' is not hexadecimal"),
            ("md5", "0a1b/c", "photo md5 '0a1b/c' is not hexadecimal"),
            ("md5", "٣٤", "photo md5 '٣٤' is not hexadecimal"),
            ("identifier", "a)b", "photo identifier 'a)b' is not letters, digits and '-'"),
        ]
        for (field, value, message) in cases {
            var photo = good
            photo[field] = value
            let (found, bad) = try entries(journal(photo: photo))
            #expect(found[0].attachments.isEmpty, "\(field) \(value)")
            #expect(bad.count == 1 && bad[0].hasPrefix("entry 1 (A1B2C3D4E5F6478899AABBCCDDEEFF01): \(message)"), "\(bad)")
        }
        // The uuid goes into the front matter as it is: a line break would add keys.
        let (injected, bad) = try entries(journal(uuid: "X\nprivate: false", photo: good))
        #expect(injected.isEmpty && bad == ["entry 1: uuid 'X\nprivate: false' is not letters, digits and '-'"])
    }

    @Test func aPathIsInsideOnlyWhenItsLinksStayInside() throws {
        let files = MemoryFiles()
        files.addFolder("/site/content/diary/2024")
        files.addFolder("/elsewhere")
        files.addLink("/site/content/diary/away", to: "/elsewhere")
        files.addLink("/site/content/diary/near", to: "2024")
        files.addLink("/site/content/diary/dangling", to: "/missing/x")
        // A folder beside content/ whose name starts with the same letters is outside it.
        files.addFolder("/site/content-old/diary")
        files.addLink("/site/content/diary/old", to: "/site/content-old")
        let io = files.io
        for path in ["diary/2024/x.md", "diary/new/deeper/x.md", "diary/near/x.jpeg", "x.md"] {
            #expect(RelativePath.staysInside(path, of: "/site/content", io: io), "\(path)")
        }
        for path in ["diary/old/x.md", "diary/old/diary", "diary/old", "diary/away/x.md", "diary/away", "diary/dangling", "diary/dangling/x",
                     "../x.md", "diary/2024/../../../x", "/etc/passwd", "diary/2024/x\u{0}.md", "diary/2024/x\u{0}/../../../../x"] {
            #expect(!RelativePath.staysInside(path, of: "/site/content", io: io), "\(path)")
        }
    }

    @Test func anImportNeverWritesThroughALinkOutOfContent() throws {
        let files = MemoryFiles()
        files.addFolder("/site/content")
        files.addFolder("/elsewhere")
        files.addLink("/site/content/diary", to: "/elsewhere")
        var checked = false
        #expect { try ImportWriter.finish([ImportedFile("diary/2024/2024-08-31.md", .text("Hello"))], content: URL(fileURLWithPath: "/site/content"),
                                          displayRoot: "content", dryRun: false, verify: { _ in checked = true }, io: files.io) } throws: { error in
            (error as? ContentErrors)?.diagnostics.map(\.description)
                == ["content/diary/2024/2024-08-31.md:1:1: error: would be written outside content/ (through '..' or a symbolic link); nothing was written\n    hint: an import writes only inside the content folder"]
        }
        #expect(!checked, "refused before the check unpacks anything")
        #expect(try files.io.list("/elsewhere").isEmpty)
    }

    /// A zip's entry names are its maker's: one that climbs out of the export is no journal.
    @Test func aZipJournalWhoseNameLeavesTheExportIsNotRead() throws {
        let site = try TestSite(onDisk: true)
        defer { site.remove() }
        let url = site.root.appendingPathComponent("export.zip")
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(with: "../Journal.json", fileURL: DayOneImportTests.sample.appendingPathComponent("Journal.json"))
        #expect { try DayOneImport.run(url, displayPath: "export.zip", content: site.content, contentDisplayName: "content", verify: site.verify) } throws: { error in
            (error as? ContentErrors)?.diagnostics.map(\.description).first?
                .hasPrefix("export.zip/../Journal.json:1:1: error: the zip's entry name leaves the export ('..' or a leading '/'); not read") == true
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.content.path).isEmpty)
    }

    @Test func textFromFilesAndServicesIsPlainOnTheTerminal() {
        let cases: [(String, String)] = [
            ("plain 한글 text\twith tab\nand line", "plain 한글 text\twith tab\nand line"),
            ("\u{1B}]0;owned\u{07}title", "title"),
            ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
            ("\u{1B}[2J\u{1B}[H\u{1B}[1;31mred\u{1B}[0m", "red"),
            ("fake\r\u{1B}[Kdone", "fakedone"),
            ("bell\u{07} del\u{7F} nul\u{0} bs\u{08}", "bell del nul bs"),
            ("c1 \u{9B}2Jcsi \u{9D}osc\u{9C}after \u{85}nel", "c1 csi after nel"),
            // DCS, SOS, PM and APC strings, which some terminals act on, go whole like OSC's, in their ESC and C1 forms.
            ("\u{1B}Pq#0;2;0;0;0\u{1B}\\dcs", "dcs"),
            ("\u{1B}Xsos payload\u{1B}\\sos", "sos"),
            ("\u{1B}^pm payload\u{07}pm", "pm"),
            ("\u{1B}_Gf=100;AAAA\u{1B}\\apc", "apc"),
            ("\u{90}dcs\u{9C}1 \u{98}sos\u{9C}2 \u{9E}pm\u{9C}3 \u{9F}apc\u{9C}4", "1 2 3 4"),
            ("\u{1B}7saved\u{1B}8", "saved"),
            ("unterminated \u{1B}]0;title\nnext line", "unterminated \nnext line"),
            ("trailing \u{1B}", "trailing "),
            ("trailing csi \u{1B}[12", "trailing csi "),
            // `@` (insert characters) is the first final byte.
            ("\u{1B}[5@insert", "insert"),
        ]
        for (raw, shown) in cases {
            #expect(TerminalText.plain(raw) == shown, "\(raw.debugDescription)")
        }
    }
}

/// Everything the command line prints goes through `Terminal`, which makes
/// it plain text; a `print` beside it would let a file's text drive the terminal.
@Suite struct TerminalOutputTests {
    @Test func theCommandLinePrintsOnlyThroughTerminal() throws {
        let folder = Repository.root
            .appendingPathComponent("Sources/daybook")
        // Anki's export is the command's data (a deck to redirect into a file);
        // serve's lines hold only numbers and the command line's own folder names.
        let allowed = ["OtherCommands.swift": 1, "Serve/Serve.swift": 2]
        var found: [String: Int] = [:]
        for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where path.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let body = path == "Daybook.swift" ? String(text[..<(text.range(of: "enum Terminal {")?.lowerBound ?? text.endIndex)]) : text
            let writes = body.components(separatedBy: "\n").filter { $0.contains("print(") || $0.contains("FileHandle.standard") }.count
            if writes > 0 { found[path] = writes }
        }
        #expect(found == allowed)
    }
}
