import Quire
import XCTest

/// `--shard auto`: the shard read from a scheduler's environment (`BatchShardRequest`), given as a dictionary so
/// the process's own environment is never touched.
final class ShardEnvironmentTests: XCTestCase {
    func resolve(_ text: String, _ environment: [String: String]) -> Result<BatchShard, BatchShardError>? {
        BatchShardRequest(parsing: text)?.resolve(environment: environment)
    }

    func shard(_ index: Int, _ count: Int) -> Result<BatchShard, BatchShardError> { .success(BatchShard(index: index, count: count)!) }

    func testParsing() {
        XCTAssertEqual(BatchShardRequest(parsing: "auto"), .auto(count: nil))
        XCTAssertEqual(BatchShardRequest(parsing: "auto/8"), .auto(count: 8))
        XCTAssertEqual(BatchShardRequest(parsing: "2/3"), .explicit(BatchShard(index: 2, count: 3)!))
        for bad in ["auto/0", "auto/", "auto/x", "auto/-1", "Auto", "4/3", "0/3", "auto8", ""] {
            XCTAssertNil(BatchShardRequest(parsing: bad), bad)
        }
    }

    func testExplicitShardIgnoresTheEnvironment() {
        XCTAssertEqual(resolve("2/3", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "4"]), shard(2, 3))
        XCTAssertEqual(resolve("2/3", [:]), shard(2, 3))
    }

    func testSlurmArrays() {
        // --array=1-4: IDs 1…4, MIN 1.
        for id in 1...4 {
            let env = ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "4",
                       "SLURM_ARRAY_TASK_STEP": "1", "SLURM_ARRAY_TASK_COUNT": "4"]
            XCTAssertEqual(resolve("auto", env), shard(id, 4))
        }
        // --array=0-3: the same four shards.
        for id in 0...3 {
            let env = ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_COUNT": "4"]
            XCTAssertEqual(resolve("auto", env), shard(id + 1, 4))
        }
        // --array=1-7:2: IDs 1, 3, 5, 7 are shards 1…4.
        for (n, id) in [1, 3, 5, 7].enumerated() {
            let env = ["SLURM_ARRAY_TASK_ID": "\(id)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"]
            XCTAssertEqual(resolve("auto", env), shard(n + 1, 4))
        }
        // No MIN: the ID is taken as 1-based.
        XCTAssertEqual(resolve("auto", ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_COUNT": "5"]), shard(3, 5))
        // auto/N overrides the count, and stands in when Slurm gives none.
        XCTAssertEqual(resolve("auto/6", ["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"]), shard(3, 6))
        XCTAssertEqual(resolve("auto/6", ["SLURM_ARRAY_TASK_ID": "5"]), shard(5, 6))
    }

    func testKubernetesIndexedJobs() {
        for index in 0..<3 {
            XCTAssertEqual(resolve("auto/3", ["JOB_COMPLETION_INDEX": "\(index)"]), shard(index + 1, 3))
        }
        XCTAssertEqual(resolve("auto", ["JOB_COMPLETION_INDEX": "0"]), .failure(.countNeeded(source: "JOB_COMPLETION_INDEX")))
        XCTAssertEqual(resolve("auto/3", ["JOB_COMPLETION_INDEX": "3"]), .failure(.outOfRange(index: 4, count: 3, source: "JOB_COMPLETION_INDEX")))
    }

    func testSlurmWinsOverKubernetes() {
        let env = ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_COUNT": "2", "JOB_COMPLETION_INDEX": "0"]
        XCTAssertEqual(resolve("auto", env), shard(2, 2))
    }

    func testRefusals() {
        XCTAssertEqual(resolve("auto", [:]), .failure(.noScheduler))
        XCTAssertEqual(resolve("auto/4", ["SLURM_JOB_ID": "7"]), .failure(.noScheduler))
        XCTAssertEqual(resolve("auto", ["SLURM_ARRAY_TASK_ID": "2"]), .failure(.countNeeded(source: "SLURM_ARRAY_TASK_ID")))
        XCTAssertEqual(resolve("auto", ["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "4"]),
                       .failure(.outOfRange(index: 5, count: 4, source: "SLURM_ARRAY_TASK_ID")))
        XCTAssertEqual(resolve("auto/2", ["SLURM_ARRAY_TASK_ID": "0"]), .failure(.outOfRange(index: 0, count: 2, source: "SLURM_ARRAY_TASK_ID")))
        XCTAssertEqual(resolve("auto", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "2", "SLURM_ARRAY_TASK_COUNT": "4"]),
                       .failure(.outOfRange(index: 0, count: 4, source: "SLURM_ARRAY_TASK_ID")))
        // A task between steps is no shard.
        XCTAssertEqual(resolve("auto", ["SLURM_ARRAY_TASK_ID": "2", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "4"]),
                       .failure(.outOfRange(index: 2, count: 4, source: "SLURM_ARRAY_TASK_ID")))
        XCTAssertEqual(resolve("auto", ["SLURM_ARRAY_TASK_ID": "two", "SLURM_ARRAY_TASK_COUNT": "4"]),
                       .failure(.notANumber(variable: "SLURM_ARRAY_TASK_ID", value: "two")))
        XCTAssertEqual(resolve("auto", ["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": ""]),
                       .failure(.notANumber(variable: "SLURM_ARRAY_TASK_COUNT", value: "")))
        XCTAssertEqual(resolve("auto/2", ["JOB_COMPLETION_INDEX": "-1"]), .failure(.outOfRange(index: 0, count: 2, source: "JOB_COMPLETION_INDEX")))
    }

    /// Each refusal is one line that says what to do.
    func testMessages() {
        let errors: [BatchShardError] = [.noScheduler, .countNeeded(source: "JOB_COMPLETION_INDEX"),
                                         .notANumber(variable: "SLURM_ARRAY_TASK_ID", value: "x"),
                                         .outOfRange(index: 5, count: 4, source: "SLURM_ARRAY_TASK_ID")]
        for error in errors { XCTAssertFalse(error.message.contains("\n"), error.message) }
        XCTAssertTrue(BatchShardError.noScheduler.message.contains("SLURM_ARRAY_TASK_ID")
                      && BatchShardError.noScheduler.message.contains("JOB_COMPLETION_INDEX"))
        XCTAssertTrue(BatchShardError.countNeeded(source: "JOB_COMPLETION_INDEX").message.contains("--shard auto/N"))
    }
}
