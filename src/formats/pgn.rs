//! PGN games as judge events. (Owned by the judge work, issue 2.)
