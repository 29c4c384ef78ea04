//! Placeholder bench (the judge work replaces it): legal-move generation from the start position.

use criterion::{Criterion, criterion_group, criterion_main};
use shakmaty::{Chess, Position};

fn legal_moves(c: &mut Criterion) {
    let pos = Chess::default();
    c.bench_function("startpos_legal_moves", |b| {
        b.iter(|| pos.legal_moves().len())
    });
}

criterion_group!(benches, legal_moves);
criterion_main!(benches);
