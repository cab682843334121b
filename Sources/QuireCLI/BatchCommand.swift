import Dispatch
import Foundation
import Quire

/// `quire batch`: many books into one output folder, in parallel, resumably; a thin layer over `BatchRunner`.
enum BatchCommand {
    /// Render's options that decide the output, plus batch's own; --from/--to are left out (batch renders whole
    /// books) and -o names the output root.
    static let spec = CommandSpec(
        name: "batch", synopsis: "INPUT... -o OUTDIR [--jobs N] [--shard K/N] [--force] [render options]",
        summary: "Paginate many books into OUTDIR, in parallel, resumably, shardable across machines.",
        options: [
            OptionSpec(name: "output", short: "o", value: "OUTDIR", help: "Write each book into its own folder under OUTDIR, and OUTDIR/manifest.jsonl."),
            OptionSpec(name: "jobs", short: "j", value: "N", help: "Books rendered at once (default: the number of cores)."),
            OptionSpec(name: "shard", value: "K/N", help: "Take only the books of shard K of N (1-based); the N shards together make one full run."),
            OptionSpec(name: "force", value: nil, help: "Render books again even when their output is up to date."),
            OptionSpec(name: "max-input-mb", value: "MB", help: "Input megabytes worked on at once (default 512); bounds memory with large books."),
            OptionSpec(name: "quiet", value: nil, help: "No progress bar and no summary line (errors are still printed)."),
            OptionSpec(name: "verbose", value: nil, help: "List each input ignored as not a book, and why (one warning line each)."),
        ] + RenderCommand.spec.options.filter { !["output", "from", "to", "quiet"].contains($0.name) },
        details: """
        INPUT is a file, an unpacked EPUB folder, a folder searched recursively, or @LIST: a file naming one input
        per line, relative to the list's folder or absolute (blank lines and # comments skipped). A file named
        as INPUT or in a list is one book, recognised by its content as render does (a ZIP archive is an EPUB,
        UTF-8 text is Markdown, anything else fails). In a searched folder, books are taken by name (.epub, .md,
        .markdown, unpacked EPUB folders); other files, symbolic links to folders (not followed) and entries that
        cannot be read are ignored: counted in the summary ("3 ignored") and listed by --verbose. Hidden entries
        are skipped without a word.
        Each book is written to OUTDIR/<stem>-<hash>/, where <hash> starts SHA-256 of the book's path relative to
        its input root (the folder argument, a file argument's folder, or the list's folder). Books already
        rendered from the same bytes with the same options are skipped. --viewport defaults to 80x24 (not the
        terminal), so a batch gives the same output wherever it runs.
        Exit status: 0 all books done, 65 some books failed (the others are written), 64 usage,
        73 OUTDIR cannot be created or written, 130/143 interrupted by SIGINT/SIGTERM.
        """)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        let job = try batchJob(arguments)
        let runner: BatchRunner
        do { runner = try BatchRunner(job) } catch { throw failure(error) }
        let quiet = arguments.has("quiet")
        if arguments.has("verbose") {
            for input in runner.ignored { Console.warning(input: input.path, "ignored: \(input.reason)") }
        }
        let progress = Progress(total: runner.books.count, bar: !quiet && Terminal.standardErrorIsTerminal)
        let cancellation = BatchCancellation()
        let signals = Signals(cancellation: cancellation, progress: progress)
        signals.install()
        progress.start()
        let summary: BatchSummary
        do {
            summary = try runner.run(cancellation: cancellation) { result in progress.record(result) }
        } catch {
            progress.stop()
            throw failure(error)
        }
        progress.stop()
        if !quiet { Console.error(line(summary)) }
        if let signal = signals.received {
            exit(128 + signal)
        }
        if summary.cancelled {
            throw CommandFailure(input: job.outputRoot, "cannot append to \(job.outputRoot)/manifest.jsonl", code: .ioError)
        }
        return summary.failed > 0 ? .dataError : .ok
    }

    /// `batch: 3 ok, 1 failed, 0 skipped in 2.1 s`, or `…, 0 skipped, 2 ignored in 2.1 s` when some inputs were not
    /// books. "skipped" already means books that were up to date (the manifest's `skipped` status), so inputs
    /// that are not books are "ignored"; the count appears only when there are some, so a clean run's line is
    /// unchanged.
    static func line(_ summary: BatchSummary) -> String {
        let seconds = String(format: "%.1f", summary.seconds)
        let interrupted = summary.notDone > 0 && summary.cancelled ? "interrupted, \(summary.notDone) not done: " : ""
        let ignored = summary.ignored > 0 ? ", \(summary.ignored) ignored" : ""
        return "batch: \(interrupted)\(summary.ok) ok, \(summary.failed) failed, \(summary.skipped) skipped\(ignored) in \(seconds) s\n"
    }

    static func failure(_ error: BatchError) -> Error {
        switch error {
        case .outputUnwritable: return CommandFailure(input: nil, error.message, code: .cannotCreate)
        case .listUnreadable: return CommandFailure(input: nil, error.message, code: .noInput)
        case .keyCollision, .noInputs: return UsageError(message: error.message)
        }
    }

    /// The job the command line asks for; render options are parsed by `render`'s own code.
    static func batchJob(_ arguments: ParsedArguments) throws(UsageError) -> BatchJob {
        guard !arguments.positionals.isEmpty else { throw UsageError(message: "no books given") }
        guard let output = arguments.value("output") else {
            throw UsageError(message: "batch writes into a folder: give it with -o OUTDIR")
        }
        if arguments.has("quiet") && arguments.has("verbose") {
            throw UsageError(message: "--quiet prints no summary and --verbose lists ignored inputs; give one of them")
        }
        if arguments.positionals.contains("-") {
            throw UsageError(message: "batch reads books from paths, not standard input")
        }
        var withViewport = arguments
        if withViewport.value("viewport") == nil { withViewport.values["viewport"] = "80x24" }
        let options = try RenderCommand.renderOptions(withViewport)
        if !arguments.has("quiet") { RenderCommand.warnInapplicable(arguments, format: options.format) }
        let open = try OpenArguments.parse(arguments)
        let jobs = try arguments.number("jobs", in: 1...1024) ?? ProcessInfo.processInfo.activeProcessorCount
        var shard: BatchShard?
        if let text = arguments.value("shard") {
            guard let parsed = BatchShard(parsing: text) else {
                throw UsageError(message: "--shard takes K/N with 1 <= K <= N, e.g. 2/3, not '\(text)'")
            }
            shard = parsed
        }
        let megabytes = try arguments.number("max-input-mb", in: 1...1_048_576) ?? 512
        return BatchJob(inputs: arguments.positionals, outputRoot: output, options: options, open: open, jobs: jobs,
                        shard: shard, force: arguments.has("force"), maxBytesInFlight: megabytes << 20)
    }
}

/// SIGINT/SIGTERM: the first stops new books and lets the run wind down; a second removes the folders of
/// books in flight and exits at once.
final class Signals: @unchecked Sendable {
    private let cancellation: BatchCancellation
    private let progress: Progress
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    private var first: Int32?

    init(cancellation: BatchCancellation, progress: Progress) {
        self.cancellation = cancellation
        self.progress = progress
    }

    var received: Int32? { lock.withLock { first } }

    func install() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    private func handle(_ number: Int32) {
        let again: Bool = lock.withLock {
            if first == nil { first = number; return false }
            return true
        }
        cancellation.cancel()
        if again {
            for folder in cancellation.inFlightFolders { try? FileManager.default.removeItem(atPath: folder) }
            progress.stop()
            Console.error("batch: interrupted again: stopped at once\n")
            exit(128 + number)
        }
        progress.message("batch: stopping after the books in flight (signal again to stop at once)")
    }
}

/// The progress bar on stderr (when it is a terminal) and the per-book error lines.
final class Progress: @unchecked Sendable {
    private let lock = NSLock()
    private let total: Int
    private let bar: Bool
    private var done = 0
    private var failed = 0
    private var started = Date()
    private var timer: DispatchSourceTimer?
    private var drawn = false

    init(total: Int, bar: Bool) {
        self.total = total
        self.bar = bar
    }

    func start() {
        lock.withLock { started = Date() }
        guard bar else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now(), repeating: .milliseconds(500))
        timer.setEventHandler { [self] in lock.withLock { draw() } }
        timer.resume()
        lock.withLock { self.timer = timer }
    }

    func stop() {
        lock.withLock {
            timer?.cancel()
            timer = nil
            clear()
        }
    }

    func record(_ result: BatchResult) {
        lock.withLock {
            done += 1
            if result.status == .error {
                failed += 1
                clear()
                Console.diagnostic(.error, input: result.book.path, result.error ?? "failed")
            }
            draw()
        }
    }

    func message(_ text: String) {
        lock.withLock {
            clear()
            Console.error(text + "\n")
            draw()
        }
    }

    /// Erases the bar so a line can be printed in its place.
    private func clear() {
        guard bar, drawn else { return }
        Console.error("\r\u{1B}[2K")
        drawn = false
    }

    private func draw() {
        guard bar, timer != nil else { return }
        let elapsed = max(0.001, Date().timeIntervalSince(started))
        let rate = Double(done) / elapsed
        let eta = rate > 0 ? Int(Double(total - done) / rate) : nil
        let width = 24
        let filled = total > 0 ? width * done / total : width
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
        text += "\(done)/\(total) books, \(failed) failed, " + String(format: "%.1f", rate) + " books/s"
        text += eta.map { String(format: ", ETA %d:%02d", $0 / 60, $0 % 60) } ?? ""
        let columns = Self.columns()
        if text.count > columns - 1 { text = String(text.prefix(max(1, columns - 1))) }
        Console.error("\r\u{1B}[2K" + text)
        drawn = true
    }

    private static func columns() -> Int {
        var window = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0 else { return 80 }
        return Int(window.ws_col)
    }
}
