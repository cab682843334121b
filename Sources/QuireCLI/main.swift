import Foundation
import HeapPolicy
import Quire

/// Every subcommand: its spec (for parsing and help) and what it runs.
let commands: [(spec: CommandSpec, run: (ParsedArguments) throws -> ExitCode)] = [
    (InfoCommand.spec, InfoCommand.run),
    (RenderCommand.spec, RenderCommand.run),
    (BatchCommand.spec, BatchCommand.run),
    (ViewCommand.spec, ViewCommand.run),
]

let overview = """
Quire paginates EPUB and Markdown books into fixed-size pages and spreads.

Usage: quire <command> [options]

Commands:
\(commands.map { "  " + $0.spec.name.padding(toLength: 10, withPad: " ", startingAt: 0) + $0.spec.summary }.joined(separator: "\n"))

Run 'quire <command> --help' for a command's options.
"""

/// Runs the command line and returns the exit code; every error is rendered here.
@MainActor func main(_ arguments: [String]) -> ExitCode {
    guard let first = arguments.first else {
        Console.error(overview + "\n")
        return .usage
    }
    switch first {
    case "--help", "-h", "help":
        if first == "help", arguments.count > 1, let command = commands.first(where: { $0.spec.name == arguments[1] }) {
            Console.out(command.spec.help)
        } else {
            Console.out(overview + "\n")
        }
        return .ok
    case "--version", "version":
        Console.out("quire \(Quire.version)\n")
        return .ok
    default:
        break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
        let suggestion = ArgumentParser.closest(first, among: commands.map(\.spec.name)).map { " (did you mean '\($0)'?)" } ?? ""
        Console.failure(CommandFailure(input: nil, "unknown command '\(first)'\(suggestion)", code: .usage))
        Console.error("Run 'quire --help' for the list of commands.\n")
        return .usage
    }
    do {
        let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), for: command.spec)
        if parsed.has("help") {
            Console.out(command.spec.help)
            return .ok
        }
        return try command.run(parsed)
    } catch let error as UsageError {
        // The one place a usage line is added: the running command's.
        Console.failure(CommandFailure(input: nil, error.message, code: .usage))
        Console.error(command.spec.usage + "\n")
        return .usage
    } catch let failure as CommandFailure {
        Console.failure(failure)
        return failure.code
    } catch {
        Console.failure(CommandFailure(input: nil, "internal error: \(error)", code: .internalError))
        return .internalError
    }
}

// Fewer, larger page faults for the whole run: heappolicy.c says why (issue 19).
_ = qh_enable()
exit(main(Array(CommandLine.arguments.dropFirst())).rawValue)
