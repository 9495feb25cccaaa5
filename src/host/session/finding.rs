//! What a session finds: each diagnostic with the pushed message it is about ([`Finding`]).

use serde::Serialize;

use crate::diagnostic::Diagnostic;

/// One finding and the pushed message it is about (serialized as the diagnostic's fields plus
/// `messageIndex`, and `schemaMessageIndex` / `wholeEntry` when set).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SessionFinding"))]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// The finding; `span`, `instance_path` and `fix` point into message `message_index`.
    #[serde(flatten)]
    pub diagnostic: Diagnostic,
    /// The push (0-based) whose text the finding points into: the message just pushed, except
    /// for an early status notification applied when its task is created, and `never-terminal`.
    pub message_index: usize,
    /// The push whose text `schema_span` and `keyword_location` point into (the tool list, the
    /// elicitation request, the report with the `inputRequests`), when it is another text.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub schema_message_index: Option<usize>,
    /// The finding is about the whole transcript entry of `message` (`never-terminal`; a log's
    /// request pushed with its HTTP headers, their findings), not about a place inside it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub whole_entry: bool,
}

/// Findings about message `number`.
pub(super) fn found_in(diagnostics: Vec<Diagnostic>, number: usize) -> Vec<Finding> {
    diagnostics
        .into_iter()
        .map(|diagnostic| Finding {
            diagnostic,
            message_index: number,
            schema_message_index: None,
            whole_entry: false,
        })
        .collect()
}

/// The diagnostics of `findings`.
pub(super) fn diagnostics_of(findings: Vec<Finding>) -> Vec<Diagnostic> {
    findings.into_iter().map(|f| f.diagnostic).collect()
}
