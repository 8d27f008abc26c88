import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with its arguments as they are (no shell), its output and
/// errors read together, and stops it, with everything it started, when it
/// runs past its time: it gets a process group of its own, which is sent
/// SIGTERM, then SIGKILL.
enum CommandRunner {
    enum Ending: Equatable {
        case exited(Int32)
        case signaled(Int32)
        case timedOut(seconds: Int)
        case cannotStart(String)

        var succeeded: Bool { self == .exited(0) }
    }

    struct Result {
        let ending: Ending
        /// What it wrote, stdout and stderr interleaved as written; only the last `keptOutput` bytes.
        let output: [UInt8]
        let seconds: Double
    }

    /// Output beyond this is dropped from the front: the end says why a command failed.
    static let keptOutput = 256 * 1024

    static func run(_ arguments: [String], timeout: Int) -> Result {
        let start = Date()
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else {
            return Result(ending: .cannotStart(String(cString: strerror(errno))), output: [], seconds: 0)
        }
        // Only the command gets the writing end (as its stdout and stderr); no other child inherits either end.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Nothing to read: a command that asks (a password prompt) waits on nothing and fails, or times out.
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            close(pipeEnds[0])
            return Result(ending: .cannotStart("\(arguments[0]): \(String(cString: strerror(spawned)))"), output: [], seconds: 0)
        }

        let reader = OutputReader(descriptor: pipeEnds[0], keep: keptOutput)
        let deadline = start.addingTimeInterval(Double(timeout))
        var status: Int32 = 0
        var ending: Ending?
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() >= deadline {
                stop(group: pid, status: &status)
                ending = .timedOut(seconds: timeout)
                break
            }
            usleep(20_000)
        }
        // A child it left running may hold the pipe open: its output is not waited for long.
        let output = reader.finish(waiting: 2)
        if ending == nil {
            let signal = status & 0x7F
            ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal)
        }
        return Result(ending: ending!, output: output, seconds: Date().timeIntervalSince(start))
    }

    /// SIGTERM to the whole group, SIGKILL two seconds later if the command is still there.
    private static func stop(group: pid_t, status: inout Int32) {
        kill(-group, SIGTERM)
        for _ in 0..<100 {
            if waitpid(group, &status, WNOHANG) == group {
                kill(-group, SIGKILL)
                return
            }
            usleep(20_000)
        }
        kill(-group, SIGKILL)
        waitpid(group, &status, 0)
    }

    /// Reads the pipe on a thread of its own until every writer has closed it.
    final class OutputReader: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        private let done = DispatchSemaphore(value: 0)

        init(descriptor: Int32, keep: Int) {
            Thread.detachNewThread { [self] in
                var buffer = [UInt8](repeating: 0, count: 16 * 1024)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count < 0 && errno == EINTR { continue }
                    if count <= 0 { break }
                    lock.withLock {
                        bytes += buffer[0..<count]
                        if bytes.count > keep { bytes.removeFirst(bytes.count - keep) }
                    }
                }
                close(descriptor)
                done.signal()
            }
        }

        func finish(waiting seconds: Double) -> [UInt8] {
            _ = done.wait(timeout: .now() + seconds)
            return lock.withLock { bytes }
        }
    }
}
