internal import CCrypto

/// Standard base64 with padding and no line breaks (RFC 4648 §4), from libcrypto's `EVP_EncodeBlock`: for CSP
/// hashes and `data:` URIs. Here beside SHA-256 because a CSP source is the base64 of a digest.
public func base64(_ bytes: [UInt8]) -> String {
    guard !bytes.isEmpty else { return "" }
    // EVP_EncodeBlock takes an Int32 length: encode in pieces of a multiple of 3 bytes, which join seamlessly.
    let piece = 3 << 20
    let length = (bytes.count + 2) / 3 * 4
    return bytes.withUnsafeBufferPointer { input in
        // One more byte for the NUL that EVP_EncodeBlock writes after each piece.
        String(unsafeUninitializedCapacity: length + 1) { output in
            var written = 0
            var start = 0
            while start < input.count {
                let count = min(piece, input.count - start)
                written += Int(EVP_EncodeBlock(output.baseAddress! + written, input.baseAddress! + start, Int32(count)))
                start += count
            }
            return written
        }
    }
}
