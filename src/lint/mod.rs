//! Schema lint for tool authors: what a JSON Schema validator silently accepts but the author
//! almost certainly did not mean, each finding a [`Diagnostic`] at the offending keyword (or
//! value) in the schema text, with a stable code and a fix hint where one exists.
//!
//! | code | severity | finding |
//! |---|---|---|
//! | `unknown-keyword` | warning | not a keyword of the schema's dialect (did you mean ...?) |
//! | `invalid-schema` | error | the meta-schema rejects a value, explained by its closest alternative |
//! | `unsupported-dialect` | error | `$schema` names no dialect this crate knows |
//! | `empty-range` | warning | `minimum` > `maximum` and the other lower/upper bound pairs |
//! | `required-forbidden` | warning | a `required` property that `additionalProperties: false` forbids |
//! | `type-excludes-value` | warning | an `enum`/`const` value the declared `type` rejects |
//! | `invalid-default`, `invalid-example` | warning | `default` / `examples` invalid against their schema |
//! | `ignored-for-type` | warning | a keyword that cannot apply to the declared `type` |
//! | `ignored-ref-sibling` | warning | a `$ref` sibling, ignored in draft-07 and earlier |
//! | `items-array` | error | `items` as an array in 2020-12 (now `prefixItems`) |
//! | `ignored-dependencies` | warning | `dependencies` in 2019-09 / 2020-12 |
//! | `ignored-additional-items` | warning | `additionalItems` without an array `items` |
//! | `ignored-then-else` | warning | `then` / `else` without `if` |
//! | `closed-against-allof` | warning | `additionalProperties: false` next to an `allOf` that declares properties |
//! | `pattern-ecma` | warning | a `pattern` that ECMA-262 would reject or read differently |
//!
//! Nothing here changes a validation verdict: the lint reads the schema and reports. An error
//! is a JSON Schema MUST broken (the meta-schema, a dialect no one can read); what the author
//! almost certainly did not mean, in a schema the specification allows, is a warning. Each
//! code's reason is in the severity table of `docs/robustness.md`.

/// Every code the lint gives (the table above): what reports count as the schema lint's.
pub const CODES: &[&str] = &[
    "unknown-keyword",
    "invalid-schema",
    "unsupported-dialect",
    "empty-range",
    "required-forbidden",
    "type-excludes-value",
    "invalid-default",
    "invalid-example",
    "ignored-for-type",
    "ignored-ref-sibling",
    "items-array",
    "ignored-dependencies",
    "ignored-additional-items",
    "ignored-then-else",
    "closed-against-allof",
    "pattern-ecma",
];

mod contradictions;
mod finding;
mod ignored;
mod instances;
mod keywords;
mod meta;
mod pattern;
mod suggest;

use jsonschema::Draft;
use serde::Serialize;

use crate::diagnostic::{cap, Diagnostic, Severity, DEFAULT_MAX_DIAGNOSTICS};
use crate::json::{parse, Document, Node, ReadOptions};
use crate::schema::{builtin_draft, draft_name, subschemas};
use finding::{Finding, Schema};

/// What [`lint_schema`] returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LintReport {
    /// No error among the findings (warnings allowed).
    pub valid: bool,
    /// The dialect the schema was linted as (`2020-12`, `draft-07`, ...), if one was recognised.
    pub dialect: Option<&'static str>,
    /// The findings, errors first, in text order within each severity.
    pub diagnostics: Vec<Diagnostic>,
}

/// Lints a schema text. Text that is not JSON gives its parse error as the only diagnostic.
pub fn lint_schema(text: &str) -> LintReport {
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => {
            return LintReport {
                valid: false,
                dialect: None,
                diagnostics: vec![error.diagnostic()],
            }
        }
    };
    let dialect = doc.pointer("").and_then(declared_draft).map(draft_name);
    let mut diagnostics = doc.warnings.clone();
    diagnostics.extend(lint_root(&doc));
    diagnostics.sort_by_key(|d| (d.severity, d.span.map(|s| s.start)));
    let diagnostics = cap(diagnostics, DEFAULT_MAX_DIAGNOSTICS);
    LintReport {
        valid: !diagnostics.iter().any(Diagnostic::is_error),
        dialect,
        diagnostics,
    }
}

/// Lints the schema that is the whole of `doc`, which nothing has checked yet: a `$schema` this
/// crate does not know is an `unsupported-dialect` error, meta-schema failures are explained
/// (and nothing else is reported then: the rules that read values assume the value shapes the
/// meta-schema guarantees), else [`lint_node`]'s findings.
fn lint_root(doc: &Document<'_>) -> Vec<Diagnostic> {
    let Some(root) = doc.pointer("") else {
        return Vec::new();
    };
    if declared_draft(root).is_none() {
        let at = Finding::key_of(root, "", "$schema", Severity::Error, "unsupported-dialect");
        return at
            .map(|f| {
                f.say("this \"$schema\" is not one the toolbox knows (2020-12, 2019-09, draft-07, -06, -04); the schema was not linted")
            })
            .into_iter()
            .map(|f| f.diagnostic(doc))
            .collect();
    }
    let broken = explain_meta(doc, "");
    if !broken.is_empty() {
        return broken;
    }
    lint_node(doc, "")
}

/// Lints the schema at `pointer` in `doc` (e.g. a tool's `/inputSchema`), which satisfies its
/// meta-schema (it compiled); every pointer and span is in `doc`. A schema with a `$schema`
/// this crate does not know is not linted (a registered custom meta-schema may define any
/// keyword).
pub fn lint_node(doc: &Document<'_>, pointer: &str) -> Vec<Diagnostic> {
    let Some(root) = doc.pointer(pointer) else {
        return Vec::new();
    };
    let Some(draft) = declared_draft(root) else {
        return Vec::new();
    };
    let mut findings = Vec::new();
    let mut instances = instances::Checker::new(doc, root, pointer, draft);
    for schema in schemas(root, pointer, draft) {
        keywords::check(&schema, &mut findings);
        ignored::check(doc, &schema, &mut findings);
        contradictions::check(doc, &schema, &mut findings);
        pattern::check(&schema, &mut findings);
        instances.collect(&schema);
    }
    instances.finish(&mut findings);
    let mut diagnostics: Vec<Diagnostic> =
        findings.into_iter().map(|f| f.diagnostic(doc)).collect();
    diagnostics.sort_by_key(|d| (d.severity, d.span.map(|s| s.start)));
    diagnostics
}

/// The meta-schema failures of the schema at `pointer` in `doc`, each explained by its closest
/// alternative (`invalid-schema`, or `items-array`); empty when the schema satisfies its
/// meta-schema or does not declare a built-in dialect.
pub fn explain_meta(doc: &Document<'_>, pointer: &str) -> Vec<Diagnostic> {
    let Some(root) = doc.pointer(pointer) else {
        return Vec::new();
    };
    let Some(draft) = declared_draft(root) else {
        return Vec::new();
    };
    meta::explain(doc, root, pointer, draft)
        .into_iter()
        .map(|f| f.diagnostic(doc))
        .collect()
}

/// The draft a schema's `$schema` names; none (or a non-string) means 2020-12, the MCP rule.
fn declared_draft(node: &Node) -> Option<Draft> {
    match node.value_of("$schema") {
        None => Some(Draft::Draft202012),
        Some(value) => match value.as_str() {
            Some(uri) => builtin_draft(uri),
            None => Some(Draft::Draft202012),
        },
    }
}

/// Every schema object in the schema at `pointer`, with its dialect (an embedded resource may
/// declare its own).
fn schemas<'n>(root: &'n Node, root_pointer: &str, draft: Draft) -> Vec<Schema<'n>> {
    subschemas(root, root_pointer, draft)
        .into_iter()
        .filter_map(|sub| {
            Some(Schema {
                members: sub.value.members()?,
                pointer: sub.pointer,
                draft: sub.draft,
                root: root_pointer.to_owned(),
            })
        })
        .collect()
}
