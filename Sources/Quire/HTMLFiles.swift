import BookModel
import Renderers

extension Quire {
    /// Pictures bigger than this stay text placeholders: a viewer has no use for them and a hostile book could
    /// otherwise make the output huge.
    static let htmlImageLimit = 32 << 20

    /// The HTML viewer's files; images are read here (the renderer itself is pure).
    static func htmlFiles(for book: Book, _ pagination: Pagination, options: RenderOptions) -> [OutputFile] {
        let portrait = options.liveOrientation ? pagination.spreads.rotated(to: .portrait) : nil
        let site = HTMLSite(book: pagination.book, pageSize: pagination.pageSize, spreads: pagination.spreads,
                            portrait: portrait, toc: book.document.toc, images: images(of: book),
                            options: HTMLSite.Options(transition: options.transition ?? .curl,
                                                      singleFile: options.singleFile,
                                                      ambiguousWide: options.layout.ambiguousWide,
                                                      rubyAsRuby: options.rubyAsRuby))
        return site.files()
    }

    /// Bytes of every image the book's placeholders name, read from its container: the EPUB's archive or
    /// folder, or a Markdown book's folder, under the same rule (nothing outside it; see `DirectoryContainer`).
    /// URLs are never fetched; what cannot be read keeps its text placeholder.
    static func images(of book: Book) -> HTMLImages {
        let refs = HTMLAssets.images(book.document)
        let sources = refs.map(\.source)
        var data: [String: [UInt8]] = [:]
        if let container = book.container {
            for source in Set(sources) where !source.isEmpty && (container.size(of: source) ?? 0) <= htmlImageLimit {
                if let bytes = try? container.read(source), bytes.count <= htmlImageLimit { data[source] = bytes }
            }
        }
        return HTMLImages(sources: sources, data: data, alternatives: refs.map(\.alt))
    }
}
