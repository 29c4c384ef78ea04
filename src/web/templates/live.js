// The live pages' only script (served as /live.js; the policy allows no inline script):
// follows the desk's Server-Sent Events, redraws a board's diagram and moves as its e-board
// changes, reloads the page when its forms or lists change, and counts the play-out down from
// the seconds the server gave. Without it the pages work by reloading.
(function () {
  'use strict';
  const root = document.querySelector('[data-live]');
  if (!root) return;
  const round = root.dataset.round;
  // The group the page shows (an event of several groups has boards of the same number in
  // each): only its boards' events are drawn.
  const group = root.dataset.group || '0';
  const loaded = Date.now();
  let reloading = null;
  const reload = () => {
    if (reloading) return;
    reloading = setTimeout(() => location.reload(), 100);
  };
  const clocks = Array.from(document.querySelectorAll('[data-remaining]'));
  const tick = () => {
    const gone = (Date.now() - loaded) / 1000;
    for (const c of clocks) {
      const left = Math.max(0, Math.ceil(Number(c.dataset.remaining) - gone));
      const el = c.querySelector('.clock');
      if (el) el.textContent = Math.floor(left / 60) + ':' + String(left % 60).padStart(2, '0');
      if (left === 0 && Number(c.dataset.remaining) > 0 && !c.dataset.over) {
        c.dataset.over = '1';
        setTimeout(reload, 1500);
      }
    }
  };
  if (clocks.length) {
    tick();
    setInterval(tick, 250);
  }
  if (!window.EventSource) return;
  // The hall's screen takes the boards once a second (the server holds each board's latest),
  // from the changes its page shows on.
  const screen = root.dataset.live === 'screen';
  const since = root.dataset.since ? '&since=' + encodeURIComponent(root.dataset.since) : '';
  const events = new EventSource(screen ? '/events?for=screen' + since : '/events');
  // A `move` event's placement drawn on the diagram the page has (the pieces as the server
  // draws them, rank 8 on top); false when the page has none to draw on.
  const GLYPHS = {K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659',
    k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F'};
  const draw = (diagram, placement) => {
    const g = diagram && diagram.querySelector('svg g');
    const ranks = String(placement || '').split(' ')[0].split('/');
    if (!g || ranks.length !== 8) return false;
    g.textContent = '';
    ranks.forEach((row, i) => {
      let file = 0;
      for (const c of row) {
        if (c >= '1' && c <= '8') { file += Number(c); continue; }
        const t = document.createElementNS('http://www.w3.org/2000/svg', 'text');
        t.setAttribute('x', file + 0.5);
        t.setAttribute('y', i + 0.8);
        t.textContent = GLYPHS[c] || '';
        g.appendChild(t);
        file += 1;
      }
    });
    diagram.querySelector('svg').setAttribute('data-placement', ranks.join('/'));
    return true;
  };
  const apply = (e) => {
    const d = JSON.parse(e.data);
    if (String(d.round) !== round || String(d.group || 0) !== group) return;
    const box = document.getElementById('board-' + d.board);
    if (!box) return;
    const diagram = box.querySelector('.diagram-box');
    if (diagram && d.svg) diagram.innerHTML = d.svg;
    // A move without a diagram to draw it on: the page is loaded again, whole.
    else if (diagram && !draw(diagram, d.placement)) return reload();
    const moves = box.querySelector('.moves');
    if (moves) {
      // As the server writes them: `1. e4 e5 2. Nf3`, a Black move after a gap `2… Nc6`.
      const out = [];
      let previous = null;
      d.moves.forEach((m, i) => {
        const ply = d.move_plies[i];
        const n = Math.ceil(ply / 2);
        out.push(ply % 2 === 1 ? n + '. ' + m : previous === ply - 1 ? m : n + '\u2026 ' + m);
        previous = ply;
      });
      moves.textContent = out.slice(-8).join(' ');
    }
    const clocks = box.querySelector('.clocks');
    if (clocks) {
      // As DGT LiveChess shows a clock: h:mm:ss, the side to move marked; none without a clock.
      const c = d.clock;
      clocks.hidden = !c;
      if (c) {
        const hms = (s) => Math.floor(s / 3600) + ':' + String(Math.floor(s / 60) % 60).padStart(2, '0') +
          ':' + String(s % 60).padStart(2, '0');
        for (const side of ['white', 'black']) {
          const el = clocks.querySelector('.clock-' + side);
          if (!el) continue;
          el.textContent = hms(c[side + '_s']);
          el.classList.toggle('on-move', c.on_move === side);
        }
      }
    }
    box.dataset.plies = d.plies;
  };
  events.addEventListener('board', apply);
  events.addEventListener('move', apply);
  events.addEventListener('reload', reload);
  // A page left closes its stream: else the browser holds the connection for seconds to drain
  // it, and with six connections to a server, the desk's next page waited up to 5 s.
  window.addEventListener('pagehide', () => events.close());
  // Back to a page kept by the browser: its stream was closed, load it afresh.
  window.addEventListener('pageshow', (e) => { if (e.persisted) location.reload(); });
})();
