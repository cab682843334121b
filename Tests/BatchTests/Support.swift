import Foundation
import TestSupport
import XCTest

// Batch fixtures and readers of what a batch run leaves behind; the runner, scratch folders and the corpus are
// TestSupport's.

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
