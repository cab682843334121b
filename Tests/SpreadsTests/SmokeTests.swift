import XCTest
final class SpreadsSmokeTests: XCTestCase { func testNothing() {} }
