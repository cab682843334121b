import CHyphen
import Glibc
import Synchronization

/// Hyphenation patterns: libhyphen (the hyphenation library of LibreOffice, on TeX's Liang patterns) with the
/// dictionaries of Debian's `hyphen-*` packages in /usr/share/hyphen, one per language, loaded on first use and
/// shared by every thread for the rest of the process.

/// One loaded libhyphen dictionary. Sendable by hand: after loading it is only read, and libhyphen's
/// `hnj_hyphen_hyphenate3` keeps its working state in buffers it allocates per call (it reads `dict->states` and
/// `dict->nohyphen` and writes nothing else), so one dictionary serves every layout thread at once.
final class HyphenationPatterns: @unchecked Sendable {
    private let dict: UnsafeMutablePointer<HyphenDict>

    private init(dict: UnsafeMutablePointer<HyphenDict>) { self.dict = dict }
    deinit { hnj_hyphen_free(dict) }

    /// TeX's `\lefthyphenmin` and `\righthyphenmin` (2 and 3 for English): no fragment shorter; a dictionary that
    /// asks for more gets more (`hnj_hyphen_hyphenate3` takes the larger).
    static let leftMinimum: Int32 = 2, rightMinimum: Int32 = 3

    /// The points of the words hyphenated so far, by lower-case word: prose repeats its words, and a lookup
    /// costs a fraction of libhyphen's walk through the patterns. Shared by the layout threads like the patterns.
    private let memo = Mutex<[WordKey: [Int]]>([:])

    /// A word as the memo's key, hashed once (FNV-1a) rather than byte by byte through `Hasher`.
    private struct WordKey: Hashable {
        let bytes: [UInt8]
        let hash: UInt64

        init(_ bytes: [UInt8]) {
            var h: UInt64 = 0xcbf29ce484222325
            for b in bytes { h = (h ^ UInt64(b)) &* 0x100000001b3 }
            self.bytes = bytes
            self.hash = h
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (a: WordKey, b: WordKey) -> Bool { a.hash == b.hash && a.bytes == b.bytes }
    }

    /// Appends to `out` the character indexes `k` (0-based, counting Unicode scalars of `word`) after which the
    /// word may be hyphenated. `word` is lower-case UTF-8 without a NUL, `characters` its count of scalars.
    func points(_ word: [UInt8], characters: Int, into out: inout [Int]) {
        let key = WordKey(word)
        if let known = memo.withLock({ $0[key] }) {
            out.append(contentsOf: known)
            return
        }
        var found: [Int] = []
        hyphenate(word, characters: characters, into: &found)
        memo.withLock { memo in
            // Bounded: a book of many languages' words must not grow this without end.
            if memo.count >= 1 << 17 { memo.removeAll() }
            memo[key] = found
        }
        out.append(contentsOf: found)
    }

    /// libhyphen's points for one word. Non-standard points (German "Schiffahrt" → "Schiff-fahrt", which change
    /// letters) are left out: the text on the page stays the book's, plus the drawn hyphen.
    private func hyphenate(_ word: [UInt8], characters: Int, into points: inout [Int]) {
        let size = word.count
        var rep: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        var pos: UnsafeMutablePointer<Int32>?
        var cut: UnsafeMutablePointer<Int32>?
        // The hyphens (`size + 5` bytes, as libhyphen asks), then the word with its NUL (`nohyphen` patterns are
        // found with strstr).
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 2 * size + 6) { buffer in
            let hyphens = buffer.baseAddress!, text = hyphens + size + 5
            for k in 0..<size { text[k] = CChar(bitPattern: word[k]) }
            text[size] = 0
            let status = hnj_hyphen_hyphenate3(dict, text, Int32(size), hyphens, nil, &rep, &pos, &cut,
                                               Self.leftMinimum, Self.rightMinimum, 0, 0)
            guard status == 0 else { return }
            for k in 0..<max(0, characters - 1) where hyphens[k] & 1 == 1 && (rep == nil || rep![k] == nil) {
                points.append(k)
            }
        }
        if let rep {
            for k in 0..<size { free(rep[k]) }
            free(rep)
        }
        free(pos)
        free(cut)
    }

    /// Where Debian's `hyphen-*` packages put their dictionaries (`hyph_<lang>_<REGION>.dic`).
    static let directory = "/usr/share/hyphen"

    /// Dictionaries by language tag as asked (nil: none installed), each loaded once per process.
    private static let loaded = Mutex<[String: HyphenationPatterns?]>([:])

    /// The patterns for a BCP 47 language tag, nil when none are installed for it.
    static func forLanguage(_ tag: String) -> HyphenationPatterns? {
        loaded.withLock { cache in
            if let known = cache[tag] { return known }
            var found: HyphenationPatterns?
            for name in fileNames(for: tag) {
                if let patterns = load(directory + "/hyph_" + name + ".dic") {
                    found = patterns
                    break
                }
            }
            cache[tag] = found
            return found
        }
    }

    /// The dictionary names to try for a language tag, best first: language and region as given (`pt-BR` →
    /// `pt_BR`), the language alone, its usual region (`en` → `en_US`, `de` → `de_DE`), then any installed
    /// dictionary of that language (`da` → `da_DK`).
    static func fileNames(for tag: String) -> [String] {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let first = parts.first, first.count >= 2, first.count <= 3,
              first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return [] }
        let language = first.lowercased()
        var names: [String] = []
        // A region subtag is two letters or three digits; a script subtag (four letters) is skipped.
        if let region = parts.dropFirst().first(where: { $0.count == 2 || ($0.count == 3 && $0.allSatisfy(\.isNumber)) }),
           region.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            names.append(language + "_" + region.uppercased())
        }
        names.append(language)
        let usual = ["en": "en_US", "pt": "pt_PT", "el": "el_GR", "da": "da_DK", "sv": "sv_SE", "nb": "nb_NO",
                     "nn": "nn_NO", "uk": "uk_UA", "cs": "cs_CZ", "sl": "sl_SI", "ca": "ca_ES", "gl": "gl_ES"]
        names.append(usual[language] ?? language + "_" + language.uppercased())
        names.append(contentsOf: installed(language: language))
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The installed dictionaries of a language (`hyph_<language>_*.dic`), by name.
    private static func installed(language: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        let prefix = "hyph_" + language + "_"
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasPrefix(prefix) && name.hasSuffix(".dic") {
                names.append(String(name.dropFirst(5).dropLast(4)))
            }
        }
        return names.sorted()
    }

    /// Loads a dictionary file. libhyphen matches patterns byte by byte in the file's own character set (its
    /// first line: UTF-8, ISO8859-1 for German, KOI8-R for Russian); every dictionary is converted to UTF-8
    /// here (iconv), so words are always given as UTF-8 and points come back counted in characters.
    static func load(_ path: String) -> HyphenationPatterns? {
        guard var bytes = readFile(path) else { return nil }
        let lineEnd = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) ?? bytes.count
        let charset = String(decoding: bytes[..<lineEnd], as: UTF8.self).trimmingSpaces
        if charset.uppercased() != "UTF-8" {
            guard let body = convertToUTF8(Array(bytes[lineEnd...]), from: charset) else { return nil }
            bytes = Array("UTF-8".utf8) + body
        }
        let dict: UnsafeMutablePointer<HyphenDict>? = bytes.withUnsafeMutableBytes { raw in
            guard let file = fmemopen(raw.baseAddress, raw.count, "r") else { return nil }
            defer { fclose(file) }
            return hnj_hyphen_load_file(file)
        }
        return dict.map(HyphenationPatterns.init(dict:))
    }

    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let read = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if read <= 0 { break }
            bytes.append(contentsOf: chunk[..<read])
        }
        return ferror(file) == 0 ? bytes : nil
    }

    private static func convertToUTF8(_ input: [UInt8], from charset: String) -> [UInt8]? {
        let converter = iconv_open("UTF-8", charset)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = input
        var output = [UInt8](repeating: 0, count: input.count * 4 + 16)
        let produced: Int? = input.withUnsafeMutableBytes { inRaw in
            output.withUnsafeMutableBytes { outRaw in
                var inPointer = inRaw.baseAddress?.assumingMemoryBound(to: CChar.self)
                var inLeft = inRaw.count
                var outPointer = outRaw.baseAddress?.assumingMemoryBound(to: CChar.self)
                var outLeft = outRaw.count
                let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                return result == -1 ? nil : outRaw.count - outLeft
            }
        }
        guard let produced else { return nil }
        return Array(output[..<produced])
    }
}

private extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return String(s)
    }
}
