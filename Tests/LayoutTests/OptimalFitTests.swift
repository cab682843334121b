import TestSupport
import XCTest
@testable import Layout

/// Total fit (`OptimalFit`, Knuth–Plass) against first-fit: better lines where the paper says they are, the same
/// lines where nothing can be better, and first-fit's guarantees kept on random paragraphs (every line within its
/// width, clusters conserved in order, forced breaks taken, over-long runs split exactly where first-fit splits).
final class OptimalFitTests: XCTestCase {
    /// A paragraph written as text: letters are one-cell clusters, a space is a space after which a line may
    /// break, `|` marks a hyphenation point in a word (`.breakAfter` and `.hyphen` on the letter before it),
    /// `\n` a forced break.
    struct Paragraph {
        var widths: [UInt8] = []
        var flags: [ClusterFlags] = []
        var characters: [Character] = []
        var hardBefore: [Int] = []

        init(_ text: String) {
            for c in text {
                switch c {
                case " ":
                    append(c, 1, [.space, .breakAfter])
                case "|":
                    flags[flags.count - 1].formUnion([.breakAfter, .hyphen])
                case "\n":
                    hardBefore.append(widths.count)
                default:
                    append(c, 1, [])
                }
            }
        }

        init(widths: [UInt8], flags: [ClusterFlags], hardBefore: [Int] = []) {
            self.widths = widths
            self.flags = flags
            self.hardBefore = hardBefore
            characters = widths.map { _ in "x" }
        }

        mutating func append(_ c: Character, _ width: UInt8, _ f: ClusterFlags) {
            characters.append(c)
            widths.append(width)
            flags.append(f)
        }

        func spans(_ strategy: any LineBreakStrategy, first: Int, rest: Int, reserve: Int = 0) -> [LineSpan] {
            var prefix: [Int32] = [0]
            for w in widths { prefix.append(prefix[prefix.count - 1] + Int32(w)) }
            return widths.withUnsafeBufferPointer { w in
                flags.withUnsafeBufferPointer { f in
                    prefix.withUnsafeBufferPointer { p in
                        let text = MeasuredText(count: widths.count, width: w.baseAddress!, flags: f.baseAddress!,
                                                hardBefore: hardBefore, prefix: p.baseAddress)
                        return strategy.breakLines(text, firstWidth: first, restWidth: rest, reserve: reserve)
                    }
                }
            }
        }

        /// The lines as printed: trailing spaces dropped, a hyphen drawn at a hyphenated break.
        func lines(_ strategy: any LineBreakStrategy, width: Int) -> [String] {
            spans(strategy, first: width, rest: width).map { span in
                var end = span.end
                while end > span.start && flags[end - 1].contains(.space) { end -= 1 }
                let hyphen = !span.last && end > span.start && flags[end - 1].contains(.hyphen)
                return String(characters[span.start..<end]) + (hyphen ? "-" : "")
            }
        }
    }

    /// Greedy fills the first line and leaves "dd" alone on the second, whose seven empty cells no space can
    /// take (badness inf_bad + 100·8³). Total fit moves "cc" down: lines of 7 and 5 cells, one gap each
    /// (badness 100·3³ and 100·5³), far fewer demerits; "aaa" alone (7 cells short, no gap) would be worse still.
    func testTotalFitEvensOutWhatGreedyLeavesShort() {
        let paragraph = Paragraph("aaa bbb cc dd eeeeeeee f")
        XCTAssertEqual(paragraph.lines(FirstFit(), width: 10), ["aaa bbb cc", "dd", "eeeeeeee f"])
        XCTAssertEqual(paragraph.lines(OptimalFit(), width: 10), ["aaa bbb", "cc dd", "eeeeeeee f"])
    }

    /// Two lines three cells short, with a space each to take them (badness 100·3³ each), beat a full line
    /// followed by one six cells short with no space at all.
    func testTotalFitSharesTheSlack() {
        let paragraph = Paragraph("aaaa bbbb cc dddddd eeeeee f")
        XCTAssertEqual(paragraph.lines(FirstFit(), width: 12), ["aaaa bbbb cc", "dddddd", "eeeeee f"])
        XCTAssertEqual(paragraph.lines(OptimalFit(), width: 12), ["aaaa bbbb", "cc dddddd", "eeeeee f"])
    }

    /// The last line costs nothing however short (TeX's \parfillskip): no word is pulled down to fill it.
    func testLastLineIsFree() {
        let paragraph = Paragraph("aaaa bbbb c")
        XCTAssertEqual(paragraph.lines(OptimalFit(), width: 9), ["aaaa bbbb", "c"])
        let spans = paragraph.spans(OptimalFit(), first: 9, rest: 9)
        XCTAssertEqual(spans.map(\.last), [false, true])
    }

    /// A forced break ends a line wherever it falls, and that line is free too; a forced break right after
    /// another gives an empty line, as in first-fit.
    func testForcedBreaksAreTakenAndFree() {
        let paragraph = Paragraph("aa bb\ncc dd ee ff gg\n\nhh")
        let optimal = paragraph.spans(OptimalFit(), first: 8, rest: 8)
        XCTAssertEqual(optimal, paragraph.spans(FirstFit(), first: 8, rest: 8))
        XCTAssertEqual(paragraph.lines(OptimalFit(), width: 8), ["aa bb", "cc dd ee", "ff gg", "", "hh"])
        XCTAssertEqual(optimal.map(\.last), [true, false, true, true, true])
    }

    /// A hyphenation point is taken when it evens the lines, and the drawn hyphen's cell is counted.
    func testHyphenationPointsAreWeighed() {
        let paragraph = Paragraph("aaa bbb con|tin|u|a|tion dd")
        XCTAssertEqual(paragraph.lines(OptimalFit(), width: 12), ["aaa bbb con-", "tinuation dd"])
        // One cell narrower, "con" and its hyphen no longer fit after "aaa bbb": the word starts the second line,
        // and its last hyphenation point that fits there gives the least slack.
        XCTAssertEqual(paragraph.lines(OptimalFit(), width: 11), ["aaa bbb", "continua-", "tion dd"])
    }

    /// Where every line can be filled exactly, nothing beats first-fit, and total fit finds the same lines.
    func testSameLinesAsFirstFitWhenEveryLineIsFull() {
        var generator = SeededGenerator(for: self)
        for round in 0..<2_000 {
            let width = Int.random(in: 1...30, using: &generator)
            var text = ""
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                var line = ""
                while line.count < width {
                    let room = width - line.count - (line.isEmpty ? 0 : 1)
                    if room <= 0 { line += String(repeating: "z", count: width - line.count); break }
                    let word = Int.random(in: 1...room, using: &generator)
                    line += (line.isEmpty ? "" : " ") + String(repeating: "w", count: word)
                }
                text += (text.isEmpty ? "" : " ") + line
            }
            let last = Int.random(in: 0...width, using: &generator)
            if last > 0 { text += " " + String(repeating: "l", count: last) }
            let paragraph = Paragraph(text)
            XCTAssertEqual(paragraph.spans(OptimalFit(), first: width, rest: width),
                           paragraph.spans(FirstFit(), first: width, rest: width), "round \(round): \(text) at \(width)")
        }
    }

    /// Random cluster streams as measuring gives them (spaces, invisible clusters, wide and hangable ones,
    /// kinsoku marks, opportunities anywhere, forced breaks): total fit keeps every guarantee of first-fit, and
    /// splits the runs too long for a line at exactly the clusters first-fit splits them.
    func testFirstFitGuaranteesOnRandomParagraphs() {
        var generator = SeededGenerator(for: self)
        for round in 0..<8_000 {
            let paragraph = Self.randomParagraph(&generator, hyphens: false)
            let first = Int.random(in: 1...14, using: &generator)
            let rest = Int.random(in: 1...14, using: &generator)
            let reserve = Int.random(in: 0..<4, using: &generator) == 0 ? 2 : 0
            let label = "round \(round): widths \(paragraph.widths), flags \(paragraph.flags.map(\.rawValue)), "
                + "forced \(paragraph.hardBefore), first \(first), rest \(rest), reserve \(reserve)"
            let optimal = paragraph.spans(OptimalFit(), first: first, rest: rest, reserve: reserve)
            let greedy = paragraph.spans(FirstFit(), first: first, rest: rest, reserve: reserve)
            Self.assertSound(optimal, paragraph, first: first, rest: rest, reserve: reserve, label)
            XCTAssertEqual(Self.splits(optimal, paragraph), Self.splits(greedy, paragraph), "splits, \(label)")
        }
    }

    /// With hyphenation points, every hyphenated line still fits with its drawn hyphen.
    func testHyphenatedLinesFitOnRandomParagraphs() {
        var generator = SeededGenerator(for: self)
        for round in 0..<4_000 {
            let paragraph = Self.randomParagraph(&generator, hyphens: true)
            let width = Int.random(in: 1...14, using: &generator)
            let label = "round \(round): widths \(paragraph.widths), flags \(paragraph.flags.map(\.rawValue)), "
                + "forced \(paragraph.hardBefore), width \(width)"
            let optimal = paragraph.spans(OptimalFit(), first: width, rest: width)
            Self.assertSound(optimal, paragraph, first: width, rest: width, reserve: 0, label)
        }
    }

    func testTheOptionChoosesTheStrategy() {
        XCTAssertTrue(LineBreaking.optimal.strategy is OptimalFit)
        XCTAssertTrue(LineBreaking.firstFit.strategy is FirstFit)
    }

    static func randomParagraph(_ generator: inout SeededGenerator, hyphens: Bool) -> Paragraph {
        let n = Int.random(in: 0...120, using: &generator)
        var widths: [UInt8] = []
        var flags: [ClusterFlags] = []
        for _ in 0..<n {
            switch Int.random(in: 0..<12, using: &generator) {
            case 0, 1:
                widths.append(1)
                flags.append([.space, .breakAfter])
            case 2:
                widths.append(0)
                flags.append(Bool.random(using: &generator) ? .invisible : [.invisible, .breakAfter])
            case 3:
                widths.append(2)
                flags.append(Bool.random(using: &generator) ? [.wide, .breakAfter] : [.wide, .noStart])
            case 4:
                widths.append(Bool.random(using: &generator) ? 1 : 2)
                flags.append([.hangable, .breakAfter, .noStart])
            case 5:
                widths.append(1)
                flags.append(.space)
            default:
                widths.append(1)
                var f: ClusterFlags = Int.random(in: 0..<5, using: &generator) == 0 ? .breakAfter : []
                if hyphens && Int.random(in: 0..<4, using: &generator) == 0 { f.formUnion([.breakAfter, .hyphen]) }
                if Int.random(in: 0..<12, using: &generator) == 0 { f.insert(.noEnd) }
                flags.append(f)
            }
        }
        var hard: [Int] = []
        if n > 0 {
            for _ in 0..<Int.random(in: 0...3, using: &generator) { hard.append(Int.random(in: 0..<n, using: &generator)) }
        }
        return Paragraph(widths: widths, flags: flags, hardBefore: hard.sorted())
    }

    /// First-fit's guarantees: the lines take the clusters in order, skipping only spaces at a line start;
    /// no ink passes the width but a line's first (a hangable one may pass into the reserve), a drawn hyphen
    /// counted unless the line has one character; every forced break ends a line; `last` marks exactly the lines ended by the paragraph or a
    /// forced break.
    static func assertSound(_ spans: [LineSpan], _ paragraph: Paragraph, first: Int, rest: Int, reserve: Int,
                            _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let n = paragraph.widths.count
        let flags = paragraph.flags
        let hard = Set(paragraph.hardBefore.filter { $0 < n })
        var position = 0
        for (index, span) in spans.enumerated() {
            guard span.start >= position, span.end >= span.start, span.end <= n else {
                return XCTFail("line \(index) \(span) out of order, \(label)", file: file, line: line)
            }
            for c in position..<span.start where !flags[c].contains(.space) {
                XCTFail("line \(index) skips cluster \(c), not a space, \(label)", file: file, line: line)
            }
            XCTAssertEqual(span.last, span.end == n || hard.contains(span.end), "line \(index) last, \(label)",
                           file: file, line: line)
            if span.end < n && !hard.contains(span.end) {
                XCTAssertGreaterThan(span.end, span.start, "empty line \(index), \(label)", file: file, line: line)
            }
            let available = index == 0 ? first : rest
            let limit = reserve > 0 && available > reserve ? available - reserve : available
            var used = 0
            var inks = 0
            var lastInkEnd = 0
            for c in span.start..<span.end {
                used += Int(paragraph.widths[c])
                guard paragraph.widths[c] > 0 && !flags[c].contains(.space) else { continue }
                inks += 1
                lastInkEnd = used
                if inks > 1 && used > (flags[c].contains(.hangable) ? available : limit) {
                    XCTFail("line \(index) \(span) passes its width at cluster \(c), \(label)", file: file, line: line)
                }
            }
            // A hyphen is drawn after the line's last cluster when that ends a word at a hyphenation point.
            if !span.last && span.end > span.start && flags[span.end - 1].contains(.hyphen) && inks > 1 {
                XCTAssertLessThanOrEqual(lastInkEnd + 1, limit, "line \(index) \(span) with its hyphen, \(label)",
                                         file: file, line: line)
            }
            position = span.end
        }
        for c in position..<n where !flags[c].contains(.space) {
            XCTFail("cluster \(c) is on no line, \(label)", file: file, line: line)
        }
        let ends = Set(spans.map(\.end))
        for h in hard { XCTAssertTrue(ends.contains(h), "forced break before \(h) not taken, \(label)", file: file, line: line) }
    }

    /// Line ends that are no break opportunity: where a run too long for its line was split.
    static func splits(_ spans: [LineSpan], _ paragraph: Paragraph) -> [Int] {
        spans.compactMap { span in
            span.last || span.end == span.start || paragraph.flags[span.end - 1].contains(.breakAfter) ? nil : span.end
        }
    }
}
