import BookModel
import Foundation

/// What every chapter reader of one book shares: the package, the TOC titles, and the caches that make each
/// stylesheet and picture read once per book however many documents name it.
struct SharedReads: Sendable {
    let publication: Publication
    let tocTitles: [String: String]
    let container: any Container
    let styles: BookStyles
    let images: ImageSizeCache
    /// How note references are drawn (`--note-markers`).
    let noteMarkers: NoteMarkers
}

/// Reads each picture once per book for its size. A document may name one image thousands of times (and every
/// chapter may name the same one); each `<img>` without width and height used to inflate the whole entry again.
/// Shared by the parallel chapter readers: the answer for a path never depends on who asks first.
final class ImageSizeCache: @unchecked Sendable {
    let container: any Container
    private var sizes: [String: (width: Int, height: Int)?] = [:]
    private let lock = NSLock()

    init(container: any Container) { self.container = container }

    /// Holds the lock while the image is read, so parallel chapters never read the same one twice.
    func size(of path: String) -> (width: Int, height: Int)? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = sizes[path] { return cached }
        var size: (width: Int, height: Int)?
        if container.contains(path), let bytes = try? container.read(path) { size = ImageSize.of(bytes) }
        sizes[path] = .some(size)
        return size
    }
}
