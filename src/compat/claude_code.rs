//! Claude Code's own checks on a server's `tools/list` (it then passes the tools to the Anthropic
//! API, whose rules its profile adds: [`super::anthropic::RULES`]).
//!
//! Sources checked 2026-12-02: the issues each rule names.

use super::rule::{Check, Effect, Field, Rule};

/// The `$schema` values of JSON Schema 2020-12 (without a trailing `#`).
pub const DIALECT_2020_12: &[&str] = &[
    "https://json-schema.org/draft/2020-12/schema",
    "http://json-schema.org/draft/2020-12/schema",
];

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
    seen: Some("MCP server \"…\" Failed to fetch tools: [{\"code\": \"custom\", \"path\": [\"tools\", …, \"outputSchema\", \"properties\", \"data\"], \"message\": \"Invalid input\"}]"),
    fix: Some("write `{}` for `true` (any value) and `{\"not\": {}}` for `false`"),
};

/// `outputSchema` declares a `$schema` other than 2020-12 (the draft-07 one the TypeScript SDK
/// v1 writes): Claude Code refuses every call of the tool ("dropped": it is listed, but cannot
/// be called).
///
/// Sources (checked 2026-12-03): <https://github.com/anthropics/claude-code/issues/88882>
/// (2026-08-22, open: "tools/list succeeds … the error only surfaces when a tool is actually
/// invoked"; `server-filesystem` unusable), <https://github.com/anthropics/claude-code/issues/86142>
/// (2026-08-12), <https://github.com/anthropics/claude-code/issues/90549> (2026-08-29),
/// <https://github.com/n8n-io/n8n/issues/36361> (since the 13-14 Aug 2026 Claude Code / Desktop
/// update). The message is the MCP TypeScript SDK v2's: its `AjvJsonSchemaValidator` (default
/// engine `Ajv2020`) throws for any `$schema` string outside the two 2020-12 URIs (compared
/// without a trailing `#`) when no engine is passed in (`@modelcontextprotocol/client` 2.4.0,
/// `validators/ajv`); the SDK v1 (`@modelcontextprotocol/sdk` 1.32) compiles with the draft-07
/// `Ajv` class and `validateSchema: false`, and takes draft-07 (and 2020-12) alike. The sources
/// disagree on one point: the README of a `perplexity-mcp-shim` found by code search says Claude
/// Code accepts draft-07 and only Claude Desktop refuses it; the Claude Code issues above say
/// otherwise, and the stricter reading is used. Only `outputSchema` is shown
/// failing: draft-07 `inputSchema`s are accepted.
pub const OUTPUT_DIALECT: Rule = Rule {
    code: "claude-code/output-dialect",
    effect: Effect::Dropped,
    check: Check::OutputDialect(DIALECT_2020_12),
    seen: Some("Error: Tool '{name}' has an invalid outputSchema: JSON Schema declares an unsupported dialect (\"$schema\": \"…\"). The default validator supports JSON Schema 2020-12 only"),
    fix: Some("remove `$schema` from `outputSchema` (it is then read as 2020-12), or declare https://json-schema.org/draft/2020-12/schema"),
};

/// Claude Code's own rules.
pub const RULES: &[Rule] = &[OUTPUT_ROOT, OUTPUT_BOOLEAN, OUTPUT_DIALECT];
