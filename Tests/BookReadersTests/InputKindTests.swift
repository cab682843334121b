import BookReaders
import XCTest

/// Inputs are recognised by their content (issue 13): ZIP archives are EPUBs, UTF-8 text is Markdown, anything else
/// is refused. (What the command line makes of it is QuireCLITests' InputKindCommandTests.)
final class InputKindTests: XCTestCase {
    func testTextChecks() throws {
        XCTAssertEqual(try InputKind.of(head: Array("# Title\n\nText — 日本語 🙂\n".utf8)), .markdownFile)
        XCTAssertEqual(try InputKind.of(head: [0x50, 0x4B, 0x03, 0x04, 0, 0]), .epubArchive)
        XCTAssertEqual(try InputKind.of(head: []), .markdownFile, "an empty file is empty text")
        let refused: [[UInt8]] = [
            [0x41, 0x00, 0x42],          // NUL
            [0x41, 0xFF, 0x42],          // never UTF-8
            [0xC0, 0xAF],                // overlong
            [0xED, 0xA0, 0x80],          // a surrogate
            [0xF4, 0x90, 0x80, 0x80],    // past U+10FFFF
            [0xE6, 0x97],                // cut short at the end of the whole input
            [0xE6, 0x41, 0x41],          // a lead byte without its continuation
        ]
        for bytes in refused {
            XCTAssertThrowsError(try InputKind.of(head: bytes), "\(bytes)")
        }
        // A prefix may end inside a character: the rest of the file is not seen yet.
        XCTAssertNoThrow(try InputKind.checkText([0x41, 0xE6, 0x97], complete: false))
    }
}
