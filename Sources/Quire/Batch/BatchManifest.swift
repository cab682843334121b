import Foundation
import Renderers

/// What happened to one book in a batch run: one line of `manifest.jsonl`.
public struct BatchResult: Sendable, Equatable {
    public enum Status: String, Sendable { case ok, error, skipped }

    public var book: BatchBook
    public var status: Status
    /// SHA-256 of the input bytes (folders: see `BatchRunner.contentHash`); nil when the input could not be read,
    /// or when discovery already refused it (a named file of binary data, a device).
    public var contentHash: String?
    public var optionsHash: String
    public var pages: Int?
    public var spreads: Int?
    public var warnings: Int?
    public var milliseconds: Int
    /// One line, without the input: why the book failed.
    public var error: String?

    /// The manifest line, keys in a fixed order, ending in a newline (JSON escapes keep it one line).
    public var jsonLine: String {
        let count = { (n: Int?) in n.map(JSON.int) ?? .null }
        let line: JSON = .object([
            ("input", .string(book.path)), ("key", .string(book.key)), ("output", .string(book.name)),
            ("status", .string(status.rawValue)),
            ("content_sha256", .optional(contentHash)), ("options_sha256", .string(optionsHash)),
            ("pages", count(pages)), ("spreads", count(spreads)), ("warnings", count(warnings)),
            ("ms", .int(milliseconds)), ("error", .optional(error)),
        ])
        return line.serialized() + "\n"
    }
}

/// `.quire-batch.json`, written last inside a book's output folder: what the folder was made from, so a later
/// run can skip it. No times, so shards and reruns produce identical folders.
public struct BatchMarker: Codable, Sendable, Equatable {
    public static let fileName = ".quire-batch.json"

    public var key: String
    /// Size and modification time of the input (see `BatchRunner.stamp`): when unchanged, the input is not
    /// read again to be hashed.
    public var inputStamp: String
    public var contentSHA256: String
    public var optionsSHA256: String
    public var pages: Int
    public var spreads: Int
    public var warnings: Int
    public var quire: String

    enum CodingKeys: String, CodingKey {
        case key, pages, spreads, warnings, quire
        case contentSHA256 = "content_sha256", optionsSHA256 = "options_sha256", inputStamp = "input_stamp"
    }

    var bytes: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data()) + [0x0A]
    }

    static func read(folder: String) -> BatchMarker? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName) else { return nil }
        return try? JSONDecoder().decode(BatchMarker.self, from: data)
    }
}

/// `manifest.jsonl`, opened for appending: each line goes out in one write(2) on an O_APPEND descriptor, so
/// concurrent writers (threads, or shards sharing the folder) never interleave and a kill never splits a line.
final class BatchManifest: @unchecked Sendable {
    static let fileName = "manifest.jsonl"
    private let fd: Int32
    private let lock = NSLock()

    /// Opens (creating) the manifest, first cutting a partial last line a killed run may have left.
    init(folder: String) throws(BatchError) {
        let path = folder + "/" + Self.fileName
        try Self.repair(path)
        fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw .outputUnwritable(path: path, reason: String(cString: strerror(errno))) }
    }

    deinit { close(fd) }

    /// Appends a whole line (a short write, e.g. a full disk, is retried for the rest).
    func append(_ line: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let bytes = Array(line.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0, errno == EINTR { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    /// Truncates the file after its last newline when it does not end in one.
    static func repair(_ path: String) throws(BatchError) {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { return }
            throw .outputUnwritable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0 else { return }
        var end = Int(info.st_size)
        var byte: UInt8 = 0
        guard pread(fd, &byte, 1, off_t(end - 1)) == 1, byte != 0x0A else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        var keep = 0
        search: while end > 0 {
            let start = max(0, end - chunk.count)
            let n = chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress!, end - start, off_t(start)) }
            guard n == end - start else { break }
            for i in stride(from: n - 1, through: 0, by: -1) where chunk[i] == 0x0A {
                keep = start + i + 1
                break search
            }
            end = start
        }
        guard ftruncate(fd, off_t(keep)) == 0 else {
            throw .outputUnwritable(path: path, reason: "cannot repair a partial last line")
        }
    }
}
