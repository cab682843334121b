import Foundation
import TestSupport
import XCTest

// Fixtures and readers for the scheduler-facing parts of `quire batch` (issue 21): libraries of small Markdown
// books made in a scratch folder, the binary run with a chosen environment, and what a run leaves behind.

/// The variables `--shard auto` reads: cleared from a child's environment unless a test sets them, so the tests
/// behave the same when the suite itself runs inside a Slurm job or a Kubernetes pod.
let schedulerVariables = ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP",
                          "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX"]

/// What a finished `quire` process printed, and its status (128 + the signal when a signal ended it).
struct Outcome {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// A `quire` process started with `environment` added to ours (scheduler variables removed first).
final class ScheduledQuire {
    let process = Process()
    private let scratch: URL

    init(_ arguments: [String], environment: [String: String] = [:], in directory: URL) throws {
        scratch = try temporaryFolder()
        for name in ["out", "err"] { _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent(name).path, contents: nil) }
        var inherited = ProcessInfo.processInfo.environment
        for name in schedulerVariables { inherited[name] = nil }
        process.environment = inherited.merging(environment) { $1 }
        process.executableURL = Run.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: scratch.appendingPathComponent("out").path)
        process.standardError = FileHandle(forWritingAtPath: scratch.appendingPathComponent("err").path)
        try process.run()
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL) throws -> Outcome {
        try ScheduledQuire(arguments, environment: environment, in: directory).wait()
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits; a process killed by a signal reports 128 + the signal, as a shell does.
    func wait() -> Outcome {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let read = { (name: String) in String(decoding: FileManager.default.contents(atPath: self.scratch.appendingPathComponent(name).path) ?? Data(), as: UTF8.self) }
        let signalled = process.terminationReason == .uncaughtSignal
        return Outcome(status: signalled ? 128 + process.terminationStatus : process.terminationStatus, stdout: read("out"), stderr: read("err"))
    }
}

/// `count` small Markdown books, `library/book-NNN.md`, each a few pages.
func smallLibrary(_ count: Int, paragraphs: Int = 4, in root: URL) throws -> URL {
    let library = root.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
    for n in 1...count {
        try Data(story(n, paragraphs: paragraphs).utf8).write(to: library.appendingPathComponent(String(format: "book-%03d.md", n)))
    }
    return library
}

/// A Markdown book: two chapters of `paragraphs` paragraphs, words varied by `n` so no two books are alike.
func story(_ n: Int, paragraphs: Int) -> String {
    let words = ["harbour", "lamp", "keeper", "tide", "stone", "gull", "night", "rope", "storm", "window", "salt", "bell", "quay"]
    var text = "# Book \(n)\n\n"
    for chapter in 1...2 {
        text += "## Chapter \(chapter)\n\n"
        for p in 0..<paragraphs {
            text += (0..<50).map { words[($0 * 5 + p * 3 + n * 7 + chapter) % words.count] }.joined(separator: " ") + ".\n\n"
        }
    }
    return text
}

/// Files under a folder by relative path (hidden ones included), with their bytes.
func files(under folder: URL) -> [String: Data] {
    var out: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return out }
    while let relative = walker.nextObject() as? String {
        var isFolder: ObjCBool = false
        let path = folder.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            out[relative] = FileManager.default.contents(atPath: path)
        }
    }
    return out
}

/// The lines of a manifest file as JSON objects (lines that are not JSON dropped).
func manifestLines(_ file: URL) -> [[String: Any]] {
    let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
}

/// Entries of an output root that are not finished books: temporary (`.tmp.…`) and set-aside (`.old.…`) folders.
func unfinished(_ root: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { $0.hasPrefix(".tmp.") || $0.hasPrefix(".old.") }
}

/// Book folders of an output root (everything but the manifest and hidden entries).
func bookFolders(_ root: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") && $0 != "manifest.jsonl" }.sorted()
}
