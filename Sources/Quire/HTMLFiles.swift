import BookModel
import Foundation
import Renderers

extension Quire {
    /// Pictures bigger than this stay text placeholders: a viewer has no use for them and a hostile book could
    /// otherwise make the output huge.
    static let htmlImageLimit = 32 << 20

    /// The HTML viewer's files; images are read here (the renderer itself is pure).
    static func htmlFiles(for book: Book, _ pagination: Pagination, options: RenderOptions) -> [OutputFile] {
        let site = HTMLSite(book: pagination.book, pageSize: pagination.pageSize, spreads: pagination.spreads,
                            toc: book.document.toc, images: images(of: book),
                            options: HTMLSite.Options(transition: options.transition ?? .curl,
                                                      singleFile: options.singleFile,
                                                      ambiguousWide: options.layout.ambiguousWide))
        return site.files()
    }

    /// Bytes of every image the book's placeholders name: from the EPUB container, or for Markdown from the
    /// disk beside the input. Remote URLs are never fetched; what cannot be read keeps its text placeholder.
    static func images(of book: Book) -> HTMLImages {
        let sources = HTMLAssets.imageSources(book.document)
        var data: [String: [UInt8]] = [:]
        for source in Set(sources) where !source.isEmpty {
            if let container = book.container {
                if let bytes = try? container.read(source), bytes.count <= htmlImageLimit { data[source] = bytes }
            } else if let path = markdownImagePath(source, inputs: book.inputPaths),
                      let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                      (attributes[.size] as? Int ?? Int.max) <= htmlImageLimit,
                      let bytes = FileManager.default.contents(atPath: path) {
                data[source] = Array(bytes)
            }
        }
        return HTMLImages(sources: sources, data: data)
    }

    /// Markdown image sources are relative to the book's folder (the input folder, or the first file's folder).
    static func markdownImagePath(_ source: String, inputs: [String]) -> String? {
        if source.contains("://") || source.hasPrefix("//") || source.hasPrefix("data:") { return nil }
        if source.hasPrefix("/") { return source }
        guard let first = inputs.first, first != "-" else { return nil }
        var isFolder: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: first, isDirectory: &isFolder)
        let base = isFolder.boolValue ? first : (first as NSString).deletingLastPathComponent
        return (base.isEmpty ? "." : base) + "/" + source
    }
}
