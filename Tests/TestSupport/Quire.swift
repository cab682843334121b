import Foundation

/// Runs the built `quire` binary as a user would and captures what it printed.
///
/// Output goes to files rather than pipes: no reader threads, and no deadlock on large outputs.
public struct Run: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// The binary under test: `QUIRE_BIN`, or the `quire` built beside the test bundle (on Linux the test bundle is
    /// an executable in the same products folder).
    public static var binary: URL {
        if let override = ProcessInfo.processInfo.environment["QUIRE_BIN"] { return URL(fileURLWithPath: override) }
        return Bundle.main.bundleURL.appendingPathComponent("quire")
    }

    /// The package's root folder (this file is Tests/TestSupport/Quire.swift).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs `quire` with `arguments` in `directory` (the package root by default), `stdin` as its input, and waits;
    /// `environment` adds to (or, with an empty value, removes from) the test's own environment.
    @discardableResult
    public static func quire(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                             environment: [String: String] = [:]) throws -> Run {
        try Background(arguments, stdin: stdin, in: directory, environment: environment).wait()
    }
}

/// A `quire` process running in the background, its output going to files; `wait()` collects it.
public final class Background {
    public let process = Process()
    private let scratch: URL

    public init(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil,
                environment: [String: String] = [:]) throws {
        scratch = try temporaryFolder()
        let input = scratch.appendingPathComponent("in").path
        let output = scratch.appendingPathComponent("out").path
        let errors = scratch.appendingPathComponent("err").path
        _ = FileManager.default.createFile(atPath: input, contents: stdin ?? Data())
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        process.executableURL = Run.binary
        process.arguments = arguments
        if !environment.isEmpty {
            var merged = ProcessInfo.processInfo.environment
            for (name, value) in environment { merged[name] = value.isEmpty ? nil : value }
            process.environment = merged
        }
        process.currentDirectoryURL = directory ?? Run.packageRoot
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
    }

    /// Sends a signal (SIGINT, SIGTERM) to the process.
    public func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the process; a process killed by a signal reports 128 + the signal, as a shell does.
    public func wait() -> Run {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = FileManager.default.contents(atPath: scratch.appendingPathComponent("out").path) ?? Data()
        let err = FileManager.default.contents(atPath: scratch.appendingPathComponent("err").path) ?? Data()
        let signalled = process.terminationReason == .uncaughtSignal
        return Run(
            status: signalled ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
