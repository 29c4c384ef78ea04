//! The main-line tokens pgn-reader skips without a word ([`unreadable_tokens`]): a scan that
//! follows the reader's own reading step by step, so that a record's unreadable moves can be
//! reported where they stand.

use pgn_reader::SanPlus;

/// A main-line token that pgn-reader 0.29 skipped without a word: it reads moves, move
/// numbers, comments, `$` NAGs, `!`/`?` marks and results, and drops anything else (e.g.
/// `Nf3Nc6` written without a space, `Qxf7mate`, `N(b1)d2`), reading on as if the token were
/// not there. [`unreadable_tokens`] finds them again. Evaluation marks written as text (`+-`,
/// `=`, `N`) are dropped too, but never hide a move, so they are not reported.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnreadableToken {
    /// Byte offset of the token from the start of the game's text.
    pub offset: usize,
    /// The token as written (invalid UTF-8 replaced by U+FFFD).
    pub text: String,
    /// Main-line moves the reader read before it (so it stands where ply `moves_before + 1`
    /// would be).
    pub moves_before: usize,
}

/// The main-line tokens of the game that starts at `text[0]` (a game boundary, as
/// [`PgnGame::offset`](super::PgnGame::offset) gives) that pgn-reader skips silently, in order. The game's text ends
/// where the reader ends it (a blank line, or a line starting with `[`, outside comments), so
/// `text` may run on into later games.
///
/// It follows pgn-reader 0.29's own reading step by step (tags, then movetext: comments,
/// `;` and `%` lines, variations skipped, move numbers, `$` and `!?` annotations, results,
/// castling with zeros), so a token is reported exactly when the reader found no SAN in it or
/// found one not followed by the end of the token. Costs one pass over the game's bytes: a
/// table-driven check for a plain movetext (move numbers, plain SAN, marks, comments, NAGs, a
/// result), which settles most games (otb_35k: 42 ms where the scan takes 57 ms), and the
/// step-by-step scan for the rest. `arbiter replay` calls it for every game (a token the reader skipped stops judging
/// where it stands).
pub fn unreadable_tokens(text: &[u8]) -> Vec<UnreadableToken> {
    let mut scan = Scan { text, at: 0 };
    // Most games' movetext is plain, which proves there is nothing to find.
    if !scan.skip_to_movetext() || super::plain::plain_movetext(scan.rest()) {
        return Vec::new();
    }
    scan_movetext(scan).1
}

/// The number of main-line SAN moves the reader reads from the game at `text[0]`, and the
/// tokens it skips (the tests compare the count with the reader's).
#[cfg(test)]
fn scan_main_line(text: &[u8]) -> (usize, Vec<UnreadableToken>) {
    let mut scan = Scan { text, at: 0 };
    if !scan.skip_to_movetext() {
        return (0, Vec::new());
    }
    scan_movetext(scan)
}

/// [`scan_main_line`] from the first byte of the movetext on.
fn scan_movetext(mut scan: Scan<'_>) -> (usize, Vec<UnreadableToken>) {
    let text = scan.text;
    let mut found = Vec::new();
    let mut moves = 0;
    // The end of the last token reported, so that a token is reported once.
    let mut reported_until = 0;
    while let Some(ch) = scan.peek() {
        let start = scan.at;
        scan.at += 1;
        match ch {
            b'{' => scan.skip_past(b'}'),
            b';' => scan.skip_to(b'\n'),
            b'\n' => match scan.peek() {
                Some(b'%') => scan.skip_to(b'\n'),
                Some(b'[' | b'\n') => break,
                Some(b'\r') => {
                    scan.at += 1;
                    if scan.peek() == Some(b'\n') {
                        break;
                    }
                }
                _ => {}
            },
            b'0' => {
                // `0-1`, or castling written with zeros (`0-0`, `0-0-0`).
                if scan.eat_dash() && !scan.eat(b"1") && scan.eat(b"0") {
                    if scan.eat_dash() {
                        scan.eat(b"0");
                    }
                    if matches!(scan.peek(), Some(b'+' | b'#')) {
                        scan.at += 1;
                    }
                    moves += 1;
                }
            }
            b'1' => {
                // As the reader: a `1/2-` not followed by `1/2` falls through to a move
                // number (digits, dots and spaces skipped).
                if scan.eat_dash() {
                    scan.eat(b"0");
                } else if !(scan.eat(b"/2") && scan.eat_dash() && scan.eat(b"1/2")) {
                    scan.skip_move_number();
                }
            }
            b'\xc2' => {
                if scan.eat(b"\xbd") && scan.eat_dash() {
                    scan.eat("½".as_bytes());
                }
            }
            b'2'..=b'9' => scan.skip_move_number(),
            b'(' => scan.skip_variation(),
            b'$' => scan.skip_token(),
            b'!' | b'?' => {
                if matches!(scan.peek(), Some(b'!' | b'?')) {
                    scan.at += 1;
                }
            }
            b')' | b'*' | b' ' | b'\t' | b'\r' | b'.' => {}
            _ => {
                let rest = text.get(start..).unwrap_or_default();
                // "e.p." after an en passant capture is an old annotation, not a move.
                if rest.starts_with(b"e.p.") {
                    scan.at = start + 4;
                    continue;
                }
                // The reader reads a SAN only when the end of the token follows it; otherwise
                // it drops it and reads on after it (so `Nf3Nc6` loses `Nf3`, keeps `Nc6`).
                // Without a SAN it skips to the end of the token.
                let end = token_end(text, start + 1);
                if is_plain_san(text.get(start..end).unwrap_or_default()) {
                    scan.at = end;
                    moves += 1;
                    continue;
                }
                match SanPlus::from_ascii_prefix(rest) {
                    Ok((_, len)) if text.get(start + len).is_none_or(|&b| is_token_end(b)) => {
                        scan.at = start + len;
                        moves += 1;
                        continue;
                    }
                    Ok((_, len)) => scan.at = start + len,
                    Err(_) => scan.at = end,
                }
                let token = text.get(start..end).unwrap_or_default();
                let next = text.get(end).copied();
                if start >= reported_until && !is_evaluation_glyph(token, next) {
                    found.push(UnreadableToken {
                        offset: start,
                        text: String::from_utf8_lossy(token).into_owned(),
                        moves_before: moves,
                    });
                    reported_until = end;
                }
            }
        }
    }
    (moves, found)
}

pub(super) use crate::laws::san::promotion_without_equals;

/// An evaluation or novelty mark written as text (`+-`, `=`, `+/=`… in ASCII; `N` or `TN`
/// standing alone, `next` being the byte after it), or a detached `+` / `#`: the reader skips
/// these too, but they never hide a move, so they are not reported. (`N(b1)d2` is a knight move
/// the reader drops, and is reported.)
fn is_evaluation_glyph(token: &[u8], next: Option<u8>) -> bool {
    ((token == b"N" || token == b"TN") && next.is_none_or(|b| b.is_ascii_whitespace()))
        || (!token.is_empty() && token.iter().all(|b| b"+-=/~#".contains(b)))
}

/// pgn-reader's end of a movetext token.
fn is_token_end(byte: u8) -> bool {
    TOKEN_END[usize::from(byte)]
}

/// [`is_token_end`] as a table (the scan asks it of nearly every byte of a game).
const TOKEN_END: [bool; 256] = {
    let mut table = [false; 256];
    let ends = b" \t\n\r{}()!?$;.*";
    let mut i = 0;
    while i < ends.len() {
        table[ends[i] as usize] = true;
        i += 1;
    }
    table
};

/// A whole token that is a SAN in its most common forms (`e4`, `exd5`, `e8=Q`, `Nf3`, `Nbd7`,
/// `R1e2`, `Qh4xe1`, `O-O-O`, each with an optional `+` or `#`): the fast way through the scan.
/// Every token it accepts, `SanPlus::from_ascii_prefix` reads in full (tested); anything else
/// goes to shakmaty.
fn is_plain_san(token: &[u8]) -> bool {
    let core = match token {
        [rest @ .., b'+' | b'#'] => rest,
        _ => token,
    };
    let file = |b: &u8| matches!(b, b'a'..=b'h');
    let rank = |b: &u8| matches!(b, b'1'..=b'8');
    let piece = |b: &u8| matches!(b, b'N' | b'B' | b'R' | b'Q' | b'K');
    let promotion =
        |r: &u8, p: &u8| matches!(r, b'1' | b'8') && matches!(p, b'N' | b'B' | b'R' | b'Q');
    match core {
        b"O-O" | b"O-O-O" => true,
        [f, r] => file(f) && rank(r),
        [f, r, b'=', p] => file(f) && promotion(r, p),
        [a, b'x', f, r] => (file(a) || piece(a)) && file(f) && rank(r),
        [a, b'x', f, r, b'=', p] => file(a) && file(f) && promotion(r, p),
        [p, f, r] => piece(p) && file(f) && rank(r),
        [p, h, f, r] => piece(p) && (file(h) || rank(h)) && file(f) && rank(r),
        [p, h, b'x', f, r] => piece(p) && (file(h) || rank(h)) && file(f) && rank(r),
        [p, hf, hr, f, r] => piece(p) && file(hf) && rank(hr) && file(f) && rank(r),
        [p, hf, hr, b'x', f, r] => piece(p) && file(hf) && rank(hr) && file(f) && rank(r),
        _ => false,
    }
}

/// Where the token that goes on at `text[from]` ends: the first token end at or after `from`,
/// or the end of `text`.
fn token_end(text: &[u8], from: usize) -> usize {
    text.get(from..)
        .and_then(|rest| rest.iter().position(|&b| is_token_end(b)))
        .map_or(text.len(), |i| from + i)
}

/// A cursor over a game's bytes, stepping as pgn-reader does.
struct Scan<'a> {
    text: &'a [u8],
    at: usize,
}

impl Scan<'_> {
    /// From the start of a game past its byte-order mark, whitespace and tags, to the first
    /// byte of its movetext; `false` on an unterminated tag (the reader reports that game as an
    /// error).
    fn skip_to_movetext(&mut self) -> bool {
        self.eat(b"\xef\xbb\xbf");
        self.skip_whitespace(true);
        self.skip_tags()
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.at).copied()
    }

    fn rest(&self) -> &[u8] {
        self.text.get(self.at..).unwrap_or_default()
    }

    fn eat(&mut self, bytes: &[u8]) -> bool {
        let found = self.rest().starts_with(bytes);
        if found {
            self.at += bytes.len();
        }
        found
    }

    fn eat_dash(&mut self) -> bool {
        self.eat(b"-") || self.eat("–".as_bytes()) || self.eat("—".as_bytes())
    }

    /// To `needle` (not consumed), or to the end.
    fn skip_to(&mut self, needle: u8) {
        self.at = memchr::memchr(needle, self.rest()).map_or(self.text.len(), |i| self.at + i);
    }

    /// Past `needle`, or to the end.
    fn skip_past(&mut self, needle: u8) {
        self.skip_to(needle);
        self.at = (self.at + 1).min(self.text.len());
    }

    fn skip_token(&mut self) {
        self.at = token_end(self.text, self.at);
    }

    fn skip_move_number(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.at += 1;
        }
        while matches!(self.peek(), Some(b'.' | b' ')) {
            self.at += 1;
        }
    }

    fn skip_whitespace(&mut self, mut new_line: bool) {
        while let Some(ch) = self.peek() {
            match ch {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'\n' => {
                    new_line = true;
                    self.at += 1;
                }
                b'%' if new_line => self.skip_past(b'\n'),
                _ => return,
            }
        }
    }

    fn skip_ket(&mut self) {
        while let Some(ch) = self.peek() {
            match ch {
                b' ' | b'\t' | b'\r' => self.at += 1,
                b']' => {
                    self.at += 1;
                    return self.skip_whitespace(false);
                }
                b'\n' => {
                    self.at += 1;
                    return self.skip_whitespace(true);
                }
                _ => return,
            }
        }
    }

    /// The tag section; `false` on an unterminated tag (the reader reports that game as an
    /// error).
    fn skip_tags(&mut self) -> bool {
        while self.peek() == Some(b'[') {
            self.at += 1;
            match memchr::memchr3(b'"', b'\n', b']', self.rest()) {
                Some(i) if self.rest().get(i) == Some(&b'"') => {
                    self.at += i + 1;
                    loop {
                        match memchr::memchr3(b'\\', b'"', b'\n', self.rest()) {
                            Some(j) if self.rest().get(j) == Some(&b'"') => {
                                self.at += j + 1;
                                break;
                            }
                            Some(j) if self.rest().get(j) == Some(&b'\n') => {
                                self.at += j;
                                break;
                            }
                            Some(j) => self.at = (self.at + j + 2).min(self.text.len()),
                            None => return false,
                        }
                    }
                }
                Some(i) => self.at += i + 1,
                None => return false,
            }
            self.skip_ket();
        }
        true
    }

    /// A variation, from after its `(` to its `)` (not consumed, as the reader leaves it).
    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while let Some(ch) = self.peek() {
            match ch {
                b'(' => depth += 1,
                b')' => match depth.checked_sub(1) {
                    Some(d) => depth = d,
                    None => return,
                },
                b'{' => {
                    self.at += 1;
                    self.skip_past(b'}');
                    continue;
                }
                b';' => {
                    self.at += 1;
                    self.skip_to(b'\n');
                    continue;
                }
                b'\n' => match self.text.get(self.at + 1).copied() {
                    Some(b'%') => {
                        self.at += 2;
                        self.skip_to(b'\n');
                        continue;
                    }
                    Some(b'[' | b'\n') => return,
                    Some(b'\r') if self.text.get(self.at + 2) == Some(&b'\n') => return,
                    _ => {}
                },
                _ => {}
            }
            self.at += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::plain::plain_movetext;
    use super::super::{PgnGame, PgnReader};
    use super::*;

    /// Every game of `bytes`, with its text from its offset on.
    fn games_with_text(bytes: &[u8]) -> Vec<(PgnGame, &[u8])> {
        PgnReader::new(bytes)
            .filter_map(Result::ok)
            .map(|g| {
                let text = &bytes[g.offset as usize..];
                (g, text)
            })
            .collect()
    }

    #[test]
    fn the_plain_san_short_cut_accepts_common_moves_and_rejects_the_rest() {
        for t in [
            "e4", "exd5", "e8=Q", "bxa1=N#", "Nf3", "Nbd7", "R1e2", "Qh4xe1", "O-O-O+", "Kxe2",
            "Rxe8#",
        ] {
            assert!(is_plain_san(t.as_bytes()), "{t}");
        }
        for t in [
            "", "e", "e9", "i4", "e4e5", "Nf3Nc6", "e8Q", "e5=Q", "e8=K", "Pe4", "0-0", "O-O-O-O",
            "Qxf7mate", "N(b1)d2", "+-", "Zz9", "nf3",
        ] {
            assert!(!is_plain_san(t.as_bytes()), "{t}");
        }
    }

    proptest::proptest! {
        /// The short cut never reads a token shakmaty would not read whole: a token it accepts
        /// is a SAN to its last byte for `SanPlus::from_ascii_prefix`.
        #[test]
        fn a_plain_san_is_read_whole_by_shakmaty(
            token in "(O-O(-O)?|[a-hNBRQKP]?[a-h1-9]?[a-h1-8]?x?[a-i][0-9](=[NBRQKP])?|[a-hNBRQKOPx=+#1-9-]{1,7})[+#]?"
        ) {
            if is_plain_san(token.as_bytes()) {
                let read = SanPlus::from_ascii_prefix(token.as_bytes()).ok().map(|(_, len)| len);
                proptest::prop_assert_eq!(read, Some(token.len()), "{}", token);
            }
        }
    }

    #[test]
    #[ignore = "needs ../shared"]
    fn the_scan_reads_as_many_moves_as_the_reader_on_real_games() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/data/pgn");
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{dir}: {e}"));
        let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
        files.extend(
            std::fs::read_dir(format!("{dir}/edge"))
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path()),
        );
        let (mut games, mut tokens, mut plain) = (0, 0, 0);
        for path in files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "pgn"))
        {
            let bytes = std::fs::read(path).unwrap();
            for (game, text) in games_with_text(&bytes) {
                let (moves, found) = scan_main_line(text);
                assert_eq!(
                    moves,
                    game.moves.len(),
                    "{} game {}",
                    path.display(),
                    game.index + 1
                );
                // The quick proof agrees: a plain movetext has nothing to find.
                let mut scan = Scan { text, at: 0 };
                if scan.skip_to_movetext() && plain_movetext(scan.rest()) {
                    assert!(
                        found.is_empty(),
                        "{} game {}",
                        path.display(),
                        game.index + 1
                    );
                    plain += 1;
                }
                assert_eq!(unreadable_tokens(text), found);
                games += 1;
                tokens += found.len();
                for t in &found {
                    eprintln!("{} game {}: {t:?}", path.display(), game.index + 1);
                }
            }
        }
        eprintln!("{games} games ({plain} plain), {tokens} unreadable tokens");
        assert!(games > 5000, "{games}");
        // Most real games take the quick way (the shared files have many with variations).
        assert!(plain * 2 > games, "{plain} of {games}");
    }

    #[test]
    fn plain_movetexts_are_recognised_and_odd_ones_left_to_the_scan() {
        for (movetext, plain) in [
            ("1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 1-0\n\n[Event", true),
            (
                "1. e4 {a {b} c5 2. O-O-O+ Nbd7?! 3. exd8=Q# $1 1/2-1/2\n",
                true,
            ),
            ("12... Ng1xf3 0-1\r\n\r\n[Event", true),
            ("1. e4 *", true),
            ("1. e4 c5 2. Nf3", true),
            ("1. e4 {unclosed", true),
            ("1. e4 Nf3Nc6", false),
            ("1. e4e5", false),
            ("1. 0-0", false),
            ("1. d4 (1. e4) d5", false),
            ("1. e4 Qxf7mate", false),
            ("1. e4 N", false),
            ("1. e4 +-", false),
            ("1. e4 e8Q", false),
            ("1. e4 1/3-1/2", false),
            ("1. e4 Nf", false),
            ("1. e4 ; comment\n", false),
            ("1. e4\n%escape\n", false),
        ] {
            assert_eq!(plain_movetext(movetext.as_bytes()), plain, "{movetext:?}");
        }
    }

    /// Pieces of movetext, plain and odd, for the tests of the quick proof.
    const PIECES: [&str; 57] = [
        "1.", "12...", "1", "e4", "exd5", "e8=Q", "Nf3", "Nbd7", "R1e2", "Qh4xe1", "O-O", "O-O-O",
        "+", "#", "!", "?!", "!!!", " ", "\n", "\r", "\t", "{c}", "{", "}", "(", ")", ";", "%",
        "$1", "$", "1-0", "0-1", "1/2-1/2", "*", "0-0", "e4e5", "Nf3Nc6", "N", "+-", "=", "a8Q",
        "Zz9", "e.p.", "[", "/", "-", ".", "x", "K", "8", "9", "0", "e", "O", "b", "=Q", "2",
    ];

    /// Whether the quick proof calls the movetext plain although the scan finds a token in it.
    fn hides_a_token(movetext: &str) -> Option<Vec<UnreadableToken>> {
        let text = format!("[Event \"x\"]\n\n{movetext}");
        let mut scan = Scan {
            text: text.as_bytes(),
            at: 0,
        };
        if !(scan.skip_to_movetext() && plain_movetext(scan.rest())) {
            return None;
        }
        let (_, found) = scan_main_line(text.as_bytes());
        (!found.is_empty()).then_some(found)
    }

    #[test]
    fn no_short_movetext_called_plain_hides_a_token() {
        // Every sequence of up to three pieces, then four with a space between the last two:
        // each path through the automaton is local, so short sequences reach every edge.
        let mut checked = 0;
        for a in PIECES {
            for b in PIECES {
                for c in PIECES {
                    for movetext in [format!("{a}{b}{c}"), format!("{a}{b}{c} e4")] {
                        assert_eq!(hides_a_token(&movetext), None, "{movetext:?}");
                        checked += 1;
                    }
                }
            }
        }
        assert_eq!(checked, 2 * PIECES.len().pow(3));
    }

    proptest::proptest! {
        /// The same over longer movetexts, mostly plain pieces with an odd one here and there.
        #[test]
        fn no_movetext_called_plain_hides_a_token(
            pieces in proptest::collection::vec(
                proptest::prop_oneof![
                    6 => proptest::sample::select(&PIECES[..12]),
                    3 => proptest::sample::select(&[" ", " ", "\n", "{c}"][..]),
                    1 => proptest::sample::select(&PIECES[..]),
                ],
                0..40,
            )
        ) {
            let movetext = pieces.concat();
            proptest::prop_assert_eq!(hides_a_token(&movetext), None, "{:?}", movetext);
        }
    }

    #[test]
    fn unreadable_tokens_are_found_where_the_reader_drops_them() {
        let pgn = b"[Event \"x\"]\n[Black \"a ] \\\" b\"] \n%escape 1. junk\n\n\
            1. e4 {a} e5 $1 2. Nf3Nc6 3. Bb5 (3. Bc4 Bc5 junk) a6!? 4. Qxf7mate ; x\n\
            4... exd5 e.p. 0-0 5. N(b1)d2 Ke7 \xc2\xbd-\xc2\xbd\n\n[Event \"y\"]\n1. zz *\n";
        let games = games_with_text(pgn);
        assert_eq!(games.len(), 2);
        let (game, text) = &games[0];
        let (moves, found) = scan_main_line(text);
        assert_eq!(moves, game.moves.len());
        // e4 e5 (Nf3 dropped) Nc6 Bb5 a6 (Qxf7mate dropped) exd5 0-0 (N dropped) d2 Ke7.
        assert_eq!(moves, 9);
        let seen: Vec<(&str, usize)> = found
            .iter()
            .map(|t| (t.text.as_str(), t.moves_before))
            .collect();
        assert_eq!(seen, [("Nf3Nc6", 2), ("Qxf7mate", 5), ("N", 7)]);
        let first = &found[0];
        assert_eq!(&text[first.offset..first.offset + 6], b"Nf3Nc6");
        // The scan stops at the game's end: the next game's token is not reported.
        assert_eq!(unreadable_tokens(games[1].1).len(), 1);
    }

    #[test]
    fn the_scan_follows_the_reader_through_odd_results_and_glyphs() {
        // `1/2-` then not `1/2`: the reader skips digits as a move number ("0" here), so
        // `-0` is dropped silently and `Nf3Nc6` stands where ply 3 would be (found in review).
        // `+-` and `N` are evaluation marks: dropped, never reported.
        for (pgn, moves, tokens) in [
            (
                &b"[Result \"0-1\"]\n\n1. e4 e5 1/2-0-0 2. Nf3Nc6 *\n"[..],
                3,
                vec![("-0", 2), ("Nf3Nc6", 2)],
            ),
            (b"\n1. e4 e5 1/2-1-- *\n", 3, vec![]),
            (
                b"\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# +- N 1-0\n",
                7,
                vec![],
            ),
        ] {
            let games = games_with_text(pgn);
            let (game, text) = &games[0];
            let (scanned, found) = scan_main_line(text);
            assert_eq!(
                scanned,
                game.moves.len(),
                "{:?}",
                String::from_utf8_lossy(pgn)
            );
            assert_eq!(scanned, moves, "{:?}", String::from_utf8_lossy(pgn));
            let seen: Vec<(&str, usize)> = found
                .iter()
                .map(|t| (t.text.as_str(), t.moves_before))
                .collect();
            assert_eq!(seen, tokens, "{:?}", String::from_utf8_lossy(pgn));
        }
    }
}
