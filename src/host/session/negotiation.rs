//! The protocol version a session's messages are checked against, as far as the session knows
//! it ([`Negotiation`]); `official.rs` reads it from the messages and checks them against it, and
//! [`ProtocolCheck`] says it in the session's report.

use serde::Serialize;

use crate::protocol::Version;

/// The longest unpublished version string a report repeats (a longer one is cut there).
const MAX_NAMED: usize = 64;

/// A protocol version string a message named: a published version, or another string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Named {
    /// A published version (its official schema is embedded).
    Published(Version),
    /// A string that is no published version (at most [`MAX_NAMED`] bytes of it).
    Other(String),
}

impl From<&str> for Named {
    fn from(version: &str) -> Self {
        match Version::from_version(version) {
            Some(version) => Self::Published(version),
            None => {
                let mut end = version.len().min(MAX_NAMED);
                while !version.is_char_boundary(end) {
                    end -= 1;
                }
                Self::Other(version.get(..end).unwrap_or_default().to_owned())
            }
        }
    }
}

/// The protocol version a session's messages are checked against.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) enum Negotiation {
    /// No `initialize` seen: nothing is checked.
    #[default]
    Unknown,
    /// The version an `initialize` request offered.
    Offered(Named),
    /// The version the `initialize` result chose.
    Negotiated(Named),
    /// Without `initialize`: the version the latest request declared in its `_meta` (or a
    /// `server/discover` result listed, before any request declared one).
    Declared(Named),
}

impl Negotiation {
    /// The version to check against, if known and published.
    pub(super) fn version(&self) -> Option<Version> {
        match self.named()? {
            Named::Published(version) => Some(*version),
            Named::Other(_) => None,
        }
    }

    /// The version named, however it was.
    fn named(&self) -> Option<&Named> {
        match self {
            Self::Unknown => None,
            Self::Offered(named) | Self::Negotiated(named) | Self::Declared(named) => Some(named),
        }
    }

    /// Whether an `initialize` request or result set the version (no other signal applies then).
    pub(super) fn by_initialize(&self) -> bool {
        matches!(self, Self::Offered(_) | Self::Negotiated(_))
    }

    /// What the report says of it.
    pub(super) fn report(&self) -> ProtocolCheck {
        let how = match self {
            Self::Unknown => How::Unknown,
            Self::Offered(_) => How::Offered,
            Self::Negotiated(_) => How::Negotiated,
            Self::Declared(_) => How::Declared,
        };
        let named = match self.named() {
            Some(Named::Other(other)) => Some(other.clone()),
            _ => None,
        };
        ProtocolCheck {
            checked: self.version(),
            named,
            how,
        }
    }
}

/// How a session knew its protocol version (see `official.rs` for the order of the signals).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ProtocolHow"))]
#[serde(rename_all = "camelCase")]
pub enum How {
    /// The `initialize` result chose it.
    Negotiated,
    /// An `initialize` request offered it, and no result chose one.
    Offered,
    /// Without `initialize`: a request's `_meta` declared it, or a `server/discover` result
    /// listed it.
    Declared,
    /// No message named a version: nothing was checked against an official schema.
    #[default]
    Unknown,
}

/// Which official schema a session's messages were checked against: every report says it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ProtocolCheck {
    /// The version whose official schema the messages were checked against; `None` when no
    /// message named one (`how` is `unknown`) or the one named is not published (`named`).
    pub checked: Option<Version>,
    /// The version string the messages named when it is no published version (nothing was
    /// checked against a schema); `None` otherwise.
    pub named: Option<String>,
    /// How the version was known.
    pub how: How,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_report_says_the_version_checked_or_why_none() {
        let report = Negotiation::Negotiated("2025-06-18".into()).report();
        assert_eq!(report.checked, Some(Version::V2025_06_18));
        assert_eq!(report.how, How::Negotiated);
        let report = Negotiation::Offered("2099-01-01".into()).report();
        assert_eq!(
            (report.checked, report.named.as_deref()),
            (None, Some("2099-01-01"))
        );
        let report = Negotiation::Unknown.report();
        assert_eq!(
            (report.checked, report.named, report.how),
            (None, None, How::Unknown)
        );
        let long = "é".repeat(100);
        let Named::Other(cut) = Named::from(long.as_str()) else {
            panic!("not published")
        };
        assert!(cut.len() <= MAX_NAMED && long.starts_with(&cut));
    }
}
