import BookModel

/// Reads `META-INF/encryption.xml`: which resources are encrypted, and whether only as font obfuscation.
enum Encryption {
    static let path = "META-INF/encryption.xml"
    /// IDPF and Adobe font obfuscation: harmless, since Quire never needs fonts.
    static let obfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]

    /// Container paths of resources encrypted with anything other than font obfuscation.
    static func protectedPaths(_ bytes: [UInt8]) throws(ReadError) -> Set<String> {
        let root = try XMLParser.parse(bytes, path: path)
        var protected: Set<String> = []
        for data in root.descendants(where: { $0.name == "EncryptedData" && $0.namespace == Namespace.encryption }) {
            let algorithm = data.element("EncryptionMethod", namespace: Namespace.encryption)?.attribute("Algorithm") ?? ""
            guard !obfuscation.contains(algorithm) else { continue }
            let references = data.descendants { $0.name == "CipherReference" && $0.namespace == Namespace.encryption }
            for reference in references {
                if let uri = reference.attribute("URI") { protected.insert(ContainerPath.resolve(uri, against: "")) }
            }
        }
        return protected
    }
}
