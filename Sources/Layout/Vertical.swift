/// The rows of a vertical line (a column), top to bottom, as the paginator counted them: one character per
/// row, except a lone pair of half-width digits or of !? marks, which shares one row upright (tate-chu-yoko).
/// Renderers draw one row per element; the count equals `Line.width` for vertical pages.
public func verticalRows(of column: String) -> [String] {
    let characters = Array(column)
    func kind(_ i: Int) -> Int {
        guard i >= 0 && i < characters.count, let ascii = characters[i].asciiValue else { return 0 }
        if ascii >= 0x30 && ascii <= 0x39 { return 1 }
        if ascii == 0x21 || ascii == 0x3F { return 2 }
        return 0
    }
    var rows: [String] = []
    var i = 0
    while i < characters.count {
        let k = kind(i)
        if k != 0 && kind(i + 1) == k && kind(i - 1) != k && kind(i + 2) != k {
            rows.append(String(characters[i]) + String(characters[i + 1]))
            i += 2
        } else {
            rows.append(String(characters[i]))
            i += 1
        }
    }
    return rows
}
