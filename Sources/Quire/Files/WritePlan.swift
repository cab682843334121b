import Foundation
import Renderers
import Synchronization

/// The order `OutputWriter.writeNew` makes and writes a rendering's files in: each file whole, in list order,
/// except a file whose pieces are placed among the others (`OutputFile.placedBefore`): each of its pieces is a
/// task of its own, started just before the file it names, and appended to the file in piece order by its
/// `PieceAppender` whichever thread made it.
struct WritePlan {
    enum Task {
        /// File `i` of the list, made and written whole.
        case whole(Int)
        /// Piece `piece` of file `file`.
        case piece(file: Int, piece: Int)
    }

    let tasks: [Task]
    /// The appender of each file written in separate pieces, by file index.
    let appenders: [Int: PieceAppender]

    init(_ files: [OutputFile]) {
        // Names are looked up only when a file places its pieces (most renderings have none: no table of
        // thousands of names to build).
        var index: [String: Int] = [:]
        if files.contains(where: { $0.separatePieces != nil }) {
            for (i, file) in files.enumerated() where index[file.name] == nil { index[file.name] = i }
        }
        var piecesBefore: [[Task]] = Array(repeating: [], count: files.count)
        var appenders: [Int: PieceAppender] = [:]
        for (i, file) in files.enumerated() {
            guard let pieces = file.separatePieces, pieces.count > 0 else { continue }
            appenders[i] = PieceAppender(count: pieces.count)
            for k in 0..<pieces.count {
                let place = k < file.placedBefore.count ? file.placedBefore[k].flatMap { index[$0] } : nil
                piecesBefore[place ?? i].append(.piece(file: i, piece: k))
            }
        }
        // A file's own task follows the pieces placed before it.
        var tasks: [Task] = []
        for i in files.indices {
            tasks += piecesBefore[i]
            if appenders[i] == nil { tasks.append(.whole(i)) }
        }
        self.tasks = tasks
        self.appenders = appenders
    }
}

/// Appends the pieces of one file in order as they are made, on any thread: a piece made early waits in memory
/// until the ones before it are written (the plan starts pieces in order, so few ever wait). The file is created
/// with its first write and closed after its last piece, or when the appender goes.
final class PieceAppender: Sendable {
    private struct State {
        var file: Int32 = -1
        var next = 0
        var waiting: [Int: [UInt8]] = [:]
    }

    let count: Int
    private let state = Mutex(State())

    init(count: Int) { self.count = count }

    deinit {
        state.withLock { if $0.file >= 0 { close($0.file) } }
    }

    /// Adds piece `piece`; writes it and any waiting pieces that now follow in order.
    func add(_ piece: Int, _ bytes: [UInt8], steps: [Substring], in tree: FolderHandles) throws(OutputWriteError) {
        let problem: OutputWriteError? = state.withLock { state in
            do throws(OutputWriteError) {
                if state.file < 0 { state.file = try tree.openNew(steps) }
                state.waiting[piece] = bytes
                while let next = state.waiting.removeValue(forKey: state.next) {
                    if let problem = FolderHandles.write(next, to: state.file) { return tree.failure(steps, problem) }
                    state.next += 1
                }
                if state.next == count {
                    let closed = close(state.file)
                    state.file = -1
                    if closed != 0 { return tree.failure(steps, OutputWriteError.errnoText()) }
                }
                return nil
            } catch {
                return error
            }
        }
        if let problem { throw problem }
    }
}
