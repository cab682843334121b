import XCTest
@testable import Layout

/// `qi_measure` stores sixteen ASCII bytes at a time when none is a carriage return, and `qi_running_widths` sums
/// sixteen widths at a time, looking one by one only at clusters flagged invisible or white space (issue 19). Random texts, mostly ASCII so the eight-byte path runs, with tabs, controls,
/// carriage returns (which send the whole text to ICU's grapheme iterator), wide and combining characters at random
/// places, must measure as the same text does one grapheme cluster at a time, where no run is long enough for the
/// fast path: the same cluster starts, widths, flags and classes, the same running widths, the same "printed as is".
final class ClusterMeasureTests: XCTestCase {
    private struct Cluster: Equatable {
        var start: Int32, width: UInt8, flags: UInt8, lineClass: UInt8
    }

    private func clusters(of bytes: [UInt8], in buffer: ClusterBuffer) -> [Cluster] {
        bytes.withUnsafeBufferPointer { text in
            let n = buffer.measure(text)
            return (0..<n).map {
                Cluster(start: buffer.start[$0], width: buffer.width[$0], flags: buffer.flags[$0].rawValue,
                        lineClass: buffer.lineClass[$0])
            }
        }
    }

    func testSixteenBytesAtATimeMeasureAsOneClusterAtATime() {
        let pieces = ["a", "b", "Z", "0", " ", " ", " ", ".", ",", "-", "(", ")", "\"", "'", "!", "?", "~",
                      "\t", "\n", "\u{01}", "\u{7F}", "\u{0B}",
                      "é", "—", "漢", "、", "。", "\u{00A0}", "\u{3000}"]
        let ascii = pieces.firstIndex(of: "é")!
        let rare = ["\r", "\r\n", "e\u{0301}", "\u{00AD}", "👩‍👩‍👦"]
        var generator = SystemRandomNumberGenerator()
        var fastRuns = 0
        for ambiguousWide in [false, true] {
            let whole = ClusterBuffer(ambiguousWide: ambiguousWide), single = ClusterBuffer(ambiguousWide: ambiguousWide)
            for round in 0..<3000 {
                // Every other text is otherwise ASCII alone; half the texts may hold a rare cluster (one in 60
                // pieces): a carriage return among ASCII must not be taken as a cluster of its own.
                let alphabet = round % 2 == 0 ? Array(pieces.prefix(ascii)) : pieces
                var text = ""
                for _ in 0..<Int.random(in: 0...120, using: &generator) {
                    text += round % 4 < 2 && Int.random(in: 0..<60, using: &generator) == 0
                        ? rare.randomElement(using: &generator)! : alphabet.randomElement(using: &generator)!
                }
                let bytes = Array(text.utf8)
                var run = 0
                for byte in bytes {
                    run = byte >= 0x80 || byte == 0x0D ? 0 : run + 1
                    if run == 16 { fastRuns += 1 }
                }
                var expected: [Cluster] = []
                var offset: Int32 = 0
                for character in text {
                    let piece = Array(String(character).utf8)
                    XCTAssertFalse(piece.count >= 8 && piece.allSatisfy { $0 < 0x80 }, "a reference cluster takes the fast path")
                    for var cluster in clusters(of: piece, in: single) {
                        cluster.start += offset
                        expected.append(cluster)
                    }
                    offset += Int32(piece.count)
                }
                let measured = clusters(of: bytes, in: whole)
                XCTAssertEqual(measured, expected, "\(bytes)")
                if measured != expected { return }

                // Running widths and "printed as is", from the reference clusters.
                let asIs = bytes.withUnsafeBufferPointer { whole.runningWidths($0, count: measured.count) }
                var running: Int32 = 0
                var expectedAsIs = true
                for (k, cluster) in expected.enumerated() {
                    XCTAssertEqual(whole.prefix[k], running)
                    running += Int32(cluster.width)
                    let byte = bytes[Int(cluster.start)]
                    if cluster.flags & ClusterFlags.invisible.rawValue != 0
                        || (cluster.flags & ClusterFlags.space.rawValue != 0 && byte < 0x80 && byte != 0x20) {
                        expectedAsIs = false
                    }
                }
                XCTAssertEqual(whole.prefix[expected.count], running)
                XCTAssertEqual(asIs, expectedAsIs, "\(bytes)")
            }
        }
        XCTAssertGreaterThan(fastRuns, 2_000, "too few runs of sixteen ASCII bytes to exercise the fast path")
    }
}
