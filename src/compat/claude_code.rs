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

/// A note on an `outputSchema` that declares a `$schema` other than 2020-12 (the draft-07 one the
/// TypeScript SDK v1 writes): some Claude Code and Claude Desktop versions refuse every call of
/// such a tool.
///
/// Unverified for current versions (checked 2026-12-03), so a note, not a verdict. Since the
/// 13-14 Aug 2026 update, calls fail with the MCP TypeScript SDK v2's message ("tools/list
/// succeeds … the error only surfaces when a tool is actually invoked"):
/// <https://github.com/anthropics/claude-code/issues/86142> (2026-08-12),
/// <https://github.com/anthropics/claude-code/issues/88882> (2026-08-22, open; names
/// `server-filesystem`), <https://github.com/anthropics/claude-code/issues/90549> (2026-08-29),
/// <https://github.com/n8n-io/n8n/issues/36361>; Claude Desktop 2.2553.1 still on 2026-09-21
/// (<https://github.com/shashankswe2020-ux/whoop-mcp/issues/251>). But a Claude Code maintainer
/// could not reproduce it on 2.1.233 (2026-08-17, in #86142): "Claude Code now accepts
/// `outputSchema` documents declaring the draft-04/06/07 and 2019-09 dialects". The validator
/// behind the message is the MCP TypeScript SDK v2's `AjvJsonSchemaValidator`: an earlier v2
/// build threw for any `$schema` outside the two 2020-12 URIs (the code search shows that
/// version's `ajvProvider.ts`); the `@modelcontextprotocol/client` 2.4.0 in `node_modules`
/// (`dist/dialects-*.mjs`, `declaredDialect`, read and run 2026-12-03) takes 2020-12, 2019-09,
/// draft-07 and draft-06 and throws "unsupported dialect" only for others (draft-04…); the SDK v1
/// (`@modelcontextprotocol/sdk` 1.32.2, `validation/ajv-provider.js`: the draft-07 `Ajv` class
/// with `validateSchema: false`) takes any. Only `outputSchema` is shown failing: draft-07
/// `inputSchema`s are accepted. Lowering does not act on a note.
pub const OUTPUT_DIALECT: Rule = Rule {
    code: "claude-code/output-dialect",
    effect: Effect::Noted,
    check: Check::OutputDialect(DIALECT_2020_12),
    seen: Some("Error: Tool '{name}' has an invalid outputSchema: JSON Schema declares an unsupported dialect (\"$schema\": \"…\"). The default validator supports JSON Schema 2020-12 only"),
    fix: Some("for older Claude Code and Claude Desktop versions, remove `$schema` from `outputSchema` (it is then read as 2020-12) or declare https://json-schema.org/draft/2020-12/schema"),
};

/// Claude Code's own rules.
pub const RULES: &[Rule] = &[OUTPUT_ROOT, OUTPUT_BOOLEAN, OUTPUT_DIALECT];
