import Foundation
import TestSupport
import XCTest

/// The README's library example is compiled: `Examples/Library/main.swift` is an executable target that every
/// `swift build` (and so `make test`) builds, and this test checks that the README shows that file, byte for
/// byte, in the fenced block after its `<!-- compiled: Examples/Library/main.swift -->` marker.
final class ReadmeExampleTests: XCTestCase {
    static let marker = "<!-- compiled: Examples/Library/main.swift -->"

    func testReadmeShowsTheCompiledExample() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(contentsOf: root.appendingPathComponent("Examples/Library/main.swift"), encoding: .utf8)
        let shown = try XCTUnwrap(Self.block(after: Self.marker, in: readme),
                                  "README.md has no ```swift block after the line \(Self.marker)")
        XCTAssertEqual(shown, example, "the README's library example differs from Examples/Library/main.swift")
    }

    /// The README's sample screens (a page with a running head, print page labels and a footnote; the terminal
    /// reader's first screen) are what the commands they name print: each `<!-- output: ARGS -->` line gives the
    /// arguments, the ```text block after it the output.
    func testReadmeShowsTheSampleScreensAsPrinted() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let markers = lines.indices.filter { lines[$0].hasPrefix("<!-- output: ") }
        XCTAssertGreaterThanOrEqual(markers.count, 2, "README.md shows the sample page and the reader's screen")
        for at in markers {
            let arguments = lines[at].dropFirst("<!-- output: ".count).dropLast(" -->".count).split(separator: " ").map(String.init)
            XCTAssertEqual(lines[at + 1], "```text")
            let end = try XCTUnwrap(lines[(at + 2)...].firstIndex(of: "```"))
            let shown = lines[(at + 2)..<end].map { $0 + "\n" }.joined()
            let run = try Run.quire(arguments, in: root)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertEqual(shown, run.stdout, "the README's sample differs from what `quire \(arguments.joined(separator: " "))` prints")
        }
    }

    /// The lines of the first fenced block after the line `marker`, each ending in a newline.
    static func block(after marker: String, in text: String) -> String? {
        let lines = text.components(separatedBy: "\n")
        guard let at = lines.firstIndex(of: marker), at + 1 < lines.count, lines[at + 1] == "```swift",
              let end = lines[(at + 2)...].firstIndex(of: "```") else { return nil }
        return lines[(at + 2)..<end].map { $0 + "\n" }.joined()
    }
}
