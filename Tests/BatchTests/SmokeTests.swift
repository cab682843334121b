import XCTest
final class BatchSmokeTests: XCTestCase { func testNothing() {} }
