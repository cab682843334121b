/// Applying declarations to a computed style (CSS Cascade 4 §7: `inherit`, `initial`, `unset`), one property at a
/// time, in cascade order: the last application wins.
extension ComputedStyle {
    /// Every property at its initial value.
    static let initial = ComputedStyle()

    /// Applies one declaration. `parent` answers `inherit`; `source` is kept when the property is `writing-mode`.
    mutating func apply(_ d: Declaration, parent: ComputedStyle, source: @autoclosure () -> Provenance?) {
        declared.insert(d.property)
        let initial = ComputedStyle.initial
        var from: ComputedStyle?  // the style to copy from, for a CSS-wide keyword
        switch d.value {
        case .inherit: from = parent
        case .initial: from = initial
        case .unset: from = d.property.isInherited ? parent : initial
        default: break
        }
        if d.property == .display, from != nil, d.value != .inherit {
            display = .inline  // the initial value; `nil` would mean "the element's own role"
            return
        }
        if let from {
            copy(d.property, from: from)
            return
        }
        switch (d.property, d.value) {
        case (.writingMode, .writingMode(let v)): writingMode = v; writingModeSource = source()
        case (.direction, .direction(let v)): direction = v
        case (.display, .display(let v)): display = v
        case (.visibility, .visibility(let v)): visibility = v
        case (.whiteSpace, .whiteSpace(let v)): whiteSpace = v
        case (.textAlign, .textAlign(let v)): textAlign = v ?? parent.textAlign
        case (.textIndent, .length(let v)): textIndent = v
        case (.marginTop, .margin(let v)): marginTop = v
        case (.marginRight, .margin(let v)): marginRight = v
        case (.marginBottom, .margin(let v)): marginBottom = v
        case (.marginLeft, .margin(let v)): marginLeft = v
        case (.marginInlineStart, .margin(let v)): setMargin(physical(.inlineStart), v)
        case (.marginInlineEnd, .margin(let v)): setMargin(physical(.inlineEnd), v)
        case (.marginBlockStart, .margin(let v)): setMargin(physical(.blockStart), v)
        case (.marginBlockEnd, .margin(let v)): setMargin(physical(.blockEnd), v)
        case (.paddingTop, .length(let v)): paddingTop = v
        case (.paddingRight, .length(let v)): paddingRight = v
        case (.paddingBottom, .length(let v)): paddingBottom = v
        case (.paddingLeft, .length(let v)): paddingLeft = v
        case (.paddingInlineStart, .length(let v)): setPadding(physical(.inlineStart), v)
        case (.paddingInlineEnd, .length(let v)): setPadding(physical(.inlineEnd), v)
        case (.paddingBlockStart, .length(let v)): setPadding(physical(.blockStart), v)
        case (.paddingBlockEnd, .length(let v)): setPadding(physical(.blockEnd), v)
        case (.breakBefore, .breakValue(let v)): breakBefore = v
        case (.breakAfter, .breakValue(let v)): breakAfter = v
        case (.breakInside, .breakInside(let v)): breakInside = v
        case (.textCombineUpright, .textCombine(let v)): textCombineUpright = v
        case (.textOrientation, .textOrientation(let v)): textOrientation = v
        case (.textTransform, .textTransform(let v)): textTransform = v
        case (.smallCaps, .smallCaps(let v)): smallCaps = v
        case (.listStyleType, .listStyleType(let v)): listStyleType = v
        case (.verticalAlign, .verticalAlign(let v)): verticalAlign = v
        case (.textEmphasisStyle, .textEmphasis(let v)): textEmphasis = v
        case (.fontWeight, .fontWeight(let v)): fontWeight = ComputedStyle.weight(v, parent: parent.fontWeight)
        case (.fontStyle, .fontStyle(let v)): fontStyle = v
        case (.hyphens, .hyphens(let v)): hyphens = v
        default: break  // the parser never pairs a property with another property's value
        }
    }

    /// `bolder`/`lighter` per the table of CSS Fonts 4 §2.2.
    static func weight(_ v: Value.FontWeight, parent: Int) -> Int {
        switch v {
        case .absolute(let w): return w
        case .bolder: return parent < 350 ? 400 : parent < 550 ? 700 : max(parent, 900)
        case .lighter: return parent < 100 ? parent : parent < 550 ? 100 : parent < 750 ? 400 : 700
        }
    }

    /// Copies one property's value from `other` (for `inherit`, `initial`, `unset`). A logical margin or padding
    /// copies the side it maps to here.
    private mutating func copy(_ p: Property, from other: ComputedStyle) {
        switch p {
        case .writingMode: writingMode = other.writingMode; writingModeSource = other.writingModeSource
        case .direction: direction = other.direction
        case .display: display = other.display
        case .visibility: visibility = other.visibility
        case .whiteSpace: whiteSpace = other.whiteSpace
        case .textAlign: textAlign = other.textAlign
        case .textIndent: textIndent = other.textIndent
        case .marginTop: marginTop = other.marginTop
        case .marginRight: marginRight = other.marginRight
        case .marginBottom: marginBottom = other.marginBottom
        case .marginLeft: marginLeft = other.marginLeft
        case .marginInlineStart: let s = physical(.inlineStart); setMargin(s, other.margin(s))
        case .marginInlineEnd: let s = physical(.inlineEnd); setMargin(s, other.margin(s))
        case .marginBlockStart: let s = physical(.blockStart); setMargin(s, other.margin(s))
        case .marginBlockEnd: let s = physical(.blockEnd); setMargin(s, other.margin(s))
        case .paddingTop: paddingTop = other.paddingTop
        case .paddingRight: paddingRight = other.paddingRight
        case .paddingBottom: paddingBottom = other.paddingBottom
        case .paddingLeft: paddingLeft = other.paddingLeft
        case .paddingInlineStart: let s = physical(.inlineStart); setPadding(s, other.padding(s))
        case .paddingInlineEnd: let s = physical(.inlineEnd); setPadding(s, other.padding(s))
        case .paddingBlockStart: let s = physical(.blockStart); setPadding(s, other.padding(s))
        case .paddingBlockEnd: let s = physical(.blockEnd); setPadding(s, other.padding(s))
        case .breakBefore: breakBefore = other.breakBefore
        case .breakAfter: breakAfter = other.breakAfter
        case .breakInside: breakInside = other.breakInside
        case .textCombineUpright: textCombineUpright = other.textCombineUpright
        case .textOrientation: textOrientation = other.textOrientation
        case .textTransform: textTransform = other.textTransform
        case .smallCaps: smallCaps = other.smallCaps
        case .listStyleType: listStyleType = other.listStyleType
        case .verticalAlign: verticalAlign = other.verticalAlign
        case .textEmphasisStyle: textEmphasis = other.textEmphasis
        case .fontWeight: fontWeight = other.fontWeight
        case .fontStyle: fontStyle = other.fontStyle
        case .hyphens: hyphens = other.hyphens
        }
    }
}
