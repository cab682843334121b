import BookModel
import BookReaders

extension Quire {
    static func openMarkdown(paths: [String], options: OpenOptions) throws(ReadError) -> Book {
        throw .invalid("Markdown input is not supported yet")
    }

    static func openMarkdown(bytes: [UInt8], name: String, options: OpenOptions) throws(ReadError) -> Book {
        throw .invalid("Markdown input is not supported yet")
    }
}
