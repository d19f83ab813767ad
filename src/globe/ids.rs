//! Index newtypes for the globe: [`FaceId`] (a space on the board, `0..92`)
//! and [`VertexId`] (a corner of the snub dodecahedron, `0..60`).
//!
//! Both are validated on construction, so every value in circulation is in
//! range and can index the globe's tables without a bounds failure. They
//! (de)serialize as plain integers; deserializing an out-of-range number is an
//! error rather than a panic later on.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Number of corners of the snub dodecahedron.
pub const VERTEX_COUNT: usize = 60;
/// Number of edges of the snub dodecahedron.
pub const EDGE_COUNT: usize = 150;
/// Number of faces (spaces) of the snub dodecahedron.
pub const FACE_COUNT: usize = 92;
/// Number of pentagonal faces (HQ spaces, the unused pole included).
pub const PENTAGON_COUNT: usize = 12;
/// Number of triangular faces.
pub const TRIANGLE_COUNT: usize = 80;

/// Error returned when a number is not a valid [`FaceId`] or [`VertexId`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{kind} index {value} is out of range (must be below {limit})")]
pub struct IdOutOfRange {
    /// Which kind of id was requested (`"face"` or `"vertex"`).
    pub kind: &'static str,
    /// The rejected value.
    pub value: usize,
    /// The exclusive upper bound.
    pub limit: usize,
}

macro_rules! id_type {
    ($(#[$meta:meta])* $name:ident, $count:expr, $kind:literal) => {
        $(#[$meta])*
        #[derive(
            Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
        )]
        #[serde(try_from = "u8", into = "u8")]
        pub struct $name(u8);

        impl $name {
            /// Number of valid ids; valid raw values are `0..COUNT`.
            pub const COUNT: usize = $count;

            /// The id with raw value `raw`, or `None` when it is out of range.
            pub const fn new(raw: u8) -> Option<Self> {
                if (raw as usize) < $count {
                    Some(Self(raw))
                } else {
                    None
                }
            }

            /// The raw value, `0..COUNT`.
            pub const fn get(self) -> u8 {
                self.0
            }

            /// The raw value as a table index.
            pub const fn index(self) -> usize {
                self.0 as usize
            }

            /// All ids in increasing order.
            pub fn all() -> impl DoubleEndedIterator<Item = Self> + ExactSizeIterator + Clone {
                // `$count` is at most 92, so every raw value fits in a u8.
                (0..$count as u8).map(Self)
            }

            /// Crate-internal constructor from an index known to be in range.
            pub(crate) fn from_index(index: usize) -> Self {
                debug_assert!(index < $count);
                Self(index as u8)
            }
        }

        impl TryFrom<u8> for $name {
            type Error = IdOutOfRange;

            fn try_from(raw: u8) -> Result<Self, Self::Error> {
                Self::try_from(usize::from(raw))
            }
        }

        impl TryFrom<usize> for $name {
            type Error = IdOutOfRange;

            fn try_from(value: usize) -> Result<Self, Self::Error> {
                if value < $count {
                    Ok(Self::from_index(value))
                } else {
                    Err(IdOutOfRange {
                        kind: $kind,
                        value,
                        limit: $count,
                    })
                }
            }
        }

        impl From<$name> for u8 {
            fn from(id: $name) -> u8 {
                id.0
            }
        }

        impl From<$name> for usize {
            fn from(id: $name) -> usize {
                id.index()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.0)
            }
        }
    };
}

id_type!(
    /// A face of the snub dodecahedron, i.e. a space of the board (`0..92`).
    ///
    /// Numbering is canonical, see the [`geometry`](super::geometry) module
    /// docs: face 0 is the bottom pole pentagon, numbers then increase from
    /// the bottom to the top of the globe.
    FaceId,
    FACE_COUNT,
    "face"
);

id_type!(
    /// A corner of the snub dodecahedron (`0..60`), numbered bottom to top.
    VertexId,
    VERTEX_COUNT,
    "vertex"
);

impl FaceId {
    /// The bottom pole pentagon: unused on the Globetrotter board (G1).
    pub const POLE: FaceId = FaceId(0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_range_checked() {
        assert_eq!(FaceId::new(91).map(FaceId::get), Some(91));
        assert_eq!(FaceId::new(92), None);
        assert_eq!(VertexId::new(59).map(VertexId::index), Some(59));
        assert_eq!(VertexId::new(60), None);
        assert!(FaceId::try_from(200usize).is_err());
        assert_eq!(FaceId::all().count(), FACE_COUNT);
        assert_eq!(VertexId::all().count(), VERTEX_COUNT);
    }

    #[test]
    fn ids_serialize_as_numbers_and_reject_out_of_range() {
        let id = FaceId::new(17).expect("17 is a valid face");
        let text = serde_yaml::to_string(&id).expect("serialize");
        assert_eq!(text.trim(), "17");
        let back: FaceId = serde_yaml::from_str("17").expect("deserialize");
        assert_eq!(back, id);
        assert!(serde_yaml::from_str::<FaceId>("92").is_err());
        assert!(serde_yaml::from_str::<VertexId>("60").is_err());
    }
}
