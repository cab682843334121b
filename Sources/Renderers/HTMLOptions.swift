import Spreads

/// How the HTML viewer moves between spreads (`--transition`): a viewer notion, so it lives with the viewer;
/// the spreads themselves do not depend on it.
public enum Transition: String, Sendable, Hashable, Codable, CaseIterable {
    /// Page turns between spread files.
    case curl
    /// One scrolling `book.html`.
    case scroll

    /// The first thing the viewer cannot draw with `spine` (nil: none): a `none` spine has no leaves to turn,
    /// so its pages scroll. Checked by callers before `SpreadOptions.validate()`, as the rule always was.
    public func validate(spine: SpineLocation?) -> HTMLOptionsError? {
        spine == SpineLocation.none && self == .curl ? .noSpineWithCurl : nil
    }
}

/// Option combinations the HTML viewer refuses, as data; `message` is the one line the CLI prints.
public enum HTMLOptionsError: Error, Sendable, Hashable {
    case noSpineWithCurl

    public var message: String {
        switch self {
        case .noSpineWithCurl: return "--spine none lets pages scroll and needs --transition scroll, not curl"
        }
    }
}

extension HTMLSite {
    public struct Options: Sendable {
        public var transition: Transition
        /// Everything in one `index.html`, images inlined as `data:` URIs.
        public var singleFile: Bool
        public var ambiguousWide: Bool
        /// Ruby drawn as ruby, over (beside) its base, in room the pages keep for it; the pages were laid out with
        /// `--ruby drop` cells (the HTML default, issue 22). False: the cells show the reading (`paren`, `aozora`).
        public var rubyAsRuby: Bool

        public init(transition: Transition = .curl, singleFile: Bool = false, ambiguousWide: Bool = false,
                    rubyAsRuby: Bool = false) {
            self.transition = transition
            self.singleFile = singleFile
            self.ambiguousWide = ambiguousWide
            self.rubyAsRuby = rubyAsRuby
        }
    }
}
