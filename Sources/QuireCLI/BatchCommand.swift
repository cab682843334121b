/// `quire batch`: many books into one output folder (being built).
enum BatchCommand {
    static let spec = CommandSpec(name: "batch", synopsis: "INPUT... -o OUTDIR [options]",
                                  summary: "Paginate many books, in parallel, resumably (not built yet).", options: [])

    static func run(_ arguments: ParsedArguments) throws -> ExitCode {
        throw CommandFailure(input: nil, "quire batch is not built yet", code: .internalError)
    }
}
