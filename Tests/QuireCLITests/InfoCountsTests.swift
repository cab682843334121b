import Foundation
import TestSupport
import XCTest

/// `quire info --page CxL` counts pages and spreads as `render` makes them at that size.
final class InfoCountsTests: XCTestCase {
    let sample = "Samples/lighthouse-keeper"

    func testCountsMatchTheRenderedPageMap() throws {
        for size in ["30x10", "38x20", "12x6"] {
            let info = try Run.quire(["info", sample, "--page", size, "--json"])
            XCTAssertEqual(info.status, 0, info.stderr)
            let object = try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as! [String: Any]
            let counts = object["pagination"] as! [String: Any]
            let render = try Run.quire(["render", sample, "--page", size, "--format", "json", "--viewport", "80x24"])
            let map = try JSONSerialization.jsonObject(with: Data(render.stdout.utf8)) as! [String: Any]
            XCTAssertEqual(counts["pages"] as? Int, (map["pages"] as! [Any]).count, size)
            XCTAssertEqual(counts["spreads"] as? Int, (map["spreads"] as! [Any]).count, size)
            XCTAssertEqual(counts["orientation"] as? String, (map["layout"] as! [String: Any])["orientation"] as? String)
            let text = try Run.quire(["info", sample, "--page", size])
            XCTAssertTrue(text.stdout.contains("Pages:            \(counts["pages"]!) of \(size) cells, \(counts["spreads"]!) spreads"), text.stdout)
        }
        XCTAssertNil((try JSONSerialization.jsonObject(with: Data(try Run.quire(["info", sample, "--json"]).stdout.utf8))
                      as! [String: Any])["pagination"], "counted only when asked")
        XCTAssertEqual(try Run.quire(["info", sample, "--page", "0x3"]).status, 64)
    }
}
