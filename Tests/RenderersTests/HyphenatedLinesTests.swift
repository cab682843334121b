import Foundation
import Layout
@testable import Renderers
import XCTest

/// The page map says which lines end in a hyphen Quire drew (issue 16), so a consumer can take it off: the
/// `hyphenated` indexes, only on pages that have one.
final class HyphenatedLinesTests: XCTestCase {
    static let page = Fixture.page(1, [
        Line(text: "The incompre-", width: 13, decorations: [12..<13], hyphenated: true),
        Line(text: "hensibility of", width: 14),
        Line(text: "hy-", width: 3, decorations: [2..<3], hyphenated: true),
        Line(text: "phen", width: 4),
    ])

    func testHyphenatedLinesAreListed() throws {
        let json = PageMap.page(Self.page).serialized()
        XCTAssertTrue(json.hasSuffix(#""lines":["The incompre-","hensibility of","hy-","phen"],"hyphenated":[0,2]}"#), json)
        // Taking the last character off the listed lines gives the book's text back.
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var lines = try XCTUnwrap(object["lines"] as? [String])
        for index in try XCTUnwrap(object["hyphenated"] as? [Int]) { lines[index].removeLast() }
        XCTAssertEqual(lines.joined(separator: "\n"), "The incompre\nhensibility of\nhy\nphen")
    }

    func testPagesWithoutHyphensSayNothing() {
        let plain = Fixture.page(2, [Fixture.line("hensibility of")])
        XCTAssertFalse(PageMap.page(plain).serialized().contains("hyphenated"))
    }

    func testWriterAndValueAgree() {
        var written: [UInt8] = []
        PageMap.writePage(Self.page, into: &written)
        var serialized: [UInt8] = []
        PageMap.page(Self.page).write(to: &serialized, pretty: true, indent: 2)
        XCTAssertEqual(String(decoding: written, as: UTF8.self), String(decoding: serialized, as: UTF8.self))
    }
}
