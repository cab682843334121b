import Foundation
import XCTest

/// The shared corpus of real books: `QUIRE_CORPUS`, a folder holding MANIFEST.tsv, epub/ and markdown/.
///
/// A corpus test calls `try corpus()` first: without `QUIRE_CORPUS` the test is reported as skipped, never as
/// passed. With `QUIRE_CORPUS` set to a folder that is not a corpus the test fails, so a mistyped path cannot
/// quietly turn a corpus run into a run of skips.
public func corpus() throws -> URL {
    guard let path = ProcessInfo.processInfo.environment["QUIRE_CORPUS"], !path.isEmpty else {
        throw XCTSkip("QUIRE_CORPUS is not set")
    }
    let url = URL(fileURLWithPath: path)
    guard FileManager.default.fileExists(atPath: url.appendingPathComponent("MANIFEST.tsv").path) else {
        throw NotACorpus(path: path)
    }
    return url
}

/// The corpus when `QUIRE_CORPUS` is set, nil when it is not: for tests that run without the corpus and add its
/// books when they are there. Throws (the test fails) when the variable names a folder without MANIFEST.tsv.
public func optionalCorpus() throws -> URL? {
    guard let path = ProcessInfo.processInfo.environment["QUIRE_CORPUS"], !path.isEmpty else { return nil }
    return try corpus()
}

/// `QUIRE_CORPUS` names a folder without MANIFEST.tsv.
public struct NotACorpus: Error, CustomStringConvertible {
    public let path: String
    public var description: String { "QUIRE_CORPUS is set to \(path) but holds no MANIFEST.tsv" }
}
