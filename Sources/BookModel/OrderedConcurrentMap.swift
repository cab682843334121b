import Dispatch
import HeapPolicy

/// Computes `transform(i)` for every `i` in `0..<count` on all cores and returns the results in index order.
///
/// The one home for parallel work in the pipeline (chapter reading, layout, page rendering): each worker writes
/// only its own slot of the result, so no lock is needed and the output never depends on how threads were
/// scheduled. `schedule` names the order in which indices are started (for example longest first, so that no
/// thread is left alone with the longest chapter at the end); it must be a permutation of `0..<count`.
/// With `concurrent` false, or fewer than two items, the work runs on the calling thread in index order.
public func orderedConcurrentMap<T>(count: Int, schedule: [Int]? = nil, concurrent: Bool = true,
                                    _ transform: (Int) -> T) -> [T] {
    guard concurrent, count > 1 else { return (0..<count).map(transform) }
    if let schedule { precondition(schedule.count == count, "the schedule must name every index once") }
    return withoutActuallyEscaping(transform) { transform in
        [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Distinct workers initialise distinct slots; the buffer outlives `concurrentPerform`, which waits.
            nonisolated(unsafe) let base = buffer.baseAddress!
            nonisolated(unsafe) let work = transform
            DispatchQueue.concurrentPerform(iterations: count) { k in
                // A worker's heap gets the executable's huge-page advice once (HeapPolicy; nothing in a library).
                qh_prepare_thread()
                let i = schedule?[k] ?? k
                (base + i).initialize(to: work(i))
            }
            initialized = count
        }
    }
}

/// The indices of `sizes` from largest to smallest (ties in index order): a schedule for `orderedConcurrentMap`.
public func largestFirst(_ sizes: [Int]) -> [Int] {
    sizes.indices.sorted { sizes[$0] != sizes[$1] ? sizes[$0] > sizes[$1] : $0 < $1 }
}

/// Changes every element of `items` in place on all cores, `transform(i, &items[i])`, and returns what each call
/// returned, in index order. For work that edits large values (a chapter's blocks) without copying them: each
/// worker holds the only reference to its element, so copy-on-write never copies.
public func orderedConcurrentUpdate<T, R>(_ items: inout [T], schedule: [Int]? = nil, concurrent: Bool = true,
                                          _ transform: (Int, inout T) -> R) -> [R] {
    items.withUnsafeMutableBufferPointer { buffer in
        // Worker i touches element i and nothing else: the slots are disjoint.
        nonisolated(unsafe) let elements = buffer
        return orderedConcurrentMap(count: elements.count, schedule: schedule, concurrent: concurrent) { i in
            transform(i, &elements[i])
        }
    }
}
