import Foundation
import TestSupport
import XCTest

/// A page too small for a book's widest character is that book's error in a batch (issue 13): the manifest says
/// why, no folder is written for it, and the other books are rendered.
final class PageTooSmallBatchTests: XCTestCase {
    func testTheBookThatCannotFitFailsAndTheOthersAreWritten() throws {
        let root = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let library = root.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try "# 草枕\n\n山路を登りながら、こう考えた。\n".write(to: library.appendingPathComponent("wide.md"), atomically: true, encoding: .utf8)
        try "# Narrow\n\nEvery letter here takes one cell.\n".write(to: library.appendingPathComponent("narrow.md"), atomically: true, encoding: .utf8)
        let run = try Run.quire(["batch", "library", "-o", "out", "--page", "1x3", "--quiet"], in: root)
        XCTAssertEqual(run.status, 65, run.stderr)
        XCTAssertTrue(run.stderr.contains("wide.md: --page 1x3 is too narrow for this book: its widest character takes 2 cells; use at least 2x3"),
                      run.stderr)
        let manifest = try String(contentsOf: root.appendingPathComponent("out/manifest.jsonl"), encoding: .utf8)
        let lines = manifest.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let byInput = Dictionary(uniqueKeysWithValues: lines.map { (($0["input"] as! String as NSString).lastPathComponent, $0) })
        XCTAssertEqual(byInput["wide.md"]?["status"] as? String, "error")
        XCTAssertEqual(byInput["narrow.md"]?["status"] as? String, "ok")
        let folders = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("out").path)
        XCTAssertTrue(folders.contains { $0.hasPrefix("narrow-") }, "\(folders)")
        XCTAssertFalse(folders.contains { $0.hasPrefix("wide-") }, "\(folders)")
    }
}
