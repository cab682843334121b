import BookReaders
import Foundation

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
        self.init(input: input, error.message, code: error.isMissingInput ? .noInput : .dataError)
    }
}

/// Writes to stdout and stderr through FileHandle, never `print`, so output is buffered and explicit.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Bytes to stdout in one write: large outputs are built as bytes and never copied through a String.
    static func out(bytes: [UInt8]) {
        bytes.withUnsafeBytes { FileHandle.standardOutput.write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: $0.baseAddress!), count: $0.count, deallocator: .none)) }
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func warning(input: String, _ message: String) {
        error("quire: warning: \(input): \(message)\n")
    }

    static func failure(_ failure: CommandFailure) {
        let prefix = failure.input.map { "\($0): " } ?? ""
        error("quire: error: \(prefix)\(failure.message)\n")
    }
}

/// What a command leaves for the process exit to free all at once: tearing a paginated book down object by object
/// costs several milliseconds for nothing.
enum KeptUntilExit {
    nonisolated(unsafe) private static var kept: [Any] = []

    static func keep(_ values: Any...) { kept.append(contentsOf: values) }
}
