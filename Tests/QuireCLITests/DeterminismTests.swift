import Foundation
import TestSupport
import XCTest

/// What is written to a file never depends on the terminal the command was typed in (issue 13), and options the
/// chosen format does not use are named in a warning instead of silently ignored.
final class DeterminismTests: XCTestCase {
    let sample = "Samples/lighthouse-keeper"

    /// Runs quire under a pseudo-terminal of the given size (util-linux `script`), so `isatty(1)` is true and
    /// TIOCGWINSZ answers `columns`x`lines`.
    private func inTerminal(columns: Int, lines: Int, _ arguments: [String]) throws -> Int32 {
        let quoted = ([Run.binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "stty cols \(columns) rows \(lines); " + quoted.joined(separator: " "), "/dev/null"]
        process.currentDirectoryURL = Run.packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private func files(in folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        let names = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
        for name in names {
            var isFolder: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                out[name] = FileManager.default.contents(atPath: path)
            }
        }
        return out
    }

    func testOutputFilesAreTheSameInANarrowTerminalAndWithout() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for format in ["text", "json", "html"] {
            let piped = scratch.appendingPathComponent("\(format)-piped")
            let typed = scratch.appendingPathComponent("\(format)-typed")
            let run = try Run.quire(["render", sample, "--format", format, "-o", piped.path])
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(try inTerminal(columns: 50, lines: 30, ["render", sample, "--format", format, "-o", typed.path]), 0)
            let expected = try files(in: piped)
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(try files(in: typed), expected, "\(format): a 50-column terminal changed the files")
        }
        // The standard viewport (80x24) shows two 38x20 framed pages: the files are landscape.
        let map = try String(contentsOf: scratch.appendingPathComponent("json-typed/book.json"), encoding: .utf8)
        XCTAssertTrue(map.contains("\"orientation\": \"landscape\""), map)
    }

    /// The executable's heap policy (HeapPolicy: malloc's top pad, huge pages) changes how memory is backed, never
    /// what is written: the same files with it on and with it left off (GLIBC_TUNABLES naming a malloc tunable,
    /// here glibc's own default top pad, leaves malloc alone).
    func testOutputFilesAreTheSameWithAndWithoutTheHeapPolicy() throws {
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for format in ["text", "json", "html"] {
            let on = scratch.appendingPathComponent("\(format)-on"), off = scratch.appendingPathComponent("\(format)-off")
            let first = try Run.quire(["render", sample, "--format", format, "-o", on.path], environment: ["GLIBC_TUNABLES": ""])
            XCTAssertEqual(first.status, 0, first.stderr)
            let second = try Run.quire(["render", sample, "--format", format, "-o", off.path],
                                       environment: ["GLIBC_TUNABLES": "glibc.malloc.top_pad=131072"])
            XCTAssertEqual(second.status, 0, second.stderr)
            let expected = try files(in: on)
            XCTAssertFalse(expected.isEmpty)
            XCTAssertEqual(try files(in: off), expected, "\(format): the heap policy changed the files")
        }
        let stdout = try Run.quire(["render", sample, "--format", "json"], environment: ["GLIBC_TUNABLES": ""])
        let plain = try Run.quire(["render", sample, "--format", "json"], environment: ["GLIBC_TUNABLES": "glibc.malloc.top_pad=131072"])
        XCTAssertEqual(stdout.status, 0, stdout.stderr)
        XCTAssertEqual(stdout.stdout, plain.stdout)
    }

    func testTheTerminalStillSizesWhatIsShownOnIt() throws {
        // Printed straight to a 50-column terminal, two 40-column framed pages do not fit: portrait. `script`
        // keeps what the terminal was sent in its log.
        let scratch = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let log = scratch.appendingPathComponent("typescript")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-q", "-e", "-c", "stty cols 50 rows 30; '\(Run.binary.path)' render \(sample) --format json", log.path]
        process.currentDirectoryURL = Run.packageRoot
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        let shown = String(decoding: try Data(contentsOf: log), as: UTF8.self)
        XCTAssertTrue(shown.contains("\"orientation\": \"portrait\""), shown.suffix(400).description)
    }

    func testOptionsTheFormatDoesNotUseAreNamed() throws {
        let cases: [([String], String)] = [
            (["--format", "json", "--from", "2"], "quire: warning: --from applies to --format text only; ignored with --format json"),
            (["--format", "json", "--transition", "scroll"], "quire: warning: --transition applies to --format html only; ignored with --format json"),
            (["--single-file"], "quire: warning: --single-file applies to --format html only; ignored with --format text"),
        ]
        for (options, warning) in cases {
            let run = try Run.quire(["render", sample] + options)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(run.stderr, warning + "\n", "\(options)")
        }
        XCTAssertEqual(try Run.quire(["render", sample, "--format", "json", "--from", "2", "--quiet"]).stderr, "")
    }
}
