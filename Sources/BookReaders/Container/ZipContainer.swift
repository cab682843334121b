import CDeflate
import CZip
import Foundation

/// An EPUB read in place with libzip, from a file or from memory; nothing is extracted to disk.
///
/// A libzip handle is not thread-safe, and one handle under one lock left the second core idle while the first
/// inflated (issue 19). So each read borrows a handle of its own: the first one, or another opened on the same
/// file or bytes when all are busy, up to one per core; they are kept for the next reads. Only the borrowing and
/// the book's running total of inflated bytes are under the lock.
public final class ZipContainer: Container, @unchecked Sendable {
    public let paths: [String]
    private let indexByPath: [String: UInt64]
    private let limits: ContainerLimits
    /// Guards `idle`, `opened` and `inflatedTotal`; waited on when every handle is busy.
    private let condition = NSCondition()
    private var idle: [OpaquePointer]
    private var opened = 1
    private let maxHandles = max(1, min(4, ProcessInfo.processInfo.activeProcessorCount))
    /// Opens one more handle on the same archive; nil when it cannot (the reader then waits for a busy one).
    private let reopen: @Sendable () -> OpaquePointer?
    private let entryCount: Int64
    private var inflatedTotal = 0
    /// Holds the bytes an in-memory archive reads from, for as long as the archive lives.
    private let memory: UnsafeMutableRawPointer?

    /// Opens an archive file; `name` is how errors refer to it.
    public convenience init(path: String, limits: ContainerLimits = ContainerLimits()) throws(ReadError) {
        var code: Int32 = 0
        guard let archive = zip_open(path, ZIP_RDONLY, &code) else {
            throw Self.openError(code)
        }
        try self.init(archive: archive, memory: nil, limits: limits) {
            var code: Int32 = 0
            return zip_open(path, ZIP_RDONLY, &code)
        }
    }

    /// Opens an archive held in memory (standard input).
    public convenience init(bytes: [UInt8], limits: ContainerLimits = ContainerLimits()) throws(ReadError) {
        guard !bytes.isEmpty else { throw .notAZip("the input is empty") }
        let memory = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 1)
        bytes.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        let (archive, code) = Self.open(memory, count: bytes.count)
        guard let archive else {
            memory.deallocate()
            throw code.map(Self.openError) ?? .notAZip("cannot read the archive from memory")
        }
        nonisolated(unsafe) let shared = memory
        let count = bytes.count
        try self.init(archive: archive, memory: memory, limits: limits) { Self.open(shared, count: count).archive }
    }

    /// An archive on `count` bytes at `memory`, which it reads but never frees; or the libzip error code.
    private static func open(_ memory: UnsafeMutableRawPointer, count: Int) -> (archive: OpaquePointer?, code: Int32?) {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        guard let source = zip_source_buffer_create(memory, UInt64(count), 0, &error) else { return (nil, nil) }
        guard let archive = zip_open_from_source(source, ZIP_RDONLY, &error) else {
            zip_source_free(source)
            return (nil, zip_error_code_zip(&error))
        }
        return (archive, nil)
    }

    private init(archive: OpaquePointer, memory: UnsafeMutableRawPointer?, limits: ContainerLimits,
                 reopen: @escaping @Sendable () -> OpaquePointer?) throws(ReadError) {
        self.idle = [archive]
        self.memory = memory
        self.limits = limits
        self.reopen = reopen
        let count = zip_get_num_entries(archive, 0)
        self.entryCount = count
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
        for archive in idle { zip_discard(archive) }
        memory?.deallocate()
    }

    /// Runs `body` with a handle no other thread uses meanwhile (see the type's comment).
    private func withArchive<T>(_ body: (OpaquePointer) throws(ReadError) -> T) throws(ReadError) -> T {
        let archive = borrow()
        defer {
            condition.lock()
            idle.append(archive)
            condition.signal()
            condition.unlock()
        }
        return try body(archive)
    }

    private func borrow() -> OpaquePointer {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let archive = idle.popLast() { return archive }
            if opened < maxHandles {
                opened += 1
                condition.unlock()
                let archive = reopen()
                condition.lock()
                // The same archive, seen again: a file changed meanwhile is not mixed in (the reader waits instead).
                if let archive, zip_get_num_entries(archive, 0) == entryCount { return archive }
                if let archive { zip_discard(archive) }
                opened -= 1
                continue
            }
            condition.wait()
        }
    }

    public func contains(_ path: String) -> Bool { indexByPath[path] != nil }

    public func size(of path: String) -> Int? {
        guard let index = indexByPath[path] else { return nil }
        return try? withArchive { archive throws(ReadError) -> Int? in
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(archive, index, 0, &stat) == 0 else { return nil }
            return Int(clamping: stat.size)
        }
    }

    public func read(_ path: String) throws(ReadError) -> [UInt8] {
        guard let index = indexByPath[path] else { throw .missingPart(path) }
        return try withArchive { archive throws(ReadError) in try read(path, index: index, from: archive) }
    }

    /// Inflates only as far as `count` bytes: libzip streams an entry, so the rest is never touched.
    public func readPrefix(_ path: String, upTo count: Int) throws(ReadError) -> [UInt8] {
        guard let index = indexByPath[path] else { throw .missingPart(path) }
        return try withArchive { archive throws(ReadError) in try read(path, index: index, from: archive, upTo: count) }
    }

    /// The entry, or its first `limit` bytes when it is longer. Only a read to the end, which checks the CRC and
    /// looks one byte past the declared size, can find the entry damaged.
    private func read(_ path: String, index: UInt64, from archive: OpaquePointer,
                      upTo limit: Int = .max) throws(ReadError) -> [UInt8] {
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
        // The declared size is counted before inflating, so reads in parallel cannot pass the total together;
        // what an entry holds beyond its declared size is refused below.
        let whole = limit >= declared
        let wanted = whole ? declared : max(0, limit)
        condition.lock()
        let fits = inflatedTotal + wanted <= limits.maxTotalBytes
        if fits { inflatedTotal += wanted }
        condition.unlock()
        guard fits else { throw .limitExceeded("the book inflates to more than \(limits.maxTotalBytes) bytes") }
        var filled = 0
        defer {
            condition.lock()
            inflatedTotal -= wanted - filled
            condition.unlock()
        }
        if whole, let bytes = inflateWhole(archive, index: index, stat: stat, declared: declared) {
            filled = bytes.count
            return bytes
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
        var bytes = [UInt8](repeating: 0, count: whole ? declared + 1 : wanted)
        while filled < bytes.count {
            let n = bytes.withUnsafeMutableBytes { zip_fread(file, $0.baseAddress! + filled, UInt64($0.count - filled)) }
            if n < 0 {
                filled = 0
                let code = zip_error_code_zip(zip_file_get_error(file))
                if code == ZIP_ER_CRC { throw .checksum(path) }
                throw .notAZip("\(path): \(String(cString: zip_file_strerror(file)))")
            }
            if n == 0 { break }
            filled += Int(n)
        }
        guard filled <= wanted else {
            filled = 0
            throw .notAZip("\(path) holds more data than its header declares")
        }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    /// Off only in tests, to compare with libzip's stream.
    nonisolated(unsafe) static var inflatesWhole = true

    /// A deflated entry read whole: its raw stream from libzip, inflated at once by libdeflate into the size the
    /// central directory declares, its CRC-32 checked: about half of zlib's instructions (issue 19). Nil for
    /// anything else (stored, encrypted, another method, a stream that inflates to another size or is damaged, a
    /// CRC that does not match): libzip's stream then reads the entry as before, and reports what is wrong as before.
    private func inflateWhole(_ archive: OpaquePointer, index: UInt64, stat: zip_stat_t, declared: Int) -> [UInt8]? {
        let needed = UInt64(ZIP_STAT_SIZE | ZIP_STAT_COMP_SIZE | ZIP_STAT_COMP_METHOD | ZIP_STAT_CRC
                            | ZIP_STAT_ENCRYPTION_METHOD)
        guard Self.inflatesWhole, stat.valid & needed == needed, Int32(stat.comp_method) == ZIP_CM_DEFLATE,
              Int32(stat.encryption_method) == ZIP_EM_NONE, declared > 0, stat.comp_size > 0,
              let compressed = Int(exactly: stat.comp_size),
              let file = zip_fopen_index(archive, index, zip_flags_t(ZIP_FL_COMPRESSED)) else { return nil }
        defer { zip_fclose(file) }
        var complete = false
        let raw = [UInt8](unsafeUninitializedCapacity: compressed) { buffer, count in
            while count < compressed {
                let n = zip_fread(file, buffer.baseAddress! + count, UInt64(compressed - count))
                if n <= 0 { return }
                count += Int(n)
            }
            complete = true
        }
        guard complete, let decompressor = libdeflate_alloc_decompressor() else { return nil }
        defer { libdeflate_free_decompressor(decompressor) }
        var inflated = false
        let bytes = [UInt8](unsafeUninitializedCapacity: declared) { buffer, count in
            var actual = 0
            let result = raw.withUnsafeBytes { r in
                libdeflate_deflate_decompress(decompressor, r.baseAddress, r.count, buffer.baseAddress, declared, &actual)
            }
            guard result == LIBDEFLATE_SUCCESS, actual == declared else { return }
            count = declared
            inflated = libdeflate_crc32(0, buffer.baseAddress, declared) == stat.crc
        }
        return inflated ? bytes : nil
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
