//! The protocol version a session's messages are checked against, as far as the session knows
//! it ([`Negotiation`]); `official.rs` reads it from the messages and checks them against it.

use crate::protocol::Generation;

/// The protocol version a session's messages are checked against.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Negotiation {
    /// No `initialize` seen: nothing is checked.
    #[default]
    Unknown,
    /// The version an `initialize` request offered (`None`: not one whose schema is embedded).
    Offered(Option<Generation>),
    /// The version the `initialize` result chose.
    Negotiated(Option<Generation>),
    /// Without `initialize`: the version the latest request declared in its `_meta` (or a
    /// `server/discover` result listed, before any request declared one).
    Declared(Option<Generation>),
}

impl Negotiation {
    /// The version to check against, if known and embedded.
    pub(super) fn version(self) -> Option<Generation> {
        match self {
            Self::Unknown => None,
            Self::Offered(version) | Self::Negotiated(version) | Self::Declared(version) => version,
        }
    }

    /// Whether an `initialize` request or result set the version (no other signal applies then).
    pub(super) fn by_initialize(self) -> bool {
        matches!(self, Self::Offered(_) | Self::Negotiated(_))
    }
}
