import Foundation

/// Says on the terminal while one file's Markdown takes more than two seconds
/// to parse. libcmark-gfm 0.29 (Debian 12) is slow on some inputs (thousands
/// of `![[]()`, `</<?`, `<![CDATA[`, very deep lists or quotes — fixed in later
/// releases); the parse is never cut short, so no content is dropped, but the
/// user learns which file holds the build up (docs/limits.md). A build has
/// one (`BuildOptions.slowParseWatch`) and hands it, with the file's name, to
/// the Markdown of each file it renders.
final class SlowParseWatch: @unchecked Sendable {
    /// The parses of one file, named in the note.
    struct File: Sendable {
        let watch: SlowParseWatch
        let path: String
    }

    /// Seconds a parse may take before it is reported.
    static let limit = 2.0

    private let lock = NSLock()
    private var running: [Int: (path: String, start: DispatchTime, reported: Bool)] = [:]
    private var nextID = 0
    private var timer: DispatchSourceTimer?
    private let report: @Sendable (String) -> Void

    /// - Parameter report: where a note goes; the terminal (stderr) by default.
    init(report: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }) {
        self.report = report
    }

    deinit { timer?.cancel() }

    /// The Markdown of the file at `path` (its display path), for `Markdown.render(watch:)`.
    func file(_ path: String) -> File { File(watch: self, path: path) }

    /// Times one parse of the file at `path`. Only the parse counts: not waiting for
    /// cmark's lock, and not the photos encoded while the document renders, which
    /// are not cmark's doing.
    func timing<T>(_ path: String, _ parse: () throws -> T) rethrows -> T {
        lock.lock()
        let id = nextID
        nextID += 1
        running[id] = (path, .now(), false)
        if timer == nil { startTimer() }
        lock.unlock()
        defer {
            lock.lock()
            running[id] = nil
            lock.unlock()
        }
        return try parse()
    }

    private func startTimer() {
        let timer = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        timer.schedule(deadline: .now() + 0.25, repeating: 0.25)
        timer.setEventHandler { [weak self] in self?.check() }
        timer.resume()
        self.timer = timer
    }

    private func check() {
        lock.lock()
        // Read under the lock: a parse that started between reading the clock
        // and taking the lock would be in the future, and `now - start` would trap.
        let now = DispatchTime.now().uptimeNanoseconds
        var slow: [String] = []
        for (id, item) in running where !item.reported && Double(now - item.start.uptimeNanoseconds) / 1e9 > Self.limit {
            running[id]?.reported = true
            slow.append(item.path)
        }
        lock.unlock()
        for path in slow.sorted() {
            report("\(path): note: still parsing its Markdown after \(Int(Self.limit)) s; libcmark-gfm is slow on some inputs (see docs/limits.md)")
        }
    }
}
