import Quire
import Renderers

/// `quire render --format html -o DIR`: writes the static viewer (owned by the HTML renderer's authors).
enum HTMLOutput {
    static func write(_ pagination: Pagination, book: Book, arguments: ParsedArguments, to output: OutputFolder) throws {
        throw CommandFailure(input: nil, "HTML output is not built yet", code: .internalError)
    }
}
