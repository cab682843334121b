import Renderers
import Spreads
import XCTest

/// The viewer's own option rule (moved from `SpreadOptions.validate()` with `Transition`).
final class HTMLOptionsTests: XCTestCase {
    func testNoSpineCannotCurl() {
        XCTAssertEqual(Transition.curl.validate(spine: SpineLocation.none), .noSpineWithCurl)
        XCTAssertNil(Transition.scroll.validate(spine: SpineLocation.none))
        for spine in [nil, SpineLocation.min, .mid, .max] {
            XCTAssertNil(Transition.curl.validate(spine: spine))
            XCTAssertNil(Transition.scroll.validate(spine: spine))
        }
        XCTAssertEqual(HTMLOptionsError.noSpineWithCurl.message,
                       "--spine none lets pages scroll and needs --transition scroll, not curl")
    }
}
