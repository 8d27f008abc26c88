import ArgumentParser
import DaybookSite
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the passphrase of the encrypted part comes from (docs/privacy.md):
/// never a file of the site, never the command line (the shell's history).
struct PassphraseSource: ParsableArguments {
    @Option(name: .customLong("passphrase-file"),
            help: "Read the passphrase of the encrypted part from this file's first line (outside the content folder).")
    var file: String?

    /// Asked only when site.yml publishes private items encrypted: the file, `DAYBOOK_PASSPHRASE`, or a prompt on a terminal.
    func reader(content: URL) -> @Sendable () throws -> String? {
        let file = file
        return {
            if let file { return try Self.read(file, content: content) }
            if let text = ProcessInfo.processInfo.environment["DAYBOOK_PASSPHRASE"], !text.isEmpty { return text }
            return Self.prompt()
        }
    }

    /// The first line of the file, refused when the file is in the content folder (which is published and shared).
    static func read(_ path: String, content: URL) throws -> String {
        let file = URL(commandLine: path).resolvingSymlinksInPath().standardizedFileURL.path
        let folder = content.resolvingSymlinksInPath().standardizedFileURL.path
        if file.hasPrefix(folder + "/") {
            throw UsageError("--passphrase-file \(path) is inside the content folder; keep the passphrase outside it, where it is never published or committed")
        }
        guard let data = FileManager.default.contents(atPath: file), let text = String(data: data, encoding: .utf8) else {
            throw UsageError("cannot read the passphrase file \(path)")
        }
        return String(text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).first ?? "")
    }

    /// Asks on the terminal without echo; nil when there is no terminal to ask on.
    static func prompt() -> String? {
        guard isatty(STDIN_FILENO) == 1, let answer = getpass("Passphrase of the encrypted part: ") else { return nil }
        let text = String(cString: answer)
        return text.isEmpty ? nil : text
    }
}
