import Layout
import Spreads

/// The viewer's one stylesheet. It is inline and constant for a site, so the Content-Security-Policy can name it
/// by hash and allow no other style; the script is in HTMLScript.swift.
enum HTMLStyle {
    /// What the stylesheet of one site depends on.
    struct Sheet {
        var sizing: HTMLSizing
        /// Pages a spread shows when two are shown (2), or the one arrangement of a pinned orientation.
        var pagesPerSpread: Int
        /// `--orientation auto`: two pages under `sizing.twoPageQuery`, one page otherwise.
        var live: Bool
        /// Positions of the chapter marks on the progress line, in whole percent (used ones only).
        var marks: [Int]
    }

    /// The stylesheet: cell sizes in em, so the whole page scales with one font size (`HTMLSizing`).
    static func css(_ sheet: Sheet) -> String {
        let s = sheet.sizing
        let size = s.size
        let lb = HTMLSizing.number(s.lineBox)
        let columns = (size.columns + 1) / 2
        let gap = s.axis == .vertical ? "row-gap:\(HTMLSizing.number(Double(s.gap) * HTMLSizing.lineEm))em" : "column-gap:\(s.gap)ch"
        func thumb(_ n: Int) -> String {
            let box = s.spreadBox(pages: n)
            // Thumbnails draw spreads at 16 px scaled by a quarter: 4 px per em.
            return ".tbox.n\(n){width:\(HTMLSizing.number(box.width * 4))px;height:\(HTMLSizing.number(box.height * 4))px}"
        }
        var out = """
        :root{--fs:\(s.fontSize(pages: sheet.pagesPerSpread))}
        html{background:#e9e7e1;color:#1b1b1b}
        body{margin:0;font:16px/1.25 "DejaVu Sans Mono","Liberation Mono","Noto Sans Mono CJK JP","IPAGothic",monospace}
        a{color:#1d4f91}
        :focus-visible{outline:3px solid #1d4f91;outline-offset:2px}
        .skip{position:absolute;left:8px;top:-4em;z-index:2;padding:4px 8px;background:#fffef8}
        .skip:focus{top:8px}
        .vh{position:absolute;width:1px;height:1px;margin:0;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
        .bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:4px 2ch;padding:6px 8px 0;margin:0}
        .bar .here{margin:0;color:#3d3d3d}
        .bar .off{color:#595959}
        .goto{width:8ch;font:inherit}
        .progress{position:relative;flex:1 0 100%;height:6px}
        .progress progress{display:block;width:100%;height:6px;appearance:none;border:0;background:#d3d0c6}
        .progress progress::-webkit-progress-bar{background:#d3d0c6}
        .progress progress::-webkit-progress-value{background:#1d4f91}
        .progress .mark{position:absolute;top:0;width:2px;height:6px;background:#3d3d3d}
        \(sheet.marks.map { ".m\($0){inset-inline-start:\($0)%}" }.joined())
        main{display:block}
        .files main,main.pages{touch-action:pan-y pinch-zoom}
        .v.files main,.v main.pages{touch-action:pan-x pinch-zoom}
        main .spread{font-size:var(--fs)}
        .spread{display:flex;direction:ltr;justify-content:center;align-items:flex-start;width:max-content;margin:12px auto;\(gap)}
        .spread.v{flex-direction:column}
        .slot{flex:none}
        .page{position:relative;display:block;padding:\(HTMLSizing.number(Double(HTMLSizing.marginLines) * HTMLSizing.lineEm))em \(HTMLSizing.outerCells)ch;overflow:hidden;background:#fffef8;box-shadow:0 1px 4px rgba(0,0,0,.3);white-space:pre;unicode-bidi:isolate}
        .page.htb{width:\(size.columns)ch;height:calc(\(size.lines) * \(lb)em)}
        .page.vrl{writing-mode:vertical-rl;width:\(columns * s.columnCells)ch;height:calc(\(size.lines) * 1.25em)}
        .page.b-left{padding-left:\(HTMLSizing.spineCells)ch;box-shadow:inset 2px 0 0 #77746c,0 1px 4px rgba(0,0,0,.3)}
        .page.b-right{padding-right:\(HTMLSizing.spineCells)ch;box-shadow:inset -2px 0 0 #77746c,0 1px 4px rgba(0,0,0,.3)}
        .page.b-top{box-shadow:inset 0 2px 0 #77746c,0 1px 4px rgba(0,0,0,.3)}
        .page.b-bottom{box-shadow:inset 0 -2px 0 #77746c,0 1px 4px rgba(0,0,0,.3)}
        .page.placeholder{background:transparent;box-shadow:none;outline:1px dashed #8a877f;outline-offset:-1px}
        .page.blank{background:#fbfaf4}
        .l{display:block;height:1.25em;line-height:1.25em;overflow:hidden;white-space:pre;text-align:start}
        .w{display:inline-block;width:2ch;height:1.25em;overflow:hidden;vertical-align:top;text-align:center}
        .d{color:#666}
        ruby,rb,rp,rt{display:inline;font-size:inherit;line-height:inherit}
        rt.h{display:none}
        .hd{font-weight:bold}
        a.nr{color:inherit;text-decoration:none}
        .vrl .l{width:2ch;height:100%}
        .vrl .r{display:inline-block;height:1.25em;width:100%;overflow:hidden;text-orientation:upright;text-align:center;vertical-align:top}
        .vrl .t{text-combine-upright:all}
        .fig{display:block;position:relative}
        .fig img{position:absolute;top:0;left:0;width:100%;height:100%;object-fit:contain;background:#fffef8}
        .folio{display:block;height:1.25em;margin:0;text-align:center;color:#4d4d4d;overflow:hidden}
        .files main>.spread{animation:turn .45s ease-out both}
        .files.p-ltr.h main>.spread{transform-origin:0 50%;--turn:rotateY(-28deg)}
        .files.p-rtl.h main>.spread{transform-origin:100% 50%;--turn:rotateY(28deg)}
        .files.p-ltr.v main>.spread{transform-origin:50% 0;--turn:rotateX(28deg)}
        .files.p-rtl.v main>.spread{transform-origin:50% 100%;--turn:rotateX(-28deg)}
        @keyframes turn{from{transform:perspective(1600px) var(--turn);opacity:.35}to{transform:none;opacity:1}}
        @media (prefers-reduced-motion:reduce){.files main>.spread{animation:none}}
        .track{display:flex;flex-direction:row;overflow:auto;scroll-snap-type:x mandatory;column-gap:2ch;padding:0 8px}
        .p-rtl .track{direction:rtl}
        .v .track{flex-direction:column;scroll-snap-type:y mandatory;row-gap:1.25em;height:calc(100vh - 72px)}
        .p-rtl.v .track{flex-direction:column-reverse;direction:ltr}
        .track>section{flex:none;scroll-snap-align:center;direction:ltr}
        .single main.pages>section.spread-view{display:none}
        .single main.pages>section.spread-view:target,.single main.pages>section.spread-view:has(.page:target){display:block}
        .single:has(main.pages>section.spread-view:target) #contents,.single:has(main.pages .page:target) #contents{display:none}
        header.book{padding:12px 16px}
        header.book h1{font-size:1.4em;margin:0 0 4px}
        header.book p{margin:0}
        nav.toc{padding:0 16px}
        nav.toc ol{margin:4px 0;padding-inline-start:3ch}
        .grid{display:flex;flex-wrap:wrap;gap:16px;list-style:none;padding:0 16px 16px;margin:0}
        .p-rtl .grid{direction:rtl}
        .thumb{display:block;text-decoration:none;color:inherit;text-align:center}
        .tbox{display:block;position:relative;overflow:hidden;background:#e9e7e1}
        .tbox>.spread{position:absolute;top:0;left:0;margin:0;font-size:16px;transform:scale(.25);transform-origin:0 0}
        \(thumb(1))\(thumb(2))
        """
        if s.rubySpace {
            // Ruby drawn as ruby (issue 22): half size, over the base in a line, at its right in a column, in the
            // room each line or column keeps for it; placed out of flow so no cell moves.
            out += """

            .ruby-on .htb .l{height:\(lb)em;box-sizing:border-box;line-height:1.25em;padding-top:\(HTMLSizing.number(HTMLSizing.rubyLineEm))em}
            .ruby-on .vrl .l{width:\(s.columnCells)ch;padding-right:\(HTMLSizing.rubyColumnCells)ch;box-sizing:border-box}
            .ruby-on ruby{position:relative}
            .ruby-on rt:not(.h){position:absolute;bottom:100%;left:50%;transform:translateX(-50%);font-size:50%;line-height:1;white-space:nowrap}
            .ruby-on .vrl rt:not(.h){bottom:auto;left:100%;top:50%;transform:translateY(-50%);text-orientation:upright}
            \((1...9).map { ".ruby-on rt.z\($0){left:0;transform:scaleX(.\($0));transform-origin:0 100%}" }.joined())
            \((1...9).map { ".ruby-on .vrl rt.z\($0){top:0;left:100%;transform:scaleY(.\($0));transform-origin:0 0}" }.joined())
            """
        }
        if sheet.live {
            // One page at a time when two would not fit (`--orientation auto`): the page the URL names, else the
            // spread's first page in reading order; in the scrolling view every page is its own stop.
            out += """

            @media not all and \(s.twoPageQuery){
            :root{--fs:\(s.fontSize(pages: 1))}
            main .slot{display:none}
            main .spread:not(:has(.page:target)) .slot.first,main .slot:has(.page:target){display:block}
            .track>section,.track .spread{display:contents}
            .track .bar{display:none}
            .track .slot{display:block;scroll-snap-align:center;margin:12px 0}
            .track .slot.nb,.track .slot.ph{display:none}
            }
            """
        }
        out += """

        @media (prefers-color-scheme:dark){
        html{background:#1d1d1b;color:#e8e6df}
        a{color:#9cc2ff}
        :focus-visible{outline-color:#9cc2ff}
        .skip{background:#2a2a27}
        .page{background:#2a2a27}
        .page.blank{background:#262623}
        .bar .here{color:#d6d4cc}
        .bar .off,.d{color:#a8a69e}
        .folio{color:#bdbbb3}
        .progress progress,.progress progress::-webkit-progress-bar{background:#4a4944}
        .progress progress::-webkit-progress-value{background:#9cc2ff}
        .progress .mark{background:#e8e6df}
        .fig img{background:#2a2a27}
        .tbox{background:#1d1d1b}
        }
        """
        return out
    }
}
