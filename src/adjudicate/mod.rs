//! Play-out adjudication (CR 4.3–4.5): a verdict from material and position when the
//! 5-minute play-out expires.
//!
//! (Owned by the adjudication work, issue 3.)
