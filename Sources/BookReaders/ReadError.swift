import BookModel

/// Why a book could not be read; the CLI renders it as one line and maps it to a sysexits code.
public enum ReadError: Error, Equatable, Sendable {
    /// The input path does not exist.
    case notFound(String)
    /// The input exists but cannot be read (permissions, a directory where a file was expected, …).
    case unreadable(String)
    /// The bytes are not a ZIP archive, or the archive is damaged.
    case notAZip(String)
    /// A folder or archive that holds no EPUB.
    case notAnEPUB(String)
    /// A part the book cannot do without (container.xml, the package document) is missing.
    case missingPart(String)
    /// A document is not well-formed (and could not be recovered).
    case malformed(path: String, line: Int, reason: String)
    /// A bound on hostile input was exceeded; the message names the limit.
    case limitExceeded(String)
    /// Content is encrypted with something other than font obfuscation.
    case encrypted(String)
    /// An entry's checksum does not match its data.
    case checksum(String)
    /// Anything else the input is wrong about.
    case invalid(String)
    /// An input that is neither an EPUB nor text (binary data, invalid UTF-8).
    case notText(String)
    /// Inputs that cannot make one book together (an EPUB among several inputs): a usage mistake, exit 64.
    case cannotCombine(String)

    /// One line, without the `quire: error: <input>:` prefix.
    public var message: String {
        switch self {
        case .notFound: return "no such file or folder"
        case .unreadable(let why): return "cannot read: \(why)"
        case .notAZip(let why): return "not a valid EPUB (ZIP) archive: \(why)"
        case .notAnEPUB(let why): return "not an EPUB: \(why)"
        case .missingPart(let path): return "missing \(path)"
        case .malformed(let path, let line, let reason):
            return line > 0 ? "\(path):\(line): malformed XML: \(reason)" : "\(path): malformed XML: \(reason)"
        case .limitExceeded(let what): return "limit exceeded: \(what)"
        case .encrypted(let path): return "\(path) is encrypted (DRM); Quire cannot read it"
        case .checksum(let path): return "CRC error in \(path): the archive is damaged"
        case .invalid(let why): return why
        case .notText(let why): return why
        case .cannotCombine(let why): return why
        }
    }

    /// True when the inputs were named wrongly rather than being bad (sysexits 64).
    public var isUsage: Bool {
        if case .cannotCombine = self { return true }
        return false
    }

    /// True when the input could not be found or opened at all (sysexits 66), false for bad data (65).
    public var isMissingInput: Bool {
        switch self {
        case .notFound, .unreadable: return true
        default: return false
        }
    }
}
