@testable import CSS
import TestSupport
import XCTest

/// The attribute selector operators on UTF-8 bytes (`AttributeTest.matches(_:_:_:)`, which tests attributes
/// without making Strings) against their definitions in Selectors 4 §6.1–6.2, written on Strings.
final class AttributeOperatorTests: XCTestCase {
    private func reference(_ op: AttributeTest.Operator, _ actual: String, _ value: String) -> Bool {
        switch op {
        case .exists: return true
        case .equals: return actual == value
        case .includes: return actual.split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }).contains { $0 == value }
        case .dashMatch: return actual == value || actual.hasPrefix(value + "-")
        case .prefix: return !value.isEmpty && actual.hasPrefix(value)
        case .suffix: return !value.isEmpty && actual.hasSuffix(value)
        case .substring: return !value.isEmpty && actual.contains(value)
        }
    }

    func testBytesMatchTheDefinitionsOnRandomValues() {
        // Few letters, so that values are often prefixes, suffixes and parts of each other; "-" and spaces for
        // `|=` and `~=`.
        let pieces = ["e", "n", "-", " ", "\t", "é"]
        var generator = SeededGenerator(for: self)
        func random(_ most: Int) -> String {
            (0..<Int.random(in: 0...most, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        let ops: [AttributeTest.Operator] = [.equals, .includes, .dashMatch, .prefix, .suffix, .substring]
        for _ in 0..<4000 {
            var actual = random(7), value = random(3)
            for op in ops {
                let bytes = actual.withUTF8 { a in value.withUTF8 { v in AttributeTest.matches(op, a, v) } }
                XCTAssertEqual(bytes, reference(op, actual, value), "\(op) \(actual.debugDescription) \(value.debugDescription)")
            }
        }
    }
}
