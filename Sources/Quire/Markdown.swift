import BookModel
import BookReaders

extension Quire {
    static func openMarkdown(paths: [String], options: OpenOptions) throws(ReadError) -> Book {
        let (document, diagnostics) = try MarkdownReader.read(paths: paths, options: options.markdown)
        return Book(format: .markdown, document: document, diagnostics: diagnostics)
    }

    static func openMarkdown(bytes: [UInt8], name: String, options: OpenOptions) throws(ReadError) -> Book {
        let (document, diagnostics) = try MarkdownReader.read(data: bytes, name: name, options: options.markdown)
        return Book(format: .markdown, document: document, diagnostics: diagnostics)
    }
}
