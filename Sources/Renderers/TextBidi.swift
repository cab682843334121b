import ICUShim
import BookModel
import Layout

/// The order text lines are written in (`--bidi`, issue 18). Quire's lines are in logical order, which is right
/// for a terminal that applies the Unicode bidi algorithm itself (VTE with bidi, Konsole, mlterm). Most terminals
/// (xterm, kitty, the Linux console, tmux) draw code points left to right as they come, so Arabic and Hebrew show
/// reversed and Arabic unjoined; `visual` writes each line the way such a terminal must be given it.
public enum BidiMode: String, Sendable, CaseIterable {
    /// The text as the book holds it (the default, and what files keep unless asked).
    case logical
    /// Each line reordered by UAX #9 at its paragraph's direction, mirrored characters mirrored, Arabic letters
    /// shaped into presentation forms (Unicode §9.2); line breaks and cells unchanged.
    case visual
}

/// A line's text in visual order (`BidiMode.visual`) and its width in cells.
struct VisualLine {
    var text: String
    var width: Int

    /// The line as a terminal that does no bidi must draw it, or nil when nothing on it runs right to left (then
    /// it is drawn as it is). Shaping may change the cells a line takes (a lam-alef ligature and the space it
    /// frees are measured anew), so `width` is the line's width plus what its shaped text gained or lost.
    /// Takes the fields it reads, not the line: passing `lines[index]` whole copies it (a retain and release per
    /// field), on every line of every page.
    init?(text lineText: String, direction: Direction, width lineWidth: Int, ambiguousWide: Bool) {
        var text = lineText
        let visual: String? = text.withUTF8 { bytes -> String? in
            guard let base = bytes.baseAddress, bytes.count <= Int(Int32.max) / 3,
                  VisualLine.mayHoldRightToLeft(bytes) else { return nil }
            let capacity = 3 * bytes.count
            return String(unsafeUninitializedCapacity: capacity) { out in
                let written = qi_visual_line(base, Int32(bytes.count), direction == .rtl ? 1 : 0,
                                             out.baseAddress, Int32(capacity))
                return written >= 0 ? Int(written) : 0
            }
        }
        guard let visual, !visual.isEmpty else { return nil }
        self.text = visual
        width = lineWidth + cellWidth(of: visual, ambiguousWide: ambiguousWide)
            - cellWidth(of: lineText, ambiguousWide: ambiguousWide)
    }

    /// False only when no scalar of the UTF-8 text can be right-to-left, judged from its bytes alone: the scripts
    /// whose letters are R or AL (U+0590–U+08FF, U+FB1D–U+FDFF, U+FE70–U+FEFF, U+10800–U+10FFF, U+1E800–U+1EFFF,
    /// where Arabic numbers (AN) live too) and the controls RLM, RLE, RLO and RLI. A line of Latin, CJK or any
    /// other script is passed over without a call into ICU; what may be right-to-left ICU then decides exactly.
    static func mayHoldRightToLeft(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0xD6 {
                i += 1
                continue
            }
            let second: UInt8 = i + 1 < n ? bytes[i + 1] : 0
            let third: UInt8 = i + 2 < n ? bytes[i + 2] : 0
            switch b {
            case 0xD6...0xDF: return true // U+0580–U+07FF
            case 0xE0: if second >= 0xA0 && second <= 0xA3 { return true } // U+0800–U+08FF
            case 0xE2:
                // U+200F RLM, U+202B RLE, U+202E RLO, U+2067 RLI.
                if second == 0x80 && (third == 0x8F || third == 0xAB || third == 0xAE) { return true }
                if second == 0x81 && third == 0xA7 { return true }
            case 0xEF:
                // U+FB00–U+FDFF, U+FE70–U+FEFF.
                if second >= 0xAC && second <= 0xB7 || second == 0xB9 && third >= 0xB0 || second >= 0xBA && second <= 0xBB {
                    return true
                }
            case 0xF0: if (second == 0x90 || second == 0x9E) && third >= 0xA0 { return true } // U+10800–, U+1E800–
            default: break
            }
            i += 1
        }
        return false
    }

    /// ICU's exact answer for what `mayHoldRightToLeft` lets through (the tests check the one covers the other).
    static func holdsRightToLeft(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { qi_has_rtl($0.baseAddress, Int32($0.count)) != 0 }
    }
}
