//! The examples each command's `--help` ends with (clap `after_help`). `--help` is English in
//! every language (usage errors follow `--lang`); the commands run from the repository's root,
//! on its bundled fixtures where a file is needed.

pub const JUDGE: &str = "\
Examples:
  arbiter judge fixtures/judge/*.jsonl
  arbiter judge fixtures/judge/games.pgn --preset fide --format json
  arbiter judge --input dgt --format pgn fixtures/eboard/dgt/1.inbytes > game.pgn";

pub const ADJUDICATE: &str = "\
Examples:
  arbiter adjudicate --fen '8/8/4k3/8/8/8/P6P/4K3 w - - 0 1'
  arbiter adjudicate fixtures/judge/cr4.3-playout-expired.jsonl --lang ru
  arbiter adjudicate --list-rules --preset fide";

pub const WINNABLE: &str = "\
Examples:
  arbiter winnable --fen '8/8/8/8/8/2k5/8/K1N5 w - - 0 1'
  arbiter winnable --fen '8/8/8/8/8/2k5/8/K1N5 w - - 0 1' --side not-to-move --format json";

pub const REPLAY: &str = "\
Examples:
  arbiter replay fixtures/replay
  arbiter replay games.pgn.zst --jobs 2 --format jsonl > verdicts.jsonl
  zstdcat db.pgn.zst | arbiter replay - --format csv > games.csv";

pub const PAIR: &str = "\
Examples:
  arbiter pair round-5.trf
  arbiter pair round-5.trf --format json --explain
  arbiter pair round-5.trf --format trf > round-6.trf";

pub const CHECK_PAIRINGS: &str = "\
Examples:
  arbiter check final.trf
  arbiter check turnir.arbiter --preset detsky-mat --format json
  arbiter check final.trf --tie-breaks BH-C1,BH,SB,DE,WIN --edition fide2026
  arbiter check final.trf --standings standings.json
  arbiter check generated/*.trf

Exit status: 0 every round agrees with the engine and every standings value with the results; 3 something differs; 1 a file cannot be read (the others are still checked); 2 usage error.";

pub const GENERATE: &str = "\
Examples:
  arbiter generate --players 30 --rounds 7 --seed 1 -o random.trf
  arbiter generate --players 15 --rounds 4 --seed 2 --draws 20 --preset detsky-mat";

pub const BOARD_WATCH: &str = "\
Examples:
  arbiter board watch --dgt /dev/ttyUSB0 --record game.dgt
  arbiter board watch --livechess ws://localhost:1982/api/v1.0 --format json";

pub const BOARD_EXPORT: &str = "\
Examples:
  arbiter board export turnir.arbiter --round 1 --board 3 > game.jsonl
  arbiter judge game.jsonl";

pub const BOARD_RECORD: &str = "\
Examples:
  arbiter board record --dgt /dev/ttyUSB0 --record game.dgt
  arbiter judge game.dgt          # judge the recording afterwards";

pub const SERVE: &str = "\
Examples:
  arbiter serve turnir.arbiter --lang ru
  arbiter serve turnir.arbiter --addr 0.0.0.0:8080
  arbiter serve turnir.arbiter --livechess ws://localhost:1982/api/v1.0";

pub const T_NEW: &str = "\
Examples:
  arbiter tournament new turnir.arbiter --name \"School championship\" --rounds 4
  arbiter tournament new open.arbiter --name \"Open\" --rounds 9 --preset fide";

pub const T_ADD_PLAYER: &str = "\
Examples:
  arbiter tournament add-player turnir.arbiter --name \"Ivanova, Anna\" --rating 1200 --sex f
  arbiter tournament add-player turnir.arbiter --name \"Petrov, Pyotr\" --birth-date 14.11.2016 --club \"School 5\"";

pub const T_ADD_PLAYERS: &str = "\
Examples:
  arbiter tournament add-players turnir.arbiter fixtures/tournament/school-list.csv
  arbiter tournament add-players turnir.arbiter fixtures/tournament/school-list.csv --apply";

pub const T_EDIT_PLAYER: &str = "\
Examples:
  arbiter tournament edit-player turnir.arbiter --player 3 --rating 1150
  arbiter tournament edit-player turnir.arbiter --player 5 --unrated --club \"School 7\"";

pub const T_START_LIST: &str = "\
Examples:
  arbiter tournament start-list turnir.arbiter
  arbiter tournament start-list turnir.arbiter --apply";

pub const T_FORBID: &str = "\
Examples:
  arbiter tournament forbid turnir.arbiter --players 3,7 --reason siblings
  arbiter tournament forbid open.arbiter --players 12,40 --rounds 1-3 --reason \"same club\"";

pub const T_TIE_BREAKS: &str = "\
Examples:
  arbiter tournament tie-breaks open.arbiter
  arbiter tournament tie-breaks open.arbiter --set BH-C1,BH,SB,DE,WIN,BWG --edition fide2026
  arbiter tournament tie-breaks turnir.arbiter --set detsky-mat --lang ru";

pub const T_ACCELERATION: &str = "\
Examples:
  arbiter tournament acceleration open.arbiter baku
  arbiter tournament acceleration open.arbiter";

pub const T_PAIRINGS: &str = "\
Examples:
  arbiter tournament pairings turnir.arbiter --round 1 --lang ru > round-1.txt
  arbiter tournament pairings turnir.arbiter --round 1 --format csv";

pub const T_PAIR: &str = "\
Examples:
  arbiter tournament pair turnir.arbiter --auto
  arbiter tournament pair turnir.arbiter --round 1 --game 1-3 --game 4-2 --bye 5";

pub const T_BYE: &str = "\
Examples:
  arbiter tournament bye turnir.arbiter --round 2 --player 3 --kind half
  arbiter tournament bye turnir.arbiter --round 2 --player 4 --kind zero";

pub const T_RESULT: &str = "\
Examples:
  arbiter tournament result turnir.arbiter --round 1 --board 1 1-0
  arbiter tournament result turnir.arbiter --round 1 --game 4-2 1/2-1/2 --correct
  arbiter tournament result turnir.arbiter --round 1 --board 5 -- -+";

pub const T_WITHDRAW: &str = "\
Examples:
  arbiter tournament withdraw turnir.arbiter --player 2 --from-round 3";

pub const T_DISQUALIFY: &str = "\
Examples:
  arbiter tournament disqualify turnir.arbiter --player 2 --round 3";

pub const T_STANDINGS: &str = "\
Examples:
  arbiter tournament standings turnir.arbiter --lang ru
  arbiter tournament standings turnir.arbiter --category \"Girls, grades 1-2\" --format json
  arbiter tournament standings turnir.arbiter --format csv > standings.csv
  arbiter tournament standings fixtures/tournament/held-swiss-9.trf --preset fide";

pub const T_CATEGORY: &str = "\
Examples:
  arbiter tournament category add turnir.arbiter --name \"Girls, grades 1-2\" --sex f --grades 1-2
  arbiter tournament category list turnir.arbiter
  arbiter tournament category settings turnir.arbiter --chief-arbiter \"Ivanova A. P.\" --date 06.12.2026";

pub const T_PRIZES: &str = "\
Examples:
  arbiter tournament prizes turnir.arbiter --lang ru";

pub const T_TEAM_RESULT: &str = "\
Examples:
  arbiter tournament team-result turnir.arbiter --best 4 --lang ru
  arbiter tournament team-result turnir.arbiter --best 6 --team-ties best-place --format json";

pub const T_DIPLOMAS: &str = "\
Examples:
  arbiter tournament diplomas turnir.arbiter -o diplomas.html
  arbiter tournament diplomas turnir.arbiter --template my-diploma.html -o diplomas.html";

pub const T_REPORT: &str = "\
Examples:
  arbiter tournament report turnir.arbiter --output otchet.html
  arbiter tournament report turnir.arbiter --lang en -o report.html
  arbiter tournament report turnir.arbiter > otchet.html

Open the file in a browser and print it on A4.";

pub const T_PUBLISH: &str = "\
Examples:
  arbiter tournament publish turnir.arbiter --output sait
  arbiter tournament publish turnir.arbiter --lang en -o site

Open sait/index.html in a browser, or upload the folder to the school's site; run it again
after each round (pages of rounds unpaired are removed).";

pub const T_CROSSTABLE: &str = "\
Examples:
  arbiter tournament crosstable turnir.arbiter --lang ru
  arbiter tournament crosstable fixtures/tournament/held-swiss-9.trf --format json
  arbiter tournament crosstable turnir.arbiter --format csv > crosstable.csv";

pub const T_EXPORT: &str = "\
Examples:
  arbiter tournament export turnir.arbiter --format trf > turnir.trf
  arbiter tournament export fixtures/tournament/held-swiss-9.trf --format json";

pub const T_EXPORT_PLAYERS: &str = "\
Examples:
  arbiter tournament export-players turnir.arbiter -o uchastniki.csv
  arbiter tournament add-players novyi.arbiter uchastniki.csv --apply";

pub const T_FIDE_MODE: &str = "\
Examples:
  arbiter tournament fide-mode turnir.arbiter on
  arbiter tournament result turnir.arbiter --round 1 --board 2 0-1 --correct --note \"scoresheets checked\"
  arbiter tournament fide-mode turnir.arbiter off   # final: cannot be turned on again";

pub const T_IMPORT: &str = "\
Examples:
  arbiter tournament import fixtures/tournament/held-swiss-9.trf held.arbiter";

pub const T_GROUP: &str = "\
Examples:
  arbiter tournament group add turnir.arbiter \"1-2 классы\" --system round-robin --first \"3-4 классы\"
  arbiter tournament group list turnir.arbiter
  arbiter tournament result turnir.arbiter --group \"1-2 классы\" --round 1 --board 2 1-0
  arbiter tournament group move turnir.arbiter --group \"3-4 классы\" 7 --to \"1-2 классы\"";

pub const T_LOG: &str = "\
Examples:
  arbiter tournament log turnir.arbiter
  arbiter tournament log turnir.arbiter --format json";

pub const T_BACKUP: &str = "\
Examples:
  arbiter tournament backup turnir.arbiter kopiya-2026-12-05.arbiter";

pub const T_UNDO: &str = "\
Examples:
  arbiter tournament undo turnir.arbiter
  arbiter tournament undo turnir.arbiter --entry 12";

pub const TOURNAMENT: &str = "\
Examples:
  arbiter tournament new turnir.arbiter --name \"School championship\" --rounds 4
  arbiter tournament add-players turnir.arbiter fixtures/tournament/school-list.csv --apply
  arbiter tournament pair turnir.arbiter --auto";

pub const BOARD: &str = "\
Examples:
  arbiter board watch --dgt /dev/ttyUSB0 --record game.dgt
  arbiter board record --livechess ws://localhost:1982/api/v1.0 --record session.jsonl";
