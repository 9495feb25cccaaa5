//! What a compatibility check answers: a [`Verdict`] per target, per tool, for the list and the
//! server, gathered in a [`CompatReport`].

use serde::{Serialize, Serializer};

use super::rule::Effect;
use super::target::Target;
use crate::diagnostic::Diagnostic;

/// How a consumer treats a tool, or a whole list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatVerdict"))]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Taken as it is (warnings aside).
    Accepted,
    /// Taken, silently changed.
    Rewritten,
    /// This tool is skipped; the others are kept.
    Dropped,
    /// The request or the server's whole tool list fails.
    Rejected,
}

impl Verdict {
    /// The verdict a finding of `effect` gives.
    pub(super) fn of(effect: Effect) -> Self {
        match effect {
            Effect::Noted | Effect::Warned => Self::Accepted,
            Effect::Rewritten => Self::Rewritten,
            Effect::Dropped => Self::Dropped,
            Effect::Rejected => Self::Rejected,
        }
    }
}

/// Verdicts by target, in the order the targets were asked; serialized as an object keyed by
/// target name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdicts(pub Vec<(Target, Verdict)>);

impl Verdicts {
    /// Keeps the worse of the verdict kept for `target` and `verdict`.
    pub fn worsen(&mut self, target: Target, verdict: Verdict) {
        match self.0.iter_mut().find(|(t, _)| *t == target) {
            Some((_, kept)) => *kept = (*kept).max(verdict),
            None => self.0.push((target, verdict)),
        }
    }
}

impl Serialize for Verdicts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(t, v)| (t.name(), v)))
    }
}

/// One target's verdict and findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatResult"))]
pub struct TargetResult {
    /// The worst effect among the findings.
    pub verdict: Verdict,
    /// The findings; spans point into the checked text.
    pub diagnostics: Vec<Diagnostic>,
    /// The consumer version checked (`None`: the newest known behaviour).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub version: Option<String>,
}

impl TargetResult {
    /// A result from findings of the given effects.
    pub(super) fn from_findings(found: Vec<(Effect, Diagnostic)>) -> Self {
        let verdict = found
            .iter()
            .map(|(effect, _)| Verdict::of(*effect))
            .max()
            .unwrap_or(Verdict::Accepted);
        let diagnostics = found.into_iter().map(|(_, d)| d).collect();
        Self {
            verdict,
            diagnostics,
            version: None,
        }
    }
}

/// One result per target, in the order asked; serialized as an object keyed by target name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PerTarget(pub Vec<(Target, TargetResult)>);

impl PerTarget {
    /// The result for `target`, if it was checked.
    pub fn get(&self, target: Target) -> Option<&TargetResult> {
        self.0.iter().find(|(t, _)| *t == target).map(|(_, r)| r)
    }
}

impl Serialize for PerTarget {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(t, r)| (t.name(), r)))
    }
}

/// One tool's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "CompatTool"))]
pub struct ToolCompat {
    /// Its name, when it has a string one.
    pub name: Option<String>,
    /// JSON Pointer to the tool in the checked text.
    pub pointer: String,
    /// Verdict and findings per target.
    // A custom `Serialize` (an object keyed by target name) no derive can express: typed here.
    #[cfg_attr(test, ts(type = "Partial<Record<CompatTargetQuery, CompatResult>>"))]
    pub targets: PerTarget,
}

/// What [`check_compatibility`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CompatReport {
    /// One entry per tool found, in document order.
    pub tools: Vec<ToolCompat>,
    /// Per target, the rules on the whole list; a tool a target rejects makes the list rejected.
    // A custom `Serialize` (an object keyed by target name) no derive can express: typed here.
    #[cfg_attr(test, ts(type = "Partial<Record<CompatTargetQuery, CompatResult>>"))]
    pub list: PerTarget,
    /// Per target, the rules on the server itself (its `initialize` result's `instructions`),
    /// when the text is an `initialize` result; empty otherwise.
    // A custom `Serialize` (an object keyed by target name) no derive can express: typed here.
    #[cfg_attr(test, ts(type = "Partial<Record<CompatTargetQuery, CompatResult>>"))]
    pub server: PerTarget,
    /// Every finding of `tools`, `list` and `server` once, in that order: a rule several
    /// targets share is one finding, its message naming them when more than one was asked
    /// (what a front end prints).
    pub findings: Vec<Diagnostic>,
    /// Why nothing could be checked: a parse error, or a text that holds no tool.
    pub diagnostics: Vec<Diagnostic>,
    /// Per target, the worst verdict over the list and every tool (what a summary shows).
    // A custom `Serialize` (an object keyed by target name) no derive can express: typed here.
    #[cfg_attr(test, ts(type = "Partial<Record<CompatTargetQuery, CompatVerdict>>"))]
    pub worst: Verdicts,
}
