import Foundation
import Renderers

/// Why a rendering's files could not be written: the path, what the system said, and what kind of failure it
/// was (the command line turns the kind into an exit code).
public struct OutputWriteError: Error, Sendable {
    public enum Kind: Sendable {
        /// A folder or file could not be created or written (sysexits 73).
        case cannotCreate
        /// A finished file or folder could not be renamed into place (sysexits 74).
        case ioError
        /// The caller asked to stop; nothing of this run is left behind.
        case interrupted
    }

    public var path: String
    public var reason: String
    public var kind: Kind

    public init(path: String, reason: String, kind: Kind) {
        self.path = path
        self.reason = reason
        self.kind = kind
    }

    /// The last system error, e.g. "Permission denied".
    static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// Open folders of one tree, by relative path, so each file is created or renamed relative to an open folder
/// (`openat`, `renameat`) rather than by resolving its whole path again. Closed on deinit. Opening a folder
/// changes the table, so one thread opens them; once every folder a file needs is open, `create` may run on
/// several threads at once (`OutputWriter.writeNew`).
final class FolderHandles {
    /// The folder errors name: the output folder the user knows, not a temporary one.
    let shownAs: String
    private var handles: [String: Int32]

    /// Opens an existing folder.
    init(_ path: String, shownAs: String) throws(OutputWriteError) {
        self.shownAs = shownAs
        let handle = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard handle >= 0 else {
            throw OutputWriteError(path: shownAs, reason: "cannot open the folder: \(OutputWriteError.errnoText())", kind: .cannotCreate)
        }
        handles = ["": handle]
    }

    /// An error about one file of the tree.
    func failure(_ steps: [Substring], _ what: String, _ kind: OutputWriteError.Kind = .cannotCreate) -> OutputWriteError {
        OutputWriteError(path: shownAs, reason: "cannot write \(steps.joined(separator: "/")): \(what)", kind: kind)
    }

    deinit {
        for handle in handles.values { close(handle) }
    }

    /// The open folder holding a file of `steps` (its last step is the file's own name), created if `create`.
    func folder(holding steps: [Substring], create: Bool) throws(OutputWriteError) -> Int32 {
        var key = ""
        var handle = handles[""]!
        for step in steps.dropLast() {
            let name = String(step)
            key += key.isEmpty ? name : "/" + name
            if let open = handles[key] {
                handle = open
                continue
            }
            if create, mkdirat(handle, name, 0o777) != 0, errno != EEXIST {
                throw failure(steps, OutputWriteError.errnoText())
            }
            let opened = openat(handle, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard opened >= 0 else {
                throw failure(steps, errno == ENOTDIR || errno == ELOOP ? "\(key) is not a folder" : OutputWriteError.errnoText())
            }
            handles[key] = opened
            handle = opened
        }
        return handle
    }

    /// Creates a new file (it must not exist) and writes all its parts, making a lazy file's parts only now
    /// (`OutputFile.writeParts`): one `write` each unless the system writes less, no fsync.
    func create(_ steps: [Substring], file output: OutputFile) throws(OutputWriteError) {
        let file = try openNew(steps)
        var problem: String?
        output.writeParts { part in
            if problem == nil { problem = Self.write(part, to: file) }
        }
        if close(file) != 0, problem == nil { problem = OutputWriteError.errnoText() }
        if let problem { throw failure(steps, problem) }
    }

    /// Creates a new file (it must not exist) for writing: its descriptor.
    func openNew(_ steps: [Substring]) throws(OutputWriteError) -> Int32 {
        let folder = try folder(holding: steps, create: true)
        let file = openat(folder, String(steps.last!), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
        guard file >= 0 else { throw failure(steps, OutputWriteError.errnoText()) }
        return file
    }

    /// Writes all of `bytes` to `file` (again where the system wrote less); what the system said if it failed.
    static func write(_ bytes: [UInt8], to file: Int32) -> String? {
        var written = 0
        return bytes.withUnsafeBytes { buffer -> String? in
            while written < buffer.count {
                let count = Glibc.write(file, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return OutputWriteError.errnoText()
                }
                written += count
            }
            return nil
        }
    }

    /// What is at a relative path inside the tree, without following a final symbolic link: its `S_IFMT` bits,
    /// nil if nothing.
    func kind(of relative: String) -> mode_t? {
        var info = stat()
        guard fstatat(handles[""]!, relative, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// Moves a file from this tree to the same place in `target`, replacing what is there (one `renameat`).
    func move(_ steps: [Substring], to target: FolderHandles) throws(OutputWriteError) {
        let from = try folder(holding: steps, create: false)
        let to = try target.folder(holding: steps, create: true)
        let name = String(steps.last!)
        guard renameat(from, name, to, name) == 0 else { throw target.failure(steps, OutputWriteError.errnoText(), .ioError) }
    }

    /// Removes a regular file at the top of the tree; anything else is left alone.
    func removeFile(_ name: String) {
        var info = stat()
        guard fstatat(handles[""]!, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { return }
        unlinkat(handles[""]!, name, 0)
    }
}
