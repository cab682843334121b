/// The reader's one script (issue 22). Constant text: its hash is the only script the CSP allows. It decides
/// nothing the writer knows: which pages pair and where each page's neighbours are come from Spreads through the
/// markup (`a[rel]` in the bar for spreads, `data-prev`/`data-next` on each slot for one page at a time), and the
/// stylesheet decides from the window's shape how many pages show (`HTMLSizing.twoPageQuery`, the same query the
/// script watches). Everything works without it: links, `:target` and media queries carry the reading.
enum HTMLScript {
    /// What every document carries: `source` without indentation and comment lines (a folder site repeats it in
    /// every spread file, so its bytes count; nothing else changes, the script has no multi-line strings).
    static let text: String = source.split(separator: "\n")
        .map { $0.drop { $0 == " " } }
        .filter { !$0.hasPrefix("//") }
        .joined(separator: "\n")

    static let source = """
    (function () {
      'use strict';
      var body = document.body;
      var mode = body.getAttribute('data-mode');
      var index = body.classList.contains('index');
      var rtl = body.getAttribute('data-progression') === 'rtl';
      var vertical = body.getAttribute('data-axis') === 'vertical';
      var total = Number(body.getAttribute('data-total')) || 0;
      var spreads = Number(body.getAttribute('data-spreads')) || 0;
      var query = body.getAttribute('data-two');
      var two = query ? window.matchMedia(query) : null;
      var forward = vertical ? (rtl ? 'ArrowUp' : 'ArrowDown') : (rtl ? 'ArrowLeft' : 'ArrowRight');
      var backward = vertical ? (rtl ? 'ArrowDown' : 'ArrowUp') : (rtl ? 'ArrowRight' : 'ArrowLeft');
      var lastPage = 0, shownPages = [];
      function onePage() { return two ? !two.matches : false; }
      function orient() {
        var land = two ? two.matches : body.getAttribute('data-orientation') !== 'portrait';
        body.classList.toggle('o-land', land);
        body.classList.toggle('o-port', !land);
      }
      function shown(element) { return element.getClientRects().length > 0; }
      function pageOf(slot) { var p = slot && slot.querySelector('.page[data-page]'); return p ? Number(p.getAttribute('data-page')) : 0; }
      function hashPage() { var m = /^#p(\\d+)$/.exec(window.location.hash); return m ? Number(m[1]) : 0; }
      function targetPage() { var n = hashPage(); return n ? document.getElementById('p' + n) : null; }
      function nearest(selector) {
        var best = null, distance = Infinity;
        Array.prototype.forEach.call(document.querySelectorAll(selector), function (e) {
          var r = e.getBoundingClientRect();
          if (r.width === 0 && r.height === 0) { return; }
          var d = Math.abs(r.left + r.width / 2 - window.innerWidth / 2) + Math.abs(r.top + r.height / 2 - window.innerHeight / 2);
          if (d < distance) { distance = d; best = e; }
        });
        return best;
      }
      function firstSlot(spread) { return spread.querySelector('.slot.first') || spread.querySelector('.slot'); }
      function shownSpread() {
        if (mode === 'files') { return index ? null : document.querySelector('main .spread'); }
        if (mode === 'single') {
          var t = targetPage();
          if (t) { return t.closest('.spread'); }
          var s = document.querySelector('section.spread-view:target');
          return s ? s.querySelector('.spread') : null;
        }
        if (index) { return null; }
        if (onePage()) { var slot = nearest('main .slot'); return slot && slot.closest('.spread'); }
        return nearest('main .spread');
      }
      function currentSlot() {
        if (mode === 'scroll' && !index && onePage()) { return nearest('main .slot'); }
        var spread = shownSpread();
        if (!spread) { return null; }
        var t = targetPage();
        return t && spread.contains(t) ? t.closest('.slot') : firstSlot(spread);
      }
      function reveal(id) {
        var target = id && document.getElementById(id);
        if (!target) { return; }
        // A page is shown with its spread when two show, alone (its slot) when one does.
        if (target.classList.contains('page')) { target = onePage() ? target.closest('.slot') : (target.closest('section') || target); }
        var still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        target.scrollIntoView({block: 'center', inline: 'center', behavior: still ? 'auto' : 'smooth'});
      }
      function go(href) {
        if (!href) { return; }
        if (href.charAt(0) === '#') {
          if (mode === 'scroll') { history.pushState(null, '', href); reveal(href.slice(1)); update(); return; }
          window.location.hash = href;
          return;
        }
        window.location.href = href;
      }
      function turn(ahead) {
        if (onePage()) {
          var slot = currentSlot();
          if (!slot) { if (ahead) { go(body.getAttribute('data-first')); } return; }
          go(slot.getAttribute(ahead ? 'data-next' : 'data-prev'));
          return;
        }
        var spread = shownSpread();
        if (!spread) { if (ahead) { go(body.getAttribute('data-first')); } return; }
        var link = (spread.closest('section') || document).querySelector('.bar a[rel="' + (ahead ? 'next' : 'prev') + '"]');
        if (link) { go(link.getAttribute('href')); }
      }
      function update() {
        orient();
        var slot = currentSlot();
        if (!slot) { return; }
        var spread = slot.closest('.spread');
        var scope = spread.closest('section') || document;
        var pages = onePage() ? [pageOf(slot)] : (spread.getAttribute('data-pages') || '').split(' ').map(Number);
        lastPage = pages[0] || lastPage;
        shownPages = pages;
        var label = pages.length > 1 ? 'Pages ' + pages[0] + '\\u2013' + pages[pages.length - 1] : 'Page ' + pages[0];
        label += ' of ' + total;
        if (!onePage()) { label += ' \\u00b7 spread ' + spread.getAttribute('data-spread') + ' of ' + spreads; }
        var here = scope.querySelector('.bar .here');
        if (here && here.textContent !== label) { here.textContent = label; }
        var progress = scope.querySelector('.progress progress');
        if (progress) { progress.value = pages[0]; }
      }
      function visibleSlots(spread) { return Array.prototype.filter.call(spread.querySelectorAll('.slot'), shown); }
      if (index && (mode === 'files' || mode === 'scroll') && hashPage()) {
        var wanted = hashPage();
        Array.prototype.some.call(document.querySelectorAll('a.thumb'), function (a) {
          var pages = (a.querySelector('.spread').getAttribute('data-pages') || '').split(' ').map(Number);
          if (pages.indexOf(wanted) < 0) { return false; }
          window.location.replace(a.getAttribute('href').split('#')[0] + '#p' + wanted);
          return true;
        });
      }
      if (mode === 'files' && !index && !hashPage()) {
        var first = currentSlot();
        if (first && pageOf(first)) { history.replaceState(null, '', '#p' + pageOf(first)); }
      }
      if (mode === 'scroll') {
        window.addEventListener('popstate', function () { reveal(window.location.hash.slice(1)); });
        window.addEventListener('hashchange', function () { reveal(window.location.hash.slice(1)); });
        if (window.location.hash) { reveal(window.location.hash.slice(1)); }
        var settle = 0;
        document.addEventListener('scroll', function () {
          clearTimeout(settle);
          settle = setTimeout(function () {
            update();
            if (!index && lastPage && shownPages.indexOf(hashPage()) < 0) { history.replaceState(null, '', '#p' + lastPage); }
          }, 150);
        }, true);
      }
      window.addEventListener('hashchange', update);
      if (two) {
        two.addEventListener('change', function () {
          var page = lastPage;
          update();
          if (mode === 'scroll' && page) { reveal('p' + page); }
        });
      }
      document.addEventListener('keydown', function (event) {
        if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) { return; }
        var target = event.target;
        if (target.classList && target.classList.contains('goto')) {
          if (event.key !== 'Enter') { return; }
          var n = Math.round(Number(target.value));
          if (!(n >= 1)) { return; }
          n = Math.min(n, total);
          event.preventDefault();
          go(document.getElementById('p' + n) ? '#p' + n : 'index.html#p' + n);
          return;
        }
        if (target.closest && target.closest('input, textarea, select')) { return; }
        var key = event.key;
        if (key === forward || key === 'PageDown' || key === ' ') { turn(true); }
        else if (key === backward || key === 'PageUp') { turn(false); }
        else if (key === 'Home') { go(body.getAttribute('data-first')); }
        else if (key === 'End') { go(body.getAttribute('data-last')); }
        else { return; }
        event.preventDefault();
      });
      var start = null, swiped = false;
      document.addEventListener('pointerdown', function (event) {
        swiped = false;
        start = event.isPrimary && event.pointerType !== 'mouse' ? {x: event.clientX, y: event.clientY} : null;
      });
      document.addEventListener('pointerup', function (event) {
        if (!start || mode === 'scroll') { start = null; return; }
        var along = vertical ? event.clientY - start.y : event.clientX - start.x;
        var across = vertical ? event.clientX - start.x : event.clientY - start.y;
        start = null;
        if (Math.abs(along) < 50 || Math.abs(along) < Math.abs(across)) { return; }
        swiped = true;
        // Dragging the page towards the left (the top) brings what lies to the right (below): forward in ltr.
        turn((along < 0) !== rtl);
      });
      document.addEventListener('click', function (event) {
        if (swiped) { swiped = false; event.preventDefault(); return; }
        if (event.defaultPrevented || event.button !== 0) { return; }
        var link = event.target.closest('a');
        if (link) {
          var rel = link.getAttribute('rel');
          if ((rel === 'next' || rel === 'prev') && link.closest('.bar')) { event.preventDefault(); turn(rel === 'next'); }
          return;
        }
        if (event.target.closest('input, textarea, select, button')) { return; }
        var slot = event.target.closest('main .slot');
        if (!slot || mode === 'scroll') { return; }
        var page = slot.querySelector('.page') || slot;
        var r = page.getBoundingClientRect();
        var low = vertical ? event.clientY < r.top + r.height / 2 : event.clientX < r.left + r.width / 2;
        var slots = visibleSlots(slot.closest('.spread'));
        // In two pages only the outer half of each turns; the left (top) side is forward in rtl.
        if (slots.length === 2 && (slots[0] === slot) !== low) { return; }
        turn(low === rtl);
      });
      update();
    })();
    """
}
