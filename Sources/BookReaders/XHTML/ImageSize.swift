/// Pixel size from the first bytes of a PNG, JPEG, GIF or SVG, so placeholders get the image's aspect ratio.
enum ImageSize {
    static func of(_ b: [UInt8]) -> (width: Int, height: Int)? {
        if b.count >= 24, b[0] == 0x89, b[1] == 0x50, b[2] == 0x4E, b[3] == 0x47 {
            return (be32(b, 16), be32(b, 20))
        }
        if b.count >= 10, b[0] == 0x47, b[1] == 0x49, b[2] == 0x46 {
            return (Int(b[6]) | Int(b[7]) << 8, Int(b[8]) | Int(b[9]) << 8)
        }
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 { return jpeg(b) }
        return svg(b)
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> Int {
        Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
    }

    /// Walks JPEG segments to the first start-of-frame marker.
    private static func jpeg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                let height = Int(b[i + 5]) << 8 | Int(b[i + 6])
                let width = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// width/height attributes (or the viewBox) of the root `<svg>` element, in user units.
    private static func svg(_ b: [UInt8]) -> (width: Int, height: Int)? {
        let head = String(decoding: b.prefix(4096), as: UTF8.self)
        guard let start = head.range(of: "<svg") else { return nil }
        guard let end = head[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = head[start.upperBound..<end]
        func attribute(_ name: String) -> String? {
            guard let r = tag.range(of: " " + name + "=") ?? tag.range(of: "\n" + name + "=") else { return nil }
            let rest = tag[r.upperBound...]
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
            let value = rest.dropFirst()
            guard let close = value.firstIndex(of: quote) else { return nil }
            return String(value[..<close])
        }
        func number(_ s: String?) -> Int? {
            guard let s else { return nil }
            let digits = s.prefix { $0.isNumber || $0 == "." }
            guard !s.hasSuffix("%"), let v = Double(digits), v > 0 else { return nil }
            return Int(v.rounded())
        }
        if let w = number(attribute("width")), let h = number(attribute("height")) { return (w, h) }
        if let box = attribute("viewBox") {
            let parts = box.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if parts.count == 4, parts[2] > 0, parts[3] > 0 { return (Int(parts[2].rounded()), Int(parts[3].rounded())) }
        }
        return nil
    }
}
