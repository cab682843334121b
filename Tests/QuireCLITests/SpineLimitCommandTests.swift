import Foundation
import TestSupport
import XCTest

/// `--max-spine-items` end to end: a spine over the limit is bad input data (exit 65) with one error line, for
/// `info` and `render` alike; a spine that repeats one document reads it once, with one warning line.
final class SpineLimitCommandTests: XCTestCase {
    /// An unpacked EPUB whose spine lists `c.xhtml` `repeats` times after `distinct` other documents.
    private func book(distinct: Int = 0, repeats: Int = 0) throws -> URL {
        let folder = try temporaryFolder()
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        func write(_ path: String, _ text: String) throws { try writeFile(path, text, in: folder) }
        let xhtml = { (text: String) in
            "<html xmlns=\"http://www.w3.org/1999/xhtml\"><head><title>t</title></head><body><p>\(text)</p></body></html>"
        }
        try write("META-INF/container.xml", """
            <container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>\
            <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>
            """)
        let ids = (0..<distinct).map { "d\($0)" } + ["c"]
        let manifest = ids.map { "<item id=\"\($0)\" href=\"\($0).xhtml\" media-type=\"application/xhtml+xml\"/>" }
        let spine = (0..<distinct).map { "<itemref idref=\"d\($0)\"/>" } + Array(repeating: "<itemref idref=\"c\"/>", count: repeats)
        try write("OEBPS/content.opf", """
            <package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid">\
            <metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="uid">x</dc:identifier>\
            <dc:title>Spine</dc:title><dc:language>en</dc:language></metadata>\
            <manifest>\(manifest.joined())</manifest><spine>\(spine.joined())</spine></package>
            """)
        for id in ids { try write("OEBPS/\(id).xhtml", xhtml("Document \(id).")) }
        return folder
    }

    func testASpineOverTheLimitExitsWith65AndNamesTheFlag() throws {
        let folder = try book(distinct: 4)
        for command in [["info", "--json"], ["render", "--format", "json"]] {
            let run = try Run.quire([command[0], folder.path] + command.dropFirst() + ["--max-spine-items", "3"])
            XCTAssertEqual(run.status, 65, "\(command[0]): \(run.stderr)")
            XCTAssertEqual(run.stdout, "")
            XCTAssertEqual(run.stderr, "quire: error: \(folder.path): limit exceeded: the spine has 4 items; "
                                       + "the limit is 3 (--max-spine-items)\n")
        }
    }

    func testTheDefaultLimitIsEnforcedAndTheFlagRaisesIt() throws {
        let folder = try book(repeats: 10_001)
        let over = try Run.quire(["info", folder.path, "--json"])
        XCTAssertEqual(over.status, 65)
        XCTAssertEqual(over.stderr, "quire: error: \(folder.path): limit exceeded: the spine has 10001 items; "
                                    + "the limit is 10000 (--max-spine-items)\n")
        let raised = try Run.quire(["render", folder.path, "--format", "json", "--max-spine-items", "20000"])
        XCTAssertEqual(raised.status, 0, raised.stderr)
        XCTAssertEqual(raised.stderr, "quire: warning: \(folder.path): the spine lists OEBPS/c.xhtml 10000 more times; "
                                      + "repeats skipped\n")
    }
}
