//! A quick proof that the reader skipped nothing in a game ([`plain_movetext`]): most games'
//! movetext is plain — move numbers, SAN moves, `!`/`?` marks, `{…}` comments, `$` NAGs and a
//! result, separated by spaces and line ends — and for such a movetext the step-by-step scan
//! of [`super::scan`] can only find nothing. A table-driven automaton (one addition and one
//! table lookup per byte, no branch that depends on the text) checks that, faster than the
//! scan (otb_35k, tags included: 42 ms where the scan takes 57 ms); anything it does not know (variations, `;` comments, castling with zeros, unusual dashes, a
//! token that is not plain SAN) sends the game to the scan.

/// Byte classes of the automaton.
mod class {
    pub const OTHER: u8 = 0;
    pub const SPACE: u8 = 1; // ' ', '\t'
    pub const CR: u8 = 2;
    pub const LF: u8 = 3;
    pub const FILE: u8 = 4; // a-h
    pub const RANK_EDGE: u8 = 5; // '8' ('1' has its own class)
    pub const RANK_MID: u8 = 6; // 2-7
    pub const ONE: u8 = 7; // '1': a rank, a move number, a result
    pub const ZERO: u8 = 8;
    pub const NINE: u8 = 9;
    pub const PIECE: u8 = 10; // N B R Q (a promotion piece too)
    pub const KING: u8 = 11;
    pub const TAKES: u8 = 12; // 'x'
    pub const EQUALS: u8 = 13;
    pub const CHECK: u8 = 14; // '+', '#'
    pub const CASTLE_O: u8 = 15; // 'O'
    pub const DASH: u8 = 16;
    pub const DOT: u8 = 17;
    pub const MARK: u8 = 18; // '!', '?'
    pub const OPEN_BRACE: u8 = 19;
    pub const CLOSE_BRACE: u8 = 20;
    pub const OPEN_BRACKET: u8 = 21;
    pub const STAR: u8 = 22;
    pub const SLASH: u8 = 23;
    pub const DOLLAR: u8 = 24;
    pub const COUNT: usize = 25;
}

/// States of the automaton. `REJECT` and `END` absorb.
mod state {
    // The states that stop or need a look at the next byte come first ([`SPECIAL`]).
    pub const REJECT: u8 = 0;
    pub const END: u8 = 1; // the game's end: a blank line or a line starting with '['
    pub const RES_HALF: u8 = 2; // "1/"
    pub const RES_HALF_2D1S: u8 = 3; // "1/2-1/"
    pub const SEP: u8 = 4; // between tokens
    pub const NL: u8 = 5; // after a line feed
    pub const NL_CR: u8 = 6; // after a line feed and a CR
    pub const COMMENT: u8 = 7;
    pub const NAG: u8 = 8;
    pub const NUM_ONE: u8 = 9; // '1' read: a move number or a result
    pub const NUM: u8 = 10; // digits of a move number
    pub const NUM_DOT: u8 = 11; // a move number's dots
    pub const RES_ONE_DASH: u8 = 12; // "1-"
    pub const RES_HALF_2: u8 = 13; // "1/2"
    pub const RES_HALF_2D: u8 = 14; // "1/2-"
    pub const RES_HALF_2D1: u8 = 15; // "1/2-1"
    pub const RES_ZERO: u8 = 16; // "0"
    pub const RES_ZERO_DASH: u8 = 17; // "0-"
    pub const RESULT: u8 = 18; // a whole result, or '*'
    pub const PAWN_FILE: u8 = 19; // "e"
    pub const PAWN_TAKES: u8 = 20; // "ex"
    pub const PAWN_TAKES_FILE: u8 = 21; // "exd"
    pub const PAWN_SQUARE: u8 = 22; // "e4", "exd5"
    pub const PAWN_EDGE: u8 = 23; // "e8", "exd1": may promote
    pub const PAWN_EQUALS: u8 = 24; // "e8="
    pub const PAWN_PROMOTED: u8 = 25; // "e8=Q"
    pub const PIECE_LETTER: u8 = 26; // "N"
    pub const PIECE_FILE: u8 = 27; // "Nb"
    pub const PIECE_RANK: u8 = 28; // "N1"
    pub const PIECE_SQUARE: u8 = 29; // "Nf3" (a move, or the hint of "Nf3e5")
    pub const PIECE_TAKES: u8 = 30; // "Nx", "Nbx", "N1x", "Nf3x"
    pub const PIECE_TO_FILE: u8 = 31; // "Nbd", "Nxd"
    pub const PIECE_DONE: u8 = 32; // "Nbd7", "Nxd7", "Ng1f3"
    pub const CASTLE_1: u8 = 33; // "O"
    pub const CASTLE_2: u8 = 34; // "O-"
    pub const CASTLE_SHORT: u8 = 35; // "O-O"
    pub const CASTLE_4: u8 = 36; // "O-O-"
    pub const CASTLE_LONG: u8 = 37; // "O-O-O"
    pub const CHECKED: u8 = 38; // a SAN and its '+' or '#'
    pub const MARK_1: u8 = 39; // "!"
    pub const MARK_2: u8 = 40; // "!?"
    /// States below this one: the end, a refusal, or a result's '/' (whose next byte must be
    /// '2').
    pub const SPECIAL: u8 = 4;
    pub const COUNT: usize = 41;
}

const fn byte_classes() -> [u8; 256] {
    let mut t = [class::OTHER; 256];
    t[b' ' as usize] = class::SPACE;
    t[b'\t' as usize] = class::SPACE;
    t[b'\r' as usize] = class::CR;
    t[b'\n' as usize] = class::LF;
    let mut b = b'a';
    while b <= b'h' {
        t[b as usize] = class::FILE;
        b += 1;
    }
    let mut b = b'2';
    while b <= b'7' {
        t[b as usize] = class::RANK_MID;
        b += 1;
    }
    t[b'8' as usize] = class::RANK_EDGE;
    t[b'1' as usize] = class::ONE;
    t[b'0' as usize] = class::ZERO;
    t[b'9' as usize] = class::NINE;
    t[b'N' as usize] = class::PIECE;
    t[b'B' as usize] = class::PIECE;
    t[b'R' as usize] = class::PIECE;
    t[b'Q' as usize] = class::PIECE;
    t[b'K' as usize] = class::KING;
    t[b'x' as usize] = class::TAKES;
    t[b'=' as usize] = class::EQUALS;
    t[b'+' as usize] = class::CHECK;
    t[b'#' as usize] = class::CHECK;
    t[b'O' as usize] = class::CASTLE_O;
    t[b'-' as usize] = class::DASH;
    t[b'.' as usize] = class::DOT;
    t[b'!' as usize] = class::MARK;
    t[b'?' as usize] = class::MARK;
    t[b'{' as usize] = class::OPEN_BRACE;
    t[b'}' as usize] = class::CLOSE_BRACE;
    t[b'[' as usize] = class::OPEN_BRACKET;
    t[b'*' as usize] = class::STAR;
    t[b'/' as usize] = class::SLASH;
    t[b'$' as usize] = class::DOLLAR;
    t
}

/// The byte classes.
static CLASSES: [u8; 256] = byte_classes();

type Table = [[u8; class::COUNT]; state::COUNT];

/// `table[from][c] = to` for each class `c` of `classes`.
const fn on(mut table: Table, from: u8, classes: &[u8], to: u8) -> Table {
    let mut i = 0;
    while i < classes.len() {
        table[from as usize][classes[i] as usize] = to;
        i += 1;
    }
    table
}

/// Where a token may end: a space, a line end, a comment.
const fn token_ends(mut t: Table, from: u8) -> Table {
    t = on(t, from, &[class::SPACE, class::CR], state::SEP);
    t = on(t, from, &[class::LF], state::NL);
    on(t, from, &[class::OPEN_BRACE], state::COMMENT)
}

/// Where a whole SAN has been read: a check mark, a `!`/`?` mark or the token's end may follow.
const fn san_ends(mut t: Table, from: u8) -> Table {
    t = on(t, from, &[class::CHECK], state::CHECKED);
    t = on(t, from, &[class::MARK], state::MARK_1);
    token_ends(t, from)
}

/// What may start a token (between tokens, or at the start of a line).
const fn token_starts(mut t: Table, from: u8) -> Table {
    use class::*;
    t = on(t, from, &[SPACE, CR], state::SEP);
    t = on(t, from, &[LF], state::NL);
    t = on(t, from, &[FILE], state::PAWN_FILE);
    t = on(t, from, &[PIECE, KING], state::PIECE_LETTER);
    t = on(t, from, &[CASTLE_O], state::CASTLE_1);
    t = on(t, from, &[ONE], state::NUM_ONE);
    t = on(t, from, &[RANK_MID, RANK_EDGE, NINE], state::NUM);
    t = on(t, from, &[ZERO], state::RES_ZERO);
    t = on(t, from, &[STAR], state::RESULT);
    t = on(t, from, &[OPEN_BRACE], state::COMMENT);
    t = on(t, from, &[DOLLAR], state::NAG);
    on(t, from, &[MARK], state::MARK_1)
}

const fn transitions() -> Table {
    use class::*;
    use state::*;
    const RANKS: [u8; 3] = [ONE, RANK_EDGE, RANK_MID];
    const DIGITS: [u8; 5] = [ONE, RANK_EDGE, RANK_MID, ZERO, NINE];
    let mut t: Table = [[REJECT; class::COUNT]; state::COUNT];
    let mut c = 0;
    while c < class::COUNT {
        t[END as usize][c] = END;
        t[COMMENT as usize][c] = COMMENT;
        c += 1;
    }
    t = on(t, COMMENT, &[CLOSE_BRACE], SEP);
    t = token_starts(t, SEP);
    // After a line feed: a blank line or a tag ends the game (a '%' escape line goes to the
    // scan).
    t = token_starts(t, NL);
    t = on(t, NL, &[OPEN_BRACKET, LF], END);
    t = on(t, NL, &[CR], NL_CR);
    t = on(t, NL_CR, &[LF], END);
    // NAG: '$' and digits.
    t = on(t, NAG, &DIGITS, NAG);
    t = on(t, NAG, &[SPACE, CR], SEP);
    t = on(t, NAG, &[LF], NL);
    // Move numbers; "1-0", "1/2-1/2", "0-1".
    t = on(t, NUM_ONE, &DIGITS, NUM);
    t = on(t, NUM_ONE, &[DOT], NUM_DOT);
    t = on(t, NUM_ONE, &[SPACE, CR], SEP);
    t = on(t, NUM_ONE, &[LF], NL);
    t = on(t, NUM_ONE, &[DASH], RES_ONE_DASH);
    t = on(t, NUM_ONE, &[SLASH], RES_HALF);
    t = on(t, NUM, &DIGITS, NUM);
    t = on(t, NUM, &[DOT], NUM_DOT);
    t = on(t, NUM, &[SPACE, CR], SEP);
    t = on(t, NUM, &[LF], NL);
    t = on(t, NUM_DOT, &[DOT], NUM_DOT);
    t = on(t, NUM_DOT, &[FILE], PAWN_FILE);
    t = on(t, NUM_DOT, &[PIECE, KING], PIECE_LETTER);
    t = on(t, NUM_DOT, &[CASTLE_O], CASTLE_1);
    t = token_ends(t, NUM_DOT);
    t = on(t, RES_ONE_DASH, &[ZERO], RESULT);
    t = on(t, RES_HALF, &[RANK_MID], RES_HALF_2); // '2' (checked below)
    t = on(t, RES_HALF_2, &[DASH], RES_HALF_2D);
    t = on(t, RES_HALF_2D, &[ONE], RES_HALF_2D1);
    t = on(t, RES_HALF_2D1, &[SLASH], RES_HALF_2D1S);
    t = on(t, RES_HALF_2D1S, &[RANK_MID], RESULT); // '2' (checked below)
    t = on(t, RES_ZERO, &[DASH], RES_ZERO_DASH);
    t = on(t, RES_ZERO_DASH, &[ONE], RESULT);
    t = token_ends(t, RESULT);
    // Pawn moves: "e4", "exd5", "e8=Q", "exd8=N".
    t = on(t, PAWN_FILE, &[ONE, RANK_EDGE], PAWN_EDGE);
    t = on(t, PAWN_FILE, &[RANK_MID], PAWN_SQUARE);
    t = on(t, PAWN_FILE, &[TAKES], PAWN_TAKES);
    t = on(t, PAWN_TAKES, &[FILE], PAWN_TAKES_FILE);
    t = on(t, PAWN_TAKES_FILE, &[ONE, RANK_EDGE], PAWN_EDGE);
    t = on(t, PAWN_TAKES_FILE, &[RANK_MID], PAWN_SQUARE);
    t = san_ends(t, PAWN_SQUARE);
    t = san_ends(t, PAWN_EDGE);
    t = on(t, PAWN_EDGE, &[EQUALS], PAWN_EQUALS);
    t = on(t, PAWN_EQUALS, &[PIECE], PAWN_PROMOTED);
    t = san_ends(t, PAWN_PROMOTED);
    // Piece moves: "Nf3", "Nbd7", "R1e2", "Qh4xe1", "Kxe2".
    t = on(t, PIECE_LETTER, &[FILE], PIECE_FILE);
    t = on(t, PIECE_LETTER, &RANKS, PIECE_RANK);
    t = on(t, PIECE_LETTER, &[TAKES], PIECE_TAKES);
    t = on(t, PIECE_FILE, &RANKS, PIECE_SQUARE);
    t = on(t, PIECE_FILE, &[FILE], PIECE_TO_FILE);
    t = on(t, PIECE_FILE, &[TAKES], PIECE_TAKES);
    t = on(t, PIECE_RANK, &[FILE], PIECE_TO_FILE);
    t = on(t, PIECE_RANK, &[TAKES], PIECE_TAKES);
    t = on(t, PIECE_SQUARE, &[FILE], PIECE_TO_FILE);
    t = on(t, PIECE_SQUARE, &[TAKES], PIECE_TAKES);
    t = san_ends(t, PIECE_SQUARE);
    t = on(t, PIECE_TAKES, &[FILE], PIECE_TO_FILE);
    t = on(t, PIECE_TO_FILE, &RANKS, PIECE_DONE);
    t = san_ends(t, PIECE_DONE);
    // Castling with letters.
    t = on(t, CASTLE_1, &[DASH], CASTLE_2);
    t = on(t, CASTLE_2, &[CASTLE_O], CASTLE_SHORT);
    t = san_ends(t, CASTLE_SHORT);
    t = on(t, CASTLE_SHORT, &[DASH], CASTLE_4);
    t = on(t, CASTLE_4, &[CASTLE_O], CASTLE_LONG);
    t = san_ends(t, CASTLE_LONG);
    // A check mark, then `!`/`?` marks (at most two, as the reader reads them as one NAG).
    t = on(t, CHECKED, &[MARK], MARK_1);
    t = token_ends(t, CHECKED);
    t = on(t, MARK_1, &[MARK], MARK_2);
    t = token_ends(t, MARK_1);
    token_ends(t, MARK_2)
}

/// Row width of [`FLAT`]: the class count rounded up to a power of two.
const ROW: usize = 32;

/// The transitions, flat and premultiplied: `FLAT[s * ROW + class] = next * ROW`, so that each
/// byte costs one addition and one load on the chain from state to state.
static FLAT: [u16; state::COUNT * ROW] = {
    let table = transitions();
    let mut flat = [0u16; state::COUNT * ROW];
    let mut s = 0;
    while s < state::COUNT {
        let mut c = 0;
        while c < class::COUNT {
            flat[s * ROW + c] = table[s][c] as u16 * ROW as u16;
            c += 1;
        }
        s += 1;
    }
    flat
};

/// The states where the text may end without a token left unread: between tokens, after a
/// whole token, inside a comment (the reader reads an unclosed comment to the end).
fn may_end_in(s: u8) -> bool {
    use state::*;
    matches!(
        s,
        END | SEP
            | NL
            | NL_CR
            | COMMENT
            | NAG
            | NUM_ONE
            | NUM
            | NUM_DOT
            | RESULT
            | PAWN_SQUARE
            | PAWN_EDGE
            | PAWN_PROMOTED
            | PIECE_SQUARE
            | PIECE_DONE
            | CASTLE_SHORT
            | CASTLE_LONG
            | CHECKED
            | MARK_1
            | MARK_2
    )
}

/// True when the movetext that starts at `text[0]` (right after a game's tags) is plain up to
/// the game's end (a blank line, a line starting with `[`, or the end of `text`): then the
/// reader skips none of its main-line tokens, and [`super::unreadable_tokens`] has nothing to
/// find. `false` means "not shown" (the scan decides), never "a token was skipped".
pub(super) fn plain_movetext(text: &[u8]) -> bool {
    // The scan starts reading the movetext at a token (whitespace and tags skipped).
    let mut at = usize::from(state::SEP) * ROW;
    for (i, &b) in text.iter().enumerate() {
        at = usize::from(FLAT[at + usize::from(CLASSES[usize::from(b)])]);
        // One comparison per byte (a `match` here became a jump per byte).
        if at < usize::from(state::SPECIAL) * ROW {
            match (at / ROW) as u8 {
                state::END => return true,
                state::REJECT => return false,
                // The two `2`s of "1/2-1/2" share their class with the other middle ranks:
                // the byte after each '/' of a result is checked here.
                _ if text.get(i + 1) != Some(&b'2') => return false,
                _ => {}
            }
        }
    }
    may_end_in((at / ROW) as u8)
}
