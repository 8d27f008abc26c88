import DaybookSite
import FuzzSupport
import Foundation

@main
enum Main {
    static func main() { FuzzDriver.run(fuzzDayOne) }
}

/// A Day One export's JSON, read and turned into diary files as the import
/// does it (without the files). Beyond not crashing, the names it would copy
/// attachments under must stay in the entry's folder, and what reaches the
/// terminal must hold no control character.
func fuzzDayOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let file = FuzzInput.file(data, size, path: "Journal.json") else { return 0 }
    var unknown = Set<String>()
    var badRows = BadRows()
    guard let entries = try? DayOneJSON.entries(file, unknown: &unknown, badRows: &badRows) else { return 0 }
    var links: [String: String] = [:]
    for entry in entries {
        for attachment in entry.attachments {
            let name = attachment.fileName(base: "2024-08-31")
            precondition(RelativePath.isContained(attachment.exportPath) && !attachment.exportPath.dropFirst(attachment.folder.count + 1).contains("/"),
                         "export path leaves its folder: \(attachment.exportPath)")
            precondition(RelativePath.isContained(name) && !name.contains("/") && !name.utf8.contains(0), "file name leaves the folder: \(name)")
            links[attachment.identifier] = name
        }
        let (body, _) = DayOneText.linkingMoments(DayOneText.unescaped(entry.text), paths: links)
        _ = DayOneText.file(entry, body: body)
    }
    for item in badRows.items {
        let shown = TerminalText.plain(item.description)
        precondition(!shown.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || (0x7F...0x9F).contains($0.value) },
                     "a control character reaches the terminal")
    }
    return 0
}
