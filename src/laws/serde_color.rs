//! JSON for shakmaty's colour types, which have no serde support in shakmaty 0.30.1: a
//! [`Color`] is written `"white"` / `"black"`, a [`ByColor`] as `{"white": …, "black": …}`
//! (White first). Use with `#[serde(with = "crate::laws::serde_color::color")]` (or
//! `option_color`, `by_color`) on a field.
//!
//! ```
//! use serde::{Deserialize, Serialize};
//! use shakmaty::{ByColor, Color};
//!
//! #[derive(Serialize, Deserialize)]
//! struct Row {
//!     #[serde(with = "arbiter::laws::serde_color::color")]
//!     side: Color,
//!     #[serde(with = "arbiter::laws::serde_color::by_color")]
//!     points: ByColor<u32>,
//! }
//!
//! let row = Row { side: Color::Black, points: ByColor { white: 2, black: 1 } };
//! let json = serde_json::to_string(&row).unwrap();
//! assert_eq!(json, r#"{"side":"black","points":{"white":2,"black":1}}"#);
//! let back: Row = serde_json::from_str(&json).unwrap();
//! assert_eq!((back.side, back.points), (Color::Black, ByColor { white: 2, black: 1 }));
//! ```

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shakmaty::{ByColor, Color};

/// The JSON form of a colour.
#[derive(Clone, Copy, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
enum ColorName {
    White,
    Black,
}

impl From<Color> for ColorName {
    fn from(c: Color) -> Self {
        match c {
            Color::White => ColorName::White,
            Color::Black => ColorName::Black,
        }
    }
}

impl From<ColorName> for Color {
    fn from(c: ColorName) -> Self {
        match c {
            ColorName::White => Color::White,
            ColorName::Black => Color::Black,
        }
    }
}

/// A colour's word as the JSON and the messages' selectors write it: `"white"` / `"black"`.
///
/// ```
/// assert_eq!(arbiter::laws::serde_color::name(shakmaty::Color::Black), "black");
/// ```
pub fn name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A [`Color`] as `"white"` / `"black"`.
pub mod color {
    use super::*;

    /// Writes `"white"` or `"black"`.
    pub fn serialize<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
        ColorName::from(*c).serialize(s)
    }

    /// Reads `"white"` or `"black"`.
    ///
    /// # Errors
    /// Any other value.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Color, D::Error> {
        ColorName::deserialize(d).map(Color::from)
    }
}

/// An `Option<Color>` as `"white"` / `"black"` / `null` (with `#[serde(default)]`, an absent
/// field reads as `None`).
pub mod option_color {
    use super::*;

    /// Writes `"white"`, `"black"` or `null`.
    pub fn serialize<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
        c.map(ColorName::from).serialize(s)
    }

    /// Reads `"white"`, `"black"` or `null`.
    ///
    /// # Errors
    /// Any other value.
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Color>, D::Error> {
        Option::<ColorName>::deserialize(d).map(|c| c.map(Color::from))
    }
}

/// A [`ByColor`] as `{"white": …, "black": …}`, White first.
pub mod by_color {
    use super::*;

    #[derive(Serialize)]
    struct Ref<'a, T> {
        white: &'a T,
        black: &'a T,
    }

    #[derive(Deserialize)]
    struct Owned<T> {
        white: T,
        black: T,
    }

    /// Writes `{"white": …, "black": …}`.
    pub fn serialize<T: Serialize, S: Serializer>(v: &ByColor<T>, s: S) -> Result<S::Ok, S::Error> {
        Ref {
            white: &v.white,
            black: &v.black,
        }
        .serialize(s)
    }

    /// Reads `{"white": …, "black": …}`.
    ///
    /// # Errors
    /// A missing side or a value `T` cannot read.
    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<ByColor<T>, D::Error> {
        Owned::deserialize(d).map(|o| ByColor {
            white: o.white,
            black: o.black,
        })
    }
}
