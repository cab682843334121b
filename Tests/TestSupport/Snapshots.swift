import Foundation
import XCTest

/// True when the run re-records golden files: `QUIRE_RECORD=1 swift test`. The one switch for every golden file
/// of every test target.
public var isRecordingGoldens: Bool { ProcessInfo.processInfo.environment["QUIRE_RECORD"] == "1" }

/// Compares `actual` with the golden file `name` in the `Snapshots` folder beside the calling test file.
public func assertSnapshot(
    _ actual: String, named name: String, file: StaticString = #filePath, line: UInt = #line
) throws {
    let folder = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Snapshots")
    try assertGolden(actual, at: folder.appendingPathComponent(name), file: file, line: line)
}

/// Compares `actual` with the golden file at `url`, and reports the first line that differs.
///
/// With `QUIRE_RECORD=1` the file is rewritten and the test fails, so a recording run never passes silently:
/// review the diff (`git diff Tests`), then run again without the variable.
public func assertGolden(_ actual: String, at url: URL, file: StaticString = #filePath, line: UInt = #line) throws {
    let name = url.lastPathComponent
    if isRecordingGoldens {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        XCTFail("recorded \(name); run again without QUIRE_RECORD to check it", file: file, line: line)
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        XCTFail("no golden file \(url.path); record it with QUIRE_RECORD=1", file: file, line: line)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard actual != expected else { return }
    let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let first = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
    let want = first < e.count ? String(e[first].prefix(300)) : "<end>"
    let got = first < a.count ? String(a[first].prefix(300)) : "<end>"
    XCTFail(
        "\(name) differs from its golden file at line \(first + 1):\n  expected: \(want)\n  actual:   \(got)",
        file: file, line: line)
}
