import XCTest
final class MarkdownSmokeTests: XCTestCase { func testNothing() {} }
