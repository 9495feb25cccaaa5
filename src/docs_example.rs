//! What the docs check (`check-docs`) and the `<mcp-json>` element decide about a live docs
//! example beyond its mode's verdict: a schema it names that the file does not hold
//! ([`unknown_schema`]), and whether the verdict agrees with the author's `expect`
//! ([`judge_example`]). Both findings are about the example as a whole (no span): a front end
//! places them where the example opens.
//!
//! Codes:
//! - `missing-schema` (error): the example names a schema id (`schema="#id"`) the file does not
//!   hold (validate mode without any schema is `validator::validate_tool_arguments`'s).
//!
//! In every build (the format core too): `<mcp-json>` judges a format example without
//! fetching the full build.
//! - `expect-mismatch` (error): the verdict disagrees with `expect` (`valid`, `invalid` or a
//!   kind such as `CreateTaskResult`): the example is out of date.

use serde::Serialize;

use crate::diagnostic::Diagnostic;

/// The `missing-schema` error of an example naming schema `id`, which its file does not hold.
pub fn unknown_schema(id: &str) -> Diagnostic {
    Diagnostic::error(
        "missing-schema",
        format!("no schema with id {id:?} in this file"),
    )
}

/// The verdict of an example's check, as a front end laid it out: the mode that ran, the kind
/// classified (if any), its one-line summary and its findings' severities.
#[derive(Clone, Debug, Default)]
pub struct ExampleVerdict {
    /// The mode that ran (`auto` resolved).
    pub mode: String,
    /// The classified kind, when the mode classifies.
    pub kind: Option<String>,
    /// The verdict in one line ("task handle, poll tasks/get").
    pub summary: String,
    /// The severity of each of the verdict's findings (`error`, `warning`, `info`).
    pub severities: Vec<String>,
}

impl ExampleVerdict {
    /// How many of the verdict's findings are errors.
    fn errors(&self) -> usize {
        self.severities.iter().filter(|s| *s == "error").count()
    }
}

/// What [`judge_example`] decides.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct ExampleJudgement {
    /// The `expect-mismatch` error when the verdict disagrees with `expect`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub mismatch: Option<Diagnostic>,
    /// The example is broken on purpose (`expect="invalid"` and it has errors): its errors are
    /// what it shows, not findings about the docs.
    pub deliberate: bool,
}

/// Judges `verdict` against the author's `expect` (`valid`, `invalid`, a kind; `None` expects
/// nothing).
pub fn judge_example(expect: Option<&str>, verdict: &ExampleVerdict) -> ExampleJudgement {
    let errors = verdict.errors();
    let wrong = match expect {
        None => None,
        Some("valid") => (errors > 0).then(|| format!("expected valid, found {}", count(errors))),
        Some("invalid") => {
            (errors == 0).then(|| "expected invalid, but the example has no errors".to_owned())
        }
        Some(kind) if verdict.kind.as_deref() == Some(kind) => None,
        Some(kind) => Some(match &verdict.kind {
            Some(found) => format!("expected {kind}, found {found}"),
            None => format!("expected {kind}, found no kind ({} mode)", verdict.mode),
        }),
    };
    let mismatch = wrong.map(|wrong| {
        Diagnostic::error(
            "expect-mismatch",
            format!("example out of date: {wrong} ({})", verdict.summary),
        )
    });
    ExampleJudgement {
        deliberate: expect == Some("invalid") && mismatch.is_none(),
        mismatch,
    }
}

/// "1 error", "3 errors".
fn count(errors: usize) -> String {
    format!("{errors} error{}", if errors == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(mode: &str, kind: Option<&str>, severities: &[&str]) -> ExampleVerdict {
        ExampleVerdict {
            mode: mode.to_owned(),
            kind: kind.map(str::to_owned),
            summary: "the summary".to_owned(),
            severities: severities.iter().map(|s| (*s).to_owned()).collect(),
        }
    }

    fn mismatch(expect: &str, verdict: &ExampleVerdict) -> Option<String> {
        judge_example(Some(expect), verdict)
            .mismatch
            .map(|d| d.message)
    }

    #[test]
    fn valid_and_invalid_count_errors_only() {
        let clean = verdict("validate", None, &["warning", "info"]);
        let broken = verdict("validate", None, &["error", "warning", "error"]);
        assert_eq!(mismatch("valid", &clean), None);
        assert_eq!(
            mismatch("valid", &broken).unwrap(),
            "example out of date: expected valid, found 2 errors (the summary)"
        );
        assert_eq!(
            mismatch("invalid", &clean).unwrap(),
            "example out of date: expected invalid, but the example has no errors (the summary)"
        );
        assert_eq!(mismatch("invalid", &broken), None);
        assert!(judge_example(Some("invalid"), &broken).deliberate);
        assert!(!judge_example(Some("invalid"), &clean).deliberate);
        assert!(!judge_example(Some("valid"), &clean).deliberate);
    }

    #[test]
    fn a_kind_is_compared_with_the_classified_kind() {
        let handle = verdict("classify", Some("CreateTaskResult"), &[]);
        assert_eq!(mismatch("CreateTaskResult", &handle), None);
        assert_eq!(
            mismatch("CallToolResult", &handle).unwrap(),
            "example out of date: expected CallToolResult, found CreateTaskResult (the summary)"
        );
        let formatted = verdict("format", None, &[]);
        assert!(mismatch("Tool", &formatted)
            .unwrap()
            .contains("found no kind (format mode)"));
    }

    #[test]
    fn the_findings_are_errors_with_their_codes() {
        let found = judge_example(Some("valid"), &verdict("format", None, &["error"]));
        let found = found.mismatch.unwrap();
        assert_eq!(
            (found.code.as_str(), found.is_error()),
            ("expect-mismatch", true)
        );
        assert!(found.span.is_none());
        assert_eq!(
            judge_example(None, &verdict("format", None, &["error"])),
            ExampleJudgement::default()
        );
        let unknown = unknown_schema("tool");
        assert_eq!(unknown.code, "missing-schema");
        assert_eq!(unknown.message, "no schema with id \"tool\" in this file");
        assert!(unknown.is_error());
    }
}
