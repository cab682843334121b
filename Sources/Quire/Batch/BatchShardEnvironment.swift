import Foundation

/// `--shard auto` and `--shard auto/N`: the shard a scheduler gave this process, read from its environment, so
/// job scripts need no shell arithmetic (issue 21). Pure: the environment comes in as a dictionary (the command
/// passes `ProcessInfo.processInfo.environment`, tests pass their own), and every failure comes out as a value.
///
/// Where the index comes from, first match wins:
/// - a Slurm array task (`SLURM_ARRAY_TASK_ID`): the task's position in the array, counted from 1. With
///   `SLURM_ARRAY_TASK_MIN` set that is `(ID - MIN) / STEP + 1` (`STEP` from `SLURM_ARRAY_TASK_STEP`, 1 when unset,
///   so `--array=0-3` and `--array=1-4` both give 1…4, and `--array=1-7:2` gives 1…4 too); without it, the ID
///   itself, taken as 1-based. The count is N, else `SLURM_ARRAY_TASK_COUNT`.
/// - a Kubernetes Indexed Job pod (`JOB_COMPLETION_INDEX`, 0-based): index + 1. Kubernetes gives no total in the
///   pod's environment, so N is required.
/// An index past the count is refused rather than wrapped: the shards would no longer cover every book once.
public enum BatchShardRequest: Sendable, Equatable {
    case explicit(BatchShard)
    /// `auto`, or `auto/N` with the count given.
    case auto(count: Int?)

    public static let slurmID = "SLURM_ARRAY_TASK_ID"
    public static let slurmMin = "SLURM_ARRAY_TASK_MIN"
    public static let slurmStep = "SLURM_ARRAY_TASK_STEP"
    public static let slurmCount = "SLURM_ARRAY_TASK_COUNT"
    public static let kubernetesIndex = "JOB_COMPLETION_INDEX"

    /// `K/N`, `auto` or `auto/N`; nil for anything else.
    public init?(parsing text: String) {
        if text == "auto" {
            self = .auto(count: nil)
        } else if text.hasPrefix("auto/") {
            guard let n = Int(text.dropFirst(5)), n >= 1 else { return nil }
            self = .auto(count: n)
        } else {
            guard let shard = BatchShard(parsing: text) else { return nil }
            self = .explicit(shard)
        }
    }

    /// The shard this process takes, given its environment.
    public func resolve(environment: [String: String]) -> Result<BatchShard, BatchShardError> {
        switch self {
        case .explicit(let shard): return .success(shard)
        case .auto(let given): return Self.fromEnvironment(environment, count: given)
        }
    }

    static func fromEnvironment(_ environment: [String: String], count given: Int?) -> Result<BatchShard, BatchShardError> {
        func integer(_ name: String) -> Result<Int?, BatchShardError> {
            guard let text = environment[name] else { return .success(nil) }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else { return .failure(.notANumber(variable: name, value: text)) }
            return .success(value)
        }
        if environment[slurmID] != nil {
            let index: Int, count: Int
            do throws(BatchShardError) {
                let id = try integer(slurmID).get()!
                let step = try integer(slurmStep).get() ?? 1
                let counted = try integer(slurmCount).get()
                let total = given ?? counted
                guard step >= 1 else { throw .notANumber(variable: slurmStep, value: environment[slurmStep]!) }
                if let min = try integer(slurmMin).get() {
                    guard id >= min, (id - min) % step == 0 else { throw .outOfRange(index: id - min + 1, count: total, source: slurmID) }
                    index = (id - min) / step + 1
                } else {
                    index = id
                }
                guard let total else { throw .countNeeded(source: slurmID) }
                count = total
            } catch {
                return .failure(error)
            }
            return shard(index, count, source: slurmID)
        }
        if environment[kubernetesIndex] != nil {
            let index: Int
            switch integer(kubernetesIndex) {
            case .success(let value): index = value! + 1
            case .failure(let error): return .failure(error)
            }
            guard let given else { return .failure(.countNeeded(source: kubernetesIndex)) }
            return shard(index, given, source: kubernetesIndex)
        }
        return .failure(.noScheduler)
    }

    private static func shard(_ index: Int, _ count: Int, source: String) -> Result<BatchShard, BatchShardError> {
        guard let shard = BatchShard(index: index, count: count) else { return .failure(.outOfRange(index: index, count: count, source: source)) }
        return .success(shard)
    }
}

/// Why `--shard auto` found no shard: a usage error of the command (exit 64), one line each.
public enum BatchShardError: Error, Sendable, Equatable {
    /// Neither a Slurm array task nor a Kubernetes Indexed Job pod.
    case noScheduler
    /// The index is known but not the number of shards (always so on Kubernetes).
    case countNeeded(source: String)
    case notANumber(variable: String, value: String)
    /// The index (1-based) is below 1 or past the count.
    case outOfRange(index: Int, count: Int?, source: String)

    public var message: String {
        switch self {
        case .noScheduler:
            return "--shard auto reads \(BatchShardRequest.slurmID) (a Slurm array task) or \(BatchShardRequest.kubernetesIndex) (a Kubernetes Indexed Job), and neither is set; give --shard K/N"
        case .countNeeded(let source):
            return "\(source) gives this task's index but not the number of shards: give --shard auto/N"
        case .notANumber(let variable, let value):
            return "--shard auto: \(variable) is '\(value)', not a usable whole number"
        case .outOfRange(let index, let count, let source):
            let total = count.map { " of \($0)" } ?? ""
            return "--shard auto: \(source) makes this shard \(index)\(total), which does not exist; give --shard auto/N with N the number of tasks"
        }
    }
}
