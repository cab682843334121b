import XCTest
final class HTMLSmokeTests: XCTestCase { func testNothing() {} }
