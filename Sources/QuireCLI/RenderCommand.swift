import BookModel
import Foundation
import Layout
import Quire
import Renderers
import Spreads

/// `quire render`: the book as pages, in text, JSON (and, later, HTML).
enum RenderCommand {
    static let spec = CommandSpec(
        name: "render", synopsis: "BOOK... [--format text|json|html] [-o DIR] [options]",
        summary: "Paginate a book into pages and spreads: text for terminals, a JSON page map, or an HTML viewer.",
        options: [
            OptionSpec(name: "format", value: "FORMAT", help: "text (default), json or html."),
            OptionSpec(name: "output", short: "o", value: "DIR", help: "Write files into DIR instead of printing (json: DIR/book.json; html needs it)."),
            OptionSpec(name: "transition", value: "MODE", help: "HTML: curl (page turns between spread files, default) or scroll (one book.html)."),
            OptionSpec(name: "single-file", value: nil, help: "HTML: the whole viewer as one self-contained file."),
            OptionSpec(name: "page", value: "COLSxLINES", help: "Page size in character cells (default \(PageSize.standard.columns)x\(PageSize.standard.lines))."),
            OptionSpec(name: "align", value: "MODE", help: "start (default) or justify."),
            OptionSpec(name: "paragraph", value: "MODE", help: "space (blank line between paragraphs, default) or indent."),
            OptionSpec(name: "ruby", value: "MODE", help: "paren (default: 漢字(かんじ)), aozora (漢字《かんじ》) or drop."),
            OptionSpec(name: "ambiguous", value: "WIDTH", help: "narrow (default) or wide: cells for East Asian Ambiguous characters."),
            OptionSpec(name: "writing-mode", value: "MODE", help: "auto (default: the book's), horizontal or vertical."),
            OptionSpec(name: "hanging-punctuation", value: nil, help: "Let 、。，． hang one cell past the line end (each line reserves it)."),
            OptionSpec(name: "continuous", value: nil, help: "Do not start each chapter on a new page."),
            OptionSpec(name: "widows", value: "N", help: "Fewest lines of a paragraph at the top of a page (default 2)."),
            OptionSpec(name: "orphans", value: "N", help: "Fewest lines of a paragraph at the bottom of a page (default 2)."),
            OptionSpec(name: "orientation", value: "MODE", help: "auto (default: landscape when two pages fit the viewport), portrait or landscape."),
            OptionSpec(name: "viewport", value: "COLSxLINES", help: "Screen size for auto orientation (default: the terminal's when printing to it; files, pipes and -o always 80x24)."),
            OptionSpec(name: "spine", value: "WHERE", help: "min, mid, max or none (default: what the orientation implies)."),
            OptionSpec(name: "double-sided", value: nil, help: "Pages printed on both sides of a leaf (default with a mid spine)."),
            OptionSpec(name: "single-sided", value: nil, help: "Pages printed on one side only."),
            OptionSpec(name: "direction", value: "DIR", help: "Page progression: auto (default: the book's), ltr or rtl."),
            OptionSpec(name: "axis", value: "AXIS", help: "horizontal (pages side by side, default) or vertical (stacked)."),
            OptionSpec(name: "first-page", value: "MODE", help: "auto (default), solo (page 1 alone, then 2-3, …) or paired (1-2, 3-4, …)."),
            OptionSpec(name: "gap", value: "N", help: "Cells between the pages of a spread (default 0)."),
            OptionSpec(name: "from", value: "N", help: "First page to print (text)."),
            OptionSpec(name: "to", value: "M", help: "Last page to print (text)."),
            OptionSpec(name: "quiet", value: nil, help: "Do not print warnings on standard error."),
        ] + OpenArguments.specs,
        details: """
        BOOK is an .epub file, an unpacked EPUB folder, Markdown files or a folder of them, or - for standard input.
        Text pages are separated by form feeds, so `quire render book.epub | less` pages through the book.
        """)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let options = try renderOptions(arguments)
        if options.format == .html, arguments.value("output") == nil {
            throw UsageError(message: "--format html writes a folder: give it with -o DIR", usage: spec.usage)
        }
        let range = try pageRange(arguments)
        if !arguments.has("quiet") { try warnInapplicable(arguments) }
        let book = try Inputs.open(arguments, for: spec)
        let pagination = Quire.paginate(book, layout: options.layout, spreads: options.spreads)
        defer { KeptUntilExit.keep(book, pagination) }
        if let problem = pagination.problem { throw pageTooSmall(problem, input: arguments.positionals) }
        if let last = pagination.pages.last?.number, range.lowerBound > last {
            Console.warning(input: arguments.positionals.joined(separator: " "), "--from \(range.lowerBound) is past the last page (\(last))")
        }
        if let path = arguments.value("output") {
            let output = try OutputFolder(path)
            let files = Quire.files(for: book, pagination, options: options).filter { options.format != .text || inRange($0.name, pagination, range) }
            try output.write(files, spreadCount: pagination.spreads.spreads.count)
            return .ok
        }
        switch options.format {
        case .json:
            Quire.writePageMap(pagination, write: Console.out(bytes:))
        default:
            Quire.writeTextSpreads(pagination, ambiguousWide: options.layout.ambiguousWide,
                                   where: { $0.pages.contains(where: range.contains) || ($0.pages.isEmpty && range.lowerBound == 1) },
                                   write: Console.out(bytes:))
        }
        return .ok
    }

    /// `--page 1x3 is too narrow for this book: …; use at least 2x3`, exit 64: the page asked for is the mistake.
    static func pageTooSmall(_ problem: PageTooSmall, input positionals: [String]) -> CommandFailure {
        CommandFailure(input: positionals.joined(separator: " "), problem.message, code: .usage)
    }

    /// Whether a spread file holds a page within --from/--to.
    private static func inRange(_ name: String, _ pagination: Pagination, _ range: ClosedRange<Int>) -> Bool {
        guard range != 1...Int.max else { return true }
        return pagination.spreads.spreads.contains { Quire.spreadFileName($0.number, extension: "txt") == name && $0.pages.contains(where: range.contains) }
    }

    /// Every option of `render` that decides the output, parsed and validated.
    static func renderOptions(_ arguments: ParsedArguments) throws -> RenderOptions {
        let format = try format(arguments)
        return RenderOptions(layout: try layoutOptions(arguments), spreads: try spreadOptions(arguments), format: format,
                             singleFile: arguments.has("single-file"), transition: try transition(arguments))
    }

    static func format(_ arguments: ParsedArguments) throws -> OutputFormat {
        OutputFormat(rawValue: try choice(arguments, "format", OutputFormat.allCases.map(\.rawValue), default: "text"))!
    }

    /// Options given that the chosen format does not use, one warning line each (not an error: a script may pass
    /// the same options for every format).
    static func warnInapplicable(_ arguments: ParsedArguments) throws {
        let format = try format(arguments)
        let onlyFor: [(option: String, format: OutputFormat)] = [
            ("from", .text), ("to", .text), ("transition", .html), ("single-file", .html),
        ]
        for (option, wanted) in onlyFor where arguments.has(option) && format != wanted {
            Console.diagnostic(.warning, input: nil,
                               "--\(option) applies to --format \(wanted.rawValue) only; ignored with --format \(format.rawValue)")
        }
    }

    static func spreadOptions(_ arguments: ParsedArguments) throws -> SpreadOptions {
        var options = SpreadOptions()
        options.orientation = Orientation(rawValue: try choice(arguments, "orientation", Orientation.allCases.map(\.rawValue), default: "auto"))!
        if let spine = arguments.value("spine") {
            options.spine = SpineLocation(rawValue: try choice(arguments, "spine", SpineLocation.allCases.map(\.rawValue), default: spine))
        }
        if arguments.has("double-sided") && arguments.has("single-sided") {
            throw UsageError(message: "--double-sided and --single-sided contradict each other", usage: spec.usage)
        }
        if arguments.has("double-sided") { options.doubleSided = true }
        if arguments.has("single-sided") { options.doubleSided = false }
        options.direction = ProgressionOption(rawValue: try choice(arguments, "direction", ProgressionOption.allCases.map(\.rawValue), default: "auto"))!
        options.axis = Axis(rawValue: try choice(arguments, "axis", Axis.allCases.map(\.rawValue), default: "horizontal"))!
        options.firstPage = FirstPage(rawValue: try choice(arguments, "first-page", FirstPage.allCases.map(\.rawValue), default: "auto"))!
        if let gap = arguments.value("gap") { options.gap = try number(gap, option: "gap", range: 0...100) }
        let transition = try transition(arguments)
        if let viewport = arguments.value("viewport") {
            let size = try pageSize(viewport, option: "viewport")
            options.viewport = Viewport(columns: size.columns, lines: size.lines)
        } else if arguments.value("output") == nil, let terminal = Terminal.size() {
            // The terminal decides only what is shown on it; a file is the same wherever it is written.
            options.viewport = terminal
        } else {
            options.viewport = .standard
        }
        if let problem = transition?.validate(spine: options.spine) { throw UsageError(message: problem.message, usage: spec.usage) }
        if let problem = options.validate() { throw UsageError(message: problem.message, usage: spec.usage) }
        return options
    }

    /// `--transition`, checked whatever the format but used only where it is drawn: HTML (nil elsewhere).
    static func transition(_ arguments: ParsedArguments) throws -> Transition? {
        let transition = Transition(rawValue: try choice(arguments, "transition", Transition.allCases.map(\.rawValue), default: "curl"))!
        return try format(arguments) == .html ? transition : nil
    }

    static func layoutOptions(_ arguments: ParsedArguments) throws -> LayoutOptions {
        var options = LayoutOptions()
        if let page = arguments.value("page") { options.pageSize = try pageSize(page, option: "page") }
        options.align = TextAlign(rawValue: try choice(arguments, "align", TextAlign.allCases.map(\.rawValue), default: "start"))!
        options.paragraph = ParagraphSeparation(rawValue: try choice(arguments, "paragraph", ParagraphSeparation.allCases.map(\.rawValue), default: "space"))!
        options.ruby = RubyMode(rawValue: try choice(arguments, "ruby", RubyMode.allCases.map(\.rawValue), default: options.ruby.rawValue))!
        options.ambiguousWide = try choice(arguments, "ambiguous", ["narrow", "wide"], default: "narrow") == "wide"
        switch try choice(arguments, "writing-mode", ["auto", "horizontal", "vertical", "horizontal-tb", "vertical-rl"], default: "auto") {
        case "horizontal", "horizontal-tb": options.writingMode = .horizontalTB
        case "vertical", "vertical-rl": options.writingMode = .verticalRL
        default: options.writingMode = nil
        }
        options.continuous = arguments.has("continuous")
        options.hangingPunctuation = arguments.has("hanging-punctuation")
        if let widows = arguments.value("widows") { options.widows = try number(widows, option: "widows", range: 1...20) }
        if let orphans = arguments.value("orphans") { options.orphans = try number(orphans, option: "orphans", range: 1...20) }
        return options
    }

    static func pageRange(_ arguments: ParsedArguments) throws -> ClosedRange<Int> {
        let from = try arguments.value("from").map { try number($0, option: "from", range: 1...Int.max) } ?? 1
        let to = try arguments.value("to").map { try number($0, option: "to", range: 1...Int.max) } ?? Int.max
        guard from <= to else { throw UsageError(message: "--from \(from) is after --to \(to)", usage: spec.usage) }
        return from...to
    }

    /// `COLSxLINES`, e.g. `40x20`.
    static func pageSize(_ text: String, option: String) throws -> PageSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let lines = Int(parts[1]),
              (1...1000).contains(columns), (1...1000).contains(lines) else {
            throw UsageError(message: "--\(option) takes COLSxLINES with numbers from 1 to 1000, e.g. 40x20, not '\(text)'", usage: spec.usage)
        }
        return PageSize(columns: columns, lines: lines)
    }

    static func number(_ text: String, option: String, range: ClosedRange<Int>) throws -> Int {
        guard let n = Int(text), range.contains(n) else {
            let bounds = range.upperBound == Int.max ? "a whole number from \(range.lowerBound)" : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError(message: "--\(option) takes \(bounds), not '\(text)'", usage: spec.usage)
        }
        return n
    }

    static func choice(_ arguments: ParsedArguments, _ option: String, _ allowed: [String], default value: String) throws -> String {
        guard let given = arguments.value(option) else { return value }
        guard allowed.contains(given) else {
            throw UsageError(message: "--\(option) takes \(allowed.joined(separator: ", ")), not '\(given)'", usage: spec.usage)
        }
        return given
    }
}
