//! `tournament standings|crosstable --format csv`: the tables for a spreadsheet, checked
//! against the TRF they are read from (fixtures/tournament/held-swiss-9.trf, the 001 lines).

use crate::common::{ok, tournament};

const TRF: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/fixtures/tournament/held-swiss-9.trf"
);

#[test]
fn standings_and_crosstable_as_csv() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let csv = ok(&["standings", TRF, "--format", "csv"], d);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "rank,start_rank,name,rating,club,points,\"BH-C1\",\"BH\",\"SB\",\"DE\",\"PS\",\"WIN\",status"
    );
    // Charline (start no. 3, 2200): 6.5 points, the only one; five wins in her line.
    assert_eq!(lines[1], "1,3,\"Charline\",2200,,6.5,41,44.5,30.75,0,31,5,");
    assert_eq!(lines.len(), 17, "16 players and the header: {csv}");
    // The old flag is the same output; CSV is the same in every language.
    assert_eq!(ok(&["standings", TRF, "--csv"], d), csv);
    assert_eq!(
        ok(&["standings", TRF, "--format", "csv", "--lang", "ru"], d),
        csv
    );
    // Both at once is a usage error, not a guess.
    let both = tournament(&["standings", TRF, "--csv", "--format", "json"], d);
    assert_eq!(both.status.code(), Some(2));

    let cross = ok(&["crosstable", TRF, "--format", "csv"], d);
    let lines: Vec<&str> = cross.lines().collect();
    assert_eq!(
        lines[0],
        "rank,start_rank,name,rating,club,round_1,round_2,round_3,round_4,round_5,round_6,\
         round_7,round_8,round_9,points,\"BH-C1\",\"BH\",\"SB\",\"DE\",\"PS\",\"WIN\",status"
    );
    // Franck's TRF line: `14 b 0  3 w 0  0 - U  10 w 1  8 b 1  1 w =  2 b 1  4 w =  16 b 1`,
    // 6 points; the bye's cell `-U` kept as text for the spreadsheet.
    assert_eq!(
        lines[2],
        "2,6,\"Franck\",2090,,\"14b0\",\"3w0\",\"'-U\",\"10w1\",\"8b1\",\"1w½\",\"2b1\",\"4w½\",\
         \"16b1\",6,43.5,47.5,31,0,25,5,"
    );
    // David's half-point bye in round 2 (`0 - H`).
    let david = lines.iter().find(|l| l.contains("\"David\"")).unwrap();
    assert!(
        david.contains(",\"12b1\",\"'-H\",\"13w1\",\"3w½\","),
        "{david}"
    );
    assert_eq!(lines.len(), 17, "{cross}");
}
