internal import CCrypto

/// SHA-256 (FIPS 180-4), streaming, from OpenSSL's libcrypto through its EVP digest API: audited, and on CPUs
/// with SHA extensions (x86 SHA-NI, ARMv8 SHA2) many times faster than the hand-written version it replaced.
/// Foundation on Linux has no CryptoKit. Two users: the HTML viewer's CSP hashes (Renderers) and batch runs'
/// content, options and path hashes (Quire); both need digests that never change, which the standard gives.
///
/// A value like any other: a copy hashes on by itself (the libcrypto context is copied when a shared one is
/// first written to).
public struct SHA256: Sendable {
    private var context = DigestContext()

    public init() {}

    /// Hashes bytes in one call.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        let contiguous: Void? = bytes.withContiguousStorageIfAvailable { hasher.update(UnsafeRawBufferPointer($0)) }
        if contiguous == nil { hasher.update(Array(bytes)) }
        return hasher.finalize()
    }

    /// The 32-byte digest of `message`.
    public static func digest(_ message: [UInt8]) -> [UInt8] { hash(message) }

    /// Lowercase hex of the hash of a string's UTF-8 bytes.
    public static func hex(_ text: String) -> String { hash(Array(text.utf8)).hexString }

    public mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        unshare()
        context.update(base, count: bytes.count)
    }

    /// The 32-byte digest; the hasher then starts over, as if new.
    public mutating func finalize() -> [UInt8] {
        unshare()
        return context.finalize()
    }

    private mutating func unshare() {
        if !isKnownUniquelyReferenced(&context) { context = context.copy() }
    }
}

/// One `EVP_MD_CTX` set up for SHA-256, freed with its owner. Not shared between threads: `SHA256` copies it
/// before writing whenever another value holds it too.
private final class DigestContext: @unchecked Sendable {
    private let pointer: OpaquePointer

    init() {
        pointer = Self.require(EVP_MD_CTX_new())
        Self.check(EVP_DigestInit_ex(pointer, EVP_sha256(), nil))
    }

    private init(copying other: DigestContext) {
        pointer = Self.require(EVP_MD_CTX_new())
        Self.check(EVP_MD_CTX_copy_ex(pointer, other.pointer))
    }

    deinit { EVP_MD_CTX_free(pointer) }

    func copy() -> DigestContext { DigestContext(copying: self) }

    func update(_ bytes: UnsafeRawPointer, count: Int) {
        Self.check(EVP_DigestUpdate(pointer, bytes, count))
    }

    func finalize() -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        digest.withUnsafeMutableBufferPointer { Self.check(EVP_DigestFinal_ex(pointer, $0.baseAddress, &length)) }
        Self.check(length == 32 ? 1 : 0)
        Self.check(EVP_DigestInit_ex(pointer, EVP_sha256(), nil))
        return digest
    }

    /// libcrypto fails here only when it cannot allocate or has no SHA-256 (a broken installation): never
    /// because of what is hashed, so no input can reach these traps.
    private static func require(_ value: OpaquePointer?) -> OpaquePointer {
        guard let value else { fatalError("libcrypto: cannot set up SHA-256") }
        return value
    }

    private static func check(_ status: Int32) {
        if status != 1 { fatalError("libcrypto: SHA-256 failed") }
    }
}

extension Array where Element == UInt8 {
    /// Lowercase hex, two digits a byte (libcrypto's `OPENSSL_buf2hexstr` writes uppercase with separators).
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self { out.append(digits[Int(byte >> 4)]); out.append(digits[Int(byte & 15)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
