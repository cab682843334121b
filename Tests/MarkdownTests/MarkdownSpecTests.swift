import BookModel
@testable import BookReaders
import Foundation
import TestSupport
import XCTest

/// Runs the CommonMark and GFM spec examples and the corpus Markdown documents when `QUIRE_CORPUS` is set.
final class MarkdownSpecTests: XCTestCase {
    /// Examples whose visible text cannot match, by spec, with the reason.
    static let knownFailures: [String: [Int: String]] = [
        "commonmark": [
            // Debian's cmark-gfm 0.29 predates rules CommonMark 0.31 changed:
            28: "cmark-gfm 0.29 decodes an 8-digit numeric reference (&#87654321;) that 0.31 leaves as text",
            356: "cmark-gfm 0.29 does not count symbols ($ £ € …) as punctuation when flanking emphasis",
            627: "cmark-gfm 0.29 rejects comments holding `--`, so the comment stays visible text",
            628: "cmark-gfm 0.29 rejects the `<!-->` and `<!--->` comments, so they stay visible text",
            173: "cmark-gfm 0.29 does not end an HTML block at `</textarea>`, so the Markdown inside is parsed",
            // The XHTML importer (libxml2's HTML parser) differs from a browser on these:
            184: "a CDATA section in an HTML block stays text instead of being a bogus comment",
            631: "an inline CDATA section stays text instead of being a bogus comment",
            630: "an inline `<!ELEMENT …>` declaration stays text instead of being a bogus comment",
            477: "an `<img>` without alt shows its title",
        ],
        "gfm": [
            151: "a CDATA section in an HTML block stays text instead of being a bogus comment (libxml2)",
            649: "an inline CDATA section stays text instead of being a bogus comment (libxml2)",
            648: "an inline `<!ELEMENT …>` declaration stays text instead of being a bogus comment (libxml2)",
            484: "an `<img>` without alt shows its title (the XHTML importer)",
            653: "the tagfilter extension shows `<title>`, `<style>`, `<xmp>` as text; the importer drops them, as in EPUB",
        ],
    ]

    func testCommonMarkSpec() throws { try runSpec("commonmark") }

    func testGFMSpec() throws { try runSpec("gfm") }

    func testCorpusDocumentsRead() throws {
        let root = try corpus().appendingPathComponent("markdown")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else {
            return XCTFail("cannot list \(root.path)")
        }
        let paths = walker.compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted()
        XCTAssertFalse(paths.isEmpty, "no Markdown documents under \(root.path)")
        for path in paths {
            let (document, _) = try MarkdownReader.read(paths: [root.appendingPathComponent(path).path])
            XCTAssertGreaterThan(document.characterCount, 1000, path)
            if path.hasPrefix("rtl/") {
                XCTAssertEqual(document.metadata.pageProgression, .rtl, path)
                XCTAssertEqual(document.metadata.languages, [path.hasPrefix("rtl/fa-") ? "fa" : "ar"], path)
            } else {
                XCTAssertNil(document.metadata.pageProgression, path)
            }
            if path.hasPrefix("cjk/") {
                XCTAssertEqual(document.metadata.languages, [path.hasSuffix("-ja.md") ? "ja" : "zh"], path)
            }
        }
    }

    private struct Example: Decodable {
        var markdown: String
        var html: String
        var example: Int
        var section: String
    }

    private func runSpec(_ name: String) throws {
        let url = try corpus().appendingPathComponent("markdown/\(name)/spec.json")
        // QUIRE_CORPUS is set, so missing files are a failure, not a skip.
        guard let data = FileManager.default.contents(atPath: url.path) else {
            return XCTFail("QUIRE_CORPUS is set but \(url.path) is missing")
        }
        let examples = try JSONDecoder().decode([Example].self, from: data)
        XCTAssertGreaterThan(examples.count, 600)
        let known = Self.knownFailures[name] ?? [:]
        var failures: [Int] = []
        var report: [String] = []
        for example in examples {
            let (document, _) = try MarkdownReader.read(data: Array(example.markdown.utf8))
            let got = Self.comparable(visibleText(document))
            let expected = Self.comparable(Self.htmlVisibleText(example.html))
            guard got != expected else { continue }
            failures.append(example.example)
            if known[example.example] == nil {
                report.append("example \(example.example) (\(example.section)): got \(got.debugDescription), expected \(expected.debugDescription)")
            }
        }
        let stale = known.keys.filter { !failures.contains($0) }.sorted()
        print("\(name) spec: \(examples.count - failures.count) of \(examples.count) examples pass; failing: \(failures)")
        XCTAssertEqual(report, [], "\(name): unexpected failures")
        XCTAssertEqual(stale, [], "\(name): listed as failing but pass now; remove them from knownFailures")
    }

    /// Whitespace is left out of the comparison: block boundaries and images split out of paragraphs put
    /// whitespace where the HTML has none, and the exact spaces are covered by the fixture tests.
    static func comparable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace }))
    }

    /// The text a browser shows for spec HTML: tags stripped, `<img>` replaced by its alt text, entities decoded.
    static func htmlVisibleText(_ html: String) -> String {
        let s = Array(html.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "<", i + 1 < s.count, s[i + 1].properties.isAlphabetic || s[i + 1] == "/" || s[i + 1] == "!" || s[i + 1] == "?" {
                if s[i + 1] == "!", i + 3 < s.count, s[i + 2] == "-", s[i + 3] == "-" {
                    i += 4
                    while i + 2 < s.count, !(s[i] == "-" && s[i + 1] == "-" && s[i + 2] == ">") { i += 1 }
                    i += 3
                    continue
                }
                // `<?…` and `<!…` (declarations, CDATA) are bogus comments to a browser: they end at the first `>`.
                if s[i + 1] == "?" || s[i + 1] == "!" {
                    while i < s.count, s[i] != ">" { i += 1 }
                    i += 1
                    continue
                }
                var j = i + 1
                var quote: Unicode.Scalar?
                while j < s.count {
                    if let q = quote { if s[j] == q { quote = nil } } else if s[j] == "\"" || s[j] == "'" { quote = s[j] } else if s[j] == ">" { break }
                    j += 1
                }
                let original = String(String.UnicodeScalarView(s[i..<min(j + 1, s.count)]))
                let tag = original.lowercased()
                if tag.hasPrefix("<img"), let alt = attribute("alt", in: original) { out.append(contentsOf: decodeEntities(alt).unicodeScalars) }
                i = j + 1
                // A browser shows nothing of a script or a style sheet.
                for hidden in ["script", "style"] where tag.hasPrefix("<\(hidden)") {
                    let close = Array("</\(hidden)".unicodeScalars)
                    while i < s.count, !(i + close.count <= s.count && String(String.UnicodeScalarView(s[i..<i + close.count])).lowercased() == "</\(hidden)") { i += 1 }
                }
            } else if s[i] == "&" {
                var j = i + 1
                while j < s.count, j - i < 40, s[j] != ";", s[j] != "&", s[j] != "<" { j += 1 }
                if j < s.count, s[j] == ";" {
                    out.append(contentsOf: decodeEntities(String(String.UnicodeScalarView(s[i...j]))).unicodeScalars)
                    i = j + 1
                } else {
                    out.append(s[i])
                    i += 1
                }
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return String(out)
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        guard let range = tag.range(of: " \(name)=\"") else { return nil }
        let rest = tag[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ouml": "ö", "copy": "©",
    ]

    /// Decodes named entities from a small table and all numeric ones; anything else stays as written.
    static func decodeEntities(_ text: String) -> String {
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.firstIndex(of: ";") else { out += after.isEmpty ? "&" : "&"; rest = after; continue }
            let body = after[..<semi]
            if body.hasPrefix("#") {
                let digits = body.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                if let value {
                    let scalar = value == 0 ? nil : Unicode.Scalar(value)
                    out.unicodeScalars.append(scalar ?? "\u{FFFD}")
                    rest = after[after.index(after: semi)...]
                    continue
                }
            } else if let named = namedEntities[String(body)] {
                out += named
                rest = after[after.index(after: semi)...]
                continue
            }
            out += "&"
            rest = after
        }
        return out + rest
    }
}
