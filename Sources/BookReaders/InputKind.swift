import Foundation

/// What an input is, told by its content rather than its name (issue 13): a ZIP archive is an EPUB whatever it is
/// called, a folder is an EPUB when it holds `META-INF/container.xml`, and anything else must be text — valid
/// UTF-8 without NUL bytes — to be read as Markdown. Several inputs make one book only when all are Markdown.
public enum InputKind: Sendable, Equatable {
    case epubArchive
    case epubFolder
    case markdownFile
    case markdownFolder

    public var isEPUB: Bool { self == .epubArchive || self == .epubFolder }

    /// How many bytes of a file are looked at to tell its kind; Markdown files are checked whole when read.
    static let sniffLength = 64 << 10

    /// The kind of one path; a missing path, a folder with neither a container nor Markdown files, and a file
    /// that is neither a ZIP archive nor text are errors.
    public static func of(path: String) throws(ReadError) -> InputKind {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { throw .notFound(path) }
        if isFolder.boolValue {
            if FileManager.default.fileExists(atPath: path + "/META-INF/container.xml") { return .epubFolder }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            if names.contains(where: MarkdownReader.isMarkdownPath) { return .markdownFolder }
            throw .notAnEPUB("the folder has no META-INF/container.xml")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable("permission denied") }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: sniffLength)) ?? Data())
        // A file that calls itself an EPUB and is not an archive is a broken EPUB, never Markdown: the EPUB reader
        // says what is wrong with it.
        if path.lowercased().hasSuffix(".epub") { return .epubArchive }
        return try of(head: head, complete: head.count < sniffLength)
    }

    /// The kind of bytes (standard input, or the first bytes of a file when `complete` is false).
    public static func of(head: [UInt8], complete: Bool = true) throws(ReadError) -> InputKind {
        if isZip(head) { return .epubArchive }
        try checkText(head, complete: complete)
        return .markdownFile
    }

    /// A local file header, or the end-of-central-directory record of an empty archive.
    static func isZip(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) || bytes.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// Markdown is text: refuses a NUL byte or a byte sequence that is not UTF-8. When `complete` is false the
    /// bytes are a prefix, and a sequence cut at its end is not held against it.
    public static func checkText(_ bytes: [UInt8], complete: Bool = true) throws(ReadError) {
        try bytes.withUnsafeBufferPointer { buffer throws(ReadError) in try checkText(buffer, complete: complete) }
    }

    /// One pass, eight bytes at a time while they are ASCII without NUL (most of any Markdown book).
    private static func checkText(_ bytes: UnsafeBufferPointer<UInt8>, complete: Bool) throws(ReadError) {
        var index = 0
        let count = bytes.count
        while index < count {
            if index + 8 <= count {
                let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
                // No byte has its high bit set, and none is zero (the classic has-zero-byte test).
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
                if word & 0x8080_8080_8080_8080 == 0 && hasZero == 0 { index += 8; continue }
            }
            let lead = bytes[index]
            if lead == 0 {
                throw .notText("binary data (a NUL byte at offset \(index)), neither an EPUB (ZIP) archive nor Markdown text")
            }
            if lead < 0x80 { index += 1; continue }
            let length: Int
            let low: UInt8, high: UInt8
            switch lead {
            case 0xC2...0xDF: length = 2; low = 0x80; high = 0xBF
            case 0xE0: length = 3; low = 0xA0; high = 0xBF
            case 0xE1...0xEC, 0xEE, 0xEF: length = 3; low = 0x80; high = 0xBF
            case 0xED: length = 3; low = 0x80; high = 0x9F
            case 0xF0: length = 4; low = 0x90; high = 0xBF
            case 0xF1...0xF3: length = 4; low = 0x80; high = 0xBF
            case 0xF4: length = 4; low = 0x80; high = 0x8F
            default: throw invalidUTF8(at: index)
            }
            if index + length > count {
                if !complete { return }
                throw invalidUTF8(at: index)
            }
            // Unicode Table 3-7: the second byte's range depends on the lead, the others are 80..BF.
            guard (low...high).contains(bytes[index + 1]) else { throw invalidUTF8(at: index) }
            for k in 2..<length where !(0x80...0xBF).contains(bytes[index + k]) { throw invalidUTF8(at: index) }
            index += length
        }
    }

    private static func invalidUTF8(at offset: Int) -> ReadError {
        .notText("not UTF-8 text (an invalid byte sequence at offset \(offset)), neither an EPUB (ZIP) archive nor Markdown")
    }
}
