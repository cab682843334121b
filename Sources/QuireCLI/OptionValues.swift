import Quire

/// Typed values of options, parsed and checked in one place each: a usage error (exit 64) names the option and
/// what it takes; `main` appends the running command's usage line.
extension ParsedArguments {
    /// The case of `E` an option names by its raw value, nil when the option is not given. The error lists the
    /// accepted spellings in `E.allCases` order, so an enum of the CLI's own can carry aliases as cases
    /// (`WritingModeChoice`).
    func choice<E: CaseIterable & RawRepresentable>(_ option: String) throws(UsageError) -> E? where E.RawValue == String {
        guard let given = value(option) else { return nil }
        guard let chosen = E(rawValue: given) else {
            throw UsageError(message: "--\(option) takes \(E.allCases.map(\.rawValue).joined(separator: ", ")), not '\(given)'")
        }
        return chosen
    }

    /// A whole number within `range`, nil when the option is not given.
    func number(_ option: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        try value(option).map { text throws(UsageError) in try Self.number(text, option: option, range: range) }
    }

    /// `COLSxLINES`, e.g. `40x20`, nil when the option is not given.
    func pageSize(_ option: String) throws(UsageError) -> PageSize? {
        try value(option).map { text throws(UsageError) in try Self.pageSize(text, option: option) }
    }

    static func number(_ text: String, option: String, range: ClosedRange<Int>) throws(UsageError) -> Int {
        guard let n = Int(text), range.contains(n) else {
            let bounds = range.upperBound == Int.max ? "a whole number from \(range.lowerBound)"
                : "a whole number from \(range.lowerBound) to \(range.upperBound)"
            throw UsageError(message: "--\(option) takes \(bounds), not '\(text)'")
        }
        return n
    }

    static func pageSize(_ text: String, option: String) throws(UsageError) -> PageSize {
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let columns = Int(parts[0]), let lines = Int(parts[1]),
              (1...1000).contains(columns), (1...1000).contains(lines) else {
            throw UsageError(message: "--\(option) takes COLSxLINES with numbers from 1 to 1000, e.g. 40x20, not '\(text)'")
        }
        return PageSize(columns: columns, lines: lines)
    }
}

/// `--writing-mode`: the book's own (`auto`), or one for every chapter, by its short or its CSS name.
enum WritingModeChoice: String, CaseIterable {
    case auto, horizontal, vertical
    case horizontalTB = "horizontal-tb", verticalRL = "vertical-rl"

    /// nil: keep the book's.
    var mode: WritingMode? {
        switch self {
        case .auto: nil
        case .horizontal, .horizontalTB: .horizontalTB
        case .vertical, .verticalRL: .verticalRL
        }
    }
}

/// `--ambiguous`: cells of East Asian Ambiguous characters.
enum AmbiguousWidth: String, CaseIterable {
    case narrow, wide
}

/// `--breaking`: the line breaker, by the names the README uses (`LineBreaking` keeps its own raw values, which
/// the batch options hash spells).
enum BreakingChoice: String, CaseIterable {
    case firstFit = "first-fit", optimal

    var lineBreaking: LineBreaking {
        switch self {
        case .firstFit: .firstFit
        case .optimal: .optimal
        }
    }
}
