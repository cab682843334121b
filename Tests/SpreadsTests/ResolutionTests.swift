import BookModel
import Layout
@testable import Spreads
import XCTest

/// How `auto` values are resolved from the viewport and the book, and which combinations are refused.
final class ResolutionTests: XCTestCase {
    func orientation(_ viewport: Viewport?, axis: Axis = .horizontal, gap: Int = 0,
                     decorations: Decorations = .text, hints: BookHints = BookHints(),
                     size: PageSize = .standard) -> Orientation {
        makeSpreads(pages: book(2, size: size), hints: hints,
                    options: SpreadOptions(axis: axis, gap: gap, viewport: viewport),
                    decorations: decorations).layout.orientation
    }

    func testAutoOrientationMeasuresTwoFramedPagesAgainstTheViewport() {
        // 38×20 pages: framed 40×22, plus a folio line: two of them are 80 columns by 23 lines.
        XCTAssertEqual(orientation(Viewport(columns: 80, lines: 24)), .landscape)
        XCTAssertEqual(orientation(Viewport(columns: 80, lines: 23)), .landscape)
        XCTAssertEqual(orientation(Viewport(columns: 79, lines: 24)), .portrait, "one column short")
        XCTAssertEqual(orientation(Viewport(columns: 80, lines: 22)), .portrait, "folio line does not fit")
        XCTAssertEqual(orientation(Viewport(columns: 40, lines: 24)), .portrait, "narrow terminal")
        XCTAssertEqual(orientation(Viewport(columns: 80, lines: 24), gap: 1), .portrait, "the gap counts")
        XCTAssertEqual(orientation(Viewport(columns: 81, lines: 24), gap: 1), .landscape)
        XCTAssertEqual(orientation(Viewport(columns: 76, lines: 20), decorations: .none), .landscape)
        XCTAssertEqual(orientation(Viewport(columns: 76, lines: 20)), .portrait, "decorations count")
        XCTAssertEqual(orientation(Viewport(columns: 60, lines: 24), size: PageSize(columns: 28, lines: 10)),
                       .landscape, "the pages' own size is measured")
    }

    func testAutoOrientationOnTheVerticalAxisStacksPages() {
        XCTAssertEqual(orientation(Viewport(columns: 80, lines: 24), axis: .vertical), .portrait)
        XCTAssertEqual(orientation(Viewport(columns: 40, lines: 46), axis: .vertical), .landscape)
        XCTAssertEqual(orientation(Viewport(columns: 40, lines: 45), axis: .vertical), .portrait)
        XCTAssertEqual(orientation(Viewport(columns: 39, lines: 46), axis: .vertical), .portrait)
    }

    func testWithoutViewportTheBookDecidesThenTheStandardViewport() {
        XCTAssertEqual(orientation(nil), .landscape)
        XCTAssertEqual(orientation(nil, hints: BookHints(orientation: .portrait)), .portrait)
        XCTAssertEqual(orientation(Viewport.standard, hints: BookHints(orientation: .portrait)), .landscape,
                       "a known screen wins over the book's wish")
    }

    func testOrientationImpliesSpine() {
        func layout(_ orientation: Orientation, _ direction: ProgressionOption) -> SpreadLayout {
            makeSpreads(pages: book(3), options: SpreadOptions(orientation: orientation, direction: direction)).layout
        }
        XCTAssertEqual(layout(.portrait, .ltr).spine, .min)
        XCTAssertEqual(layout(.portrait, .rtl).spine, .max)
        XCTAssertEqual(layout(.landscape, .ltr).spine, .mid)
        XCTAssertEqual(layout(.landscape, .rtl).spine, .mid)
        XCTAssertFalse(layout(.portrait, .ltr).doubleSided, "portrait shows every page")
        XCTAssertTrue(layout(.landscape, .ltr).doubleSided)
        XCTAssertEqual(describe(makeSpreads(pages: book(3), options: SpreadOptions(orientation: .portrait))),
                       ["S1", "S2", "S3"])
        // Single-sided cannot be mid, so auto settles on one page.
        let single = makeSpreads(pages: book(3), options: SpreadOptions(doubleSided: false,
                                                                        viewport: .standard)).layout
        XCTAssertEqual(single.orientation, .portrait)
        XCTAssertEqual(single.spine, .min)
        // An explicit spine decides the orientation auto would have picked: the layout says what is drawn.
        let minSpine = makeSpreads(pages: book(3), options: SpreadOptions(spine: .min, doubleSided: true,
                                                                          viewport: .standard)).layout
        XCTAssertEqual(minSpine.orientation, .portrait)
        XCTAssertEqual(minSpine.spine, .min)
        XCTAssertEqual(makeSpreads(pages: book(3), options: SpreadOptions(spine: .mid, viewport: Viewport(columns: 40, lines: 24)))
                        .layout.orientation, .landscape)
        // A book that never pairs pages keeps one page however wide the screen: portrait, not landscape.
        XCTAssertEqual(makeSpreads(pages: book(3), hints: BookHints(spread: .none),
                                   options: SpreadOptions(orientation: .landscape)).layout.orientation, .portrait)
    }

    func testFirstPageAuto() {
        func first(_ hints: BookHints, _ pages: [Page] = book(3)) -> FirstPage {
            makeSpreads(pages: pages, hints: hints).layout.firstPage
        }
        XCTAssertEqual(first(BookHints()), .paired)
        XCTAssertEqual(first(BookHints(layout: .prePaginated)), .solo)
        XCTAssertEqual(first(BookHints(firstItemHasPageSpread: true)), .solo)
        XCTAssertEqual(first(BookHints(), book(3, chapters: [1: .right])), .solo)
        XCTAssertEqual(first(BookHints(), book(3, chapters: [1: nil])), .paired)
        XCTAssertEqual(first(BookHints(firstItemHasPageSpread: false), book(3, chapters: [1: .right])), .paired)
        XCTAssertEqual(makeSpreads(pages: book(3), hints: BookHints(layout: .prePaginated),
                                   options: SpreadOptions(firstPage: .paired)).layout.firstPage, .paired)
    }

    func testDirectionAuto() {
        func direction(_ hints: BookHints, _ pages: [Page] = book(2), _ option: ProgressionOption = .auto) -> Direction {
            makeSpreads(pages: pages, hints: hints, options: SpreadOptions(direction: option)).layout.direction
        }
        XCTAssertEqual(direction(BookHints()), .ltr)
        XCTAssertEqual(direction(BookHints(writingMode: .verticalRL)), .rtl)
        XCTAssertEqual(direction(BookHints(), book(2, writingMode: .verticalRL)), .rtl, "the pages' writing mode")
        XCTAssertEqual(direction(BookHints(language: "ar")), .rtl)
        XCTAssertEqual(direction(BookHints(language: "he-IL")), .rtl)
        XCTAssertEqual(direction(BookHints(language: "fa")), .rtl)
        XCTAssertEqual(direction(BookHints(language: "ur")), .rtl)
        XCTAssertEqual(direction(BookHints(language: "yi")), .rtl)
        XCTAssertEqual(direction(BookHints(language: "ckb")), .rtl)
        XCTAssertEqual(direction(BookHints(language: "pa-Arab")), .rtl, "a right-to-left script subtag")
        XCTAssertEqual(direction(BookHints(language: "sd-Deva")), .ltr, "a left-to-right script subtag")
        XCTAssertEqual(direction(BookHints(language: "ja")), .ltr)
        XCTAssertEqual(direction(BookHints(language: "en")), .ltr)
        XCTAssertEqual(direction(BookHints(language: "arn")), .ltr, "Mapudungun is not Arabic")
        XCTAssertEqual(direction(BookHints(), book(2, language: "ar")), .rtl, "the pages' language")
        XCTAssertEqual(direction(BookHints(pageProgression: .ltr, writingMode: .verticalRL, language: "ar")), .ltr,
                       "the book's page-progression-direction wins")
        XCTAssertEqual(direction(BookHints(pageProgression: .rtl)), .rtl)
        XCTAssertEqual(direction(BookHints(pageProgression: .rtl), book(2), .ltr), .ltr, "the user wins")
    }

    func testHintsFromMetadata() {
        let metadata = BookMetadata(languages: ["ar", "en"], layout: .prePaginated, pageProgression: .rtl,
                                    writingMode: .verticalRL, spread: .both, orientation: .landscape)
        XCTAssertEqual(BookHints(metadata: metadata),
                       BookHints(layout: .prePaginated, spread: .both, orientation: .landscape, pageProgression: .rtl,
                                 writingMode: .verticalRL, language: "ar"))
    }

    func testValidate() {
        XCTAssertNil(SpreadOptions().validate())
        XCTAssertNil(SpreadOptions(spine: SpineLocation.none).validate())
        XCTAssertNil(SpreadOptions(spine: .min, doubleSided: false).validate())
        XCTAssertNil(SpreadOptions(orientation: .portrait, spine: .min, doubleSided: false).validate())
        XCTAssertNil(SpreadOptions(orientation: .portrait, spine: .max, doubleSided: true).validate())
        XCTAssertNil(SpreadOptions(orientation: .landscape, spine: .mid).validate())
        XCTAssertNil(SpreadOptions(spine: .min, doubleSided: true).validate())
        XCTAssertNil(SpreadOptions(orientation: .portrait, doubleSided: false).validate())
        XCTAssertNil(SpreadOptions(spine: .mid, doubleSided: true).validate())

        let cases: [(SpreadOptions, SpreadOptionsError)] = [
            (SpreadOptions(spine: SpineLocation.none, doubleSided: true), .noSpineDoubleSided),
            (SpreadOptions(spine: .mid, doubleSided: false), .midSpineSingleSided),
            (SpreadOptions(orientation: .landscape, doubleSided: false), .landscapeSingleSided),
            (SpreadOptions(orientation: .landscape, spine: .min), .spineContradictsOrientation(.min, .landscape)),
            (SpreadOptions(orientation: .landscape, spine: .max, doubleSided: true), .spineContradictsOrientation(.max, .landscape)),
            (SpreadOptions(orientation: .landscape, spine: SpineLocation.none),
             .spineContradictsOrientation(.none, .landscape)),
            (SpreadOptions(orientation: .portrait, spine: .mid), .spineContradictsOrientation(.mid, .portrait)),
            (SpreadOptions(gap: -1), .negativeGap(-1)),
            (SpreadOptions(viewport: Viewport(columns: 0, lines: 24)), .emptyViewport(Viewport(columns: 0, lines: 24))),
        ]
        for (options, expected) in cases {
            let error = options.validate()
            XCTAssertEqual(error, expected)
            let message = error?.message ?? ""
            XCTAssertFalse(message.isEmpty)
            XCTAssertFalse(message.contains("\n"), "one line: \(message)")
        }
        XCTAssertTrue(SpreadOptionsError.noSpineDoubleSided.message.contains("--spine none"))
        XCTAssertTrue(SpreadOptionsError.negativeGap(-3).message.contains("-3"))
        XCTAssertEqual(SpreadOptionsError.spineContradictsOrientation(.min, .landscape).message,
                       "--spine min shows one page; it cannot be --orientation landscape")
    }

    func testInvalidOptionsStillBuildSomethingSensible() {
        // makeSpreads never fails: refused combinations are bent to the nearest meaningful layout.
        let mid = makeSpreads(pages: book(3), options: SpreadOptions(spine: .mid, doubleSided: false, gap: -2))
        XCTAssertTrue(mid.layout.doubleSided)
        XCTAssertEqual(mid.layout.gap, 0)
        XCTAssertFalse(makeSpreads(pages: book(3), options: SpreadOptions(spine: SpineLocation.none,
                                                                          doubleSided: true)).layout.doubleSided)
    }
}
