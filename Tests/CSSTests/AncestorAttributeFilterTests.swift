import XCTest
@testable import CSS

/// The ancestor filter learns the attributes ancestor compounds test (`[epub|type~="z3998:verse"] p`): it may only
/// reject what cannot match, so every selector here gives the answer a full match gives.
final class AncestorAttributeFilterTests: XCTestCase {
    private let tree = TestTree(#"<html><body><section epub:type="chapter z3998:verse" lang="en" title="Part one"><div><p id="in">a</p></div></section><section epub:type="chapter"><p id="out">b</p></section></body></html>"#)

    private func centered(_ sheet: String) -> [Bool] {
        let styles = tree.styles(resolver("@namespace epub \"http://www.idpf.org/2007/ops\";\n" + sheet))
        return ["in", "out"].map { styles[tree.byID($0)].textAlign == .center }
    }

    func testTokensPresenceAndWholeValues() {
        XCTAssertEqual(centered(#"[epub|type~="z3998:verse"] p { text-align: center }"#), [true, false])
        XCTAssertEqual(centered(#"section[epub|type~="chapter"] > p { text-align: center }"#), [false, true])
        XCTAssertEqual(centered(#"[epub|type="chapter"] p { text-align: center }"#), [false, true])
        XCTAssertEqual(centered(#"[epub|type="chapter z3998:verse"] div > p { text-align: center }"#), [true, false])
        XCTAssertEqual(centered(#"[title] p { text-align: center }"#), [true, false])
        XCTAssertEqual(centered(#"[title~="one"] p { text-align: center }"#), [true, false])
        XCTAssertEqual(centered(#"[epub|type~="chap"] p { text-align: center }"#), [false, false])
        XCTAssertEqual(centered(#"[epub|type~=""] p { text-align: center }"#), [false, false])
    }

    /// Tests the filter does not learn (any namespace, case-insensitive values, other operators) still match.
    func testOtherAttributeTestsAreMatchedInFull() {
        XCTAssertEqual(centered(#"[*|type~="z3998:verse"] p { text-align: center }"#), [true, false])
        XCTAssertEqual(centered(#"[epub|type~="Z3998:VERSE" i] p { text-align: center }"#), [true, false])
        XCTAssertEqual(centered(#"[epub|type^="chapter z"] p { text-align: center }"#), [true, false])
        XCTAssertEqual(centered(#"[lang|="en"] p { text-align: center }"#), [true, false])
    }
}
