import BookModel
import Layout
@testable import Spreads
import XCTest

/// Every page count 0…9 × spine × sides × direction × axis × first page, against a model written apart from
/// the builder: explicit strings for how a printed book lays out, built from plain strides.
final class GridTests: XCTestCase {
    /// The independent model: what a reader sees, spread by spread.
    func model(count n: Int, spine: SpineLocation, doubleSided: Bool, direction: Direction, axis: Axis,
               firstPage: FirstPage) -> [String] {
        guard n > 0 else { return [] }
        switch spine {
        case .none:
            return (1...n).map { "S\($0)" }
        case .min, .max:
            // mid is the only spine that forbids single-sided; none is never double-sided.
            if !doubleSided { return (1...n).map { "S\($0)" } }
            return stride(from: 1, through: n, by: 2).map { $0 + 1 <= n ? "S\($0)/\($0 + 1)" : "S\($0)" }
        case .mid:
            let (a, b) = axis == .horizontal ? ("L", "R") : ("T", "B")
            func pair(_ x: Int, _ y: Int?) -> String {
                let y = y.map(String.init) ?? "-"
                return direction == .ltr ? "\(a)\(x) \(b)\(y)" : "\(a)\(y) \(b)\(x)"
            }
            var out: [String] = []
            var start = 1
            if firstPage == .solo {
                out.append(direction == .ltr ? "\(b)1" : "\(a)1")
                start = 2
            }
            for x in stride(from: start, through: n, by: 2) { out.append(pair(x, x + 1 <= n ? x + 1 : nil)) }
            return out
        }
    }

    func testGrid() {
        var cases = 0
        for n in 0...9 {
            for spine in SpineLocation.allCases {
                for doubleSided in [false, true] {
                    for direction in Direction.allCases {
                        for axis in Axis.allCases {
                            for firstPage in [FirstPage.solo, .paired] {
                                let options = SpreadOptions(spine: spine, doubleSided: doubleSided,
                                                            direction: direction == .ltr ? .ltr : .rtl, axis: axis,
                                                            firstPage: firstPage)
                                let result = makeSpreads(pages: book(n), options: options)
                                let effectiveSides = spine == .mid ? true : spine == .none ? false : doubleSided
                                let label = "n=\(n) \(spine) doubleSided=\(doubleSided) \(direction) \(axis) \(firstPage)"
                                XCTAssertEqual(describe(result),
                                               model(count: n, spine: spine, doubleSided: effectiveSides,
                                                     direction: direction, axis: axis, firstPage: firstPage),
                                               label)
                                XCTAssertEqual(result.layout.spine, spine, label)
                                XCTAssertEqual(result.layout.doubleSided, effectiveSides, label)
                                XCTAssertEqual(result.layout.direction, direction, label)
                                XCTAssertEqual(result.layout.axis, axis, label)
                                XCTAssertEqual(result.layout.firstPage, firstPage, label)
                                XCTAssertEqual(result.pages.map(\.number), Array(0..<n).map { $0 + 1 }, label)
                                XCTAssertEqual(result.spreads.map(\.number),
                                               Array(0..<result.spreads.count).map { $0 + 1 }, label)
                                // Every page is on exactly one spread, shown or on a leaf's back.
                                let held = result.spreads.flatMap { $0.slots.flatMap { [$0.page, $0.back] } }
                                    .compactMap { $0 }
                                XCTAssertEqual(held.sorted(), Array(0..<n).map { $0 + 1 }, label)
                                cases += 1
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(cases, 10 * 4 * 2 * 2 * 2 * 2)
    }

    /// The model itself, pinned by hand for the cases the issue names, so a wrong model cannot pass.
    func testHandWrittenCases() {
        func run(_ n: Int, _ options: SpreadOptions) -> [String] { describe(makeSpreads(pages: book(n), options: options)) }
        let mid = SpreadOptions(spine: .mid)
        XCTAssertEqual(run(5, with(mid) { $0.direction = .ltr; $0.firstPage = .paired }), ["L1 R2", "L3 R4", "L5 R-"])
        XCTAssertEqual(run(5, with(mid) { $0.direction = .rtl; $0.firstPage = .paired }), ["L2 R1", "L4 R3", "L- R5"])
        XCTAssertEqual(run(5, with(mid) { $0.direction = .ltr; $0.firstPage = .solo }), ["R1", "L2 R3", "L4 R5"])
        XCTAssertEqual(run(4, with(mid) { $0.direction = .rtl; $0.firstPage = .solo }), ["L1", "L3 R2", "L- R4"])
        XCTAssertEqual(run(3, with(mid) { $0.direction = .ltr; $0.axis = .vertical; $0.firstPage = .paired }),
                       ["T1 B2", "T3 B-"])
        XCTAssertEqual(run(3, with(mid) { $0.direction = .rtl; $0.axis = .vertical; $0.firstPage = .paired }),
                       ["T2 B1", "T- B3"])
        XCTAssertEqual(run(2, with(mid) { $0.direction = .rtl; $0.axis = .vertical; $0.firstPage = .solo }),
                       ["T1", "T- B2"])
        XCTAssertEqual(run(5, SpreadOptions(spine: .min, doubleSided: true)), ["S1/2", "S3/4", "S5"])
        XCTAssertEqual(run(3, SpreadOptions(spine: .max, doubleSided: false)), ["S1", "S2", "S3"])
        XCTAssertEqual(run(3, SpreadOptions(spine: SpineLocation.none)), ["S1", "S2", "S3"])
        XCTAssertEqual(run(0, mid), [])
    }

    /// Right-to-left is the left-to-right sequence with each spread's slots reversed and mirrored.
    func testRightToLeftIsMirroredLeftToRight() {
        for n in 0...9 {
            for firstPage in [FirstPage.solo, .paired] {
                let ltr = makeSpreads(pages: book(n), options: SpreadOptions(spine: .mid, direction: .ltr,
                                                                             firstPage: firstPage))
                let rtl = makeSpreads(pages: book(n), options: SpreadOptions(spine: .mid, direction: .rtl,
                                                                             firstPage: firstPage))
                let mirrored = ltr.spreads.map { spread in
                    spread.slots.reversed().map { Slot(side: $0.side == .left ? .right : .left, page: $0.page) }
                }
                XCTAssertEqual(rtl.spreads.map(\.slots), mirrored, "n=\(n) \(firstPage)")
                XCTAssertEqual(rtl.spreads.map(\.pages), ltr.spreads.map(\.pages))
            }
        }
    }
}

/// A copy of `value` changed by `change`, for one-line variations of a base value.
func with<T>(_ value: T, _ change: (inout T) -> Void) -> T {
    var copy = value
    change(&copy)
    return copy
}
