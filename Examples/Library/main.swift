import Quire

let book = try Quire.open(["book.epub"])                // or Quire.open(bytes:) for standard input
let layout = LayoutOptions(pageSize: PageSize(columns: 40, lines: 20))
let pagination = Quire.paginate(book, layout: layout)   // pages, spreads and the resolved layout
for spread in pagination.spreads.spreads {
    print("spread \(spread.number): pages \(spread.pages)")
}
var navigator = Navigator(result: pagination.spreads)   // spread containing p, next/previous, go to, rotate
_ = navigator.go(to: 12)
let files = Quire.files(for: book, pagination, options: RenderOptions(layout: layout, format: .json))
print(files.map(\.name))                                // ["book.json"]: what `render -o DIR` writes
