import Foundation
import Quire

/// sysexits(3) codes, as DESIGN.md §4 lists them.
enum ExitCode: Int32 {
    case ok = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    case cannotCreate = 73
    case ioError = 74
    case internalError = 70
}

/// A failure of a command, rendered in one place as `quire: error: …`.
struct CommandFailure: Error {
    var input: String?
    var message: String
    var code: ExitCode

    init(input: String?, _ message: String, code: ExitCode) {
        self.input = input
        self.message = message
        self.code = code
    }

    init(input: String, _ error: ReadError) {
        self.init(input: input, error.message, code: error.isMissingInput ? .noInput : error.isUsage ? .usage : .dataError)
    }
}

/// Writes to stdout and stderr through FileHandle, never `print`, so output is buffered and explicit. Every
/// diagnostic goes through `diagnostic`, the one place that turns a message into a stderr line: whatever a book or
/// a C library put in it is escaped by `LineText` (no control character, no second line, bounded length).
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Bytes to stdout in one write: large outputs are built as bytes and never copied through a String.
    static func out(bytes: [UInt8]) {
        bytes.withUnsafeBytes { FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count, deallocator: .none)) }
    }

    /// Quire's own text on stderr (help, usage, the progress bar): never anything a book or an input supplied.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// `quire: warning: <input>: <message>` or `quire: error: …`, as one escaped line.
    static func diagnostic(_ severity: Diagnostic.Severity, input: String?, _ message: String) {
        let prefix = input.map { "\($0): " } ?? ""
        error("quire: \(severity.rawValue): " + LineText.escaped(prefix + message) + "\n")
    }

    static func warning(input: String, _ message: String) {
        diagnostic(.warning, input: input, message)
    }

    static func failure(_ failure: CommandFailure) {
        diagnostic(.error, input: failure.input, failure.message)
    }
}

/// What a command leaves for the process exit to free all at once: tearing a paginated book down object by object
/// costs several milliseconds for nothing.
enum KeptUntilExit {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: Any...) { kept.append(contentsOf: values) }
}
