//! Swiss pairing by the FIDE Dutch system (C.04.3, 2026). (Owned by the pairing work, issue 7.)
