@testable import BookReaders
import XCTest

/// `ContainerPath.normalize` returns a path with no empty, `.` or `..` step as it is, without splitting it
/// (issue 19): the answer must be the one the step arithmetic gives, for every path.
final class ContainerPathNormalTests: XCTestCase {
    /// The step arithmetic alone, as `normalize` was before its shortcut.
    private func bySteps(_ path: String) -> String { ContainerPath.steps(path).steps.joined(separator: "/") }

    func testNormalPathsAreTheirOwnNormalForm() {
        for path in ["OEBPS/text/chapter-1.xhtml", "a", "...", ".hidden/file", "a./b.", "a/.../b", "日本/本.xhtml"] {
            XCTAssertTrue(ContainerPath.isNormal(path), path)
            XCTAssertEqual(ContainerPath.normalize(path), path)
        }
        for path in ["", "/a", "a/", "a//b", "./a", "a/./b", "a/..", "../a", ".", ".."] {
            XCTAssertFalse(ContainerPath.isNormal(path), path)
        }
    }

    /// Random paths from pieces that make every kind of step, combining marks after slashes and dots included
    /// (a Character split does not split at a slash a mark follows).
    func testShortcutAgreesWithTheSteps() {
        let pieces = ["a", "b", ".", "..", "/", "//", "é", "\u{301}", "本", "-", " "]
        var generator = SystemRandomNumberGenerator()
        var shortcut = 0
        for _ in 0..<5_000 {
            let path = (0..<Int.random(in: 0...8, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            if ContainerPath.isNormal(path) { shortcut += 1 }
            XCTAssertEqual(ContainerPath.normalize(path), bySteps(path), "\(path.unicodeScalars.map { $0.escaped(asASCII: true) })")
        }
        XCTAssertGreaterThan(shortcut, 500, "the shortcut was taken too rarely to be tested")
    }
}
