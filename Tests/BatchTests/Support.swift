import Foundation
import XCTest

/// Runs the built `quire` binary as a user would (a copy of QuireCLITests' helper, kept apart so the targets
/// stay independent).
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

    @discardableResult
    static func quire(_ arguments: [String], in directory: URL? = nil) throws -> Run {
        let process = try Background(arguments, in: directory)
        return process.wait()
    }
}

/// A `quire` process running in the background, its output going to files (no pipes, no deadlocks).
final class Background {
    let process = Process()
    private let scratch: URL

    init(_ arguments: [String], in directory: URL? = nil) throws {
        scratch = try temporaryFolder()
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("out").path, contents: nil)
        _ = FileManager.default.createFile(atPath: scratch.appendingPathComponent("err").path, contents: nil)
        process.executableURL = Run.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory ?? Run.packageRoot
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        process.standardOutput = FileHandle(forWritingAtPath: scratch.appendingPathComponent("out").path)
        process.standardError = FileHandle(forWritingAtPath: scratch.appendingPathComponent("err").path)
        try process.run()
    }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    func wait() -> Run {
        process.waitUntilExit()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let out = FileManager.default.contents(atPath: scratch.appendingPathComponent("out").path) ?? Data()
        let err = FileManager.default.contents(atPath: scratch.appendingPathComponent("err").path) ?? Data()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return Run(status: status, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}

/// A scratch folder; callers remove it.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-batch-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The corpus folder when QUIRE_CORPUS is set; fails (not skips) when it is set but missing.
func corpus(file: StaticString = #filePath, line: UInt = #line) -> URL? {
    guard let path = ProcessInfo.processInfo.environment["QUIRE_CORPUS"], !path.isEmpty else { return nil }
    let url = URL(fileURLWithPath: path)
    guard FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.tsv").path) else {
        XCTFail("QUIRE_CORPUS is set to \(path) but holds no MANIFEST.tsv", file: file, line: line)
        return nil
    }
    return url
}

/// Every file under a folder, by relative path, with its bytes (hidden files included, folders implied).
func tree(_ folder: URL, skipping skipped: Set<String> = []) -> [String: Data] {
    var out: [String: Data] = [:]
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return out }
    while let relative = walker.nextObject() as? String {
        if skipped.contains(relative) { continue }
        var isFolder: ObjCBool = false
        let path = folder.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
            out[relative] = FileManager.default.contents(atPath: path)
        }
    }
    return out
}

/// The manifest's lines as JSON objects.
func manifest(_ folder: URL) -> [[String: Any]] {
    let text = (try? String(contentsOf: folder.appendingPathComponent("manifest.jsonl"), encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap {
        (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
    }
}

/// A manifest line without its time, as a comparable string.
func timeless(_ line: [String: Any]) -> String {
    var line = line
    line["ms"] = nil
    let data = (try? JSONSerialization.data(withJSONObject: line, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
}

/// The last manifest line of each input key.
func latest(_ lines: [[String: Any]]) -> [String: [String: Any]] {
    var out: [String: [String: Any]] = [:]
    for line in lines { if let key = line["key"] as? String { out[key] = line } }
    return out
}

/// A small library: the sample EPUB folder, a few Markdown books (one nested), and a corrupt .epub.
func makeLibrary(markdown count: Int = 3, paragraphs: Int = 3, corrupt: Bool = true) throws -> URL {
    let root = try temporaryFolder()
    let library = root.appendingPathComponent("library")
    try FileManager.default.createDirectory(at: library.appendingPathComponent("nested/deeper"), withIntermediateDirectories: true)
    try FileManager.default.copyItem(at: Run.packageRoot.appendingPathComponent("Samples/lighthouse-keeper"),
                                     to: library.appendingPathComponent("lighthouse-keeper"))
    for i in 1...count {
        let folder = i % 3 == 0 ? library.appendingPathComponent("nested/deeper") : library
        try markdownBook(i, paragraphs: paragraphs).write(to: folder.appendingPathComponent("book \(i).md"), atomically: true, encoding: .utf8)
    }
    if corrupt {
        try Data((0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: library.appendingPathComponent("broken.epub"))
    }
    return root
}

/// A Markdown book with chapters and enough text to take some time.
func markdownBook(_ n: Int, paragraphs: Int) -> String {
    let words = ["harbour", "lamp", "keeper", "tide", "stone", "gull", "night", "rope", "storm", "window", "salt", "bell"]
    var text = "---\ntitle: Book \(n)\n---\n\n"
    for chapter in 1...3 {
        text += "# Chapter \(chapter) of book \(n)\n\n"
        for p in 0..<paragraphs {
            text += (0..<60).map { words[($0 * 7 + p * 3 + n + chapter) % words.count] }.joined(separator: " ") + ".\n\n"
        }
    }
    return text
}
