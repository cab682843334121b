import Foundation
import Quire
@testable import Renderers
import TestSupport
import XCTest

/// `--bidi visual` on the corpus's Arabic, Hebrew and Persian books: the same rows as the logical output, each as
/// wide as a terminal measures it (glibc's wcswidth, not Quire's own measure), and only rows with right-to-left
/// text changed, to a reordering of their characters.
final class BidiCorpusTests: XCTestCase {
    /// glibc's wcswidth, as a terminal counts cells (TestSupport `terminalWidth`).
    private func wcswidth(_ text: Substring) -> Int {
        terminalWidth(text)
    }

    /// The manifest's books in a right-to-left language (its sixth column).
    private func rightToLeftBooks(_ corpus: URL) throws -> [String] {
        let manifest = try String(contentsOf: corpus.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
        return manifest.split(separator: "\n").dropFirst().compactMap { row in
            let fields = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count > 5, ["ar", "he", "fa"].contains(fields[5].prefix(2)) else { return nil }
            return String(fields[0])
        }
    }

    private func text(_ pagination: Pagination, _ bidi: Renderers.BidiMode) -> String {
        var bytes: [UInt8] = []
        Quire.writeTextSpreads(pagination, ambiguousWide: false, bidi: bidi, where: { _ in true }, write: { bytes += $0 })
        return String(decoding: bytes, as: UTF8.self)
    }

    func testVisualKeepsRowsAndCellsOfRightToLeftBooks() throws {
        let corpus = try corpus()
        var changedBooks = 0
        for relative in try rightToLeftBooks(corpus) {
            let book = try Quire.open([corpus.appendingPathComponent(relative).path])
            let pagination = Quire.paginate(book, spreads: SpreadOptions(viewport: .standard))
            let logical = text(pagination, .logical).split(separator: "\n", omittingEmptySubsequences: false)
            let visual = text(pagination, .visual).split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(visual.count, logical.count, relative)
            var changed = 0
            for (old, new) in zip(logical, visual) where old != new {
                changed += 1
                XCTAssertTrue(VisualLine.holdsRightToLeft(String(old)), "\(relative): \(old)")
                XCTAssertEqual(wcswidth(new), wcswidth(old), "\(relative): \(new)")
                XCTAssertEqual(new.unicodeScalars.count, old.unicodeScalars.count, "\(relative): \(new)")
                XCTAssertEqual(new.first, old.first, relative)
                XCTAssertEqual(new.last, old.last, relative)
            }
            if changed > 0 { changedBooks += 1 }
        }
        XCTAssertGreaterThanOrEqual(changedBooks, 4)
    }
}
