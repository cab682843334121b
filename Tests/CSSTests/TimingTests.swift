import XCTest
@testable import CSS

/// Prints rough timings (never asserted: tests never time). Run with `swift test -c release --filter TimingTests`
/// for figures that mean something.
final class TimingTests: XCTestCase {
    func testPrintTimings() {
        let css = Workload.sheet()
        let clock = ContinuousClock()
        var sheet = Stylesheet("")
        let parse = clock.measure { sheet = Stylesheet(css) }
        let tree = Workload.document()
        var resolver = StyleResolver(sheets: [])
        let index = clock.measure { resolver = StyleResolver(sheets: [LoadedSheet(label: "w.css", sheet: sheet)]) }
        var styles: [ComputedStyle] = []
        let cascade = clock.measure { styles = tree.styles(resolver) }
        print("CSS timing: tokenize+parse \(css.utf8.count) bytes (\(sheet.allStyleRules.count) rules): \(parse); "
              + "index \(resolver.ruleCount) rules: \(index); cascade \(styles.count) elements: \(cascade)")
    }
}
