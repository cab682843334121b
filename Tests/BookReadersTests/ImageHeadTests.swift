import Foundation
import TestSupport
import XCTest
@testable import BookReaders
import BookModel

/// A picture's size comes from its first bytes (issue 19): a manga of 6 MB of JPEG pages cost 31 times its floor
/// when every page was inflated whole to find its size. `Container.readPrefix` reads the head; a JPEG whose frame
/// header lies beyond it is still measured, from the whole entry.
final class ImageHeadTests: XCTestCase {
    /// A JPEG: start of image, APP1 segments of `appBytes` payload each, then a baseline frame header, then filler.
    private func jpeg(width: Int, height: Int, appSegments: Int, appBytes: Int = 65_000, filler: Int) -> [UInt8] {
        var b: [UInt8] = [0xFF, 0xD8]
        for k in 0..<appSegments {
            let length = appBytes + 2
            b += [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
            b += [UInt8](repeating: UInt8(k + 1), count: appBytes)
        }
        b += [0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)]
        b += [UInt8](repeating: 0x11, count: 12)
        return b + [UInt8](repeating: 0x5A, count: filler) + [0xFF, 0xD9]
    }

    private func png(width: Int, height: Int, filler: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let head: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        return head + be32(width) + be32(height) + [8, 2, 0, 0, 0] + [UInt8](repeating: 0x33, count: filler)
    }

    func testAPrefixIsTheStartOfTheEntryInEveryContainer() throws {
        var b = EPUBBuilder.book([EPUBBuilder.xhtml("<p>Text.</p>")])
        let text = (0..<5_000).map { UInt8(0x41 + $0 % 26) }
        b.add("OEBPS/text.bin", bytes: text)
        b.entries.append(.zeros("OEBPS/zeros.bin", count: 100_000))
        let folder = try temporaryFolder(self)
        try b.write(to: folder)
        let containers: [any Container] = [try ZipContainer(bytes: b.zip), try DirectoryContainer(folder: folder.path)]
        for container in containers {
            let kind = "\(type(of: container))"
            XCTAssertEqual(try container.readPrefix("OEBPS/text.bin", upTo: 100), Array(text.prefix(100)), kind)
            XCTAssertEqual(try container.readPrefix("OEBPS/text.bin", upTo: 5_000), text, kind)
            XCTAssertEqual(try container.readPrefix("OEBPS/text.bin", upTo: 9_999), text, "shorter than asked: \(kind)")
            XCTAssertEqual(try container.readPrefix("OEBPS/zeros.bin", upTo: 65_536), [UInt8](repeating: 0, count: 65_536), kind)
            XCTAssertEqual(try container.readPrefix("OEBPS/text.bin", upTo: 0), [], kind)
            XCTAssertThrowsError(try container.readPrefix("OEBPS/missing.bin", upTo: 10), kind)
        }
    }

    /// The per-entry limit holds for a prefix as for a whole read: an entry the reader refuses stays refused.
    func testAPrefixKeepsTheEntryLimit() throws {
        var b = EPUBBuilder.book([EPUBBuilder.xhtml("<p>Text.</p>")])
        b.entries.append(.zeros("OEBPS/big.bin", count: 50_000))
        var limits = ContainerLimits()
        limits.maxEntryBytes = 10_000
        let zip = try ZipContainer(bytes: b.zip, limits: limits)
        guard case .limitExceeded? = readError({ () throws(ReadError) in try zip.readPrefix("OEBPS/big.bin", upTo: 16) }) else {
            return XCTFail("expected limitExceeded")
        }
    }

    func testPictureSizesComeFromTheirHeads() throws {
        let pictures: [(name: String, bytes: [UInt8], size: String)] = [
            ("big.png", png(width: 40, height: 30, filler: 300_000), "40x30"),
            ("early.jpg", jpeg(width: 640, height: 480, appSegments: 0, filler: 200_000), "640x480"),
            // Two APP1 segments of 65,000 bytes: the frame header starts past the first 64 KiB.
            ("late.jpg", jpeg(width: 800, height: 600, appSegments: 2, filler: 10_000), "800x600"),
        ]
        var b = EPUBBuilder.book([EPUBBuilder.xhtml(pictures.map { "<p><img src=\"\($0.name)\" alt=\"\"/></p>" }.joined())])
        for p in pictures { b.add("OEBPS/" + p.name, bytes: p.bytes) }
        let container = CountingContainer(try ZipContainer(bytes: b.zip))
        let book = try EPUBReader.read(container: container, limits: InputLimits())
        let sizes = book.document.chapters.flatMap(\.blocks).compactMap { block -> String? in
            guard case .image(let image) = block.kind else { return nil }
            return "\(image.width ?? 0)x\(image.height ?? 0)"
        }
        XCTAssertEqual(sizes, pictures.map(\.size))
        for p in pictures { XCTAssertEqual(container.prefixReads("OEBPS/" + p.name), 1, p.name) }
        XCTAssertEqual(container.reads("OEBPS/big.png"), 0)
        XCTAssertEqual(container.reads("OEBPS/early.jpg"), 0)
        XCTAssertEqual(container.reads("OEBPS/late.jpg"), 1, "its frame header is past the head")
    }
}
