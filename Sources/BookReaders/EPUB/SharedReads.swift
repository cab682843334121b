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

    /// How much of an image is read first. PNG and GIF give their size in the first 24 bytes and `ImageSize`
    /// reads an SVG's first 4,096; a JPEG's frame header follows its APPn segments (Exif, ICC profile: up to
    /// 64 KiB each), so one that lies further is read whole.
    static let headBytes = 1 << 16

    init(container: any Container) { self.container = container }

    /// Holds the lock while the image is read, so parallel chapters never read the same one twice.
    func size(of path: String) -> (width: Int, height: Int)? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = sizes[path] { return cached }
        let size = container.contains(path) ? measure(path) : nil
        sizes[path] = .some(size)
        return size
    }

    /// The size from the image's head, or from the whole image when the head was too short to tell. `ImageSize`
    /// reads its bytes in order, so a size found in a prefix is the size the whole entry gives.
    private func measure(_ path: String) -> (width: Int, height: Int)? {
        guard let head = try? container.readPrefix(path, upTo: Self.headBytes) else { return nil }
        if let size = ImageSize.of(head) { return size }
        guard head.count == Self.headBytes, let whole = try? container.read(path) else { return nil }
        return ImageSize.of(whole)
    }
}
