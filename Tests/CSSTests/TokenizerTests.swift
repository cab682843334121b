import XCTest
@testable import CSS

/// Examples for CSS Syntax Level 3 §4, written for Quire.
final class TokenizerTests: XCTestCase {
    private func tokens(_ s: String) -> [Token] { Tokenizer.tokens(s).filter { $0 != .whitespace } }

    func testIdentsFunctionsAtKeywordsAndHashes() {
        XCTAssertEqual(tokens("color rgb( @media #main #1x"), [
            .ident("color"), .function("rgb"), .atKeyword("media"), .hash("main", isID: true), .hash("1x", isID: false),
        ])
        XCTAssertEqual(tokens("--custom -webkit-x"), [.ident("--custom"), .ident("-webkit-x")])
    }

    func testCommentsVanishAndAnUnclosedOneRunsToTheEnd() {
        XCTAssertEqual(Tokenizer.tokens("a/* x */b"), [.ident("a"), .ident("b")])
        XCTAssertEqual(Tokenizer.tokens("a /* never closed"), [.ident("a"), .whitespace])
    }

    func testEscapes() {
        XCTAssertEqual(tokens(#"\31 0"#), [.ident("10")])  // hex escape ends at the space, which it consumes
        XCTAssertEqual(tokens(#".a\:b"#), [.delim("."), .ident("a:b")])
        XCTAssertEqual(tokens(#"\0 x"#), [.ident("\u{FFFD}x")])  // zero is replaced
        XCTAssertEqual(tokens(#"\110000 "#), [.ident("\u{FFFD}")])  // above U+10FFFF
        XCTAssertEqual(tokens(#""a\"b""#), [.string("a\"b")])
        XCTAssertEqual(tokens("\"a\\\nb\""), [.string("ab")])  // an escaped newline continues the string
        XCTAssertEqual(tokens("縦書き"), [.ident("縦書き")])  // non-ASCII is an ident code point
    }

    func testBadStringStopsAtTheNewline() {
        XCTAssertEqual(Tokenizer.tokens("'abc\nd'"), [.badString, .whitespace, .ident("d"), .string("")])
        XCTAssertEqual(tokens("'unterminated"), [.string("unterminated")])  // EOF closes a string
    }

    func testURLs() {
        XCTAssertEqual(tokens("url( a.css )"), [.url("a.css")])
        XCTAssertEqual(tokens("url(\"a.css\")"), [.function("url"), .string("a.css"), .rightParen])
        XCTAssertEqual(tokens("url(a b) x"), [.badURL, .ident("x")])
        XCTAssertEqual(tokens("url(a\"b) x"), [.badURL, .ident("x")])
        XCTAssertEqual(tokens("url(a(b) x"), [.badURL, .ident("x")])
        XCTAssertEqual(tokens(#"url(a\)b)"#), [.url("a)b")])
    }

    func testNumbers() {
        XCTAssertEqual(tokens("12 -3.5 +.5 1e3 2E-1 50% 2em 1.5px 10e"), [
            .number(12, isInteger: true), .number(-3.5, isInteger: false), .number(0.5, isInteger: false),
            .number(1000, isInteger: false), .number(0.2, isInteger: false), .percentage(50),
            .dimension(2, unit: "em", isInteger: true), .dimension(1.5, unit: "px", isInteger: false),
            .dimension(10, unit: "e", isInteger: true),
        ])
        XCTAssertEqual(tokens("2n+1"), [.dimension(2, unit: "n", isInteger: true), .number(1, isInteger: true)])
        XCTAssertEqual(tokens("- 1"), [.delim("-"), .number(1, isInteger: true)])
    }

    func testPunctuationAndCDOCDC() {
        XCTAssertEqual(tokens("<!-- a{b:c;d,e}[f](g) -->"), [
            .cdo, .ident("a"), .leftBrace, .ident("b"), .colon, .ident("c"), .semicolon, .ident("d"), .comma,
            .ident("e"), .rightBrace, .leftBracket, .ident("f"), .rightBracket, .leftParen, .ident("g"), .rightParen, .cdc,
        ])
        XCTAssertEqual(tokens("! ~ | ^ $ * > + 字"), [
            .delim("!"), .delim("~"), .delim("|"), .delim("^"), .delim("$"), .delim("*"), .delim(">"), .delim("+"), .ident("字"),
        ])
    }

    func testNewlineFormsAndBOM() {
        XCTAssertEqual(Tokenizer.tokens(Array("\u{FEFF}a\r\nb".utf8)), [.ident("a"), .whitespace, .ident("b")])
    }
}
