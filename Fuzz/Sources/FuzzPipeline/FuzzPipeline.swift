import BookModel
import FuzzSupport
import Layout
import Quire
import Spreads

/// Pages above this count get text and JSON but no HTML: the viewer writes a whole document per spread, and a
/// small book on a one-cell page gives tens of thousands of them, which is slow but not a bug. Runs then spend
/// their time on inputs, not on output.
let htmlPageLimit = 2_000

/// The whole pipeline, as `quire render -` runs it on standard input: open → paginate → text, JSON page map and
/// HTML files, all in memory. Four leading bytes choose the options: the page (1...80 columns, 1...40 lines),
/// then bits for writing mode, axis, orientation, progression, first page, alignment, paragraphs, ruby and more; what
/// follows is the book (a ZIP signature makes it an EPUB, anything else Markdown).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = FuzzInput(data, size)
    let columns = input.int(in: 1...80), lines = input.int(in: 1...40)
    let flags = input.byte(), more = input.byte()
    guard let book = try? Quire.open(bytes: input.rest) else { return 0 }

    func pick<T: CaseIterable>(_ bits: UInt8) -> T { let all = Array(T.allCases); return all[Int(bits) % all.count] }
    let writingMode: WritingMode? = [nil, .horizontalTB, .verticalRL][Int(flags & 3) % 3]
    let layout = LayoutOptions(pageSize: PageSize(columns: columns, lines: lines),
                               align: pick(more & 1), paragraph: pick(more >> 1 & 1), ruby: pick(more >> 2 & 3),
                               ambiguousWide: flags & 4 != 0, continuous: more & 16 != 0,
                               writingMode: writingMode, hangingPunctuation: flags & 8 != 0,
                               concurrent: flags & 16 != 0)
    var spreads = SpreadOptions()
    spreads.axis = flags & 32 != 0 ? .vertical : .horizontal
    spreads.orientation = flags & 64 != 0 ? .landscape : .portrait
    spreads.direction = flags & 128 != 0 ? .rtl : .auto
    spreads.firstPage = pick(more >> 5 & 3)
    let pagination = Quire.paginate(book, layout: layout, spreads: spreads)
    let formats: [OutputFormat] = pagination.pages.count <= htmlPageLimit ? [.text, .json, .html] : [.text, .json]
    for format in formats {
        let options = RenderOptions(layout: layout, spreads: spreads, format: format, singleFile: more & 128 != 0)
        _ = Quire.files(for: book, pagination, options: options)
    }
    return 0
}

/// See `runFuzzer`: the executable's `main`, which starts libFuzzer.
@_cdecl("fuzz_pipeline_main")
public func main(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv, fuzzPipeline)
}
