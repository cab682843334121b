import Foundation
import XCTest

/// Runs the built `quire` binary, as a user would, and captures what it printed.
struct Run {
    var status: Int32
    var stdout: String
    var stderr: String

    static var binary: URL {
        if let override = ProcessInfo.processInfo.environment["QUIRE_BIN"] { return URL(fileURLWithPath: override) }
        // On Linux the test bundle is an executable in the same products folder as `quire`.
        return Bundle.main.bundleURL.appendingPathComponent("quire")
    }

    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func quire(_ arguments: [String], stdin: Data? = nil, in directory: URL? = nil) throws -> Run {
        // Files rather than pipes: no reader threads, and no deadlock on large outputs.
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let paths = ["in", "out", "err"].map { scratch.appendingPathComponent($0).path }
        FileManager.default.createFile(atPath: paths[0], contents: stdin ?? Data())
        FileManager.default.createFile(atPath: paths[1], contents: nil)
        FileManager.default.createFile(atPath: paths[2], contents: nil)
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? packageRoot
        process.standardInput = FileHandle(forReadingAtPath: paths[0])
        process.standardOutput = FileHandle(forWritingAtPath: paths[1])
        process.standardError = FileHandle(forWritingAtPath: paths[2])
        try process.run()
        process.waitUntilExit()
        let out = FileManager.default.contents(atPath: paths[1]) ?? Data()
        let err = FileManager.default.contents(atPath: paths[2]) ?? Data()
        return Run(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
                   stderr: String(decoding: err, as: UTF8.self))
    }
}

/// Compares text with a golden file; QUIRE_RECORD=1 rewrites the file and fails, so recording never passes silently.
func assertSnapshot(_ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    let url = Run.packageRoot.appendingPathComponent("Tests/QuireCLITests/Snapshots/\(name)")
    if ProcessInfo.processInfo.environment["QUIRE_RECORD"] == "1" {
        try actual.write(to: url, atomically: true, encoding: .utf8)
        XCTFail("recorded snapshot \(name); run again without QUIRE_RECORD", file: file, line: line)
        return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
        XCTFail("missing snapshot \(name); record it with QUIRE_RECORD=1", file: file, line: line)
        return
    }
    if actual != expected {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let first = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
        XCTFail("snapshot \(name) differs at line \(first + 1):\n  expected: \(first < e.count ? String(e[first]) : "<end>")\n  actual:   \(first < a.count ? String(a[first]) : "<end>")", file: file, line: line)
    }
}

/// A scratch folder removed after the test.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The corpus folder when QUIRE_CORPUS is set; fails (not skips) when it is set but missing.
func corpus(file: StaticString = #filePath, line: UInt = #line) throws -> URL? {
    guard let path = ProcessInfo.processInfo.environment["QUIRE_CORPUS"], !path.isEmpty else { return nil }
    let url = URL(fileURLWithPath: path)
    guard FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.tsv").path) else {
        XCTFail("QUIRE_CORPUS is set to \(path) but holds no MANIFEST.tsv", file: file, line: line)
        return nil
    }
    return url
}

/// Writes `text` at `path` inside `folder`, creating the folders on the way: unpacked EPUB fixtures.
func writeFile(_ path: String, _ text: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}
