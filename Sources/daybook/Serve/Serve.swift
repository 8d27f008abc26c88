import ArgumentParser
import DaybookSite
import FlyingFox
import Foundation
#if canImport(Glibc)
import Glibc
#endif

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Build, watch the content and theme, rebuild on change, reload the open browser page.",
        discussion: """
        Open pages reload as soon as a rebuild is done, and show the errors of a failed one over the page while \
        the last good pages stay served. The flip-card test page gets a button that saves the day's missed \
        words into vocab/reviews.md; what the phone pages record is merged as 'daybook inbox' merges it, and so \
        is an inbox file that appears in content/inbox/.
        """)

    @OptionGroup var location: SiteLocation

    @Option(name: .long, help: "The port to serve on (127.0.0.1 only).")
    var port: UInt16 = 8000

    @Option(name: .long, help: "The output folder.")
    var output = "public"

    @OptionGroup var flags: BuildFlags

    func run() async throws {
        // Said before any build, and before "Serving …" could be printed.
        guard try PortProbe.isFree(port) else {
            // Only a suggestion: a port that cannot be probed is not suggested.
            let free = (1...100).lazy.compactMap { UInt16(exactly: Int(port) + $0) }.first { (try? PortProbe.isFree($0)) == true }
            throw ValidationError("port \(port) is taken: another program (or another 'daybook serve') listens on it"
                                  + (free.map { "; try --port \($0)" } ?? ""))
        }
        let options = flags.buildOptions(location, output: output)
        // A refused output folder ends the command, as it does for `build`.
        try SiteBuilder.checkOutput(options)
        try ContentLock.finishInterrupted(content: options.contentDirectory, displayRoot: options.contentDisplayName, by: "daybook serve",
                                          report: Terminal.report)
        let memory = ServeMemory()
        let requests = PreviewGuard(port: port)
        let inbox = InboxSaver(requests: requests, options: options)
        let preview = PreviewServer(output: options.outputDirectory, token: requests.token)
        inbox.mergeWaiting()
        let server = HTTPServer(address: try .inet(ip4: "127.0.0.1", port: port), logger: .disabled)
        await server.appendRoute("GET *") { request in
            if let refusal = requests.refusal(request) { return refusal }
            return await preview.respond(to: request)
        }
        await server.appendRoute("POST /__daybook/inbox") { request in
            if let refusal = requests.refusal(request) { return refusal }
            return await inbox.handle(request)
        }
        let serving = "Serving http://127.0.0.1:\(port)/ — watching \(location.content)/ and themes/; Ctrl-C stops.\n"
        let serve = { @Sendable () async throws -> Task<Void, any Error> in
            let task = Task { try await server.run() }
            try await server.waitUntilListening()
            FileHandle.standardOutput.write(Data(serving.utf8))
            return task
        }
        // An earlier build's output is served at once while the first build
        // brings it up to date in place, each file replaced whole; the open
        // pages reload when it is done.
        let early = SiteBuilder.hasEarlierOutput(options) ? try await serve() : nil
        await rebuild(options, memory, preview)
        let contentFolder = options.contentDirectory.path + "/"
        let watcher = try FileWatcher(roots: [options.contentDirectory, options.themesDirectory]) { changes in
            // The rebuild examines only the content files the watcher saw change (the theme's it examines all).
            let files = changes.files.map { Set($0.compactMap { $0.hasPrefix(contentFolder) ? String($0.dropFirst(contentFolder.count)) : nil }) }
            memory.parsed.noteChanges(files, listed: changes.listed)
            // A new inbox file is merged first; the files it writes are the next change the watcher sees.
            inbox.mergeWaiting()
            // The watcher's queue runs one rebuild at a time; the pages hear of each in order.
            let semaphore = DispatchSemaphore(value: 0)
            Task {
                await rebuild(options, memory, preview)
                semaphore.signal()
            }
            semaphore.wait()
        }
        watcher.start()
        memory.parsed.startWatching()
        let running: Task<Void, any Error>
        if let early { running = early } else { running = try await serve() }
        try await running.value
        withExtendedLifetime(watcher) {}
    }
}

/// One build for the preview: errors are shown, in the terminal and on the
/// open pages, and the previous site stays served.
private func rebuild(_ options: BuildOptions, _ memory: ServeMemory, _ preview: PreviewServer) async {
    // When each step began, to say where a rebuild's time goes.
    var steps: [(name: Substring, at: Date)] = []
    do {
        let summary = try SiteBuilder.build(options, memory: memory) { steps.append(($0.prefix { $0 != " " }, Date())) }
        Terminal.report(summary.warnings)
        let end = Date()
        let times = steps.enumerated().map { index, step in
            let next = index + 1 < steps.count ? steps[index + 1].at : end
            return "\(step.name) \(String(format: "%.2f", next.timeIntervalSince(step.at))) s"
        }
        // Written straight away, so a log shows each rebuild as it happens.
        let line = "Built \(summary.pages) pages in \(String(format: "%.2f", summary.seconds)) s ("
            + times.joined(separator: ", ") + "; \(memory.parsed.filesParsed) entries read, \(memory.pagesRendered) pages rendered, \(memory.filesChanged) files written)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        await preview.rebuilt()
        memory.freeLeftovers()
    } catch let errors as ContentErrors {
        Terminal.report(errors.diagnostics)
        Terminal.error("build failed; still serving the previous site")
        await preview.failed(errors.diagnostics)
    } catch {
        Terminal.error("\(error)")
        await preview.failed([Diagnostic(SourceLocation(path: options.outputDirectory.lastPathComponent), "\(error)")])
    }
}

enum PortProbe {
    /// Whether 127.0.0.1:`port` can be bound now (the probe is closed at once).
    /// - Throws: when no socket can be made to probe with: the answer is unknown, not yes.
    static func isFree(_ port: UInt16) throws -> Bool {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ValidationError("cannot check whether port \(port) is free: \(String(cString: strerror(errno)))") }
        defer { close(socket) }
        // As the server binds: a port left in TIME_WAIT by a stopped server is free.
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }
}
