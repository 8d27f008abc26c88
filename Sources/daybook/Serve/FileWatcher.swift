import DaybookSite
import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What changed below the watched folders since the last call back.
struct WatchedChanges {
    /// Files written, created, deleted or renamed (absolute paths); nil when
    /// the watcher may have missed some: its queue overflowed, or a folder
    /// came, went or was renamed (files may have moved with it unseen).
    var files: Set<String>? = []
    /// Whether files were created, deleted or renamed.
    var listed = false
}

/// Calls back when anything below the watched folders changes. Linux has no
/// FSEvents and Dispatch's file sources don't exist there, so this reads
/// inotify, one watch per folder, and re-scans folders as they appear.
final class FileWatcher: @unchecked Sendable {
    private let roots: [URL]
    private let descriptor: Int32
    private var watched: [Int32: String] = [:]
    private var source: DispatchSourceRead?
    private let queue = DispatchQueue(label: "daybook.watch")
    private var pending: DispatchWorkItem?
    /// Collected since the last call back (only touched on `queue`).
    private var changes = WatchedChanges()
    private let onChange: @Sendable (WatchedChanges) -> Void

    init(roots: [URL], onChange: @escaping @Sendable (WatchedChanges) -> Void) throws {
        self.roots = roots
        self.onChange = onChange
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw WatchError("cannot watch files: \(String(cString: strerror(errno)))") }
    }

    func start() {
        queue.sync { for root in roots { addTree(root.path) } }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [weak self] in self?.drain() }
        source.resume()
        self.source = source
    }

    /// Folders are found through the I/O seam; the watching itself is
    /// inotify's, which only the disk has, so it is always the disk.
    private func addTree(_ path: String, io: FileIO = .disk) {
        guard io.isFolder(path) else { return }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE | IN_DELETE_SELF)
        let watch = inotify_add_watch(descriptor, path, mask)
        if watch >= 0 { watched[watch] = path }
        for entry in (try? io.list(path)) ?? [] where !entry.name.hasPrefix(".") {
            addTree(path + "/" + entry.name, io: io)
        }
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count <= 0 { break }
            var offset = 0
            while offset < count {
                let (watch, mask, nameLength, name) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int, String) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    let nameBytes = raw[nameStart..<nameStart + Int(event.len)].prefix { $0 != 0 }
                    return (event.wd, event.mask, Int(event.len), String(decoding: nameBytes, as: UTF8.self))
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
                // New folders (a new year of entries) get watched too.
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let parent = watched[watch] {
                    addTree(parent + "/" + name)
                }
                if mask & UInt32(IN_IGNORED) != 0 { watched[watch] = nil }
                if !name.hasPrefix(".") || mask & UInt32(IN_Q_OVERFLOW | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    note(watch: watch, mask: mask, name: name)
                    // A content file closed after writing, or renamed into place, is a finished save.
                    let saved = mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 && (MarkdownName.isMarkdown(name) || name.hasSuffix(".yml"))
                    scheduleChange(settled: saved)
                }
            }
        }
    }

    /// Anything but a file's own event (an overflow, a folder's) leaves the changes unknown.
    private func note(watch: Int32, mask: UInt32, name: String) {
        let fileEvents = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_MOVED_FROM | IN_MOVED_TO | IN_CLOSE_WRITE)
        guard mask & UInt32(IN_ISDIR | IN_Q_OVERFLOW) == 0, mask & ~fileEvents == 0, !name.isEmpty, let folder = watched[watch] else {
            changes.files = nil
            return
        }
        changes.files?.insert(folder + "/" + name)
        if mask & UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) != 0 { changes.listed = true }
    }

    /// Editors write a file in several steps (truncate, write, rename): wait
    /// for them to settle, briefly, since every millisecond here is one more
    /// before the page shows the save; after a finished save, more briefly still.
    private func scheduleChange(settled: Bool) {
        pending?.cancel()
        let work = DispatchWorkItem { [weak self, onChange] in
            guard let self else { return }
            let changes = self.changes
            self.changes = WatchedChanges()
            onChange(changes)
        }
        pending = work
        queue.asyncAfter(deadline: .now() + .milliseconds(settled ? 5 : 30), execute: work)
    }
}

struct WatchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
