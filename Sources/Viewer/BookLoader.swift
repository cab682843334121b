import Foundation
import Quire

/// Reads the book for the reader in two steps, so the first spread never waits for the whole book: `first`
/// reads only the content document the reader opens in (an EPUB's spine item; a Markdown book is read whole,
/// its reader has no cheaper unit), and `whole` the rest, on another thread while the reader is already reading.
public struct BookLoader: Sendable {
    public var paths: [String]
    public var options: OpenOptions

    public init(paths: [String], options: OpenOptions) {
        self.paths = paths
        self.options = options
    }

    /// True when `first` reads less than `whole`: one EPUB.
    public var readsInTwoSteps: Bool {
        paths.count == 1 && Quire.isEPUB(paths[0])
    }

    /// The document holding `place` (the first document with nil), or the whole book when it cannot be split.
    public func first(at place: Place?) throws(ReadError) -> Book {
        guard readsInTwoSteps else { return try whole() }
        var options = self.options
        options.documents = .one(place?.href)
        return try Quire.open(paths, options: options)
    }

    public func whole() throws(ReadError) -> Book {
        try Quire.open(paths, options: options)
    }
}
