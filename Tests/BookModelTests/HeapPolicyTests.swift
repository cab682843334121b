import BookModel
import Foundation
import HeapPolicy
import XCTest

/// The executable's heap policy (Sources/HeapPolicy, issue 19): once on, the heap of the thread that turned it on
/// and of every worker of `orderedConcurrentMap` is advised huge pages (MADV_HUGEPAGE, "hg" in /proc/self/smaps).
/// What is written does not change with it: `DeterminismTests` renders with it on and off.
final class HeapPolicyTests: XCTestCase {
    func testTheMainHeapAndEveryWorkersHeapAreAdvisedHugePages() throws {
        guard FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled") else {
            throw XCTSkip("this kernel has no transparent huge pages")
        }
        if let tunables = ProcessInfo.processInfo.environment["GLIBC_TUNABLES"], tunables.contains("glibc.malloc.") {
            XCTAssertEqual(qh_enable(), 0, "the user's malloc tunables stand")
            return
        }
        if qh_sanitized() != 0 {
            // `make test-asan`: the sanitizer's malloc is left alone (mallopt is its, and does nothing).
            XCTAssertEqual(qh_enable(), 0, "AddressSanitizer's malloc is left alone")
            return
        }
        // The test's own stack is never advised: the check can tell the two apart.
        var local = 0
        XCTAssertEqual(withUnsafePointer(to: &local) { qh_advised($0) }, 0)

        XCTAssertEqual(qh_enable(), 1)
        XCTAssertEqual(qh_enable(), 1, "a second call changes nothing")
        let probe = malloc(64)
        defer { free(probe) }
        XCTAssertEqual(qh_advised(probe), 1, "the heap of the thread that turned the policy on")

        // Enough items, each slow enough, that every worker takes some; each asks where its own block lives.
        let advised = orderedConcurrentMap(count: 64) { _ -> Int32 in
            let block = malloc(64)
            defer { free(block) }
            usleep(2000)
            return qh_advised(block)
        }
        XCTAssertEqual(Set(advised), [1], "every worker's heap")
    }
}
