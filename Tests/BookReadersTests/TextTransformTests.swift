import XCTest
@testable import BookReaders

/// `text-transform` and small caps as the importer applies them to text (CSS Text 3 §2.1).
final class TextTransformTests: XCTestCase {
    private func transform(_ text: String, _ textCase: TextTransformer.Case, fullWidth: Bool = false,
                           fullSizeKana: Bool = false, smallCaps: Bool = false, language: String? = nil) -> String {
        var t = TextTransformer(case: textCase, fullWidth: fullWidth, fullSizeKana: fullSizeKana, smallCaps: smallCaps,
                                language: language)
        return t.apply(text)
    }

    func testNoTransformIsTheIdentity() {
        let t = TextTransformer(case: .none)
        XCTAssertTrue(t.isIdentity)
        var u = t
        XCTAssertEqual(u.apply("Mixed Case ｶﾀｶﾅ ぁ"), "Mixed Case ｶﾀｶﾅ ぁ")
        XCTAssertFalse(TextTransformer(case: .none, smallCaps: true).isIdentity)
    }

    func testUppercaseAndLowercaseUseFullMappings() {
        XCTAssertEqual(transform("Hello, world", .uppercase), "HELLO, WORLD")
        XCTAssertEqual(transform("Straße ﬁne", .uppercase), "STRASSE FINE")
        XCTAssertEqual(transform("Hello, WORLD", .lowercase), "hello, world")
        XCTAssertEqual(transform("日本語 text", .uppercase), "日本語 TEXT")
    }

    func testLanguageSensitiveCase() {
        XCTAssertEqual(transform("istanbul", .uppercase, language: "tr"), "İSTANBUL")
        XCTAssertEqual(transform("ISTANBUL", .lowercase, language: "tr-TR"), "ıstanbul")
        XCTAssertEqual(transform("istanbul", .uppercase, language: "en"), "ISTANBUL")
        XCTAssertEqual(transform("ΟΔΟΣ ΚΑΙ", .lowercase, language: "el"), "οδος και", "final sigma")
        XCTAssertEqual(transform("ΟΔΟΣ", .lowercase), "οδος", "final sigma needs no language")
        XCTAssertEqual(transform("ἀρχή", .uppercase, language: "el"), "ΑΡΧΗ", "Greek upper case drops accents")
    }

    func testSmallCapsShowAsUppercaseWhateverTheCase() {
        XCTAssertEqual(transform("Small Caps", .none, smallCaps: true), "SMALL CAPS")
        XCTAssertEqual(transform("Small Caps", .lowercase, smallCaps: true), "SMALL CAPS")
    }

    func testCapitalizeTheFirstLetterUnitOfEachWord() {
        XCTAssertEqual(transform("the quick-brown fox's (den) 1st time", .capitalize),
                       "The Quick-Brown Fox's (Den) 1st Time")
        XCTAssertEqual(transform("iPhone McDONALD", .capitalize), "IPhone McDONALD", "only lower case changes")
        XCTAssertEqual(transform("ǆungla ßa", .capitalize), "ǅungla Ssa", "titlecase, not uppercase")
        XCTAssertEqual(transform("e\u{301}té", .capitalize), "E\u{301}té", "a letter unit keeps its marks")
        XCTAssertEqual(transform("istanbul izmir", .capitalize, language: "tr"), "İstanbul İzmir")
        XCTAssertEqual(transform("日本語text かなtext", .capitalize), "日本語Text かなText")
    }

    func testCapitalizeCarriesTheWordAcrossCalls() {
        var t = TextTransformer(case: .capitalize)
        XCTAssertEqual(t.apply("hel"), "Hel")
        XCTAssertEqual(t.apply("lo wor"), "lo Wor")
        XCTAssertEqual(t.apply("ld"), "ld")
        XCTAssertEqual(t.apply(" again"), " Again")
        // Untransformed text of the same block moves the state too: <span>foo</span>bar is one word.
        var u = TextTransformer(case: .capitalize)
        u.skip("foo")
        XCTAssertEqual(u.apply("bar baz"), "bar Baz")
        u.skip("end. ")
        XCTAssertEqual(u.apply("next"), "Next")
        u.skip("l'")
        XCTAssertEqual(u.apply("homme"), "homme", "an apostrophe stays inside the word")
    }

    /// The `w3c/css-epub-text-transform` corpus test: `-epub-fullwidth` on Japanese text with a Latin line.
    func testFullWidthAsInTheW3CTest() {
        XCTAssertEqual(transform("これはテストです。", .none, fullWidth: true), "これはテストです。")
        XCTAssertEqual(transform("123456abcdef", .none, fullWidth: true), "１２３４５６ａｂｃｄｅｆ")
    }

    func testFullWidthMapsASCIISpaceSignsAndHalfwidthForms() {
        XCTAssertEqual(transform("A b!~", .none, fullWidth: true), "Ａ\u{3000}ｂ！～")
        XCTAssertEqual(transform("¥100 ¢ ₩ ⦅x⦆", .none, fullWidth: true), "￥１００\u{3000}￠\u{3000}￦\u{3000}｟ｘ｠")
        XCTAssertEqual(transform("ｶﾀｶﾅ ｶﾞｷﾞﾊﾟｳﾞ ｡｢ｰ｣", .none, fullWidth: true), "カタカナ\u{3000}ガギパヴ\u{3000}。「ー」")
        XCTAssertEqual(transform("ﾞ", .none, fullWidth: true), "゛", "a voiced mark with nothing to compose with")
        XCTAssertEqual(transform("\u{FFA1}\u{FFC2}", .none, fullWidth: true), "ㄱㅏ")
        XCTAssertEqual(transform("漢字 Ａ é", .none, fullWidth: true), "漢字\u{3000}Ａ\u{3000}é", "no fullwidth form: kept")
    }

    func testHalfwidthKatakanaTableCoversTheBlock() {
        let all = String(String.UnicodeScalarView((0xFF61...0xFF9D).map { Unicode.Scalar($0)! }))
        let wide = transform(all, .none, fullWidth: true)
        XCTAssertEqual(wide.unicodeScalars.count, 61)
        XCTAssertEqual(wide, all.precomposedStringWithCompatibilityMapping, "the <narrow> decompositions")
    }

    func testFullSizeKana() {
        XCTAssertEqual(transform("ぁぃぅぇぉっゃゅょゎゕゖ", .none, fullSizeKana: true), "あいうえおつやゆよわかけ")
        XCTAssertEqual(transform("ァィゥェォッャュョヮヵヶ", .none, fullSizeKana: true), "アイウエオツヤユヨワカケ")
        XCTAssertEqual(transform("ㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ", .none, fullSizeKana: true), "クシストヌハヒフヘホムラリルレロ")
        XCTAssertEqual(transform("ｧｨｩｪｫｬｭｮｯ", .none, fullSizeKana: true), "ｱｲｳｴｵﾔﾕﾖﾂ")
        XCTAssertEqual(transform("\u{1B132}\u{1B155}\u{1B167}", .none, fullSizeKana: true), "こコン")
        XCTAssertEqual(transform("ちょっと", .none, fullSizeKana: true), "ちよつと")
    }

    func testTransformsApplyInTheSpecsOrder() {
        // Case first, then full-width, then full-size-kana: small halfwidth ｧ becomes ァ, then ア.
        XCTAssertEqual(transform("abc ｧ", .uppercase, fullWidth: true, fullSizeKana: true), "ＡＢＣ\u{3000}ア")
        XCTAssertEqual(transform("word ｯ", .capitalize, fullWidth: true), "Ｗｏｒｄ\u{3000}ッ")
    }
}
