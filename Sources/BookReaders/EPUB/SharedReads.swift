import BookModel
import Foundation

/// What every chapter reader of one book shares: the package, the TOC titles, and the caches that make each
/// stylesheet and picture read once per book however many documents name it.
struct SharedReads: Sendable {
    let publication: Publication
    let tocTitles: [String: String]
    let container: any Container
    let stylesheets: StylesheetCache
    let images: ImageSizeCache
}

/// Reads each stylesheet once per book and answers which writing mode a document's root gets.
/// Shared by the parallel chapter readers: the answer for a path never depends on who asks first.
final class StylesheetCache: @unchecked Sendable {
    let container: any Container
    private var modes: [String: WritingMode?] = [:]
    private let lock = NSLock()

    init(container: any Container) { self.container = container }

    /// Linked sheets, then `<style>` elements, then `style` attributes on html and body: the last one wins.
    func writingMode(of doc: XMLNodes, path: String) -> WritingMode {
        typealias Known = XMLNodes.Known
        var mode: WritingMode?
        let root = doc.root
        if let head = doc.element(root, Known.head, namespace: doc.namespaceID(root)) {
            for e in doc.children(head) where !doc.isText(e) {
                let name = doc.nameID(e)
                if name == Known.link, PackageDocument.tokens(doc.attribute(e, Known.rel)?.lowercased()).contains("stylesheet"),
                   let href = doc.attribute(e, Known.href) {
                    if let found = sheetMode(ContainerPath.resolve(href, against: path)) { mode = found }
                } else if name == Known.style, let found = CSS.rootWritingMode(inStylesheet: doc.textContent(e)) {
                    mode = found
                }
            }
        }
        for element in [root, doc.element(root, Known.body, namespace: doc.namespaceID(root))].compactMap({ $0 }) {
            if let style = doc.attribute(element, Known.style), let found = CSS.writingMode(inDeclarations: style) { mode = found }
        }
        return mode ?? .horizontalTB
    }

    /// Holds the lock while a sheet is read and parsed, so parallel chapters never parse the same sheet twice.
    private func sheetMode(_ path: String) -> WritingMode? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = modes[path] { return cached }
        var mode: WritingMode?
        if container.contains(path), let bytes = try? container.read(path) {
            mode = CSS.rootWritingMode(inStylesheet: String(decoding: bytes, as: UTF8.self))
        }
        modes[path] = mode
        return mode
    }
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
