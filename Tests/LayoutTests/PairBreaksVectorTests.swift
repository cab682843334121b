import ICUShim
import TestSupport
import XCTest
@testable import Layout

/// `qi_pair_breaks` answers the pairs of running text sixteen at a time (AL AL, ID ID, AL SP, AL SP AL; issue 19)
/// and the rest one by one. Random class sequences, made of long runs of letters, ideographs and spaces so the
/// vector path runs, with every other class mixed in, must get the same break flags and stop at the same pairs as
/// a pair-at-a-time reading of the same table, in both kinds of rules, and with the caller's way of resuming after
/// a pair it decides; and a stop must leave every flag from its pair on untouched, since the caller may then give
/// up on the table and ask ICU. Random prose of the same shapes must break where ICU breaks.
final class PairBreaksVectorTests: XCTestCase {
    /// The documented loop, one pair at a time: the key is the class before the pair, or 1024 | the last class
    /// before spaces; a table answer above 1 stops it.
    private func reference(_ classes: [UInt8], _ flags: inout [UInt8], from: Int, table: UnsafePointer<UInt8>,
                           beforeSpaces: inout UInt8) -> Int {
        let sp = UInt32(QI_LB_SP)
        var key = UInt32(classes[from]) == sp ? 1024 | UInt32(beforeSpaces) << 5 : UInt32(classes[from]) << 5
        var i = from
        while i < classes.count - 1 {
            let b = UInt32(classes[i + 1])
            let allowed = table[Int(key | b)]
            if allowed > 1 {
                beforeSpaces = UInt8(key >> 5 & 31)
                return i
            }
            flags[i] |= allowed << 2
            key = b == sp ? 1024 | (key & 0x3E0) : b << 5
            i += 1
        }
        beforeSpaces = UInt8(key >> 5 & 31)
        return max(classes.count - 1, 0)
    }

    /// Runs `pass` over the whole sequence as `simpleBreaks` does: a pair handed back is decided (here by its index)
    /// and the pass resumes after it. Returns the flags and every pair handed back.
    private func drive(_ classes: [UInt8], _ pass: (inout [UInt8], Int, inout UInt8) -> Int) -> ([UInt8], [Int]) {
        var flags = [UInt8](repeating: 0, count: classes.count)
        var beforeSpaces: UInt8 = 0
        var stops: [Int] = []
        var i = 0
        while true {
            i = pass(&flags, i, &beforeSpaces)
            if i >= classes.count - 1 { break }
            // The caller may give up on the table here and ask ICU: no break may be marked from this pair on.
            XCTAssertFalse(flags[i...].contains { $0 & UInt8(QI_F_BREAK_AFTER) != 0 }, "a break marked past pair \(i) of \(classes)")
            stops.append(i)
            if i % 3 == 0 { flags[i] |= UInt8(QI_F_BREAK_AFTER) }
            i += 1
        }
        return (flags, stops)
    }

    func testSixteenPairsAtATimeGiveThePairAtATimeAnswers() {
        var generator = SeededGenerator(for: self)
        let al = UInt8(QI_LB_AL), sp = UInt8(QI_LB_SP), id = UInt8(QI_LB_ID)
        let every = (1..<UInt8(QI_LB_CLASSES)).map { $0 }
        var vectorBlocks = 0
        for rules in [PairRules.standard, PairRules.strict] {
            let table = UnsafePointer(rules.table)
            for round in 0..<3000 {
                var classes: [UInt8] = []
                let length = Int.random(in: 1...300, using: &generator)
                while classes.count < length {
                    // Words of letters or ideographs, one or two spaces, and now and then any class at all.
                    let word = Int.random(in: 1...12, using: &generator)
                    let letter = round % 3 == 2 ? id : al
                    classes += Array(repeating: letter, count: word)
                    classes += Array(repeating: sp, count: Int.random(in: 0..<8, using: &generator) == 0 ? 2 : 1)
                    if Int.random(in: 0..<4, using: &generator) == 0 { classes.append(every.randomElement(using: &generator)!) }
                }
                classes = Array(classes.prefix(length))
                vectorBlocks += max(0, (classes.count - 1) / 16)
                let fast = drive(classes) { flags, from, beforeSpaces in
                    flags.withUnsafeMutableBufferPointer { f in
                        Int(qi_pair_breaks(classes, f.baseAddress, Int32(from), Int32(classes.count), table, &beforeSpaces))
                    }
                }
                let slow = drive(classes) { flags, from, beforeSpaces in
                    reference(classes, &flags, from: from, table: table, beforeSpaces: &beforeSpaces)
                }
                XCTAssertEqual(fast.0, slow.0, "flags of \(classes)")
                XCTAssertEqual(fast.1, slow.1, "pairs handed back for \(classes)")
                if fast.0 != slow.0 || fast.1 != slow.1 { return }
            }
        }
        XCTAssertGreaterThan(vectorBlocks, 10_000, "the sequences are long enough for sixteen pairs at a time")
    }

    /// Prose-shaped random text (words, single and double spaces, punctuation, quotation marks, digits, ideographs)
    /// long enough for the vector path breaks where ICU breaks.
    func testLongRandomProseMatchesICU() {
        var generator = SeededGenerator(for: self)
        let words = ["a", "the", "Prince", "Genoa", "Lucca", "estates", "Buonapartes", "well-known", "I’m", "“If",
                     "you”", "(quietly)", "3.14,", "1,000", "e.g.", "—", "—and", "so;", "it!", "«Ну»", "князь,",
                     "漢字かな", "カナ、", "「引用」", "。", "\u{00A0}km", "x/y", "[1]", "Mr.\u{00A0}Darcy"]
        for _ in 0..<600 {
            var text = ""
            for _ in 0..<Int.random(in: 4...60, using: &generator) {
                text += words.randomElement(using: &generator)!
                text += Int.random(in: 0..<10, using: &generator) == 0 ? "  " : " "
            }
            for language in ["en", "ja"] {
                let fast = LayoutContext(options: LayoutOptions(), vertical: false)
                let icu = LayoutContext(options: LayoutOptions(), vertical: false)
                icu.alwaysUseICU = true
                XCTAssertEqual(fast.breakOpportunities(text, language: language),
                               icu.breakOpportunities(text, language: language), "\"\(text)\" (\(language))")
            }
        }
    }
}
