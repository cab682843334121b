import CDeflate
import Foundation
import TestSupport
import XCTest
@testable import BookReaders

/// Deflated entries read whole (issue 19): libzip hands over the raw stream, libdeflate inflates it at once and its
/// CRC-32 is checked. Every entry must come back as libzip's own stream gives it, and every damaged one must fail
/// (or pass) exactly as it did.
final class WholeInflateTests: XCTestCase {
    override func tearDown() {
        ZipContainer.inflatesWhole = true
        super.tearDown()
    }

    /// An entry deflated by a real compressor (libdeflate, level 6), as EPUB tools write chapters.
    private func deflated(_ name: String, _ data: [UInt8]) -> ZipEntry {
        var entry = ZipEntry(name, data)
        entry.method = 8
        let compressor = libdeflate_alloc_compressor(6)!
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_deflate_compress_bound(compressor, data.count)
        var stream = [UInt8](repeating: 0, count: bound)
        let size = data.withUnsafeBytes { d in
            stream.withUnsafeMutableBytes { libdeflate_deflate_compress(compressor, d.baseAddress, d.count, $0.baseAddress, bound) }
        }
        entry.compressed = Array(stream.prefix(size))
        return entry
    }

    /// Asserts that reading `name` gives the same bytes, or the same error, with the whole-buffer inflate on and off.
    private func assertSameBothWays(_ zip: ZipContainer, _ name: String, _ label: String,
                                    file: StaticString = #filePath, line: UInt = #line) {
        ZipContainer.inflatesWhole = true
        let whole = Result { () throws(ReadError) in try zip.read(name) }
        ZipContainer.inflatesWhole = false
        let stream = Result { () throws(ReadError) in try zip.read(name) }
        ZipContainer.inflatesWhole = true
        switch (whole, stream) {
        case (.success(let a), .success(let b)): if a != b { XCTFail("\(label): the bytes differ", file: file, line: line) }
        case (.failure(let a), .failure(let b)): XCTAssertEqual(a, b, label, file: file, line: line)
        default: XCTFail("\(label): \(whole) where libzip's stream gives \(stream)", file: file, line: line)
        }
    }

    /// Chapter-like text of every size around the edges of a deflate block comes back byte for byte.
    func testTextEntriesComeBackWhole() throws {
        var generator = SeededGenerator(for: self)
        let words = ["the", "Prince", "said", "—", "“Well,", "mon", "cher,”", "Аннa", "Павловна", "漢字", "\n", "é"]
        var entries: [ZipEntry] = []
        for (i, size) in [1, 2, 100, 65_535, 65_536, 65_537, 200_000, 1_000_000].enumerated() {
            var text: [UInt8] = []
            while text.count < size { text += Array((words.randomElement(using: &generator)! + " ").utf8) }
            entries.append(deflated("OEBPS/t\(i).xhtml", Array(text.prefix(size))))
        }
        let zip = try ZipContainer(bytes: ZipWriter.archive(entries))
        for entry in entries {
            XCTAssertEqual(try zip.read(entry.name), entry.data, entry.name)
            assertSameBothWays(zip, entry.name, entry.name)
        }
    }

    /// Damaged entries: libzip's stream decides what they give, as before the whole-buffer inflate.
    func testDamagedEntriesReadAsBefore() throws {
        let text = Array(String(repeating: "“It is a whole chapter,” said he — and it was. ", count: 400).utf8)
        var variants: [ZipEntry] = []
        var wrongCRC = deflated("OEBPS/crc.xhtml", text)
        wrongCRC.crc = CRC32.of(text) ^ 1
        variants.append(wrongCRC)
        var longer = deflated("OEBPS/longer.xhtml", text)
        longer.declaredSize = UInt32(text.count + 10)
        variants.append(longer)
        var shorter = deflated("OEBPS/shorter.xhtml", text)
        shorter.declaredSize = UInt32(text.count - 10)
        variants.append(shorter)
        var flipped = deflated("OEBPS/flipped.xhtml", text)
        flipped.compressed![flipped.compressed!.count / 2] ^= 0x5A
        variants.append(flipped)
        var cut = deflated("OEBPS/cut.xhtml", text)
        cut.compressed!.removeLast(cut.compressed!.count / 3)
        variants.append(cut)
        variants.append(deflated("OEBPS/empty.xhtml", []))
        var zeros = ZipEntry.zeros("OEBPS/zeros.bin", count: 30_000)
        zeros.declaredSize = 100
        variants.append(zeros)
        let zip = try ZipContainer(bytes: ZipWriter.archive(variants))
        for entry in variants { assertSameBothWays(zip, entry.name, entry.name) }
        XCTAssertEqual(readError { () throws(ReadError) in try zip.read("OEBPS/crc.xhtml") }, .checksum("OEBPS/crc.xhtml"))
    }

    /// Every entry of every EPUB of the corpus (QUIRE_CORPUS) comes back as libzip's stream inflates it.
    func testCorpusEntriesComeBackAsTheStreamGivesThem() throws {
        let folder = try corpus().appendingPathComponent("epub")
        let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var entries = 0
        while let url = walker?.nextObject() as? URL {
            guard url.pathExtension.lowercased() == "epub", let zip = try? ZipContainer(path: url.path) else { continue }
            for path in zip.paths {
                entries += 1
                assertSameBothWays(zip, path, "\(url.lastPathComponent): \(path)")
            }
        }
        XCTAssertGreaterThan(entries, 1_000)
    }
}
