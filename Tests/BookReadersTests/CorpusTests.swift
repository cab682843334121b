import Foundation
import TestSupport
import XCTest
@testable import BookReaders
import BookModel

/// Reads every EPUB of the shared corpus when QUIRE_CORPUS is set (skipped otherwise); fails when it is set but
/// holds no EPUBs.
final class CorpusTests: XCTestCase {
    private func corpusEPUBs(file: StaticString = #filePath, line: UInt = #line) throws -> [URL] {
        let folder = try corpus().appendingPathComponent("epub")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            XCTFail("QUIRE_CORPUS is set but \(folder.path) is missing", file: file, line: line)
            return []
        }
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var found: [URL] = []
        while let url = walker?.nextObject() as? URL {
            if url.pathExtension.lowercased() == "epub" { found.append(url) }
        }
        found.sort { $0.path < $1.path }
        if found.isEmpty { XCTFail("QUIRE_CORPUS is set but \(folder.path) holds no .epub files", file: file, line: line) }
        return found
    }

    private func book(named name: String, in books: [URL], file: StaticString = #filePath, line: UInt = #line) throws -> EPUBBook {
        let url = try XCTUnwrap(books.first { $0.lastPathComponent == name }, "\(name) is not in the corpus", file: file, line: line)
        return try EPUBReader.read(path: url.path)
    }

    func testEveryCorpusEPUBReadsOrFailsCleanly() throws {
        let books = try corpusEPUBs()
        var ok = 0, failed: [String] = [], warned = 0, characters = 0
        for url in books {
            let name = url.path.replacingOccurrences(of: url.deletingLastPathComponent().deletingLastPathComponent().path + "/", with: "")
            do {
                let book = try EPUBReader.read(path: url.path)
                ok += 1
                characters += book.document.characterCount
                if !book.diagnostics.isEmpty {
                    warned += 1
                    print("corpus: \(name): \(book.diagnostics.count) warning(s), first: \(book.diagnostics[0].message)")
                }
                // Invariants every book must keep: offsets run through each chapter's text.
                for chapter in book.document.chapters {
                    var running = 0
                    for block in chapter.blocks {
                        XCTAssertEqual(block.location.offset, running, "\(name) \(chapter.href)")
                        XCTAssertEqual(block.location.href, chapter.href)
                        running += block.characterCount
                    }
                }
            } catch {
                failed.append("\(name): \(error.message)")
            }
        }
        print("corpus: \(books.count) EPUBs, \(ok) read (\(warned) with warnings), \(failed.count) refused, \(characters) characters")
        for line in failed { print("corpus: refused \(line)") }
        XCTAssertGreaterThan(ok, 0)
    }

    func testKnownCorpusBooks() throws {
        let books = try corpusEPUBs()
        let kusamakura = try book(named: "kusamakura-japanese-vertical-writing.epub", in: books)
        XCTAssertEqual(kusamakura.document.metadata.writingMode, .verticalRL)
        XCTAssertEqual(kusamakura.document.metadata.pageProgression, .rtl)

        let regime = try book(named: "regime-anticancer-arabic.epub", in: books)
        XCTAssertEqual(regime.document.metadata.pageProgression, .rtl)

        let blanche = try book(named: "page-blanche.epub", in: books)
        XCTAssertEqual(blanche.document.metadata.layout, .prePaginated)

        let war = try book(named: "leo-tolstoy_war-and-peace_louise-maude_aylmer-maude.epub", in: books)
        print("corpus: War and Peace has \(war.document.characterCount) characters in \(war.document.chapters.count) chapters")
        XCTAssertGreaterThan(war.document.characterCount, 3_000_000)
    }
}
