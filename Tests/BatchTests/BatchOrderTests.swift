import Foundation
@testable import Quire
import TestSupport
import XCTest

/// With several jobs, books start largest input first (issue 19): a long book started last would run alone at the
/// end of the batch while the other workers sat idle.
final class BatchOrderTests: XCTestCase {
    func testLargestInputsStartFirstTiesInTheOrderFound() throws {
        let root = try temporaryFolder(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("unpacked/OEBPS"), withIntermediateDirectories: true)
        func file(_ name: String, bytes: Int) throws {
            try Data(repeating: 0x61, count: bytes).write(to: root.appendingPathComponent(name))
        }
        try file("a.md", bytes: 10)
        try file("b.md", bytes: 300)
        try file("c.md", bytes: 10)
        try file("unpacked/OEBPS/one.xhtml", bytes: 250)
        try file("unpacked/OEBPS/two.xhtml", bytes: 250)
        try file("e.md", bytes: 20)
        let books = ["a.md", "b.md", "c.md", "gone.md", "unpacked", "e.md"].map {
            BatchBook(path: root.appendingPathComponent($0).path, key: $0, kind: $0 == "unpacked" ? .epubFolder : .markdown, name: $0)
        }
        // The folder weighs its files together (500 bytes); a missing book weighs nothing and goes last.
        XCTAssertEqual(BatchRunner.largestFirst(books).map(\.key), ["unpacked", "b.md", "e.md", "a.md", "c.md", "gone.md"])
    }

    func testOneJobKeepsTheOrderFound() throws {
        let root = try makeLibrary(markdown: 4, paragraphs: 1, corrupt: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let out = root.appendingPathComponent("out")
        // Book 3 is made the largest; with one job it still comes last, as found.
        let bigger = root.appendingPathComponent("library/nested/deeper/book 3.md")
        try markdownBook(3, paragraphs: 40).write(to: bigger, atomically: true, encoding: .utf8)
        let runner = try BatchRunner(BatchJob(inputs: [root.appendingPathComponent("library").path], outputRoot: out.path, jobs: 1))
        _ = try runner.run()
        XCTAssertEqual(manifest(out).compactMap { $0["key"] as? String }, runner.books.map(\.key))
        XCTAssertEqual(runner.books.last?.key, "nested/deeper/book 3.md")
    }
}
