//! Digital-board placement logs (successive piece placements, clock presses) turned into the
//! judge's events: legal moves recognised, transients ignored, illegal acts classified.
//!
//! (Owned by the e-board work, issue 4.)
