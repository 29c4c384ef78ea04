//! The integration tests, one binary (one link instead of one per file): each former
//! `tests/<name>.rs` is the module `<name>`, so `cargo test --test it <name>::` runs one file's
//! tests. Tests that read the reference sets of `../shared` are `#[ignore = "needs ../shared"]`;
//! `cargo test -- --include-ignored` runs them too.

#[macro_use]
mod common;
#[cfg(unix)]
mod live;

mod adjudication;
mod adjudication_engine;
mod architecture;
mod board_eboard;
mod board_fixtures;
mod board_games;
mod board_gap;
mod board_illegal;
mod board_judge;
mod board_live;
mod board_orders;
mod board_robust;
mod board_several_games;
mod categories;
mod check_standings;
mod cli;
mod cli_flags;
mod cli_lang;
mod cli_lang_more;
mod cross_properties;
mod fuzz_regressions;
mod group_import;
mod groups;
mod illegal_moves;
mod journal;
mod judge_cli;
mod judge_fixtures;
mod judge_touch_conduct;
mod move_texts;
mod pairing_acceleration;
mod pairing_checker;
mod pairing_properties;
mod pairing_regression;
mod pairing_vectors;
mod player_lists;
mod record_conversion;
mod record_faults;
mod replay;
mod replay_interrupt;
mod replay_lines;
mod review_cli;
mod round_robin;
mod rules_cases;
mod state_survives;
mod table_csv;
mod team_result;
mod tiebreak_vectors;
mod tournament_cheating;
mod tournament_cli;
mod tournament_fixes;
mod tournament_model;
mod tournament_safety;
mod tournament_tiebreaks;
mod tournament_workflow;
mod trf_2026;
mod trf_roundtrip;
mod web_api;
mod web_api_categories;
mod web_api_fide;
mod web_api_tiebreaks;
mod web_attacks;
mod web_broadcast;
mod web_group_forms;
mod web_history;
mod web_hostile;
mod web_live;
mod web_live_bounds;
#[cfg(unix)]
mod web_live_dgt;
mod web_live_restart;
mod web_live_screen;
mod web_numero;
mod web_pgn;
mod web_public;
mod web_publish;
mod web_report;
mod web_setup;
mod winnability_cha;
mod winnable_cli;
