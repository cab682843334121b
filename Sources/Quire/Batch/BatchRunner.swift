import Hashing
import BookModel
import BookReaders
import Foundation

/// Everything a batch run needs: the inputs, how to render, where to write, and how to share the work.
public struct BatchJob: Sendable {
    /// Files, folders (searched for .epub, .md and unpacked EPUB folders) and `@list.txt` files.
    public var inputs: [String]
    public var outputRoot: String
    public var options: RenderOptions
    public var open: OpenOptions
    /// Books rendered at once.
    public var jobs: Int
    public var shard: BatchShard?
    /// Render books again even when their output is up to date.
    public var force: Bool
    /// Input bytes being worked on at once; a larger book waits until it runs alone, so big books never pile up.
    public var maxBytesInFlight: Int

    public init(inputs: [String], outputRoot: String, options: RenderOptions = RenderOptions(),
                open: OpenOptions = OpenOptions(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
                shard: BatchShard? = nil, force: Bool = false, maxBytesInFlight: Int = 512 << 20) {
        self.inputs = inputs
        self.outputRoot = outputRoot
        self.options = options
        self.open = open
        self.jobs = max(1, jobs)
        self.shard = shard
        self.force = force
        self.maxBytesInFlight = max(1, maxBytesInFlight)
    }

}

/// Counts of a finished (or interrupted) run.
public struct BatchSummary: Sendable, Equatable {
    public var ok = 0
    public var failed = 0
    public var skipped = 0
    /// Inputs that are not books (see `BatchIgnoredInput`); the same in every shard, as discovery precedes sharding.
    public var ignored = 0
    /// Books never finished because the run was stopped or cancelled.
    public var notDone = 0
    /// The run was stopped early (`BatchCancellation.stop()` or `cancel()`: a signal, or a manifest line that
    /// could not be written).
    public var cancelled = false
    public var seconds: Double = 0
}

/// Stops a run in two steps, as a scheduler's SIGTERM asks (issue 21): `stop()` starts no new book and lets the
/// books in flight finish; `cancel()` also abandons those, each at its next check (before it is rendered, before each
/// file is written, before it is moved into place), so a book's folder appears whole or not at all.
public final class BatchCancellation: @unchecked Sendable {
    private let condition = NSCondition()
    private var stopped = false
    private var cancelled = false
    private var temporaries: Set<String> = []

    public init() {}

    /// No new book starts; books in flight go on.
    public func stop() { condition.withLock { stopped = true } }
    /// No new book starts and books in flight are abandoned.
    public func cancel() { condition.withLock { stopped = true; cancelled = true } }
    public var isStopped: Bool { condition.withLock { stopped } }
    public var isCancelled: Bool { condition.withLock { cancelled } }

    /// Temporary folders of books in flight, for a last-moment cleanup before a forced exit.
    public var inFlightFolders: [String] { condition.withLock { Array(temporaries) } }

    /// Cancels, then waits up to `timeout` seconds for the books being written to remove their own temporary
    /// folders (each stops before its next file), and removes those still there: after this returns, the process
    /// can exit at once without leaving a half-written folder. Books still being rendered have nothing on disk
    /// yet, and no new temporary folder is made once cancelled (`track`). Returns the folders it had to remove.
    @discardableResult
    public func abandon(timeout: Double = 2) -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        cancelled = true
        stopped = true
        while !temporaries.isEmpty, condition.wait(until: deadline) {}
        let left = Array(temporaries)
        condition.unlock()
        for folder in left { try? FileManager.default.removeItem(atPath: folder) }
        return left
    }

    /// Registers a temporary folder about to be made; false (make nothing) once cancelled.
    func track(_ path: String) -> Bool {
        condition.withLock {
            guard !cancelled else { return false }
            temporaries.insert(path)
            return true
        }
    }

    func untrack(_ path: String) {
        condition.withLock {
            temporaries.remove(path)
            condition.broadcast()
        }
    }
}

/// Renders many books into one output root; the `quire batch` command is a thin layer over it.
public struct BatchRunner: Sendable {
    public let job: BatchJob
    /// Every book the inputs hold, before sharding.
    public let discovered: [BatchBook]
    /// The books this run takes (its shard).
    public let books: [BatchBook]
    /// Entries of searched folders that are not books, sorted by path; never in the manifest (they have no output,
    /// key or hash, and every shard and rerun would add them again).
    public let ignored: [BatchIgnoredInput]

    public init(_ job: BatchJob) throws(BatchError) {
        self.job = job
        let found = try BatchInputs.scan(job.inputs, exclude: job.outputRoot)
        let all = found.books
        discovered = all
        ignored = found.ignored
        books = job.shard.map { shard in all.filter(shard.contains) } ?? all
    }

    /// Runs every book, calling `onResult` once per finished book (one at a time, on a worker thread) after its
    /// manifest line is written. Throws only when the output root cannot be used.
    public func run(cancellation: BatchCancellation = BatchCancellation(),
                    onResult: @escaping @Sendable (BatchResult) -> Void = { _ in }) throws(BatchError) -> BatchSummary {
        let start = Date()
        let root = job.outputRoot
        try Self.prepare(root)
        let manifest = try BatchManifest(folder: root)
        let state = RunState(books: job.jobs > 1 ? Self.largestFirst(books) : books)
        let budget = ByteBudget(limit: job.maxBytesInFlight)
        let group = DispatchGroup()
        let optionsHash = job.optionsHash
        for _ in 0..<min(job.jobs, max(1, books.count)) {
            group.enter()
            let thread = Thread { [job] in
                defer { group.leave() }
                while !cancellation.isStopped, let book = state.next() {
                    let result = Self.process(book, job: job, optionsHash: optionsHash, budget: budget, cancellation: cancellation)
                    guard let result else { continue }
                    state.finish(result) {
                        if !manifest.append(result.jsonLine) { cancellation.cancel() }
                        onResult(result)
                    }
                }
            }
            thread.stackSize = 16 << 20
            thread.start()
        }
        group.wait()
        var summary = state.summary
        summary.cancelled = cancellation.isStopped
        summary.ignored = ignored.count
        summary.notDone = books.count - summary.ok - summary.failed - summary.skipped
        summary.seconds = Date().timeIntervalSince(start)
        return summary
    }

    /// The books, largest input first (ties in the order found): with several books at once, a long book started
    /// last would run alone at the end while the other workers sat idle. The byte budget still bounds what is in
    /// flight; the manifest lists books as they finish either way.
    static func largestFirst(_ books: [BatchBook]) -> [BatchBook] {
        let sizes = books.map { inputSize($0.path) }
        return books.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }.map { books[$0] }
    }

    /// Creates the output root and clears what killed runs left (`OutputWriter.isLeftover`: of this host when
    /// their process is gone, of other hosts after a day).
    static func prepare(_ root: String) throws(BatchError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: root, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw .outputUnwritable(path: root, reason: "it exists and is not a folder") }
        } else {
            do { try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true) } catch {
                throw .outputUnwritable(path: root, reason: "cannot create it")
            }
        }
        guard access(root, W_OK | X_OK) == 0 else { throw .outputUnwritable(path: root, reason: "permission denied") }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        where OutputWriter.isLeftover(name, in: root, othersAfterADay: true) {
            try? FileManager.default.removeItem(atPath: root + "/" + name)
        }
    }

    /// This host's name as temporary folders carry it (see `OutputWriter`).
    static var hostTag: String { OutputWriter.hostTag }

    /// One book: hash, skip or open, render, write into a temporary folder, move into place. Nil when abandoned.
    static func process(_ book: BatchBook, job: BatchJob, optionsHash: String, budget: ByteBudget,
                        cancellation: BatchCancellation) -> BatchResult? {
        let started = DispatchTime.now()
        var result = BatchResult(book: book, status: .error, contentHash: nil, optionsHash: optionsHash,
                                 pages: nil, spreads: nil, warnings: nil, milliseconds: 0, error: nil)
        func finish(_ status: BatchResult.Status, error: String? = nil) -> BatchResult {
            result.status = status
            result.error = error.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
            result.milliseconds = Int((DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1_000_000)
            return result
        }
        if let problem = book.problem { return finish(.error, error: problem) }
        if book.kind == .missing { return finish(.error, error: ReadError.notFound(book.path).message) }
        let size = inputSize(book.path)
        budget.acquire(size)
        defer { budget.release(size) }
        // A book that waited for the byte budget has not started: it is not one of the books in flight.
        if cancellation.isStopped { return nil }

        let target = job.outputRoot + "/" + book.name
        let inputStamp = stamp(book)
        let previous = job.force ? nil : BatchMarker.read(folder: target).flatMap { $0.optionsSHA256 == optionsHash && $0.key == book.key ? $0 : nil }
        let hash: String
        if let previous, previous.inputStamp == inputStamp {
            hash = previous.contentSHA256
        } else {
            do { hash = try contentHash(book) } catch { return finish(.error, error: ReadError.unreadable(error.reason).message) }
        }
        result.contentHash = hash
        if let previous, previous.contentSHA256 == hash {
            result.pages = previous.pages
            result.spreads = previous.spreads
            result.warnings = previous.warnings
            return finish(.skipped)
        }

        let opened: Book
        do { opened = try Quire.open([book.path], options: job.open) } catch { return finish(.error, error: error.message) }
        if cancellation.isCancelled { return nil }
        let (pagination, files) = Quire.render(opened, options: job.options)
        if let problem = pagination.problem { return finish(.error, error: problem.message) }
        result.pages = pagination.pages.count
        result.spreads = pagination.spreads.spreads.count
        result.warnings = opened.diagnostics.filter { $0.severity == .warning }.count
        let marker = BatchMarker(key: book.key, inputStamp: inputStamp, contentSHA256: hash, optionsSHA256: optionsHash, pages: result.pages!,
                                 spreads: result.spreads!, warnings: result.warnings!, quire: Quire.version)
        if cancellation.isCancelled { return nil }

        let temporary = job.outputRoot + "/" + OutputWriter.temporaryName(book.name)
        guard cancellation.track(temporary) else { return nil }
        defer { cancellation.untrack(temporary) }
        do {
            try OutputWriter.writeNew(files + [OutputFile(name: BatchMarker.fileName, bytes: marker.bytes)], at: temporary,
                                      shownAs: target, cancelled: { cancellation.isCancelled })
        } catch {
            if error.kind == .interrupted { return nil }
            return finish(.error, error: error.reason)
        }
        if cancellation.isCancelled {
            try? FileManager.default.removeItem(atPath: temporary)
            return nil
        }
        do { try OutputWriter.replaceFolder(target, with: temporary, root: job.outputRoot, name: book.name) } catch {
            try? FileManager.default.removeItem(atPath: temporary)
            return finish(.error, error: error.reason)
        }
        return finish(.ok)
    }

    /// SHA-256 of a file's bytes; for an unpacked EPUB folder, of its regular files in byte order of their
    /// relative paths, each as: path, NUL, size as 8 big-endian bytes, contents.
    public static func contentHash(_ book: BatchBook) throws(BatchFileError) -> String {
        var hasher = SHA256()
        if book.kind == .epubFolder {
            for (relative, size) in folderFiles(book.path) {
                hasher.update(Array(relative.utf8) + [0])
                hasher.update((0..<8).map { UInt8(truncatingIfNeeded: UInt64(size) >> UInt64(56 - 8 * $0)) })
                try hasher.update(file: book.path + "/" + relative)
            }
        } else {
            try hasher.update(file: book.path)
        }
        return hasher.finalize().hexString
    }

    /// `<size>:<mtime in ns>` of a file; for a folder, the SHA-256 of each file's path, size and mtime. Cheap to
    /// take, and it changes whenever the bytes do (short of a same-size rewrite within one clock tick).
    static func stamp(_ book: BatchBook) -> String {
        func entry(_ path: String) -> String {
            var info = stat()
            guard stat(path, &info) == 0 else { return "?" }
            return "\(info.st_size):\(Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))"
        }
        guard book.kind == .epubFolder else { return entry(book.path) }
        let listing = folderFiles(book.path).map { $0.0 + "\u{0}" + entry(book.path + "/" + $0.0) }.joined(separator: "\n")
        return "folder:" + SHA256.hex(listing)
    }

    /// Regular files under a folder (symlinks not followed), sorted by the bytes of their relative paths.
    static func folderFiles(_ folder: String) -> [(String, Int)] {
        var out: [(String, Int)] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                let child = relative.isEmpty ? name : relative + "/" + name
                var info = stat()
                guard lstat(folder + "/" + child, &info) == 0 else { continue }
                switch info.st_mode & S_IFMT {
                case S_IFDIR: walk(child)
                case S_IFREG: out.append((child, Int(info.st_size)))
                default: continue
                }
            }
        }
        walk("")
        return out.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
    }

    /// Bytes of a file, or of all files of a folder: what the book will weigh in memory, roughly.
    static func inputSize(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return 0 }
        if info.st_mode & S_IFMT == S_IFDIR { return folderFiles(path).reduce(0) { $0 + $1.1 } }
        return Int(info.st_size)
    }
}

/// The queue of books and the counts, shared by the workers.
final class RunState: @unchecked Sendable {
    private let lock = NSLock()
    private let books: [BatchBook]
    private var nextIndex = 0
    private(set) var summary = BatchSummary()

    init(books: [BatchBook]) { self.books = books }

    func next() -> BatchBook? {
        lock.withLock {
            guard nextIndex < books.count else { return nil }
            defer { nextIndex += 1 }
            return books[nextIndex]
        }
    }

    /// Counts a result and runs `report` under the same lock, so reports never overlap.
    func finish(_ result: BatchResult, report: () -> Void) {
        lock.withLock {
            switch result.status {
            case .ok: summary.ok += 1
            case .error: summary.failed += 1
            case .skipped: summary.skipped += 1
            }
            report()
        }
    }
}

/// Bounds the input bytes in flight; a book larger than the limit runs only when nothing else does.
final class ByteBudget: @unchecked Sendable {
    private let condition = NSCondition()
    private let limit: Int
    private var used = 0

    init(limit: Int) { self.limit = limit }

    func acquire(_ bytes: Int) {
        condition.lock()
        while used > 0 && used + bytes > limit { condition.wait() }
        used += bytes
        condition.unlock()
    }

    func release(_ bytes: Int) {
        condition.lock()
        used -= bytes
        condition.broadcast()
        condition.unlock()
    }
}
