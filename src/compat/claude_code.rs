//! Claude Code's own checks on a server's `tools/list` (it then passes the tools to the Anthropic
//! API, whose rules its profile adds: [`super::anthropic::RULES`]).
//!
//! Sources checked 2026-12-02: the issues each rule names.

use super::rule::{Check, Effect, Field, Rule};

/// `outputSchema` must be `type: "object"` at its root.
///
/// Sources (checked 2026-12-02): <https://github.com/Wynelson94/longhand/pull/16> (each such tool
/// "silently failed to load": dropped), <https://github.com/pardeike/GABS/pull/62> (an
/// `outputSchema` on 4 tools of 110 dropped "the entire GABS server"). The sources disagree on
/// the scope; the stricter reading (the whole list) is used.
pub const OUTPUT_ROOT: Rule = Rule {
    code: "claude-code/output-root-type",
    effect: Effect::Rejected,
    check: Check::RootObject(Field::Output),
    seen: None,
    fix: Some("give `outputSchema` a root `\"type\": \"object\"` (wrap the value in a property), or remove it"),
};

/// No boolean subschema (`"data": true`) in `outputSchema`.
///
/// Source (checked 2026-12-02): <https://github.com/modelcontextprotocol/inspector/issues/1005>
/// (Claude Code fails to fetch the server's tools).
pub const OUTPUT_BOOLEAN: Rule = Rule {
    code: "claude-code/output-boolean-schema",
    effect: Effect::Rejected,
    check: Check::BooleanSubschema(Field::Output),
    seen: Some("MCP server \"NAME\" Failed to fetch tools: [{\"code\": \"custom\", \"path\": [\"tools\", N, \"outputSchema\", \"properties\", \"data\"], \"message\": \"Invalid input\"}]"),
    fix: Some("write `{}` for `true` (any value) and `{\"not\": {}}` for `false`"),
};

/// Claude Code's own rules.
pub const RULES: &[Rule] = &[OUTPUT_ROOT, OUTPUT_BOOLEAN];
