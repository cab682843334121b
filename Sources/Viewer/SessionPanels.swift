import Quire

extension ViewerSession {
    mutating func openPanel(_ action: Action) -> Outcome { .nothing }
    mutating func toggleBidi() -> Outcome { .nothing }
    public func turnFrames(from old: Picture, to new: Picture, forward: Bool) -> [Picture] { [] }
}
