import Foundation
@testable import Quire
import TestSupport
import XCTest

/// A Markdown book reads its pictures through a `DirectoryContainer` on its folder, as an unpacked EPUB does: one
/// rule for both formats. Paths are relative to the Markdown file (or absolute); whatever lies outside the book's
/// folder (through `..`, an absolute path or a symbolic link) is not read and is reported as not found; URLs are
/// never read.
final class MarkdownImagesTests: XCTestCase {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]

    func testImagesAreReadFromTheBooksFolderOnly() throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let book = scratch.appendingPathComponent("book")
        try FileManager.default.createDirectory(at: book.appendingPathComponent("img"), withIntermediateDirectories: true)
        try Data(Self.png).write(to: book.appendingPathComponent("img/in.png"))
        try Data(Self.png).write(to: scratch.appendingPathComponent("outside.png"))
        try FileManager.default.createSymbolicLink(atPath: book.appendingPathComponent("img/link.png").path,
                                                   withDestinationPath: "../../outside.png")
        let markdown = """
            # One

            ![in](img/in.png) ![again](./img/../img/in.png) ![absolute inside](\(book.path)/img/in.png)

            ![up](../outside.png) ![absolute outside](\(scratch.path)/outside.png) ![link](img/link.png)

            ![web](https://example.com/x.png) ![none](img/none.png)
            """
        try Data(markdown.utf8).write(to: book.appendingPathComponent("one.md"))

        let opened = try Quire.open([book.appendingPathComponent("one.md").path])
        let images = Quire.images(of: opened)
        XCTAssertEqual(images.sources, ["img/in.png", "img/in.png", "img/in.png", "../outside.png", scratch.path + "/outside.png",
                                        "img/link.png", "https://example.com/x.png", "img/none.png"])
        XCTAssertEqual(images.data, ["img/in.png": Self.png])
        XCTAssertEqual(opened.diagnostics.map(\.message), [
            "image not found: ../outside.png", "image not found: \(scratch.path)/outside.png", "image not found: img/link.png",
            "image not found: img/none.png",
        ])
    }

    /// Files from several folders share their deepest common folder; each file's paths stay relative to itself.
    func testFilesFromSeveralFoldersShareTheirCommonFolder() throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for name in ["a", "b"] {
            let folder = scratch.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(Self.png + [UInt8(ascii: name == "a" ? "A" : "B")]).write(to: folder.appendingPathComponent("pic.png"))
            try Data("# \(name)\n\n![\(name)](pic.png)\n".utf8).write(to: folder.appendingPathComponent("\(name).md"))
        }
        let opened = try Quire.open(["a/a.md", "b/b.md"].map { scratch.appendingPathComponent($0).path })
        let images = Quire.images(of: opened)
        XCTAssertEqual(images.sources, ["a/pic.png", "b/pic.png"])
        XCTAssertEqual(images.data["a/pic.png"]?.last, UInt8(ascii: "A"))
        XCTAssertEqual(images.data["b/pic.png"]?.last, UInt8(ascii: "B"))
        XCTAssertEqual(opened.diagnostics, [])
    }

    static func scratchFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-images-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.resolvingSymlinksInPath()
    }
}
