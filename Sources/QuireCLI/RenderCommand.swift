import Foundation
import Quire

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
            OptionSpec(name: "hyphenate", value: "MODE", help: "none (default: only the book's soft hyphens) or auto (the language's patterns, where the book allows)."),
            OptionSpec(name: "notes", value: "WHERE", help: "page (default: each note at the foot of the page that refers to it), chapter (at the chapter's end) or inline (where the book put it)."),
            OptionSpec(name: "running-head", value: "MODE", help: "none (default), chapter or title: a head line naming the chapter or book, with the print page (p. 212) when the book has them."),
            OptionSpec(name: "paragraph", value: "MODE", help: "space (blank line between paragraphs, default) or indent."),
            OptionSpec(name: "ruby", value: "MODE", help: "paren (default: 漢字(かんじ)), aozora (漢字《かんじ》) or drop; HTML default: drawn as ruby over the base."),
            OptionSpec(name: "ambiguous", value: "WIDTH", help: "narrow (default) or wide: cells for East Asian Ambiguous characters."),
            OptionSpec(name: "writing-mode", value: "MODE", help: "auto (default: the book's), horizontal or vertical."),
            OptionSpec(name: "hanging-punctuation", value: nil, help: "Let 、。，． hang one cell past the line end (each line reserves it)."),
            OptionSpec(name: "breaking", value: "MODE", help: "Line breaking: first-fit (default: each line as full as it goes) or optimal (Knuth–Plass: the whole paragraph evened)."),
            OptionSpec(name: "continuous", value: nil, help: "Do not start each chapter on a new page."),
            OptionSpec(name: "widows", value: "N", help: "Fewest lines of a paragraph at the top of a page (default 2)."),
            OptionSpec(name: "orphans", value: "N", help: "Fewest lines of a paragraph at the bottom of a page (default 2)."),
            OptionSpec(name: "orientation", value: "MODE", help: "auto (default: landscape when two pages fit the viewport; HTML: the reader switches live with the window), portrait or landscape."),
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
            OptionSpec(name: "bidi", value: "ORDER", help: "Text: logical (default, for terminals that do bidi) or visual (right-to-left lines reordered and Arabic shaped, for terminals that do not)."),
            OptionSpec(name: "quiet", value: nil, help: "Do not print warnings on standard error."),
        ] + OpenArguments.specs,
        details: """
        BOOK is an .epub file, an unpacked EPUB folder, Markdown files or a folder of them, or - for standard input.
        Text pages are separated by form feeds, so `quire render book.epub | less` pages through the book.
        """)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let options = try renderOptions(arguments)
        if options.format == .html, arguments.value("output") == nil {
            throw UsageError(message: "--format html writes a folder: give it with -o DIR")
        }
        let range = try pageRange(arguments)
        let bidi: BidiMode = try arguments.choice("bidi") ?? .logical
        if !arguments.has("quiet") { warnInapplicable(arguments, format: options.format) }
        let book = try Inputs.open(arguments)
        let pagination = Quire.paginate(book, layout: options.layout, spreads: options.spreads)
        defer { KeptUntilExit.keep(book, pagination) }
        if let problem = pagination.problem { throw pageTooSmall(problem, input: arguments.positionals) }
        if let last = pagination.pages.last?.number, range.pages.lowerBound > last {
            Console.warning(input: arguments.positionals.joined(separator: " "), "--from \(range.pages.lowerBound) is past the last page (\(last))")
        }
        if let path = arguments.value("output") {
            let output = try OutputFolder(path)
            try output.write(Quire.files(for: book, pagination, options: options, pages: range, bidi: bidi),
                             spreadCount: pagination.spreads.spreads.count)
            return .ok
        }
        switch options.format {
        case .json:
            Quire.writePageMap(pagination, write: Console.out(bytes:))
        default:
            Quire.writeTextSpreads(pagination, ambiguousWide: options.layout.ambiguousWide, bidi: bidi,
                                   where: range.selects, write: Console.out(bytes:))
        }
        return .ok
    }

    /// `--page 1x3 is too narrow for this book: …; use at least 2x3`, exit 64: the page asked for is the mistake.
    static func pageTooSmall(_ problem: PageTooSmall, input positionals: [String]) -> CommandFailure {
        CommandFailure(input: positionals.joined(separator: " "), problem.message, code: .usage)
    }

    /// Every option of `render` that decides the output, parsed and validated.
    static func renderOptions(_ arguments: ParsedArguments) throws(UsageError) -> RenderOptions {
        let format: OutputFormat = try arguments.choice("format") ?? .text
        var options = RenderOptions(layout: try layoutOptions(arguments), spreads: try spreadOptions(arguments, format: format),
                                    format: format, singleFile: arguments.has("single-file"),
                                    transition: try transition(arguments, format: format))
        options.useReaderDefaults(rubyGiven: arguments.has("ruby"))
        return options
    }

    /// Options given that the chosen format does not use, one warning line each (not an error: a script may pass
    /// the same options for every format).
    static func warnInapplicable(_ arguments: ParsedArguments, format: OutputFormat) {
        let onlyFor: [(option: String, format: OutputFormat)] = [
            ("from", .text), ("to", .text), ("bidi", .text), ("transition", .html), ("single-file", .html),
        ]
        for (option, wanted) in onlyFor where arguments.has(option) && format != wanted {
            Console.diagnostic(.warning, input: nil,
                               "--\(option) applies to --format \(wanted.rawValue) only; ignored with --format \(format.rawValue)")
        }
    }

    static func spreadOptions(_ arguments: ParsedArguments, format: OutputFormat) throws(UsageError) -> SpreadOptions {
        var options = SpreadOptions()
        options.orientation = try arguments.choice("orientation") ?? .auto
        options.spine = try arguments.choice("spine")
        if arguments.has("double-sided") && arguments.has("single-sided") {
            throw UsageError(message: "--double-sided and --single-sided contradict each other")
        }
        if arguments.has("double-sided") { options.doubleSided = true }
        if arguments.has("single-sided") { options.doubleSided = false }
        options.direction = try arguments.choice("direction") ?? .auto
        options.axis = try arguments.choice("axis") ?? .horizontal
        options.firstPage = try arguments.choice("first-page") ?? .auto
        if let gap = try arguments.number("gap", in: 0...100) { options.gap = gap }
        let transition = try transition(arguments, format: format)
        if let size = try arguments.pageSize("viewport") {
            options.viewport = Viewport(columns: size.columns, lines: size.lines)
        } else if arguments.value("output") == nil, let terminal = Terminal.size() {
            // The terminal decides only what is shown on it; a file is the same wherever it is written.
            options.viewport = terminal
        } else {
            options.viewport = .standard
        }
        if let problem = transition?.validate(spine: options.spine) { throw UsageError(message: problem.message) }
        if let problem = options.validate() { throw UsageError(message: problem.message) }
        return options
    }

    /// `--transition`, checked whatever the format but used only where it is drawn: HTML (nil elsewhere).
    static func transition(_ arguments: ParsedArguments, format: OutputFormat) throws(UsageError) -> Transition? {
        let transition: Transition = try arguments.choice("transition") ?? .curl
        return format == .html ? transition : nil
    }

    static func layoutOptions(_ arguments: ParsedArguments) throws(UsageError) -> LayoutOptions {
        var options = LayoutOptions()
        if let page = try arguments.pageSize("page") { options.pageSize = page }
        options.align = try arguments.choice("align") ?? .start
        options.hyphenate = try arguments.choice("hyphenate") ?? .none
        options.notes = try arguments.choice("notes") ?? .page
        options.runningHead = try arguments.choice("running-head") ?? .none
        options.paragraph = try arguments.choice("paragraph") ?? .space
        options.ruby = try arguments.choice("ruby") ?? options.ruby
        options.ambiguousWide = try arguments.choice("ambiguous") == AmbiguousWidth.wide
        options.writingMode = (try arguments.choice("writing-mode") ?? WritingModeChoice.auto).mode
        options.continuous = arguments.has("continuous")
        options.hangingPunctuation = arguments.has("hanging-punctuation")
        options.lineBreaking = (try arguments.choice("breaking") ?? BreakingChoice.firstFit).lineBreaking
        if let widows = try arguments.number("widows", in: 1...20) { options.widows = widows }
        if let orphans = try arguments.number("orphans", in: 1...20) { options.orphans = orphans }
        return options
    }

    /// `--from N --to M`: the spreads of the text output that hold those pages (`PageRange`).
    static func pageRange(_ arguments: ParsedArguments) throws(UsageError) -> PageRange {
        let from = try arguments.number("from", in: 1...Int.max) ?? 1
        let to = try arguments.number("to", in: 1...Int.max) ?? Int.max
        guard from <= to else { throw UsageError(message: "--from \(from) is after --to \(to)") }
        return PageRange(from...to)
    }
}
