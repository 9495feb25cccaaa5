//! What a profile rule is: a stable code, what the consumer does, what users see, the fix, and
//! the [`Check`] that finds it. Each check kind is a row of the table in `checks/mod.rs` and has
//! one file in `checks/` holding both its detection and its lowering pass; a new rule of an
//! existing kind touches only a data file.

use serde::Serialize;

pub use super::checks::Check;

/// What a consumer does with a tool that breaks a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Effect {
    /// Nothing shown to fail: a note on something no public source shows the consumer refusing
    /// (the rule says what is unverified). Never changes the verdict; lowering ignores it.
    Noted,
    /// Accepted as it is, with a warning (a spec SHOULD).
    Warned,
    /// Silently changed (a renamed tool, an ignored field).
    Rewritten,
    /// This tool is skipped (or cannot be called); the others are kept.
    Dropped,
    /// The request or the server's whole tool list fails.
    Rejected,
}

/// One rule of a target: an entry of the compatibility data, resolved for the target's version
/// ([`super::data`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// Stable code, e.g. `anthropic/root-combinator`; diagnostics carry it.
    pub code: String,
    /// What the consumer does.
    pub effect: Effect,
    /// What the rule looks for.
    pub check: Check,
    /// The message users see, where known: `{name}` is the tool's name, `{keyword}` the
    /// offending keyword, `…` what varies and is not known here.
    pub seen: Option<String>,
    /// How to fix it, where a fix exists (`{keyword}` is the offending keyword); a check may
    /// give a fix that fits the keyword better (`checks/keywords.rs`).
    pub fix: Option<String>,
    /// Since when and on what evidence, as reports say it ("since 2.1.84; evidence
    /// 2026-08-18"); a disagreement of sources names both.
    pub provenance: String,
}
