import Foundation
import Quire
import Synchronization

/// `render -o DIR`: checked before the book is rendered (a bad folder fails at once), written afterwards in one
/// go by `OutputWriter`, whose doc comment says what is promised. SIGINT or SIGTERM while the files are written
/// stops the writer at the next file; it removes its temporary folder and quire exits 130 or 143.
struct OutputFolder {
    let path: String

    init(_ path: String) throws {
        self.path = path
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw CommandFailure(input: path, "the output exists and is not a folder", code: .cannotCreate)
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw CommandFailure(input: path, "cannot write into the folder: \(String(cString: strerror(errno)))", code: .cannotCreate)
        }
    }

    /// Writes every file of the rendering; `spreadCount` is the book's, so spread files of an earlier, longer
    /// render are removed.
    func write(_ files: [OutputFile], spreadCount: Int) throws {
        let interrupts = WriteInterrupts()
        interrupts.install()
        defer { interrupts.remove() }
        do {
            try OutputWriter.write(files, into: path, spreadCount: spreadCount, cancelled: { interrupts.received != nil })
        } catch {
            if let signal = interrupts.received { exit(128 + signal) }
            throw CommandFailure(input: error.path, error.reason, code: error.kind == .ioError ? .ioError : .cannotCreate)
        }
        // A signal that came while the files were renamed into place: they all are, but the run was interrupted.
        if let signal = interrupts.received { exit(128 + signal) }
    }
}

/// The signal that came while files were written, 0 if none: set from a signal handler, so a lock-free atomic.
private let pendingSignal = Atomic<Int32>(0)

/// SIGINT and SIGTERM noted instead of killing the process, for as long as files are written, so the writer
/// can stop cleanly; afterwards both act as before again. A plain `sigaction` handler, not a dispatch source:
/// with SIG_IGN a process-wide signal is discarded unless the thread it is aimed at blocks it.
final class WriteInterrupts {
    private var previous: [Int32: sigaction] = [:]

    var received: Int32? {
        let number = pendingSignal.load(ordering: .relaxed)
        return number == 0 ? nil : number
    }

    func install() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in pendingSignal.store(number, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in [SIGINT, SIGTERM] {
            var old = sigaction()
            sigaction(number, &action, &old)
            previous[number] = old
        }
    }

    func remove() {
        for (number, old) in previous {
            var old = old
            sigaction(number, &old, nil)
        }
        previous = [:]
    }
}
