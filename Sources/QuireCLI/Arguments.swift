/// One option of a command: the same table drives parsing, help and "did you mean".
struct OptionSpec {
    var name: String
    var short: Character? = nil
    var value: String?
    var help: String
}

/// A subcommand's synopsis and options.
struct CommandSpec {
    var name: String
    var synopsis: String
    var summary: String
    var options: [OptionSpec]
    var details: String = ""

    var usage: String { "Usage: quire \(name) \(synopsis)" }

    var help: String {
        var out = "\(summary)\n\n\(usage)\n"
        if !options.isEmpty {
            out += "\nOptions:\n"
            let helpOption = OptionSpec(name: "help", value: nil, help: "Show this help.")
            for option in options + [helpOption] {
                let short = option.short.map { "-\($0), " } ?? "    "
                let left = "  \(short)--\(option.name)" + (option.value.map { " \($0)" } ?? "")
                out += left.padding(toLength: max(30, left.count + 2), withPad: " ", startingAt: 0) + option.help + "\n"
            }
        }
        if !details.isEmpty { out += "\n" + details + "\n" }
        return out
    }
}

/// A usage mistake: rendered by `main` as one error line plus the running command's usage line, exit 64.
struct UsageError: Error {
    var message: String
}

/// Parsed command line: positional arguments and the last value given for each option.
struct ParsedArguments {
    var positionals: [String] = []
    var values: [String: String] = [:]
    var flags: Set<String> = []
    /// Every value given for each option, in order, for the few options that may be repeated (batch --expect).
    var repeated: [String: [String]] = [:]

    func value(_ name: String) -> String? { values[name] }
    func all(_ name: String) -> [String] { repeated[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) || values[name] != nil }
}

enum ArgumentParser {
    /// Parses `--name value`, `--name=value`, flags, `--` and a lone `-` (standard input).
    static func parse(_ arguments: [String], for command: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" { onlyPositionals = true; continue }
            var name = String(argument.drop { $0 == "-" })
            if !argument.hasPrefix("--"), name.count == 1, let option = command.options.first(where: { $0.short == name.first }) {
                name = option.name
            }
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if name == "help" || argument == "-h" { parsed.flags.insert("help"); continue }
            guard let option = command.options.first(where: { $0.name == name }) else {
                let suggestion = closest(name, among: command.options.map(\.name)).map { " (did you mean --\($0)?)" } ?? ""
                throw UsageError(message: "unknown option '\(argument)'\(suggestion)")
            }
            if option.value != nil {
                if let inlineValue { parsed.values[name] = inlineValue; parsed.repeated[name, default: []].append(inlineValue); continue }
                guard index < arguments.count else {
                    throw UsageError(message: "--\(name) needs a value \(option.value!)")
                }
                parsed.values[name] = arguments[index]
                parsed.repeated[name, default: []].append(arguments[index])
                index += 1
            } else {
                if inlineValue != nil { throw UsageError(message: "--\(name) takes no value") }
                parsed.flags.insert(name)
            }
        }
        return parsed
    }

    /// The candidate within edit distance 2, if any.
    static func closest(_ word: String, among candidates: [String]) -> String? {
        candidates.map { ($0, distance(word, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }?.0
    }

    private static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
