import Foundation
import TestSupport
import XCTest
@testable import BookReaders
import BookModel

final class ContainerTests: XCTestCase {
    private func minimalBook() -> EPUBBuilder {
        EPUBBuilder.book([EPUBBuilder.xhtml("<p>Hello container.</p>")])
    }

    func testZipSelfCheck() {
        // The fixture writer itself: CRC-32 of "123456789" is the standard check value.
        XCTAssertEqual(CRC32.of(Array("123456789".utf8)), 0xCBF4_3926)
    }

    func testZipFromBytes() throws {
        let book = try minimalBook().read()
        XCTAssertEqual(book.document.chapters.map(\.href), ["OEBPS/c1.xhtml"])
        XCTAssertEqual(book.document.chapters.first?.blocks.map(text), ["Hello container."])
        XCTAssertTrue(book.container is ZipContainer)
        XCTAssertEqual(book.diagnostics, [])
    }

    func testZipFromFilePath() throws {
        let folder = try temporaryFolder(self)
        let file = folder.appendingPathComponent("book.epub")
        try Data(minimalBook().zip).write(to: file)
        let book = try EPUBReader.read(path: file.path)
        XCTAssertTrue(book.container is ZipContainer)
        XCTAssertEqual(book.document.chapters.first?.blocks.map(text), ["Hello container."])
        XCTAssertEqual(book.container.paths.first, "mimetype")
    }

    func testFolderContainer() throws {
        let folder = try temporaryFolder(self)
        try minimalBook().write(to: folder)
        let book = try EPUBReader.read(path: folder.path)
        XCTAssertTrue(book.container is DirectoryContainer)
        XCTAssertEqual(book.document.chapters.first?.blocks.map(text), ["Hello container."])
        XCTAssertEqual(book.container.paths, ["META-INF/container.xml", "OEBPS/c1.xhtml", "OEBPS/content.opf", "mimetype"])
    }

    func testFolderWithoutContainerIsNotAnEPUB() throws {
        let folder = try temporaryFolder(self)
        try Data("just a note".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        guard case .notAnEPUB? = readError({ () throws(ReadError) in try EPUBReader.read(path: folder.path) }) else {
            return XCTFail("expected notAnEPUB")
        }
    }

    func testMissingPathIsNotFound() {
        let error = readError { () throws(ReadError) in try EPUBReader.read(path: "/nonexistent/quire/book.epub") }
        XCTAssertEqual(error, .notFound("/nonexistent/quire/book.epub"))
        XCTAssertEqual(error?.isMissingInput, true)
    }

    func testMissingMimetypeIsAWarning() throws {
        var b = EPUBBuilder(mimetype: nil)
        let full = minimalBook()
        b.entries = full.entries.filter { $0.name != "mimetype" }
        let book = try b.read()
        XCTAssertEqual(book.document.chapters.count, 1)
        XCTAssertTrue(book.diagnostics.contains { $0.severity == .warning && $0.message.contains("mimetype") }, "\(book.diagnostics)")
    }

    func testWrongMimetypeIsAWarning() throws {
        var b = minimalBook()
        b.entries[0] = ZipEntry("mimetype", "application/zip")
        let book = try b.read()
        XCTAssertEqual(book.document.chapters.count, 1)
        XCTAssertTrue(book.diagnostics.contains { $0.message.contains("application/zip") }, "\(book.diagnostics)")
    }

    func testMissingContainerXML() {
        var b = minimalBook()
        b.entries.removeAll { $0.name == "META-INF/container.xml" }
        let error = readError { () throws(ReadError) in try b.read() }
        XCTAssertEqual(error, .missingPart("META-INF/container.xml"))
        XCTAssertEqual(error?.message, "missing META-INF/container.xml")
    }

    func testMissingPackageDocument() {
        var b = minimalBook()
        b.entries.removeAll { $0.name == "OEBPS/content.opf" }
        XCTAssertEqual(readError { () throws(ReadError) in try b.read() }, .missingPart("OEBPS/content.opf"))
    }

    func testNotAZip() {
        let bytes = Array("This is a plain text file, not an archive.\n".utf8)
        guard case .notAZip? = readError({ () throws(ReadError) in try EPUBReader.read(bytes: bytes) }) else {
            return XCTFail("expected notAZip")
        }
    }

    func testEmptyInput() throws {
        guard case .notAZip? = readError({ () throws(ReadError) in try EPUBReader.read(bytes: []) }) else {
            return XCTFail("expected notAZip for empty bytes")
        }
        let folder = try temporaryFolder(self)
        let file = folder.appendingPathComponent("empty.epub")
        try Data().write(to: file)
        guard case .notAZip? = readError({ () throws(ReadError) in try EPUBReader.read(path: file.path) }) else {
            return XCTFail("expected notAZip for an empty file")
        }
    }

    func testTruncatedZip() throws {
        let bytes = minimalBook().zip
        for cut in [bytes.count / 2, bytes.count - 10, 30] {
            let truncated = Array(bytes.prefix(cut))
            guard case .notAZip? = readError({ () throws(ReadError) in try EPUBReader.read(bytes: truncated) }) else {
                return XCTFail("expected notAZip for an archive cut at \(cut) of \(bytes.count) bytes")
            }
        }
        let folder = try temporaryFolder(self)
        let file = folder.appendingPathComponent("cut.epub")
        try Data(bytes.prefix(bytes.count / 2)).write(to: file)
        guard case .notAZip? = readError({ () throws(ReadError) in try EPUBReader.read(path: file.path) }) else {
            return XCTFail("expected notAZip for a truncated file")
        }
    }

    func testCRCMismatch() {
        var b = minimalBook()
        let i = b.entries.firstIndex { $0.name == "OEBPS/c1.xhtml" }!
        b.entries[i].crc = CRC32.of(b.entries[i].data) ^ 0x5555
        XCTAssertEqual(readError { () throws(ReadError) in try b.read() }, .checksum("OEBPS/c1.xhtml"))
    }

    func testZipLevelEncryptionIsDRM() {
        var b = minimalBook()
        let i = b.entries.firstIndex { $0.name == "OEBPS/c1.xhtml" }!
        b.entries[i].flags |= 1
        XCTAssertEqual(readError { () throws(ReadError) in try b.read() }, .encrypted("OEBPS/c1.xhtml"))
    }

    func testEntryCountLimit() {
        var b = minimalBook()
        for i in 0..<10 { b.add("OEBPS/extra\(i).txt", "x") }
        var limits = ContainerLimits()
        limits.maxEntries = 8
        let error = readError { () throws(ReadError) in try ZipContainer(bytes: b.zip, limits: limits) }
        guard case .limitExceeded(let what)? = error else { return XCTFail("expected limitExceeded, got \(String(describing: error))") }
        XCTAssertTrue(what.contains("entries") && what.contains("8"), what)
        // Within the limit, the same archive opens.
        limits.maxEntries = 14
        XCTAssertNoThrow(try ZipContainer(bytes: b.zip, limits: limits))
    }

    func testEntrySizeLimit() throws {
        var b = minimalBook()
        b.add("OEBPS/big.txt", String(repeating: "a", count: 5000))
        var limits = ContainerLimits()
        limits.maxEntryBytes = 4096
        let zip = try ZipContainer(bytes: b.zip, limits: limits)
        XCTAssertNoThrow(try zip.read("OEBPS/c1.xhtml"))
        guard case .limitExceeded(let what)? = readError({ () throws(ReadError) in try zip.read("OEBPS/big.txt") }) else {
            return XCTFail("expected limitExceeded")
        }
        XCTAssertTrue(what.contains("OEBPS/big.txt") && what.contains("4096") && what.contains("per entry"), what)
    }

    func testTotalSizeLimit() throws {
        var b = minimalBook()
        for i in 0..<3 { b.add("OEBPS/part\(i).txt", String(repeating: "b", count: 1000)) }
        var limits = ContainerLimits()
        limits.maxTotalBytes = 2500
        let zip = try ZipContainer(bytes: b.zip, limits: limits)
        XCTAssertNoThrow(try zip.read("OEBPS/part0.txt"))
        XCTAssertNoThrow(try zip.read("OEBPS/part1.txt"))
        guard case .limitExceeded(let what)? = readError({ () throws(ReadError) in try zip.read("OEBPS/part2.txt") }) else {
            return XCTFail("expected limitExceeded")
        }
        XCTAssertTrue(what.contains("2500"), what)
    }

    /// Reads on many threads at once each get a handle of their own (issue 19): every entry comes back whole, from
    /// memory and from a file, and the book's total stays bounded however the reads interleave.
    func testParallelReadsGetTheSameBytes() throws {
        var b = minimalBook()
        for i in 0..<24 { b.entries.append(.zeros("OEBPS/z\(i).bin", count: 20_000 + i)) }
        for i in 0..<24 { b.add("OEBPS/t\(i).txt", String(repeating: "\(i % 10)", count: 3000 + i)) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(getpid()).epub")
        try Data(b.zip).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for zip in [try ZipContainer(bytes: b.zip), try ZipContainer(path: file.path)] {
            let names = (0..<24).flatMap { ["OEBPS/z\($0).bin", "OEBPS/t\($0).txt"] }
            let serial = try names.map { name throws(ReadError) in try zip.read(name) }
            let results = orderedConcurrentMap(count: names.count * 4) { k in try? zip.read(names[k % names.count]) }
            for (k, bytes) in results.enumerated() { XCTAssertEqual(bytes, serial[k % names.count], names[k % names.count]) }
        }
        var limits = ContainerLimits()
        limits.maxTotalBytes = 24 * 20_000
        let bounded = try ZipContainer(bytes: b.zip, limits: limits)
        let read = orderedConcurrentMap(count: 48) { k in (try? bounded.read("OEBPS/z\(k % 24).bin"))?.count ?? 0 }
        XCTAssertLessThanOrEqual(read.reduce(0, +), 24 * 20_000, "the total holds under parallel reads")
        XCTAssertGreaterThan(read.filter { $0 > 0 }.count, 0)
    }

    func testDeflatedEntryInflates() throws {
        // The hand-made deflate stream is valid: libzip inflates it to the declared zeros.
        var b = minimalBook()
        b.entries.append(.zeros("OEBPS/zeros.bin", count: 10_000))
        let zip = try ZipContainer(bytes: b.zip)
        XCTAssertEqual(try zip.read("OEBPS/zeros.bin"), [UInt8](repeating: 0, count: 10_000))
    }

    func testCompressionRatioLimit() throws {
        var b = minimalBook()
        b.entries.append(.zeros("OEBPS/bomb.bin", count: 200_000))
        var limits = ContainerLimits()
        limits.ratioFloorBytes = 10_000
        limits.maxRatio = 50
        let zip = try ZipContainer(bytes: b.zip, limits: limits)
        guard case .limitExceeded(let what)? = readError({ () throws(ReadError) in try zip.read("OEBPS/bomb.bin") }) else {
            return XCTFail("expected limitExceeded")
        }
        XCTAssertTrue(what.contains("ratio") && what.contains("50"), what)
    }

    func testLyingUncompressedSize() throws {
        // The headers declare 100 bytes, the stream inflates to 50,000: the container must not return more.
        var b = minimalBook()
        var bomb = ZipEntry.zeros("OEBPS/liar.bin", count: 50_000)
        bomb.declaredSize = 100
        b.entries.append(bomb)
        let zip = try ZipContainer(bytes: b.zip)
        do {
            let bytes = try zip.read("OEBPS/liar.bin")
            XCTAssertLessThanOrEqual(bytes.count, 100)
        } catch {
            switch error {
            case .notAZip, .checksum, .limitExceeded: break
            default: XCTFail("unexpected \(error)")
            }
        }
    }

    func testDirectoryContainerStaysInsideItsRoot() throws {
        let base = try temporaryFolder(self)
        let root = base.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("OEBPS"), withIntermediateDirectories: true)
        try Data("secret outside".utf8).write(to: base.appendingPathComponent("secret.txt"))
        try Data("inside".utf8).write(to: root.appendingPathComponent("OEBPS/inside.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("OEBPS/link.txt").path,
                                                   withDestinationPath: base.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("OEBPS/up").path,
                                                   withDestinationPath: base.path)
        let container = try DirectoryContainer(folder: root.path)
        XCTAssertEqual(try container.read("OEBPS/inside.txt"), Array("inside".utf8))
        for path in ["../secret.txt", "OEBPS/../../secret.txt", "OEBPS/link.txt", "OEBPS/up/secret.txt", "/../secret.txt"] {
            XCTAssertFalse(container.contains(path), path)
            XCTAssertNotNil(readError({ () throws(ReadError) in try container.read(path) }), path)
        }
        XCTAssertFalse(container.paths.contains { $0.contains("secret") }, "\(container.paths)")
    }

    func testDirectoryBookCannotReachOutside() throws {
        // An OPF whose spine names ../../secret.xhtml: the reader warns and skips, never reads it.
        let base = try temporaryFolder(self)
        let root = base.appendingPathComponent("book")
        try Data(EPUBBuilder.xhtml("<p>SECRET TEXT</p>").utf8).write(to: base.appendingPathComponent("secret.xhtml"))
        var b = EPUBBuilder()
        b.add("OEBPS/content.opf", EPUBBuilder.opf(
            manifest: """
            <item id="a" href="c1.xhtml" media-type="application/xhtml+xml"/>
            <item id="s" href="../../secret.xhtml" media-type="application/xhtml+xml"/>
            """,
            spine: "<itemref idref=\"a\"/><itemref idref=\"s\"/>"))
        b.add("OEBPS/c1.xhtml", EPUBBuilder.xhtml("<p>Inside.</p>"))
        try b.write(to: root)
        let book = try EPUBReader.read(path: root.path)
        XCTAssertEqual(book.publication.manifest.map(\.path), ["OEBPS/c1.xhtml", "secret.xhtml"])
        XCTAssertFalse(book.document.chapters.flatMap(\.blocks).map(text).contains { $0.contains("SECRET") })
        XCTAssertTrue(book.diagnostics.contains { $0.message.contains("secret.xhtml") }, "\(book.diagnostics)")
    }
}

final class ContainerPathTests: XCTestCase {
    func testResolveDotDot() {
        XCTAssertEqual(ContainerPath.resolve("../images/a.png", against: "OEBPS/text/c1.xhtml"), "OEBPS/images/a.png")
        XCTAssertEqual(ContainerPath.resolve("./c2.xhtml", against: "OEBPS/c1.xhtml"), "OEBPS/c2.xhtml")
        XCTAssertEqual(ContainerPath.resolve("../../../x.css", against: "OEBPS/c1.xhtml"), "x.css")
        XCTAssertEqual(ContainerPath.resolve("/root.xhtml", against: "OEBPS/c1.xhtml"), "root.xhtml")
        XCTAssertEqual(ContainerPath.resolve("c1.xhtml", against: "content.opf"), "c1.xhtml")
    }

    func testPercentDecoding() {
        XCTAssertEqual(ContainerPath.resolve("my%20chapter.xhtml", against: "OEBPS/content.opf"), "OEBPS/my chapter.xhtml")
        XCTAssertEqual(ContainerPath.resolve("%E6%97%A5%E6%9C%AC.xhtml", against: "OEBPS/content.opf"), "OEBPS/日本.xhtml")
        XCTAssertEqual(ContainerPath.percentDecode("100%"), "100%")
        XCTAssertEqual(ContainerPath.percentDecode("a%zzb"), "a%zzb")
    }

    func testFragmentAndQueryDropped() {
        XCTAssertEqual(ContainerPath.resolve("c2.xhtml#part-2", against: "OEBPS/c1.xhtml"), "OEBPS/c2.xhtml")
        XCTAssertEqual(ContainerPath.resolve("c2.xhtml?x=1#y", against: "OEBPS/c1.xhtml"), "OEBPS/c2.xhtml")
        XCTAssertEqual(ContainerPath.resolve("#only", against: "OEBPS/c1.xhtml"), "OEBPS/c1.xhtml")
        XCTAssertEqual(ContainerPath.resolve("", against: "OEBPS/c1.xhtml"), "OEBPS/c1.xhtml")
    }

    func testFolderOf() {
        XCTAssertEqual(ContainerPath.folder(of: "OEBPS/text/c1.xhtml"), "OEBPS/text/")
        XCTAssertEqual(ContainerPath.folder(of: "content.opf"), "")
    }
}

final class ContainerPathResolveTests: XCTestCase {
    func testResolveOnASCIIAndNonASCII() {
        let cases: [(String, String, String)] = [
            ("../b.css", "a/c/x.xhtml", "a/b.css"),
            ("/x/./y/../z.png#f", "q/r.xhtml", "x/z.png"),
            ("#note", "a/b.xhtml", "a/b.xhtml"),
            ("?q#r", "a//b.xhtml", "a/b.xhtml"),
            ("", "", ""),
            ("../../../../x", "a/b", "x"),
            ("c.xhtml?x=1", "OEBPS/text/a.xhtml", "OEBPS/text/c.xhtml"),
            ("img/..//./p.jpg", "t.xhtml", "p.jpg"),
            ("a%20b.xhtml", "t/x.xhtml", "t/a b.xhtml"),
            ("café.xhtml#x", "t/x.xhtml", "t/café.xhtml"),
            ("../x.xhtml", "tëxt/x.xhtml", "x.xhtml"),
            ("..", "a/b/c", "a"),
            ("./", "a/b/c", "a/b"),
        ]
        for (href, base, expected) in cases {
            XCTAssertEqual(ContainerPath.resolve(href, against: base), expected, "\(href) against \(base)")
        }
    }
}
