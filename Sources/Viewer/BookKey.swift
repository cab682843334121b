import Foundation
import Hashing
import Quire

/// Names a book by its content, so a remembered reading position follows the book's bytes rather than its path:
/// a book that is moved or copied keeps its place, and one that is edited in place (a new chapter, a fixed typo)
/// starts afresh instead of landing on an offset that now means different text.
///
/// The rule is the batch manifest's `content_sha256` (`BatchRunner.contentHash`, one home for it): the SHA-256 of
/// a file's bytes (an `.epub` or a Markdown file); for a folder (an unpacked EPUB, or Markdown chapters), of its
/// regular files in byte order of their relative paths, each as path, NUL, size, contents. A book made of several
/// inputs (Markdown files read in order as one book) is keyed by the SHA-256 of its inputs' keys in that order,
/// one per line, so the same files in another order, which read as another book, have another key.
public enum BookKey {
    /// Why a book has no key; the caller then does not remember its place.
    public enum Failure: Error, Sendable, Equatable {
        /// No paths were given.
        case noInput
        /// Standard input (`-`) has no lasting identity, and hashing it would mean reading it twice.
        case standardInput
        /// An input could not be read.
        case unreadable(path: String, reason: String)
    }

    /// The key of the book opened from `paths`, as `Quire.open` takes them: lowercase hex of a SHA-256.
    public static func of(paths: [String]) throws(Failure) -> String {
        guard !paths.isEmpty else { throw .noInput }
        if paths.contains("-") { throw .standardInput }
        if paths.count == 1 { return try hash(paths[0]) }
        var lines = ""
        for path in paths { lines += try hash(path) + "\n" }
        return SHA256.hex(lines)
    }

    /// One input's hash. Every folder takes the folder rule: it covers a folder of Markdown chapters as well as an
    /// unpacked EPUB (both are the files under it), and `Quire.open` tells the two apart later.
    private static func hash(_ path: String) throws(Failure) -> String {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .unreadable(path: path, reason: "not found")
        }
        let book = BatchBook(path: path, key: path, kind: isFolder.boolValue ? .epubFolder : .epub, name: "")
        do {
            return try BatchRunner.contentHash(book)
        } catch {
            throw .unreadable(path: error.path, reason: error.reason)
        }
    }
}
