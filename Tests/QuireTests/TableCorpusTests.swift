import BookModel
import Foundation
import Layout
import Quire
import TestSupport
import XCTest

/// Tables of real books (run when QUIRE_CORPUS is set, skipped otherwise).
final class TableCorpusTests: XCTestCase {
    /// The Rust book's Table 3-1 ("Integer Types in Rust") on the default page: a grid in which every cell's words
    /// are whole (a word ending in a hyphen may end a line there, as the line breaker allows).
    func testRustBookTable31SplitsNoWord() throws {
        let path = try corpus().appendingPathComponent("markdown/rust-book-nostarch.md")
        let book = try Quire.open([path.path])
        let pages = paginate(book.document)
        // The table's lines: from the first line after its caption that opens a grid to the line that closes it.
        let lines = pages.flatMap(\.lines).map(\.text)
        let caption = try XCTUnwrap(lines.firstIndex { $0.contains("Table 3-1: Integer Types in Rust") })
        let top = try XCTUnwrap(lines[caption...].firstIndex { $0.hasPrefix("┌") }, "no grid after the caption")
        let bottom = try XCTUnwrap(lines[top...].firstIndex { $0.hasPrefix("└") })
        XCTAssertLessThan(top - caption, 4, "the grid follows its caption")
        let fragments = lines[top...bottom].flatMap { line in
            line.split(separator: "│").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.contains("─") }
        }
        // The words of the table's cells, as the book's reader gave them.
        let table = try XCTUnwrap(book.document.chapters.lazy.flatMap(\.blocks).compactMap { block -> Table? in
            guard case .table(let table) = block.kind, table.rows.first?.cells.first.map(Self.text) == "Length" else {
                return nil
            }
            return table
        }.first)
        let words = Set(table.rows.flatMap { $0.cells.flatMap { Self.text($0).split(separator: " ").map(String.init) } })
        XCTAssertTrue(words.isSuperset(of: ["Signed", "Unsigned", "isize", "usize"]), "\(words)")
        for fragment in fragments {
            for piece in fragment.split(separator: " ").map(String.init) where !words.contains(piece) {
                // Only a word split after its own hyphen is allowed: "Architecture-" then "dependent".
                let joined = words.contains { $0.hasPrefix(piece) && piece.hasSuffix("-") || $0.contains("-" + piece) }
                XCTAssertTrue(joined, "\(piece) is part of a split word: \(lines[top...bottom])")
            }
        }
    }

    private static func text(_ cell: TableCell) -> String {
        cell.blocks.map { block -> String in
            guard case .paragraph(let inlines) = block.kind else { return "" }
            return inlines.plainText
        }.joined(separator: " ")
    }
}
