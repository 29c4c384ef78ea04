//! Draw rules of Art. 9: position identity (9.2.3), repetition counts (9.2, 9.6.1),
//! 50- and 75-move counters (9.3, 9.6.2).
//!
//! (Owned by the judge work, issue 2.)
