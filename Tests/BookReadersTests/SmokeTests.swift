import XCTest
@testable import BookReaders
final class SmokeTests: XCTestCase { func testNothing() {} }
