import FuzzSupport

/// The content-document importer: the input is a chapter of a book, read once as XHTML (with the HTML parser
/// as fallback, as for any chapter) and once as an SVG spine item. The same bytes are also the book's
/// `style.css`, so a document that links it fuzzes the stylesheet reader too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzXHTML(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = FuzzInput(data, size).rest
    FuzzBook.read([
        "OPS/content.opf": FuzzBook.opf(items: [("c1", "c1.xhtml", "application/xhtml+xml", "", true),
                                                ("c2", "c2.svg", "image/svg+xml", "", true),
                                                ("css", "style.css", "text/css", "", false)]),
        "OPS/c1.xhtml": bytes,
        "OPS/c2.svg": bytes,
        "OPS/style.css": bytes,
    ])
    return 0
}

/// See `runFuzzer`: the executable's `main`, which starts libFuzzer.
@_cdecl("fuzz_xhtml_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzXHTML)
}
