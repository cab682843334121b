import Quire

/// The options that decide how a book is opened, shared by `render`, `info` and `batch`: Markdown chapter
/// splitting and the bounds on hostile input (README, "Errors and exit codes").
enum OpenArguments {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "stylesheet", value: "TITLE", help: "EPUB: use the book's alternate style sheet set TITLE (e.g. a horizontal one)."),
        OptionSpec(name: "note-markers", value: "STYLE",
                   help: "How note references are drawn: superscript (³, default) or bracket ([3])."),
        OptionSpec(name: "split-headings", value: "N", help: "Markdown: headings of level <= N start chapters (default 1)."),
        OptionSpec(name: "max-markdown-mb", value: "MB", help: "Largest Markdown input, all files together (default \(InputLimits().markdownBytes >> 20))."),
        OptionSpec(name: "max-table-columns", value: "N", help: "Most columns in one table (default \(InputLimits().tableColumns))."),
        OptionSpec(name: "max-table-cells", value: "N", help: "Most cells in one table (default \(InputLimits().tableCells))."),
        OptionSpec(name: "max-table-search-mb", value: "MB",
                   help: "Most text re-read looking for table headers (default \(InputLimits().tableSearchBytes >> 20))."),
        OptionSpec(name: "max-spine-items", value: "N", help: "Most items in an EPUB spine (default \(InputLimits().spineItems))."),
    ]

    /// Parsed once per command, where the book is opened (`Inputs.open`) or the batch job is made.
    static func parse(_ arguments: ParsedArguments) throws(UsageError) -> OpenOptions {
        var options = OpenOptions()
        if let title = arguments.value("stylesheet") {
            guard !title.isEmpty else { throw UsageError(message: "--stylesheet takes the title of a style sheet set") }
            options.stylesheet = title
        }
        // `render` and `batch` take --orientation (checked with the spread options): the book's media queries see it.
        options.landscape = arguments.value("orientation") == "landscape"
        if let markers: NoteMarkers = try arguments.choice("note-markers") { options.noteMarkers = markers }
        if let n = try arguments.number("split-headings", in: 0...6) { options.splitHeadings = n }
        if let n = try arguments.number("max-markdown-mb", in: 1...4096) { options.limits.markdownBytes = n << 20 }
        if let n = try arguments.number("max-table-columns", in: 1...1_000_000) { options.limits.tableColumns = n }
        if let n = try arguments.number("max-table-cells", in: 1...100_000_000) { options.limits.tableCells = n }
        if let n = try arguments.number("max-table-search-mb", in: 1...1_000_000) { options.limits.tableSearchBytes = n << 20 }
        if let n = try arguments.number("max-spine-items", in: 1...1_000_000) { options.limits.spineItems = n }
        return options
    }
}
