import CZip
import Foundation

/// An EPUB read in place with libzip, from a file or from memory; nothing is extracted to disk.
public final class ZipContainer: Container, @unchecked Sendable {
    public let paths: [String]
    private let indexByPath: [String: UInt64]
    private let archive: OpaquePointer
    private let limits: ContainerLimits
    /// libzip handles are not thread-safe; reads are serialised.
    private let lock = NSLock()
    private var inflatedTotal = 0
    /// Holds the bytes an in-memory archive reads from, for as long as the archive lives.
    private let memory: UnsafeMutableRawPointer?

    /// Opens an archive file; `name` is how errors refer to it.
    public convenience init(path: String, limits: ContainerLimits = ContainerLimits()) throws(ReadError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            throw Self.openError(code)
        }
        try self.init(archive: archive, memory: nil, limits: limits)
    }

    /// Opens an archive held in memory (standard input).
    public convenience init(bytes: [UInt8], limits: ContainerLimits = ContainerLimits()) throws(ReadError) {
        guard !bytes.isEmpty else { throw .notAZip("the input is empty") }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 1)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(memory, UInt64(bytes.count), 0, &error) else {
            memory.deallocate()
            throw .notAZip(String(cString: zip_error_strerror(&error)))
        }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            memory.deallocate()
            throw Self.openError(zip_error_code_zip(&error))
        }
        try self.init(archive: archive, memory: memory, limits: limits)
    }

    private init(archive: OpaquePointer, memory: UnsafeMutableRawPointer?, limits: ContainerLimits) throws(ReadError) {
        self.archive = archive
        self.memory = memory
        self.limits = limits
        let count = zip_get_num_entries(archive, 0)
        guard count <= Int64(limits.maxEntries) else {
            zip_discard(archive)
            memory?.deallocate()
            throw .limitExceeded("the archive has \(count) entries (at most \(limits.maxEntries))")
        }
        var paths: [String] = []
        var index: [String: UInt64] = [:]
        for i in 0..<UInt64(max(count, 0)) {
            guard let raw = zip_get_name(archive, i, ZIP_FL_ENC_GUESS) else { continue }
            let name = String(cString: raw)
            if name.hasSuffix("/") { continue }
            let normalized = ContainerPath.normalize(name)
            if index[normalized] == nil {
                index[normalized] = i
                paths.append(normalized)
            }
        }
        self.paths = paths
        self.indexByPath = index
    }

    deinit {
        zip_discard(archive)
        memory?.deallocate()
    }

    public func contains(_ path: String) -> Bool { indexByPath[path] != nil }

    public func size(of path: String) -> Int? {
        guard let index = indexByPath[path] else { return nil }
        lock.lock()
        defer { lock.unlock() }
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, index, 0, &stat) == 0 else { return nil }
        return Int(clamping: stat.size)
    }

    public func read(_ path: String) throws(ReadError) -> [UInt8] {
        guard let index = indexByPath[path] else { throw .missingPart(path) }
        lock.lock()
        defer { lock.unlock() }
        var stat = zip_stat_t()
        zip_stat_init(&stat)
        guard zip_stat_index(archive, index, 0, &stat) == 0 else { throw .notAZip("cannot read the entry \(path)") }
        let declared = Int(clamping: stat.size)
        guard declared <= limits.maxEntryBytes else {
            throw .limitExceeded("\(path) inflates to \(declared) bytes (at most \(limits.maxEntryBytes) per entry)")
        }
        if declared > limits.ratioFloorBytes, stat.comp_size > 0, declared / Int(clamping: stat.comp_size) > limits.maxRatio {
            throw .limitExceeded("\(path) has a compression ratio above \(limits.maxRatio):1")
        }
        guard inflatedTotal + declared <= limits.maxTotalBytes else {
            throw .limitExceeded("the book inflates to more than \(limits.maxTotalBytes) bytes")
        }
        guard let file = zip_fopen_index(archive, index, 0) else {
            let code = zip_error_code_zip(zip_get_error(archive))
            if code == ZIP_ER_NOPASSWD || code == ZIP_ER_WRONGPASSWD || code == ZIP_ER_ENCRNOTSUPP {
                throw .encrypted(path)
            }
            throw .notAZip("\(path): \(String(cString: zip_strerror(archive)))")
        }
        defer { zip_fclose(file) }
        // Read one byte past the declared size so a lying header cannot smuggle in more data.
        var bytes = [UInt8](repeating: 0, count: declared + 1)
        var filled = 0
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress! + filled, UInt64($0.count - filled)) }
            if n < 0 {
                let code = zip_error_code_zip(zip_file_get_error(file))
                if code == ZIP_ER_CRC { throw .checksum(path) }
                throw .notAZip("\(path): \(String(cString: zip_file_strerror(file)))")
            }
            if n == 0 { break }
            filled += Int(n)
        }
        guard filled <= declared else {
            throw .notAZip("\(path) holds more data than its header declares")
        }
        bytes.removeLast(bytes.count - filled)
        inflatedTotal += filled
        return bytes
    }

    private static func openError(_ code: Int32) -> ReadError {
        switch code {
        case ZIP_ER_NOENT: return .notFound("the file")
        case ZIP_ER_OPEN, ZIP_ER_READ: return .unreadable("cannot open the file")
        case ZIP_ER_NOZIP: return .notAZip("no ZIP central directory (not a ZIP file, or truncated)")
        case ZIP_ER_INCONS: return .notAZip("inconsistent ZIP structure (damaged or truncated)")
        case ZIP_ER_MEMORY: return .limitExceeded("out of memory opening the archive")
        default:
            var error = zip_error_t()
            zip_error_init_with_code(&error, code)
            defer { zip_error_fini(&error) }
            return .notAZip(String(cString: zip_error_strerror(&error)))
        }
    }
}
