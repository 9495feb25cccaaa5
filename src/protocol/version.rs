//! Every published MCP protocol version, each with its official schema embedded
//! ([`crate::protocol::schemas`]): what a session's messages are checked against. The two newest
//! are also the task [`Generation`]s; the three older ones have no tasks.
//!
//! Source: the versions of the specification repository's `schema/` folder,
//! <https://github.com/modelcontextprotocol/modelcontextprotocol/tree/main/schema> (snapshot
//! `b0f60ba5409db7a6582440a7b473cc0398890f15`, checked 2026-12-06; `schemas/mcp/PROVENANCE.md`).

use serde::Serialize;

use super::Generation;

/// A protocol version whose official schema is embedded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ProtocolVersion"))]
pub enum Version {
    /// 2024-11-05, the first published version (draft-07 schema).
    #[serde(rename = "2024-11-05")]
    V2024_11_05,
    /// 2025-03-26 (draft-07 schema).
    #[serde(rename = "2025-03-26")]
    V2025_03_26,
    /// 2025-06-18 (draft-07 schema): `structuredContent`, `outputSchema`, elicitation.
    #[serde(rename = "2025-06-18")]
    V2025_06_18,
    /// 2025-11-25: the first task generation.
    #[serde(rename = "2025-11-25")]
    V2025_11_25,
    /// 2026-07-28: the second task generation.
    #[serde(rename = "2026-07-28")]
    V2026_07_28,
}

/// Every version, oldest first.
pub const VERSIONS: [Version; 5] = [
    Version::V2024_11_05,
    Version::V2025_03_26,
    Version::V2025_06_18,
    Version::V2025_11_25,
    Version::V2026_07_28,
];

impl Version {
    /// The protocol version string, e.g. `2025-06-18`.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::V2024_11_05 => "2024-11-05",
            Self::V2025_03_26 => "2025-03-26",
            Self::V2025_06_18 => "2025-06-18",
            Self::V2025_11_25 => "2025-11-25",
            Self::V2026_07_28 => "2026-07-28",
        }
    }

    /// The version whose string is `version`.
    pub fn from_version(version: &str) -> Option<Self> {
        VERSIONS.into_iter().find(|v| v.as_str() == version)
    }

    /// The task generation of this version (`None` before 2025-11-25: no tasks).
    pub fn generation(self) -> Option<Generation> {
        match self {
            Self::V2025_11_25 => Some(Generation::V2025_11_25),
            Self::V2026_07_28 => Some(Generation::V2026_07_28),
            Self::V2024_11_05 | Self::V2025_03_26 | Self::V2025_06_18 => None,
        }
    }
}

impl From<Generation> for Version {
    fn from(generation: Generation) -> Self {
        match generation {
            Generation::V2025_11_25 => Self::V2025_11_25,
            Generation::V2026_07_28 => Self::V2026_07_28,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::GENERATIONS;

    #[test]
    fn each_version_is_named_by_its_string_and_the_generations_are_the_newest() {
        for version in VERSIONS {
            assert_eq!(Version::from_version(version.as_str()), Some(version));
            assert_eq!(
                serde_json::to_value(version).unwrap(),
                serde_json::json!(version.as_str())
            );
        }
        for generation in GENERATIONS {
            let version = Version::from(generation);
            assert_eq!(version.as_str(), generation.as_str());
            assert_eq!(version.generation(), Some(generation));
        }
        assert_eq!(Version::V2025_06_18.generation(), None);
        assert_eq!(Version::from_version("2099-01-01"), None);
        assert!(VERSIONS.windows(2).all(|w| w[0] < w[1]));
    }
}
