import Layout

/// The viewer's one stylesheet and one script. Both are inline and constant for a site, so the
/// Content-Security-Policy can name them by hash and allow nothing else.
enum HTMLStyle {
    /// Pixels per line of cells; a cell's width is `1ch` of the monospace font, so pages are exactly
    /// `columns × lines` cells whatever the font's size in pixels.
    static let lineHeight = 20

    /// The stylesheet for one site: page size and gap become fixed classes, so no element needs a `style` attribute.
    static func css(size: PageSize, gap: Int) -> String {
        let lh = lineHeight
        let pageWidth = "\(size.columns)ch"
        let pageHeight = "\(size.lines * lh)px"
        let slotHeight = (size.lines + 1) * lh
        func thumb(_ n: Int) -> String {
            let across = "calc((\(n * size.columns + (n - 1) * gap)ch) / 4)"
            let tall = "\((n * slotHeight + (n - 1) * gap * lh) / 4)px"
            return ".tbox.h.n\(n){width:\(across);height:\(slotHeight / 4)px}"
                + ".tbox.v.n\(n){width:calc(\(pageWidth) / 4);height:\(tall)}"
        }
        return """
        html{background:#e9e7e1;color:#1b1b1b}
        body{margin:0;font:16px/\(lh)px "DejaVu Sans Mono","Liberation Mono","Noto Sans Mono CJK JP","IPAGothic",monospace}
        a{color:#1d4f91}
        .bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:center;gap:4px 2ch;padding:8px;margin:0}
        .bar .here{color:#444}
        .bar .off{color:#999}
        .spread{display:flex;direction:ltr;justify-content:center;align-items:flex-start;width:max-content;margin:12px auto;column-gap:\(gap)ch}
        .spread.v{flex-direction:column;row-gap:\(gap * lh)px}
        .slot{flex:none;width:\(pageWidth)}
        .page{position:relative;display:block;width:\(pageWidth);height:\(pageHeight);overflow:hidden;background:#fffef8;box-shadow:0 0 0 1px #8a8a8a;white-space:pre;unicode-bidi:isolate}
        .page.b-left{box-shadow:-3px 0 0 0 #333,0 0 0 1px #8a8a8a}
        .page.b-right{box-shadow:3px 0 0 0 #333,0 0 0 1px #8a8a8a}
        .page.b-top{box-shadow:0 -3px 0 0 #333,0 0 0 1px #8a8a8a}
        .page.b-bottom{box-shadow:0 3px 0 0 #333,0 0 0 1px #8a8a8a}
        .page.placeholder{background:transparent;box-shadow:none;outline:1px dashed #9a9a9a;outline-offset:-1px}
        .page.blank{background:#fbfaf4}
        .l{display:block;height:\(lh)px;overflow:hidden;white-space:pre;text-align:start}
        .w{display:inline-block;width:2ch;height:\(lh)px;overflow:hidden;vertical-align:top;text-align:center}
        .d{color:#7a7a7a}
        ruby,rb,rp,rt{display:inline;font-size:inherit;line-height:inherit;ruby-position:over}
        rt.h{display:none}
        .hd{font-weight:bold}
        a.nr{color:inherit;text-decoration:none}
        .page.vrl{writing-mode:vertical-rl}
        .vrl .l{width:2ch;height:\(pageHeight)}
        .vrl .r{display:inline-block;height:\(lh)px;width:100%;overflow:hidden;text-orientation:upright;text-align:center;vertical-align:top}
        .vrl .t{text-combine-upright:all}
        .fig{display:block;position:relative}
        .fig img{position:absolute;top:0;left:0;width:100%;height:100%;object-fit:contain;background:#fffef8}
        .folio{display:block;height:\(lh)px;margin:0;text-align:center;color:#555;overflow:hidden}
        .files main>.spread{animation:turn .45s ease-out both}
        .files.p-ltr.h main>.spread{transform-origin:0 50%;--turn:rotateY(-28deg)}
        .files.p-rtl.h main>.spread{transform-origin:100% 50%;--turn:rotateY(28deg)}
        .files.p-ltr.v main>.spread{transform-origin:50% 0;--turn:rotateX(28deg)}
        .files.p-rtl.v main>.spread{transform-origin:50% 100%;--turn:rotateX(-28deg)}
        @keyframes turn{from{transform:perspective(1600px) var(--turn);opacity:.35}to{transform:none;opacity:1}}
        @media (prefers-reduced-motion:reduce){.files main>.spread{animation:none}}
        .track{display:flex;flex-direction:row;overflow:auto;scroll-snap-type:x mandatory;column-gap:\(gap)ch;padding:0 8px}
        .p-rtl .track{direction:rtl}
        .v .track{flex-direction:column;scroll-snap-type:y mandatory;row-gap:\(gap * lh)px;height:calc(100vh - 56px)}
        .p-rtl.v .track{flex-direction:column-reverse;direction:ltr}
        .track>section{flex:none;scroll-snap-align:center;direction:ltr}
        .single main.pages>section.spread-view{display:none}
        .single main.pages>section.spread-view:target{display:block}
        .single:has(main.pages>section.spread-view:target) #contents{display:none}
        header.book{padding:12px 16px}
        header.book h1{font-size:1.4em;margin:0 0 4px}
        header.book p{margin:0}
        nav.toc{padding:0 16px}
        nav.toc ol{margin:4px 0;padding-inline-start:3ch}
        .grid{display:flex;flex-wrap:wrap;gap:16px;list-style:none;padding:0 16px 16px;margin:0}
        .thumb{display:block;text-decoration:none;color:inherit;text-align:center}
        .tbox{display:block;position:relative;overflow:hidden;background:#e9e7e1}
        .tbox>.spread{position:absolute;top:0;left:0;margin:0;transform:scale(.25);transform-origin:0 0}
        \(thumb(1))\(thumb(2))
        """
    }

    /// Keyboard navigation in reading direction: the keys follow links already in the page, so everything
    /// also works without JavaScript. Constant text: its hash is the only script the CSP allows.
    static let script = """
    (function () {
      'use strict';
      var body = document.body;
      var mode = body.getAttribute('data-mode');
      var rtl = body.getAttribute('data-progression') === 'rtl';
      var vertical = body.getAttribute('data-axis') === 'vertical';
      var forward = vertical ? (rtl ? 'ArrowUp' : 'ArrowDown') : (rtl ? 'ArrowLeft' : 'ArrowRight');
      var backward = vertical ? (rtl ? 'ArrowDown' : 'ArrowUp') : (rtl ? 'ArrowRight' : 'ArrowLeft');
      function sections() { return Array.prototype.slice.call(document.querySelectorAll('section.spread-view')); }
      function current() {
        if (mode === 'files') { return document; }
        if (mode === 'single') { return document.querySelector('section.spread-view:target'); }
        var best = null, distance = Infinity;
        sections().forEach(function (s) {
          var r = s.getBoundingClientRect();
          var d = Math.abs(r.left + r.width / 2 - window.innerWidth / 2) + Math.abs(r.top + r.height / 2 - window.innerHeight / 2);
          if (d < distance) { distance = d; best = s; }
        });
        return best;
      }
      function reveal(id) {
        var target = id && document.getElementById(id);
        if (!target) { return; }
        var still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({block: 'center', inline: 'center', behavior: still ? 'auto' : 'smooth'});
      }
      function go(href) {
        if (!href) { return; }
        if (mode === 'scroll' && href.charAt(0) === '#') {
          history.replaceState(null, '', href);
          reveal(href.slice(1));
          return;
        }
        window.location.href = href;
      }
      if (mode === 'scroll') {
        window.addEventListener('hashchange', function () { reveal(window.location.hash.slice(1)); });
        if (window.location.hash) { reveal(window.location.hash.slice(1)); }
      }
      function follow(rel) {
        var scope = current();
        if (!scope) { if (rel === 'next') { go(body.getAttribute('data-first')); } return; }
        var link = scope.querySelector('a[rel="' + rel + '"]');
        if (link) { go(link.getAttribute('href')); }
      }
      document.addEventListener('keydown', function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) { return; }
        var key = event.key;
        if (key === forward || key === 'PageDown') { follow('next'); }
        else if (key === backward || key === 'PageUp') { follow('prev'); }
        else if (key === 'Home') { go(body.getAttribute('data-first')); }
        else if (key === 'End') { go(body.getAttribute('data-last')); }
        else { return; }
        event.preventDefault();
      });
    })();
    """
}
