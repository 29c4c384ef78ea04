// The desk's pages' script. Everything works without it; it only saves clicks.

// The print button of the sheets.
for (const b of document.querySelectorAll('[data-print]'))
  b.addEventListener('click', () => window.print());

// The position editor (/rounds/N/position): a piece chosen from the palette, then a square
// clicked puts it there (the same piece clicked again empties the square); the FEN field is
// kept in step with the grid, the side to move and the castling rights, and typing a FEN sets
// the grid up. The server reads only the FEN field.
(() => {
  const form = document.getElementById('position-editor');
  if (!form) return;
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const EMPTY = '8/8/8/8/8/8/8/8 w - - 0 1';
  const GLYPH = { K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659',
                  k: '\u265A', q: '\u265B', r: '\u265C', b: '\u265D', n: '\u265E', p: '\u265F' };
  const squares = {};
  for (const s of form.querySelectorAll('#editor-board [data-square]')) squares[s.dataset.square] = s;
  const palette = [...form.querySelectorAll('#palette [data-piece]')];
  const fen = form.querySelector('#editor-fen');
  const castle = {};
  for (const c of form.querySelectorAll('#castling input')) castle[c.value] = c;
  // Castling needs the king and the rook on their squares (Laws 3.8.2).
  const HOME = { K: ['e1', 'K', 'h1', 'R'], Q: ['e1', 'K', 'a1', 'R'],
                 k: ['e8', 'k', 'h8', 'r'], q: ['e8', 'k', 'a8', 'r'] };
  let chosen = palette.length ? palette[0].dataset.piece : '';

  const put = (name, piece) => {
    const s = squares[name];
    s.dataset.piece = piece;
    s.textContent = GLYPH[piece] || '';
  };
  const placement = () => {
    const rows = [];
    for (let rank = 8; rank >= 1; rank--) {
      let row = '', empty = 0;
      for (const file of 'abcdefgh') {
        const piece = squares[file + rank].dataset.piece;
        if (piece) { if (empty) row += empty; row += piece; empty = 0; } else empty++;
      }
      if (empty) row += empty;
      rows.push(row);
    }
    return rows.join('/');
  };
  const write = () => {
    let rights = '';
    for (const c of 'KQkq') {
      const [ks, k, rs, r] = HOME[c];
      const possible = squares[ks].dataset.piece === k && squares[rs].dataset.piece === r;
      castle[c].disabled = !possible;
      if (!possible) castle[c].checked = false;
      if (castle[c].checked) rights += c;
    }
    const turn = form.querySelector('input[name=turn]:checked');
    fen.value = `${placement()} ${turn ? turn.value : 'w'} ${rights || '-'} - 0 1`;
  };
  // Sets the grid up from a FEN; false (and nothing changed) when its placement is not one.
  const read = (text) => {
    const fields = text.trim().split(/\s+/);
    const rows = (fields[0] || '').split('/');
    if (rows.length !== 8) return false;
    const grid = {};
    for (let i = 0; i < 8; i++) {
      let file = 0;
      for (const ch of rows[i]) {
        if (/[1-8]/.test(ch)) file += Number(ch);
        else if (GLYPH[ch] && file < 8) grid['abcdefgh'[file++] + (8 - i)] = ch;
        else return false;
      }
      if (file !== 8) return false;
    }
    for (const name in squares) put(name, grid[name] || '');
    const turn = form.querySelector(`input[name=turn][value=${fields[1] === 'b' ? 'b' : 'w'}]`);
    if (turn) turn.checked = true;
    for (const c of 'KQkq') castle[c].checked = (fields[2] || '').includes(c);
    return true;
  };

  for (const p of palette) {
    p.addEventListener('click', () => {
      chosen = p.dataset.piece;
      for (const q of palette) {
        q.classList.toggle('chosen', q === p);
        q.setAttribute('aria-pressed', q === p ? 'true' : 'false');
      }
    });
  }
  for (const name in squares) {
    squares[name].addEventListener('click', () => {
      put(name, squares[name].dataset.piece === chosen ? '' : chosen);
      write();
    });
  }
  form.querySelector('#start-position').addEventListener('click', () => { read(START); write(); });
  form.querySelector('#empty-board').addEventListener('click', () => { read(EMPTY); write(); });
  for (const i of form.querySelectorAll('#to-move input, #castling input')) i.addEventListener('change', write);
  fen.addEventListener('input', () => read(fen.value));
  form.addEventListener('submit', () => { if (read(fen.value)) write(); });
  write();
})();

// Results typed on the round page («4 1-0» and Enter): sent without leaving the page, the
// round's page as the desk answers it put in place of this one (its results, what is missing,
// the button of the next round), the field emptied and focused for the next board. A refusal
// (a board that has another result, a typo) is shown beside the field, the entry kept to fix.
document.addEventListener('submit', async (e) => {
  const form = e.target;
  if (form.id !== 'quick-entry' || !window.fetch || !window.DOMParser) return;
  e.preventDefault();
  const status = form.querySelector('#quick-entry-status');
  const field = form.querySelector('#quick-entry-field');
  const entry = field.value;
  let answer, html;
  try {
    answer = await fetch(form.action, {
      method: 'POST', credentials: 'same-origin',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(new FormData(form)),
    });
    html = await answer.text();
  } catch (err) {
    form.submit();  // no answer: the ordinary way, which shows what happened
    return;
  }
  const page = new DOMParser().parseFromString(html, 'text/html');
  const main = document.querySelector('main');
  const theirs = page.querySelector('main');
  if (answer.ok && theirs && page.getElementById('pairings')) {
    main.replaceWith(document.importNode(theirs, true));
    const url = new URL(answer.url, location.href);
    history.replaceState(null, '', url.pathname + url.search);
    const again = document.getElementById('quick-entry-field');
    const said = document.getElementById('quick-entry-status');
    if (said) said.textContent = `${form.dataset.recorded || ''} ${entry}`.trim();
    if (again) again.focus();
    return;
  }
  const why = theirs && (theirs.querySelector('.error, .warning, p') || theirs);
  status.textContent = why ? why.textContent.trim() : String(answer.status);
  status.className = 'error';
  field.select();
});
