import Foundation
import XCTest

/// A fresh scratch folder; the caller removes it.
public func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("quire-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// A fresh scratch folder, removed when `test` ends.
public func temporaryFolder(_ test: XCTestCase) throws -> URL {
    let url = try temporaryFolder()
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// Writes `text` at `path` inside `folder`, creating the folders on the way: unpacked EPUB fixtures.
public func writeFile(_ path: String, _ text: String, in folder: URL) throws {
    let url = folder.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(text.utf8).write(to: url)
}
