//! [`lint_file`]: the schema lint of one file, whatever it holds (what `mcp-json-toolbox lint`
//! reads): a tool definition or a `tools/list` result gets [`check_tool`]'s findings inside its
//! schemas (the schema lint, and the tool rules about a schema: root not an object, open without
//! properties); anything else is linted as a JSON Schema ([`crate::lint::lint_schema`]); text that
//! is not JSON gives its parse error. The report also says which of the findings' fixes can be
//! applied together ([`FixPlan`]), so a front end applies them without choosing.

use serde::Serialize;

use crate::diagnostic::{Diagnostic, Fix};
use crate::host::check_tool;
use crate::json::{parse, ReadOptions};
use crate::lint::lint_schema;

/// What a linted file was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub enum LintedAs {
    /// A tool definition or a `tools/list` result: its `inputSchema`s and `outputSchema`s.
    Tool,
    /// A JSON Schema.
    Schema,
    /// Not JSON.
    NotJson,
}

/// What [`lint_file`] returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct FileLint {
    /// What the text was read as.
    pub linted_as: LintedAs,
    /// The findings, spans into the text.
    pub diagnostics: Vec<Diagnostic>,
    /// The findings' fixes that can be applied together, and those left out.
    pub fixes: FixPlan,
}

/// A fix with the code of the finding it fixes.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct CodedFix {
    /// The edit.
    #[serde(flatten)]
    pub fix: Fix,
    /// The finding's code.
    pub code: String,
}

/// The fixes of a list of findings, sorted by position: `applied` can all be made at once (none
/// overlaps another; a fix repeated exactly counts once); `overlapping` are left out because
/// they overlap (sharing a character, or inserting at one point): which to make would be a guess.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct FixPlan {
    /// The fixes to make, in text order.
    pub applied: Vec<CodedFix>,
    /// The fixes left out.
    pub overlapping: Vec<CodedFix>,
}

/// Lints one file (see the module doc).
pub fn lint_file(text: &str) -> FileLint {
    let (linted_as, diagnostics) = if parse(text, ReadOptions::default()).is_err() {
        (LintedAs::NotJson, lint_schema(text).diagnostics)
    } else {
        let tool = check_tool(text).diagnostics;
        if tool.iter().any(|d| d.code == "not-a-tool") {
            (LintedAs::Schema, lint_schema(text).diagnostics)
        } else {
            let in_schema = |d: &Diagnostic| {
                d.instance_path
                    .split('/')
                    .any(|s| s == "inputSchema" || s == "outputSchema")
            };
            (LintedAs::Tool, tool.into_iter().filter(in_schema).collect())
        }
    };
    let fixes = fix_plan(&diagnostics);
    FileLint {
        linted_as,
        diagnostics,
        fixes,
    }
}

/// The [`FixPlan`] of `diagnostics`.
pub fn fix_plan(diagnostics: &[Diagnostic]) -> FixPlan {
    let mut fixes: Vec<CodedFix> = Vec::new();
    for d in diagnostics {
        let Some(fix) = &d.fix else { continue };
        let same = |f: &CodedFix| {
            (f.fix.span.start, f.fix.span.end) == (fix.span.start, fix.span.end)
                && f.fix.replacement == fix.replacement
        };
        if !fixes.iter().any(same) {
            fixes.push(CodedFix {
                fix: fix.clone(),
                code: d.code.clone(),
            });
        }
    }
    fixes.sort_by_key(|f| (f.fix.span.start, f.fix.span.end));
    let overlap = |a: &Fix, b: &Fix| {
        (a.span.start < b.span.end && b.span.start < a.span.end) || a.span.start == b.span.start
    };
    let overlaps = |f: &CodedFix| {
        fixes
            .iter()
            .filter(|g| !std::ptr::eq(*g, f))
            .any(|g| overlap(&f.fix, &g.fix))
    };
    let (overlapping, applied): (Vec<&CodedFix>, Vec<&CodedFix>) =
        fixes.iter().partition(|f| overlaps(f));
    FixPlan {
        applied: applied.into_iter().cloned().collect(),
        overlapping: overlapping.into_iter().cloned().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::{ByteRange, Span};

    fn fixed(start: usize, end: usize, replacement: &str) -> Diagnostic {
        let span = Span {
            start,
            end,
            line: 1,
            column: start + 1,
            end_line: 1,
            end_column: end + 1,
            bytes: ByteRange::new(start, end),
        };
        let mut d = Diagnostic::warning("unknown-keyword", "m");
        d.fix = Some(Fix {
            span,
            replacement: replacement.to_owned(),
        });
        d
    }

    #[test]
    fn overlapping_fixes_are_left_out_and_a_repeated_one_counts_once() {
        let list = [
            fixed(10, 14, "\"b\""),
            fixed(0, 3, "\"a\""),
            fixed(12, 16, "\"x\""),
            fixed(20, 20, ","),
            fixed(20, 22, "\"y\""),
            fixed(30, 33, "\"z\""),
            fixed(30, 33, "\"z\""),
            Diagnostic::warning("ignored-then-else", "m"),
        ];
        let plan = fix_plan(&list);
        let texts = |l: &[CodedFix]| {
            l.iter()
                .map(|f| f.fix.replacement.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(texts(&plan.applied), ["\"a\"", "\"z\""]);
        assert_eq!(texts(&plan.overlapping), ["\"b\"", "\"x\"", ",", "\"y\""]);
    }

    #[test]
    fn a_tool_keeps_the_findings_in_its_schemas_a_schema_is_linted_not_json_is_an_error() {
        let tool = lint_file(
            r#"{"name": "bad name!", "inputSchema": {"type": "object", "propertys": {}}}"#,
        );
        assert_eq!(tool.linted_as, LintedAs::Tool);
        assert!(!tool.diagnostics.is_empty());
        assert!(tool
            .diagnostics
            .iter()
            .all(|d| d.instance_path.starts_with("/inputSchema")));
        assert_eq!(tool.fixes.applied.len(), 1);
        let schema = lint_file(r#"{"type": "object", "propertys": {}}"#);
        assert_eq!(schema.linted_as, LintedAs::Schema);
        assert_eq!(schema.diagnostics[0].code, "unknown-keyword");
        let broken = lint_file("{");
        assert_eq!(broken.linted_as, LintedAs::NotJson);
        assert_eq!(broken.diagnostics.len(), 1);
        assert_eq!(
            broken.diagnostics[0].severity,
            crate::diagnostic::Severity::Error
        );
    }
}
