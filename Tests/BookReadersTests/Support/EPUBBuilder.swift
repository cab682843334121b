import Foundation
import XCTest
@testable import BookReaders
import BookModel

/// Builds a small EPUB in memory, one feature at a time: files in order (mimetype first), written as a
/// STORED ZIP or into a folder.
struct EPUBBuilder {
    var entries: [ZipEntry] = []

    init(mimetype: String? = "application/epub+zip", container: String? = EPUBBuilder.container()) {
        if let mimetype { entries.append(ZipEntry("mimetype", mimetype)) }
        if let container { add("META-INF/container.xml", container) }
    }

    mutating func add(_ path: String, _ text: String) { entries.append(ZipEntry(path, text)) }
    mutating func add(_ path: String, bytes: [UInt8]) { entries.append(ZipEntry(path, bytes)) }

    var zip: [UInt8] { ZipWriter.archive(entries) }

    func read(landscape: Bool = false) throws(ReadError) -> EPUBBook { try EPUBReader.read(bytes: zip, landscape: landscape) }

    func write(to folder: URL) throws {
        for e in entries {
            let url = folder.appendingPathComponent(e.name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(e.data).write(to: url)
        }
    }

    static func container(_ rootfiles: [(path: String, type: String)] = [("OEBPS/content.opf", "application/oebps-package+xml")]) -> String {
        let lines = rootfiles.map { "<rootfile full-path=\"\($0.path)\" media-type=\"\($0.type)\"/>" }.joined(separator: "\n    ")
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
          <rootfiles>
            \(lines)
          </rootfiles>
        </container>
        """
    }

    /// An EPUB 3 package document; `manifest` and `spine` are the inner XML.
    static func opf(metadata: String = defaultMetadata, manifest: String, spine: String, spineAttributes: String = "",
                    version: String = "3.0", packageAttributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <package xmlns="http://www.idpf.org/2007/opf" version="\(version)" unique-identifier="uid" \(packageAttributes)>
          <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
            \(metadata)
          </metadata>
          <manifest>
            \(manifest)
          </manifest>
          <spine\(spineAttributes.isEmpty ? "" : " " + spineAttributes)>
            \(spine)
          </spine>
        </package>
        """
    }

    static let defaultMetadata = """
    <dc:identifier id="uid">urn:uuid:00000000-0000-4000-8000-000000000001</dc:identifier>
    <dc:title>A Small Test Book</dc:title>
    <dc:language>en</dc:language>
    <meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
    """

    static func xhtml(_ body: String, head: String = "", htmlAttributes: String = "", declaration: String = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>") -> String {
        """
        \(declaration)
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"\(htmlAttributes.isEmpty ? "" : " " + htmlAttributes)>
        <head><title>t</title>\(head)</head>
        <body>\(body)</body>
        </html>
        """
    }

    /// A book whose spine is the given XHTML documents (OEBPS/c1.xhtml, c2.xhtml, …), plus extra files.
    static func book(_ documents: [String], metadata: String = defaultMetadata, spineAttributes: String = "",
                     extra: [(String, String)] = []) -> EPUBBuilder {
        var b = EPUBBuilder()
        let manifest = documents.indices.map { "<item id=\"c\($0 + 1)\" href=\"c\($0 + 1).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let spine = documents.indices.map { "<itemref idref=\"c\($0 + 1)\"/>" }
        b.add("OEBPS/content.opf", opf(metadata: metadata, manifest: manifest.joined(separator: "\n"),
                                       spine: spine.joined(separator: "\n"), spineAttributes: spineAttributes))
        for (i, d) in documents.enumerated() { b.add("OEBPS/c\(i + 1).xhtml", d) }
        for (path, text) in extra { b.add(path, text) }
        return b
    }
}

// MARK: - Assertions and helpers

/// The ReadError thrown by `body`, or nil (and a test failure) when it returned.
func readError<T>(_ body: () throws(ReadError) -> T, file: StaticString = #filePath, line: UInt = #line) -> ReadError? {
    do {
        _ = try body()
        XCTFail("expected a ReadError, but reading succeeded", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

/// Reads a one-document book built from an XHTML body and returns its only chapter.
func chapter(body: String, head: String = "", htmlAttributes: String = "", extra: [(String, String)] = [],
             file: StaticString = #filePath, line: UInt = #line) throws -> Chapter {
    let book = try EPUBBuilder.book([EPUBBuilder.xhtml(body, head: head, htmlAttributes: htmlAttributes)], extra: extra).read()
    let chapter = try XCTUnwrap(book.document.chapters.first, "no chapter was read", file: file, line: line)
    return chapter
}

/// Plain text of a block (leaf text; containers joined with " | ").
func text(_ block: Block) -> String {
    switch block.kind {
    case .heading(_, let inlines), .paragraph(let inlines): return inlines.plainText
    case .preformatted(let s): return s
    case .rule: return "---"
    case .image(let image): return "[image \(image.alt)]"
    case .quote(let blocks): return blocks.map(text).joined(separator: " | ")
    case .note(let note): return note.blocks.map(text).joined(separator: " | ")
    case .list(let list): return list.items.map { $0.blocks.map(text).joined(separator: " | ") }.joined(separator: " | ")
    case .table(let table): return table.rows.map { $0.cells.map { $0.blocks.map(text).joined() }.joined(separator: " | ") }.joined(separator: " / ")
    }
}

func inlines(_ block: Block?) -> [Inline] {
    switch block?.kind {
    case .heading(_, let inlines)?, .paragraph(let inlines)?: return inlines
    default: return []
    }
}

/// A folder fixture under Tests/BookReadersTests/Fixtures (copied into the test bundle).
func fixture(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let url = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil), file: file, line: line)
        .appendingPathComponent(name)
    XCTAssertTrue(FileManager.default.fileExists(atPath: url.path), "missing fixture \(name)", file: file, line: line)
    return url.path
}
