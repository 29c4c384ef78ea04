//! The inputs a replay reads: files or standard input, plain or compressed. Opening an input
//! is the library's one input entry, [`crate::formats::input`]; this module names it for the
//! replay pipeline (and keeps the `batch::input` paths working).

pub use crate::formats::input::{Compression, CountingReader, InputError, Opened, Source, open};
