@testable import BookModel
import XCTest

/// The lookups that stand for comparing Characters (issue 19): `Character.singleASCIIByte` for `c == " "`, and
/// `ScriptForms.base(of:)`, keyed by scalar, for `ScriptForms.bases[c]`, keyed by Character.
final class CharacterLookupTests: XCTestCase {
    /// Every BMP scalar alone, and after and before a combining acute, CR LF and a joiner: the scalar table finds
    /// exactly the Characters the Character table finds, with the same base.
    func testBaseOfMatchesTheCharacterTableOverTheBMP() {
        var checked = 0
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for text in [String(scalar), String(scalar) + "\u{301}", "\u{301}" + String(scalar), String(scalar) + "\u{200D}"] {
                for c in text {
                    XCTAssertEqual(ScriptForms.base(of: c), ScriptForms.bases[c], "U+\(String(value, radix: 16))")
                    checked += 1
                }
            }
        }
        XCTAssertGreaterThan(checked, 200_000)
        XCTAssertEqual(ScriptForms.baseText("x¹²\u{301} H₂O"), "x1²\u{301} H2O", "a form that a mark joins is no form")
    }

    func testSingleASCIIByteIsEqualityWithTheASCIICharacter() {
        let samples: [Character] = [" ", "\t", "\n", "\r", "\r\n", "a", "[", "]", "(", ")", ".", " \u{301}", "a\u{301}",
                                    "\u{A0}", "\u{3000}", "é", "e\u{301}", "¹", "न", "👩‍👩‍👧", "\u{0}", "\u{7F}"]
        for c in samples {
            for byte in UInt8(0)..<0x80 {
                XCTAssertEqual(c.singleASCIIByte == byte, c == Character(Unicode.Scalar(byte)),
                               "\(c.unicodeScalars.map(\.value)) against \(byte)")
            }
        }
        XCTAssertNil(Character("\r\n").singleASCIIByte, "CR LF is two scalars, not LF")
    }

    func testNoteLabelCoresWithRaisedDigitsAndBrackets() {
        XCTAssertEqual(NoteMarkers.core(of: " [12]\n"), "12")
        XCTAssertEqual(NoteMarkers.core(of: "(³)"), "³")
        XCTAssertEqual(NoteMarkers.core(of: "\t¹²"), "¹²")
        XCTAssertEqual(NoteMarkers.core(of: "[\u{301}1]"), "[\u{301}1]", "a bracket that a mark joins is no bracket")
        XCTAssertEqual(NoteMarkers.core(of: " \u{301}2"), " \u{301}2", "nor is a space")
    }
}
