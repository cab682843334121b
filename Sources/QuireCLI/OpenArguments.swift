import Quire

/// The options that decide how a book is opened, shared by `render`, `info` and `batch`: Markdown chapter
/// splitting and the bounds on hostile input (README, "Errors and exit codes").
enum OpenArguments {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "split-headings", value: "N", help: "Markdown: headings of level <= N start chapters (default 1)."),
        OptionSpec(name: "max-markdown-mb", value: "MB", help: "Largest Markdown input, all files together (default \(InputLimits().markdownBytes >> 20))."),
        OptionSpec(name: "max-table-columns", value: "N", help: "Most columns in one table (default \(InputLimits().tableColumns))."),
        OptionSpec(name: "max-table-cells", value: "N", help: "Most cells in one table (default \(InputLimits().tableCells))."),
        OptionSpec(name: "max-table-search-mb", value: "MB",
                   help: "Most text re-read looking for table headers (default \(InputLimits().tableSearchBytes >> 20))."),
        OptionSpec(name: "max-spine-items", value: "N", help: "Most items in an EPUB spine (default \(InputLimits().spineItems))."),
    ]

    static func parse(_ arguments: ParsedArguments, usage: String) throws -> OpenOptions {
        func number(_ option: String, _ range: ClosedRange<Int>) throws -> Int? {
            guard let text = arguments.value(option) else { return nil }
            guard let n = Int(text), range.contains(n) else {
                throw UsageError(message: "--\(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'",
                                 usage: usage)
            }
            return n
        }
        var options = OpenOptions()
        if let n = try number("split-headings", 0...6) { options.splitHeadings = n }
        if let n = try number("max-markdown-mb", 1...4096) { options.limits.markdownBytes = n << 20 }
        if let n = try number("max-table-columns", 1...1_000_000) { options.limits.tableColumns = n }
        if let n = try number("max-table-cells", 1...100_000_000) { options.limits.tableCells = n }
        if let n = try number("max-table-search-mb", 1...1_000_000) { options.limits.tableSearchBytes = n << 20 }
        if let n = try number("max-spine-items", 1...1_000_000) { options.limits.spineItems = n }
        return options
    }
}
