//! (Owned by the judge work, issue 2.)
