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
            OptionSpec(name: "shard", value: "K/N|auto[/N]", help: "Take only the books of shard K of N (1-based); the N shards together make one full run. auto: K (and N) from a Slurm array task or a Kubernetes Indexed Job (see below)."),
            OptionSpec(name: "grace", value: "SECONDS", help: "On SIGTERM/SIGINT, give the books in flight this long to finish, then abandon them (default 10; 0: at once)."),
            OptionSpec(name: "merge", value: nil, help: "Merge the manifests of the OUTDIRs given (shards, reruns) into one: -o FILE or stdout; no rendering."),
            OptionSpec(name: "expect", value: "INPUT", help: "With --merge: the inputs the shards were given (repeatable); books none of them did are reported missing."),
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
        --shard auto takes the shard from the scheduler: a Slurm array task is shard (SLURM_ARRAY_TASK_ID -
        SLURM_ARRAY_TASK_MIN) / SLURM_ARRAY_TASK_STEP + 1 of SLURM_ARRAY_TASK_COUNT (so --array=0-3 and 1-4 both
        work); a Kubernetes Indexed Job pod is shard JOB_COMPLETION_INDEX + 1, and needs auto/N (N: the Job's
        completions), as Kubernetes does not tell the total. auto/N overrides the count in every case.
        On the first SIGTERM or SIGINT no new book starts; the books in flight get --grace seconds to finish and are
        then abandoned (their temporary folders removed: a book's folder is written whole or not at all); a second
        signal abandons them at once. A rerun skips the finished books and does the rest.
        quire batch --merge OUTDIR... [-o FILE] [--expect INPUT]... renders nothing: it reads each OUTDIR's
        manifest.jsonl (or a manifest file named as such), keeps each book's last line (later OUTDIRs win), and
        writes one line per book, sorted by key, to FILE (FILE/manifest.jsonl when FILE is a folder) or stdout.
        On stderr: each book whose last status is error, with --expect each book of those inputs that no manifest
        mentions, lines cut short or invalid (skipped), and a summary.
        Exit status: 0 all books done, 65 some books failed (the others are written) or, with --merge, failed or
        missing, 64 usage (an unusable --shard auto included), 66 an @LIST or, with --merge, a manifest cannot be
        read, 73 OUTDIR cannot be created or written, 130/143 interrupted by SIGINT/SIGTERM.
        """)

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        if arguments.has("merge") { return try BatchMergeCommand.run(arguments) }
        if arguments.has("expect") { throw UsageError(message: "--expect goes with --merge") }
        let job = try batchJob(arguments)
        let grace = try arguments.number("grace", in: 0...86_400) ?? 10
        let runner: BatchRunner
        do { runner = try BatchRunner(job) } catch { throw failure(error) }
        let quiet = arguments.has("quiet")
        if arguments.has("verbose") {
            for input in runner.ignored { Console.warning(input: input.path, "ignored: \(input.reason)") }
        }
        let progress = Progress(total: runner.books.count, bar: !quiet && Terminal.standardErrorIsTerminal)
        let cancellation = BatchCancellation()
        let signals = Signals(cancellation: cancellation, progress: progress, grace: grace)
        signals.install()
        progress.start()
        let summary: BatchSummary
        do {
            summary = try runner.run(cancellation: cancellation) { result in progress.record(result) }
        } catch {
            progress.stop()
            throw failure(error)
        }
        // A forced exit (grace over, second signal) may be under way on another thread: it exits, not this one.
        guard signals.finish() else { while true { pause() } }
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
            guard let request = BatchShardRequest(parsing: text) else {
                throw UsageError(message: "--shard takes K/N with 1 <= K <= N (e.g. 2/3), auto or auto/N, not '\(text)'")
            }
            switch request.resolve(environment: ProcessInfo.processInfo.environment) {
            case .success(let resolved): shard = resolved
            case .failure(let error): throw UsageError(message: error.message)
            }
        }
        let megabytes = try arguments.number("max-input-mb", in: 1...1_048_576) ?? 512
        return BatchJob(inputs: arguments.positionals, outputRoot: output, options: options, open: open, jobs: jobs,
                        shard: shard, force: arguments.has("force"), maxBytesInFlight: megabytes << 20)
    }
}

/// SIGINT/SIGTERM, as a scheduler sends them (SIGTERM, then SIGKILL after its own grace period): the first starts
/// no new book and gives the books in flight `grace` seconds to finish; when that runs out, or at a second signal,
/// or at once with a grace of 0, the books in flight are abandoned (`BatchCancellation.abandon`: their temporary
/// folders removed, nothing moved into place) and the process exits with 128 + the first signal.
final class Signals: @unchecked Sendable {
    private let cancellation: BatchCancellation
    private let progress: Progress
    private let grace: Int
    private let lock = NSLock()
    private var sources: [DispatchSourceSignal] = []
    private var first: Int32?
    /// The run returned and the command is printing its summary and exiting (`finish()`).
    private var finished = false
    /// A forced exit is under way.
    private var exiting = false

    init(cancellation: BatchCancellation, progress: Progress, grace: Int) {
        self.cancellation = cancellation
        self.progress = progress
        self.grace = grace
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

    /// Called when the run has returned: false when a forced exit has begun (the caller must then not exit).
    func finish() -> Bool {
        lock.withLock {
            finished = !exiting
            return finished
        }
    }

    private func handle(_ number: Int32) {
        let again: Bool = lock.withLock {
            if first == nil { first = number; return false }
            return true
        }
        if again { return abandon(number, "interrupted again: books in flight abandoned") }
        if grace == 0 { return abandon(number, "interrupted: books in flight abandoned (--grace 0)") }
        cancellation.stop()
        progress.message("batch: stopping: no new books; those in flight get \(grace) s to finish (signal again to stop at once)")
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(grace)) { [self] in
            abandon(number, "interrupted: books in flight abandoned after the \(grace) s grace period")
        }
    }

    /// Abandons the books in flight and exits, unless the run has already finished (its own exit is on the way).
    private func abandon(_ number: Int32, _ message: String) {
        let go: Bool = lock.withLock {
            guard !finished, !exiting else { return false }
            exiting = true
            return true
        }
        guard go else { return }
        let status = 128 + (received ?? number)
        cancellation.abandon()
        progress.stop()
        Console.error("batch: \(message)\n")
        exit(status)
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
