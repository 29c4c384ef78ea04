//! FIDE TRF-16 and TRF(x) reading and writing. (Owned by the tournament-records work, issue 6.)
