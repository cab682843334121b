import Foundation
import Layout
import Quire
import TestSupport
import XCTest

/// `--breaking optimal` over whole corpus books (run when QUIRE_CORPUS is set, skipped otherwise): the text is
/// conserved and no line is wider than its page, as with first-fit.
final class OptimalBreakingCorpusTests: XCTestCase {
    /// War and Peace justified: big paragraphs, French and Russian names, long dashes.
    func testWarAndPeaceJustifiedIsConserved() throws {
        let path = try corpus().appendingPathComponent("epub/standardebooks/leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub")
        let book = try Quire.open([path.path])
        for size in [PageSize.standard, PageSize(columns: 24, lines: 12)] {
            let options = LayoutOptions(pageSize: size, align: .justify, lineBreaking: .optimal)
            PipelineTests.assertConserved(book, options: options, "War and Peace, optimal, \(size.columns)x\(size.lines)")
        }
    }

    /// Kusamakura in vertical columns with hanging punctuation: lines without spaces, kinsoku and the reserve.
    func testKusamakuraVerticalIsConserved() throws {
        let book = try VerticalCorpusTests.kusamakura()
        let options = LayoutOptions(align: .justify, writingMode: .verticalRL, hangingPunctuation: true,
                                    lineBreaking: .optimal)
        PipelineTests.assertConserved(book, options: options, "Kusamakura, optimal, vertical")
    }
}
