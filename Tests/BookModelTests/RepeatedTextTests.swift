import BookModel
import XCTest

/// `String.repeated` must make exactly the standard library's `String(repeating:count:)`, for one-byte and
/// multi-byte units, and nothing for a count of zero or less.
final class RepeatedTextTests: XCTestCase {
    func testMatchesTheStandardLibrary() {
        for unit in [" ", "─", "  ", "<span class=\"r\"></span>", "é", "👍🏽", "a\u{0301}"] {
            for count in [0, 1, 2, 3, 17, 100] {
                let made = String.repeated(unit, count: count)
                XCTAssertEqual(made, String(repeating: unit, count: count), "\(unit) × \(count)")
                XCTAssertEqual(made.utf8.count, unit.utf8.count * count)
            }
        }
    }

    func testEmptyForNoRepetitionOrNoUnit() {
        XCTAssertEqual(String.repeated("─", count: -3), "")
        XCTAssertEqual(String.repeated("", count: 5), "")
    }
}
