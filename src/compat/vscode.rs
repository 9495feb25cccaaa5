//! VS Code's (Copilot Chat's) checks on MCP tools.
//!
//! Sources checked 2026-12-02: the issues each rule names.

use super::rule::{Check, Effect, NameRule, Rule};

/// A character of `[a-z0-9_-]`.
fn name_char(c: char) -> bool {
    c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-'
}

/// What VS Code takes in a tool name.
const NAMES: NameRule = NameRule {
    max: usize::MAX,
    first: name_char,
    rest: name_char,
    allowed: "a-z, 0-9, `_` and `-`",
};

/// Names outside `[a-z0-9_-]` get a warning and the tool still works, under a rewritten name
/// (other characters become `_`, as issue 25 of this project describes).
///
/// Sources (checked 2026-12-02): <https://github.com/microsoft/vscode/issues/308463> ("The tools
/// still work"), <https://github.com/jedisct1/openapi-mcp/issues/9> (uppercase refused too).
pub const NAME: Rule = Rule {
    code: "vscode/name",
    effect: Effect::Rewritten,
    check: Check::Name(NAMES),
    seen: Some("Tool \"NAME\" is invalid. Tools names may only contain [a-z0-9_-]"),
    fix: Some("rename the tool with lowercase letters, digits, `_` and `-`"),
};

/// Two tools whose rewritten names are equal: one shadows the other (read as dropped).
///
/// Source (checked 2026-12-02): follows from [`NAME`]'s rewrite; issue 25 of this project asks
/// for it. No public report of the collision itself was found.
pub const DUPLICATE_AFTER_REWRITE: Rule = Rule {
    code: "vscode/duplicate-after-rewrite",
    effect: Effect::Dropped,
    check: Check::DuplicateAfterRewrite(NAMES),
    seen: None,
    fix: Some("rename one of the tools"),
};

/// Schemas that use 2019-09/2020-12 dynamic references fail VS Code's validator and the tool's
/// parameters are refused.
///
/// Sources (checked 2026-12-02): <https://github.com/firecrawl/firecrawl-mcp-server/issues/107>,
/// <https://github.com/microsoft/vscode/pull/244908> (invalid tool schemas fail gracefully).
pub const DYNAMIC_REFS: Rule = Rule {
    code: "vscode/unsupported-meta-feature",
    effect: Effect::Dropped,
    check: Check::Keywords(&["$dynamicRef", "$dynamicAnchor", "$recursiveRef", "$recursiveAnchor"]),
    seen: Some("Tool NAME has invalid JSON parameters: The schema uses meta-schema features ($dynamicRef) that are not yet supported by the validator."),
    fix: Some("use `$ref` to `$defs` instead of dynamic references"),
};

/// VS Code's rules.
pub const RULES: &[Rule] = &[NAME, DUPLICATE_AFTER_REWRITE, DYNAMIC_REFS];
