import Foundation
import Quire

/// `quire info`: what a book says about itself, as text or JSON.
enum InfoCommand {
    static let spec = CommandSpec(
        name: "info", synopsis: "BOOK [--json] [--page COLSxLINES] [--quiet]",
        summary: "Show a book's metadata, layout hints, spine, table of contents and warnings.",
        options: [
            OptionSpec(name: "json", value: nil, help: "Print one JSON object instead of text."),
            OptionSpec(name: "page", value: "COLSxLINES", help: "Also count the pages and spreads at this page size (default layout, 80x24 viewport)."),
            OptionSpec(name: "quiet", value: nil, help: "Do not print warnings on standard error."),
        ] + OpenArguments.specs,
        details: "BOOK is an .epub file, an unpacked EPUB folder, Markdown files or a folder of them, or - for standard input.")

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let size = try arguments.pageSize("page")
        let book = try Inputs.open(arguments)
        let pagination = size.map { Quire.paginate(book, layout: LayoutOptions(pageSize: $0), spreads: SpreadOptions(viewport: .standard)) }
        if let problem = pagination?.problem { throw RenderCommand.pageTooSmall(problem, input: arguments.positionals) }
        let counts = pagination.map(PageCounts.init)
        let info = BookInfo(book, counts: counts)
        if arguments.has("json") {
            Console.out(info.json.serialized(pretty: true) + "\n")
        } else {
            Console.out(info.text)
        }
        return .ok
    }
}

/// Opening the books named on a command line, with errors and warnings rendered the same way everywhere.
enum Inputs {
    static func open(_ arguments: ParsedArguments) throws -> Book {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no book given") }
        let options = try OpenArguments.parse(arguments)
        let name = arguments.positionals.count == 1 ? arguments.positionals[0] : arguments.positionals.joined(separator: " ")
        let book: Book
        do {
            if arguments.positionals == ["-"] {
                book = try Quire.open(bytes: try standardInput(markdownLimit: options.limits.markdownBytes), options: options)
            } else {
                book = try Quire.open(arguments.positionals, options: options)
            }
        } catch {
            throw CommandFailure(input: name, error)
        }
        if !arguments.has("quiet") {
            for diagnostic in book.diagnostics { Console.warning(input: name, diagnostic.message) }
        }
        return book
    }

    /// Standard input, read in full when it starts as a ZIP archive (an EPUB, bounded by the container limits), else
    /// only up to one byte past the Markdown size limit: enough for the reader to refuse it without holding it all.
    private static func standardInput(markdownLimit: Int) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let isZip = bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
            let bound = isZip ? Int.max : max(4, markdownLimit + 1)
            if bytes.count >= bound { return bytes }
            let wanted = min(1 << 20, bound - bytes.count)
            let chunk: Data?
            do {
                chunk = try FileHandle.standardInput.read(upToCount: wanted)
            } catch {
                throw .unreadable("standard input")
            }
            guard let chunk, !chunk.isEmpty else { return bytes }
            chunk.withUnsafeBytes { bytes.append(contentsOf: $0) }   // a memcpy, not a byte-by-byte Sequence walk
        }
    }
}
