import TestSupport
import XCTest
@testable import Layout

/// First-fit's search over running widths must choose exactly the lines the cluster-by-cluster loop chooses, with
/// and without forced breaks.
final class FirstFitSearchTests: XCTestCase {
    func testSearchAgreesWithTheClusterLoopOnRandomParagraphs() {
        var generator = SeededGenerator(for: self)
        for round in 0..<20_000 {
            let n = Int.random(in: 0...120, using: &generator)
            // Widths 0-2 and flags as measuring gives them: spaces (breakable, one cell), invisible zero-width
            // clusters, wide clusters, break opportunities anywhere, kinsoku marks for long-run splits.
            var widths: [UInt8] = []
            var flags: [ClusterFlags] = []
            for _ in 0..<n {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0, 1:
                    widths.append(1)
                    flags.append([.space, .breakAfter])
                case 2:
                    widths.append(0)
                    flags.append(.invisible)
                case 3:
                    widths.append(2)
                    flags.append(Bool.random(using: &generator) ? [.wide, .breakAfter] : [.wide, .noStart])
                default:
                    widths.append(1)
                    var f: ClusterFlags = Int.random(in: 0..<4, using: &generator) == 0 ? .breakAfter : []
                    if Int.random(in: 0..<12, using: &generator) == 0 { f.insert(.noEnd) }
                    flags.append(f)
                }
            }
            var prefix: [Int32] = [0]
            for w in widths { prefix.append(prefix[prefix.count - 1] + Int32(w)) }
            let first = Int.random(in: 1...12, using: &generator)
            let rest = Int.random(in: 1...12, using: &generator)
            // Forced breaks (`<br>`) in half the paragraphs: anywhere, at the start or the end, some twice in a row.
            var hardBefore: [Int] = []
            if round % 2 == 1 {
                for _ in 0..<Int.random(in: 0...6, using: &generator) { hardBefore.append(Int.random(in: 0...n, using: &generator)) }
                hardBefore.sort()
            }
            widths.withUnsafeBufferPointer { w in
                flags.withUnsafeBufferPointer { f in
                    prefix.withUnsafeBufferPointer { p in
                        var text = MeasuredText(count: n, width: w.baseAddress!, flags: f.baseAddress!, hardBefore: hardBefore)
                        let byCluster = FirstFit().breakLinesByCluster(text, firstWidth: first, restWidth: rest, reserve: 0)
                        text.prefix = p.baseAddress
                        let searched = FirstFit().breakLines(text, firstWidth: first, restWidth: rest, reserve: 0)
                        XCTAssertEqual(searched, byCluster,
                                       "round \(round): widths \(widths), first \(first), rest \(rest), hard \(hardBefore)")
                    }
                }
            }
        }
    }
}
