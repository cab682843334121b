import Renderers

extension Quire {
    /// The HTML viewer's files (the HTML renderer's authors fill this in).
    static func htmlFiles(for book: Book, _ pagination: Pagination, options: RenderOptions) -> [OutputFile] {
        []
    }
}
