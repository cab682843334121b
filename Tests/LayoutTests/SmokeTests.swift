import XCTest
final class LayoutSmokeTests: XCTestCase { func testNothing() {} }
