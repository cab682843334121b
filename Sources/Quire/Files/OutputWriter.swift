import Foundation
import Synchronization
import BookModel
import Renderers

/// Writes a rendering's files into a folder, fast and safely: the one writer of `quire render -o DIR` and of
/// every book of `quire batch`, with one rule set for names (`steps(of:)`).
///
/// How: the files are written into a new temporary folder named `.tmp.<pid>.<host>.<name>`, one `openat`,
/// `write` and `close` per file and no fsync, and then put into place:
/// - a folder that does not exist yet (and every batch book) is the temporary folder renamed, once: it appears
///   whole or not at all;
/// - into a folder that exists (render only), the temporary folder is made inside it and each file is then
///   renamed over its old version. Every name is checked before the first rename, so a name that cannot be
///   replaced (a folder in the way) fails the run while the output is still untouched. While the renames run
///   (one per file, no data copied), a reader may see old and new files side by side.
///
/// What is promised:
/// - No half-written file under a final name, ever. A failed run, or one stopped through `cancelled`, removes
///   its temporary folder and leaves the output as it was.
/// - Files the run did not write survive, with two exceptions, both Quire's own names: spread files of an
///   earlier, longer render (`spread-NNNN.EXT` numbered past this book's last spread, for an EXT this run writes
///   spreads as; left behind they would read as the book's continuation), and temporary folders of quire
///   processes of this host that no longer exist.
/// - Not durable: nothing is fsync'ed, so after an operating-system crash or a power loss, files of a run that
///   had finished may be missing or empty. Run `sync` after quire if that matters.
/// - A process killed outright (SIGKILL, a crash) leaves its temporary folder: the next render into the same
///   existing folder, or the next batch into the same root, removes it; a folder that did not exist yet has it
///   beside it, `.tmp.<pid>.<host>.render`, left for the user.
public enum OutputWriter {
    /// Writes `files` (relative names; `/` makes subfolders; see `steps(of:)`) into `folder`, creating it and its parents
    /// if needed. `spreadCount`, when given, is the book's number of spreads: spread files numbered past it are
    /// removed from an existing folder. `cancelled` is asked before each file is written.
    public static func write(_ files: [OutputFile], into folder: String, spreadCount: Int? = nil,
                             cancelled: () -> Bool = { false }) throws(OutputWriteError) {
        var folder = folder
        while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
        var info = stat()
        if stat(folder, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw OutputWriteError(path: folder, reason: "the output exists and is not a folder", kind: .cannotCreate)
            }
            let temporary = folder + "/" + temporaryName("render")
            try writeNew(files, at: temporary, shownAs: folder, cancelled: cancelled)
            defer { try? FileManager.default.removeItem(atPath: temporary) }
            try moveIn(files, from: temporary, into: folder, spreadCount: spreadCount)
            return
        }
        let parent = (folder as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: parent.isEmpty ? "." : parent, withIntermediateDirectories: true) } catch {
            throw OutputWriteError(path: folder, reason: "cannot create the output folder", kind: .cannotCreate)
        }
        let temporary = (parent.isEmpty ? "." : parent) + "/" + temporaryName("render")
        try writeNew(files, at: temporary, shownAs: folder, cancelled: cancelled)
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        if rename(temporary, folder) == 0 { return }
        let code = errno
        guard code == EEXIST || code == ENOTEMPTY else {
            throw OutputWriteError(path: folder, reason: "cannot move the output into place: \(String(cString: strerror(code)))", kind: .ioError)
        }
        // Someone made the folder meanwhile: the files go in one by one, as into any folder that exists.
        try moveIn(files, from: temporary, into: folder, spreadCount: spreadCount)
    }

    /// Writes `files` into a new folder at `path` (a leftover of this process under that name is replaced);
    /// errors name `shownAs`, the folder the files are meant for. On any failure, or when `cancelled` says so,
    /// the new folder is removed before the error is thrown.
    static func writeNew(_ files: [OutputFile], at path: String, shownAs: String, cancelled: () -> Bool) throws(OutputWriteError) {
        // Every name is checked before anything is created: a refused name leaves no trace.
        let all = try files.map { file throws(OutputWriteError) in try steps(of: file.name, shownAs: shownAs) }
        try? FileManager.default.removeItem(atPath: path)
        guard mkdir(path, 0o777) == 0 else {
            throw OutputWriteError(path: shownAs, reason: "cannot write the output: \(OutputWriteError.errnoText())", kind: .cannotCreate)
        }
        do throws(OutputWriteError) {
            let tree = try FolderHandles(path, shownAs: shownAs)
            // Subfolders first, one thread; then the files on all cores, each made (if lazy) and written by the
            // thread that takes it, in file order as threads come free, so no thread is left alone with a share of
            // heavy ones. Creating War and Peace's 2,733 text files took 67 ms on one thread and 49 ms on two
            // (issue 19). After a failure no file is started; the first failure in the plan's order is the one
            // reported.
            for steps in all where steps.count > 1 { _ = try tree.folder(holding: steps, create: true) }
            // A file whose pieces are placed among the others has them made as tasks of their own (`WritePlan`).
            let plan = WritePlan(files)
            let failed = Atomic<Bool>(false)
            let failures = orderedConcurrentMap(count: plan.tasks.count) { t -> OutputWriteError? in
                if failed.load(ordering: .relaxed) { return nil }
                if cancelled() {
                    failed.store(true, ordering: .relaxed)
                    return OutputWriteError(path: shownAs, reason: "interrupted", kind: .interrupted)
                }
                do throws(OutputWriteError) {
                    switch plan.tasks[t] {
                    case .whole(let index):
                        try tree.create(all[index], file: files[index])
                    case .piece(let index, let piece):
                        let bytes = files[index].separatePieces!.make(piece)
                        try plan.appenders[index]!.add(piece, bytes, steps: all[index], in: tree)
                    }
                } catch {
                    failed.store(true, ordering: .relaxed)
                    return error
                }
                return nil
            }
            if let failure = failures.compactMap({ $0 }).first { throw failure }
        } catch {
            try? FileManager.default.removeItem(atPath: path)
            throw error
        }
    }

    /// Renames each written file from `temporary` over its place in `folder`, after checking that every place
    /// can take it; then removes the spread files of an earlier, longer render and dead processes' leftovers.
    static func moveIn(_ files: [OutputFile], from temporary: String, into folder: String, spreadCount: Int?) throws(OutputWriteError) {
        let source = try FolderHandles(temporary, shownAs: folder)
        let target = try FolderHandles(folder, shownAs: folder)
        var all: [[Substring]] = []
        for file in files { all.append(try steps(of: file.name, shownAs: folder)) }
        try checkReplaceable(all, in: target)
        for steps in all { try source.move(steps, to: target) }
        let extensions = Set(files.compactMap { spreadFile($0.name)?.ext })
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            if let spread = spreadFile(name), let spreadCount, spread.number > spreadCount, extensions.contains(spread.ext) {
                target.removeFile(name)
            } else if isLeftover(name, in: folder, othersAfterADay: false) {
                try? FileManager.default.removeItem(atPath: folder + "/" + name)
            }
        }
    }

    /// Fails before anything moves when a file's place holds a folder, or a subfolder's place holds something
    /// else than a folder (a symbolic link included: nothing is written outside the output folder).
    static func checkReplaceable(_ all: [[Substring]], in target: FolderHandles) throws(OutputWriteError) {
        var folders: Set<String> = []
        for steps in all {
            for end in 1..<steps.count {
                let relative = steps[..<end].joined(separator: "/")
                guard folders.insert(relative).inserted, let kind = target.kind(of: relative), kind != S_IFDIR else { continue }
                throw target.failure(steps, "\(relative) is not a folder")
            }
            let relative = steps.joined(separator: "/")
            if target.kind(of: relative) == S_IFDIR {
                throw target.failure(steps, "a folder of that name is in the way")
            }
        }
    }

    /// The steps of a file name, under the one rule set for every file Quire writes: a name is relative
    /// (no leading `/`), its steps are separated by single `/`s, and none is empty, `.` or `..`, or holds a NUL
    /// byte (the system would cut the name there). So no name can reach outside the output folder, or name the
    /// folder itself; names are Quire's own today, and the rule keeps it so whatever a later renderer derives
    /// them from. `shownAs` is the output folder the error names.
    static func steps(of name: String, shownAs folder: String) throws(OutputWriteError) -> [Substring] {
        // Most names are one plain step (`spread-0001.txt`), told by one pass over the bytes: splitting by
        // Character cost 7,000 instructions a name, for each of War and Peace's 2,733 files (issue 19).
        if isPlainStep(name) { return [name[...]] }
        let steps = name.split(separator: "/", omittingEmptySubsequences: false)
        let refused = name.utf8.contains(0) || steps.contains { $0.isEmpty || $0 == "." || $0 == ".." }
        guard !refused else {
            throw OutputWriteError(path: folder, reason: "refused file name '\(name)'", kind: .cannotCreate)
        }
        return steps
    }

    /// Whether `name` is a single step the rules accept: not empty, not `.` or `..`, and no `/` or NUL byte.
    static func isPlainStep(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard !utf8.isEmpty, name != ".", name != ".." else { return false }
        return !utf8.contains { $0 == 0x2F || $0 == 0 }
    }

    /// `spread-0042.txt` → (42, "txt"): only names exactly as `Quire.spreadFileName` makes them.
    static func spreadFile(_ name: String) -> (number: Int, ext: String)? {
        guard name.hasPrefix("spread-"), let dot = name.lastIndex(of: ".") else { return nil }
        let digits = name[name.index(name.startIndex, offsetBy: 7)..<dot]
        let ext = String(name[name.index(after: dot)...])
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number > 0,
              Quire.spreadFileName(number, extension: ext) == name else { return nil }
        return (number, ext)
    }
}

extension OutputWriter {
    /// `.tmp.<pid>.<host>.<name>`: a folder being written; `isLeftover` tells when it is stale.
    static func temporaryName(_ name: String) -> String { ".tmp.\(getpid()).\(hostTag).\(name)" }

    /// `.old.<pid>.<host>.<name>`: an older folder renamed aside while its replacement moves in.
    static func asideName(_ name: String) -> String { ".old.\(getpid()).\(hostTag).\(name)" }

    /// A `.tmp.…` or `.old.…` name left by a process that is gone: made on this host by a process that no
    /// longer exists, or (when `othersAfterADay`, for batch roots, which are Quire's alone) older than a day.
    static func isLeftover(_ name: String, in folder: String, othersAfterADay: Bool) -> Bool {
        guard name.hasPrefix(".tmp.") || name.hasPrefix(".old.") else { return false }
        let parts = name.dropFirst(5).split(separator: ".", maxSplits: 2)
        if parts.count == 3, let pid = Int32(parts[0]), String(parts[1]) == hostTag {
            return pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
        }
        guard othersAfterADay else { return false }
        let modified = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.modificationDate] as? Date) ?? nil
        return modified.map { Date().timeIntervalSince($0) > 86_400 } ?? true
    }

    /// This host's name with anything but letters, digits and `-` dropped (it sits between dots).
    static let hostTag: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let name = String(decoding: bytes, as: UTF8.self).unicodeScalars.filter { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-") }
        return name.isEmpty ? "host" : String(String.UnicodeScalarView(name))
    }()

    /// Puts a finished folder in the place of `target` (batch: a book's folder is Quire's alone): an older
    /// folder is renamed aside first and deleted after, so the name always holds a whole folder or nothing.
    static func replaceFolder(_ target: String, with temporary: String, root: String, name: String) throws(OutputWriteError) {
        var old: String?
        if FileManager.default.fileExists(atPath: target) {
            let aside = root + "/" + asideName(name)
            try? FileManager.default.removeItem(atPath: aside)
            guard rename(target, aside) == 0 else {
                throw OutputWriteError(path: target, reason: "cannot move the output into place: \(OutputWriteError.errnoText())", kind: .ioError)
            }
            old = aside
        }
        guard rename(temporary, target) == 0 else {
            let failure = OutputWriteError(path: target, reason: "cannot move the output into place: \(OutputWriteError.errnoText())", kind: .ioError)
            if let old { _ = rename(old, target) }
            throw failure
        }
        if let old { try? FileManager.default.removeItem(atPath: old) }
    }
}
