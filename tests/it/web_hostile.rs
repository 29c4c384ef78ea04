//! The desk under hostile input, as an attacker on the venue's network (or an arbiter handed
//! a file) tries it, against the real binary over loopback TCP: compressed bombs and endless
//! games, comments and lines uploaded as a board's log — each refused naming its limit in the
//! page's language, the state file unchanged, the desk's peak memory under 300 MB.

use std::io::Write;

use crate::web_attacks::{Answer, Desk, event, hash};

/// The resident memory high-water mark of process `pid`, in MB (`VmHWM` of
/// `/proc/PID/status`; `None` off Linux).
pub(crate) fn peak_mb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024)
}

/// How a bomb is compressed.
#[derive(Clone, Copy)]
enum Packing {
    Bzip2,
    Gzip,
    Zstd,
}

/// `unit` repeated to about `chunk` bytes, compressed once, the compressed stream written
/// `times` times (bzip2 streams, gzip members, zstd frames: each decoder reads them all as
/// one text), after `head` compressed on its own.
fn bomb(packing: Packing, head: &[u8], unit: &[u8], chunk: usize, times: usize) -> Vec<u8> {
    let pack = |data: &[u8]| -> Vec<u8> {
        match packing {
            Packing::Bzip2 => {
                let mut e = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::best());
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Packing::Gzip => {
                let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                e.write_all(data).unwrap();
                e.finish().unwrap()
            }
            Packing::Zstd => zstd::encode_all(data, 19).unwrap(),
        }
    };
    let body = pack(&unit.repeat(chunk / unit.len()));
    let mut out = if head.is_empty() {
        Vec::new()
    } else {
        pack(head)
    };
    for _ in 0..times {
        out.extend_from_slice(&body);
    }
    out
}

/// A board's log uploaded from the round's page as the arbiter's browser sends it.
pub(crate) fn upload(desk: &Desk, file_name: &str, content: &[u8], lang: &str) -> Answer {
    let (_, cookie, key) = desk.open_page("/rounds/1");
    let mut body = format!(
        "--XB\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n{key}\r\n\
         --XB\r\nContent-Disposition: form-data; name=\"board\"\r\n\r\n1\r\n\
         --XB\r\nContent-Disposition: form-data; name=\"lang\"\r\n\r\n{lang}\r\n\
         --XB\r\nContent-Disposition: form-data; name=\"log\"; filename=\"{file_name}\"\r\n\
         Content-Type: application/octet-stream\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(content);
    body.extend_from_slice(b"\r\n--XB--\r\n");
    desk.send(
        "POST",
        &format!("/rounds/1/judge?lang={lang}"),
        &[
            ("Sec-Fetch-Site", "same-origin"),
            ("Cookie", &cookie),
            ("Content-Type", "multipart/form-data; boundary=XB"),
        ],
        &body,
    )
}

const START: &[u8] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n";
const E4: &[u8] = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR\n";

/// The bombs and their kin: each refused (400) with its limit named in the page's
/// language, nothing recorded, the desk's peak memory under 300 MB. Before the limits, a
/// 94-byte bzip2 took the desk to 2.8 GB, a 799-byte one past 22 GB (killed), a 3 KB PGN
/// aborted it (a 4 GB allocation), a 1,000,000-ply game took 1.5 GB and made an 83 MB page.
#[test]
fn compressed_bombs_are_refused_naming_the_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path());
    let desk = Desk::start(&path, &[]);
    let before = hash(&path);
    let board_log = [START, E4].concat();
    let bombs: Vec<(&str, Vec<u8>, &str)> = vec![
        // Letters and nothing else, 2 GiB: one PGN "game" of one endless token.
        (
            "tiny.pgn.bz2",
            bomb(Packing::Bzip2, b"", b"a", 16 << 20, 128),
            "запись одной партии длиннее 16 МиБ",
        ),
        // A board set up and e4 played, again and again: a board log of a million games.
        (
            "room.log.bz2",
            bomb(Packing::Bzip2, b"", &board_log, 8 << 20, 64),
            "запись одной партии длиннее 16 МиБ",
        ),
        // A comment that never ends.
        (
            "comment.pgn.bz2",
            bomb(
                Packing::Bzip2,
                b"[Event \"x\"]\n\n1. e4 {",
                b"x",
                16 << 20,
                128,
            ),
            "комментарий длиннее 1 МиБ",
        ),
        // A million plies of knights going out and back.
        (
            "million.pgn.bz2",
            bomb(Packing::Bzip2, b"", b"Nf3 Nf6 Ng1 Ng8 ", 4 << 20, 1),
            "в партии больше 20000 полуходов",
        ),
        // An event log's line without its end, 1 GiB.
        (
            "line.jsonl.gz",
            bomb(
                Packing::Gzip,
                b"{\"type\":\"comment\",\"text\":\"",
                b"a",
                16 << 20,
                64,
            ),
            "строка длиннее 1 МиБ",
        ),
        // Blanks, 4 GiB of them.
        (
            "blank.pgn.zst",
            bomb(Packing::Zstd, b"", b" ", 64 << 20, 64),
            "запись одной партии длиннее 16 МиБ",
        ),
    ];
    for (name, content, said) in &bombs {
        assert!(content.len() < 1 << 20, "{name}: {} bytes", content.len());
        let a = upload(&desk, name, content, "ru");
        assert_eq!(a.status, 400, "{name}: {}", a.body);
        assert!(a.body.contains(said), "{name}: {}", a.body);
        assert!(a.body.contains(name), "{name}: {}", a.body);
        assert!(a.body.contains("--limit"), "{name}: {}", a.body);
    }
    // In English when the page is.
    let a = upload(&desk, "million.pgn.bz2", &bombs[3].1, "en");
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(
        a.body
            .contains("a game of more than 20000 plies, longer than any game possible"),
        "{}",
        a.body
    );
    // A log within the limits is judged: a board set up again and again is its first game.
    let a = upload(
        &desk,
        "room.log",
        &board_log.repeat((2 << 20) / board_log.len()),
        "en",
    );
    assert_eq!(a.status, 200, "{}", a.body);
    assert!(
        a.body
            .contains("id=\"verdict-summary\">White – Black: * (game unfinished) after 1 plies"),
        "{}",
        a.body
    );
    if let Some(peak) = peak_mb(desk.child.id()) {
        eprintln!("the desk's peak memory: {peak} MB");
        assert!(peak < 300, "the desk's peak memory: {peak} MB");
    }
    assert_eq!(hash(&path), before, "the state file changed");
}

/// The whole upload's limit (64 MiB decompressed) holds when a game's is raised past it; a
/// limit raised on the command line is the one the refusal names.
#[test]
fn an_upload_is_cut_at_its_decompressed_limit() {
    let dir = tempfile::tempdir().unwrap();
    let path = event(dir.path());
    let desk = Desk::start(&path, &["--limit", "game=1GiB", "--limit", "input=48MiB"]);
    let a = upload(
        &desk,
        "tiny.pgn.bz2",
        &bomb(Packing::Bzip2, b"", b"a", 16 << 20, 64),
        "ru",
    );
    assert_eq!(a.status, 400, "{}", a.body);
    assert!(
        a.body.contains("файл после распаковки больше 48 МиБ"),
        "{}",
        a.body
    );
    if let Some(peak) = peak_mb(desk.child.id()) {
        eprintln!("the desk's peak memory: {peak} MB");
        assert!(peak < 300, "the desk's peak memory: {peak} MB");
    }
}
