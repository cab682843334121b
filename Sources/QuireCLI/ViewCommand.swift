import Foundation
import Quire
import Viewer
import ViewerTerminal

/// `quire view`: the book in the terminal, a spread at a time, turned in the book's direction (README, "Reading
/// in the terminal").
enum ViewCommand {
    /// `render`'s layout and spread options mean the same here; `--page` pins the page size, which otherwise
    /// follows the terminal.
    static let shared: Set<String> = [
        "page", "align", "hyphenate", "notes", "running-head", "paragraph", "ruby", "ambiguous", "writing-mode",
        "hanging-punctuation", "breaking", "continuous", "widows", "orphans", "orientation", "spine", "double-sided",
        "single-sided", "direction", "axis", "first-page", "gap", "bidi", "quiet",
    ]

    static let spec = CommandSpec(
        name: "view", synopsis: "BOOK... [options]",
        summary: "Read a book in the terminal: spreads sized to the window, keys that turn pages in the book's direction.",
        options: [
            OptionSpec(name: "transition", value: "MODE", help: "curl (default: the new page slides in from the spine) or scroll (line by line along the axis)."),
            OptionSpec(name: "no-animation", value: nil, help: "Turn pages without animation (also when TERM=dumb)."),
            OptionSpec(name: "from-start", value: nil, help: "Open at the first page, not where you left off."),
            OptionSpec(name: "first-spread-only", value: nil, help: "Print the first screen (at the first page) as text and exit (no terminal needed; for timing and scripts)."),
            OptionSpec(name: "screen", value: "COLSxLINES", help: "With --first-spread-only: the screen size (default 100x30)."),
            OptionSpec(name: "reflow-to", value: "COLSxLINES", help: "With --first-spread-only: then read the whole book, resize to this screen and print it too."),
            OptionSpec(name: "timing", value: nil, help: "With --first-spread-only: print how long each step took on standard error."),
        ] + RenderCommand.spec.options.filter { shared.contains($0.name) } + OpenArguments.specs,
        details: """
        Keys (? shows them in the book): → or ← (whichever way the book turns), Space, PageDown next spread;
        Backspace, PageUp previous; g N Enter go to page N; t contents; Tab overview; / search, n/N next/previous;
        o portrait/landscape; d single/double-sided; b bidi order; q quit. The place is remembered per book.
        Standard output must be a terminal: to write pages to a file or a pipe, use quire render.
        """)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no book given") }
        guard !arguments.positionals.contains("-") else {
            throw UsageError(message: "quire view reads keys from standard input: give the book as a file")
        }
        let printOnly = arguments.has("first-spread-only")
        if !printOnly && (isatty(STDOUT_FILENO) != 1 || isatty(STDIN_FILENO) != 1) {
            throw UsageError(message: "quire view needs a terminal; to write pages to a file or a pipe, use quire render")
        }
        for option in ["screen", "reflow-to", "timing"] where arguments.has(option) && !printOnly {
            throw UsageError(message: "--\(option) goes with --first-spread-only")
        }
        let settings = try viewerSettings(arguments)
        let loader = BookLoader(paths: arguments.positionals, options: try OpenArguments.parse(arguments))
        let name = arguments.positionals.joined(separator: " ")
        let clock = ContinuousClock()
        let started = clock.now
        // The place is remembered per book, by content (`BookKey`); the printed first screen never depends on it.
        let memory = printOnly ? nil : Memory(paths: arguments.positionals)
        let saved = arguments.has("from-start") ? nil : memory?.position
        let first: Book
        do { first = try loader.first(at: saved) } catch { throw CommandFailure(input: name, error) }
        if printOnly {
            let screen = try arguments.pageSize("screen").map { Viewport(columns: $0.columns, lines: $0.lines) }
                ?? Viewport(columns: 100, lines: 30)
            var session = ViewerSession(book: first, complete: !loader.readsInTwoSteps, settings: settings, screen: screen)
            printScreen(session.picture(), timing: arguments.has("timing") ? "first spread" : nil, since: started)
            if let reflow = try arguments.pageSize("reflow-to") {
                let wholeStarted = clock.now
                if !session.complete {
                    do { session.finishLoading(try loader.whole()) } catch { throw CommandFailure(input: name, error) }
                }
                if arguments.has("timing") { Console.error("view: whole book \(milliseconds(since: wholeStarted)) ms\n") }
                let reflowStarted = clock.now
                session.resize(to: Viewport(columns: reflow.columns, lines: reflow.lines))
                printScreen(session.picture(), timing: arguments.has("timing") ? "reflow" : nil, since: reflowStarted)
            }
            return .ok
        }
        guard let size = Terminal.size() else {
            throw UsageError(message: "quire view needs a terminal; to write pages to a file or a pipe, use quire render")
        }
        let session = ViewerSession(book: first, complete: !loader.readsInTwoSteps, settings: settings, screen: size,
                                    at: saved)
        let term = ProcessInfo.processInfo.environment["TERM"] ?? ""
        let animate = settings.animation != .none && term != "dumb"
        let ending: TerminalReader.Ending
        do {
            ending = try TerminalReader.run(session, loader: loader, animate: animate)
        } catch {
            throw CommandFailure(input: name, error.message, code: .usage)
        }
        if let place = ending.place { memory?.save(place, input: name) }
        // Killed from outside (SIGTERM), the terminal closed (SIGHUP): the shell's convention, 128 + the signal.
        if let signal = ending.signal { exit(128 + signal) }
        return .ok
    }

    static func viewerSettings(_ arguments: ParsedArguments) throws(UsageError) -> ViewerSettings {
        var settings = ViewerSettings()
        settings.layout = try RenderCommand.layoutOptions(arguments)
        settings.pageSize = try arguments.pageSize("page")
        settings.spreads = try RenderCommand.spreadOptions(arguments, format: .text)
        settings.animation = arguments.has("no-animation") ? .none : try arguments.choice("transition") ?? .curl
        settings.bidi = try arguments.choice("bidi") ?? .logical
        return settings
    }

    /// The picture as text: its rows, trailing spaces trimmed, then the status line.
    static func printScreen(_ picture: Picture, timing step: String?, since start: ContinuousClock.Instant) {
        var out = ""
        for row in picture.rows + [picture.status] {
            var row = Substring(row)
            while row.last == " " { row = row.dropLast() }
            out += row + "\n"
        }
        Console.out(out)
        if let step { Console.error("view: \(step) \(milliseconds(since: start)) ms\n") }
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> String {
        let elapsed = ContinuousClock.now - start
        let ms = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return String(format: "%.1f", ms)
    }
}

/// Where the reader left each book: `positions.json` under the XDG state folder, keyed by the book's content hash.
/// A book that cannot be keyed (unreadable) or a home without a state folder is simply not remembered.
struct Memory {
    var store: PositionStore
    var key: String

    init?(paths: [String]) {
        guard let path = PositionStore.defaultPath(), let key = try? BookKey.of(paths: paths) else { return nil }
        store = PositionStore(path: path)
        self.key = key
    }

    var position: ReadingPosition? { store.position(for: key) }

    /// Saves the place; a failure is one warning, never a failed exit (the reading itself went well).
    func save(_ place: ReadingPosition, input: String) {
        do { try store.save(place, for: key) } catch {
            Console.warning(input: input, "could not remember the place in \(error.path): \(error.reason)")
        }
    }
}
