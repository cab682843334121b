import BookModel
import Synchronization

/// Each page's drawn lines (`HTMLPageDrawer.body(of:links:)` without note links), shared by the two documents of a
/// site that show the page: its spread and its thumbnail on the index. Drawing them is a third of a site's
/// instructions, so each is drawn once (issue 19); and a site's bodies are 13 MB for War and Peace, so none is
/// kept longer than needed (issue 19, peak memory): the first document to ask draws the body and keeps it, the
/// second takes it away. The writer makes the index and the spread files at once, front to back, so only the
/// pages between the two fronts are held. A page asked for a third time is drawn again: the same bytes (drawing
/// is pure), only slower, so the output never depends on the order the documents are made in.
final class HTMLPageBodies<Body: Sendable>: Sendable {
    /// How many documents show each page, so how many asks a kept body waits for.
    static var asksPerPage: Int { 2 }

    private enum Slot { case notDrawn, kept(Body, asksLeft: Int), taken }
    private let slots: Mutex<[Slot]>

    init(pageCount: Int) { slots = Mutex(Array(repeating: .notDrawn, count: pageCount)) }

    /// Draws every page now, on all cores, each kept for both its asks: for a site made as one document (the
    /// single file), which would otherwise draw its pages on one thread.
    func drawAll(_ draw: (Int) -> Body) {
        let count = slots.withLock { $0.count }
        let drawn = orderedConcurrentMap(count: count) { draw($0 + 1) }
        slots.withLock { slots in
            for (index, body) in drawn.enumerated() { slots[index] = .kept(body, asksLeft: Self.asksPerPage) }
        }
    }

    /// Page `number`'s body: kept from an earlier ask, or drawn now by `draw` (outside the lock, so two threads
    /// draw two pages at once).
    func body(_ number: Int, draw: () -> Body) -> Body {
        let index = number - 1
        let kept: Body? = slots.withLock { slots in
            guard slots.indices.contains(index), case .kept(let body, let left) = slots[index] else { return nil }
            slots[index] = left > 1 ? .kept(body, asksLeft: left - 1) : .taken
            return body
        }
        if let kept { return kept }
        let body = draw()
        slots.withLock { slots in
            guard slots.indices.contains(index) else { return }
            switch slots[index] {
            case .notDrawn: slots[index] = Self.asksPerPage > 1 ? .kept(body, asksLeft: Self.asksPerPage - 1) : .taken
            // Drawn by two documents at once: this ask is one of those the kept body waits for.
            case .kept(let other, let left): slots[index] = left > 1 ? .kept(other, asksLeft: left - 1) : .taken
            case .taken: break
            }
        }
        return body
    }

    /// How many bodies are held now (for tests).
    var keptCount: Int {
        slots.withLock { slots in slots.reduce(0) { count, slot in if case .kept = slot { count + 1 } else { count } } }
    }
}
