//! Classification of illegal acts (Laws Art. 3.1–3.9, 7.5.2, CR 3.1): shakmaty only says
//! "illegal"; this module says which article the physical act breaks.
//!
//! (Owned by the judge work, issue 2.)
