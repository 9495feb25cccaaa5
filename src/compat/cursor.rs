//! Cursor's checks on MCP tools.
//!
//! Sources checked 2026-12-02: the issues each rule names.

use super::rule::{Check, Effect, NameRule, Rule};

/// A character of `[A-Za-z0-9_]`.
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Tool names of letters, digits and `_` only; Cursor warns that such tools "may be filtered
/// out" (read as dropped, the stricter reading).
///
/// Source (checked 2026-12-02): <https://github.com/webstudio-is/webstudio/issues/5960>.
pub const NAME: Rule = Rule {
    code: "cursor/name",
    effect: Effect::Dropped,
    check: Check::Name(NameRule {
        max: usize::MAX,
        first: name_char,
        rest: name_char,
        allowed: "A-Z, a-z, 0-9 and `_`",
    }),
    seen: Some("Tool name must only contain alphanumeric characters and underscores"),
    fix: Some("rename the tool: replace `.`, `-` and other characters with `_`"),
};

/// Server name + tool name must stay under 60 characters, or the tool is filtered out. The
/// report of a 1 + 59 name flagged as "(60) exceeds 60" shows that 60 itself is refused.
///
/// Sources (checked 2026-12-02): <https://github.com/ComposioHQ/composio/issues/2788>,
/// <https://github.com/executeautomation/mcp-playwright/issues/145>,
/// <https://github.com/awslabs/mcp/issues/1283>.
pub const SERVER_TOOL_LENGTH: Rule = Rule {
    code: "cursor/server-tool-length",
    effect: Effect::Dropped,
    check: Check::ServerToolLength(60),
    seen: Some("Combined server and tool name length (N) exceeds 60 characters"),
    fix: Some("shorten the tool name (or the server's name in the host's configuration)"),
};

/// Cursor's rules.
pub const RULES: &[Rule] = &[NAME, SERVER_TOOL_LENGTH];
