import BookReaders
import FuzzSupport

/// The Markdown reader: front matter, cmark-gfm, raw HTML fragments and chapter splitting, on the input as
/// one document. Errors (for instance a limit) are answers; only crashes, hangs and runaway memory are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkdown(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput(data, size).rest
    _ = try? MarkdownReader.read(data: bytes, name: "fuzz.md")
    return 0
}

/// See `runFuzzer`: the executable's `main`, which starts libFuzzer.
@_cdecl("fuzz_markdown_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzMarkdown)
}
