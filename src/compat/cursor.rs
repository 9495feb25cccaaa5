//! Cursor's checks on MCP tools.
//!
//! Sources checked 2026-12-03: the issues each rule names (Cursor's source is not public).

use super::rule::{Check, Effect, NameRule, Rule};

/// A character of `[A-Za-z0-9_-]`.
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Tool names with characters other than letters, digits, `_` (and `-`, see
/// [`NAME_HYPHEN`]): Cursor says such tools "may be filtered out" (read as dropped).
///
/// Sources (checked 2026-12-03): <https://github.com/webstudio-is/webstudio/issues/5960>
/// (2026-07-30: every name it quotes has a `.`, e.g. `meta.index`),
/// <https://github.com/bavix/gripmock/issues/875> (`dashboard.full`),
/// <https://github.com/dcc-mcp/dcc-mcp-core/pull/663> (dotted names filtered). Every quoted
/// failure involves a character other than `-`; the message's own wording ("alphanumeric
/// characters and underscores") would refuse `-` too, which [`NAME_HYPHEN`] notes.
pub const NAME: Rule = Rule {
    code: "cursor/name",
    effect: Effect::Dropped,
    check: Check::Name(NameRule {
        max: usize::MAX,
        first: name_char,
        rest: name_char,
        allowed: "A-Z, a-z, 0-9, `_` and `-`",
    }),
    seen: Some("{name} - Tool name must only contain alphanumeric characters and underscores"),
    fix: Some("rename the tool: replace `.`, `/`, spaces and other characters with `_`"),
};

/// A note on names with `-`: Cursor's message names only letters, digits and `_`, but no
/// public source shows a name whose only other character is `-` failing.
///
/// Unverified (checked 2026-12-03): older reports say Cursor once rewrote kebab-case names
/// (<https://github.com/webflow/mcp-server/pull/13>, 2025-04) or did not recognize them
/// (<https://github.com/shuntaka9576/cal2prompt/pull/7>, 2025-02); none shows a drop today, so
/// this is a note (no verdict) and lowering leaves `-` alone.
pub const NAME_HYPHEN: Rule = Rule {
    code: "cursor/name-hyphen",
    effect: Effect::Noted,
    check: Check::NameHas("-"),
    seen: None,
    fix: Some("if Cursor users do not see the tool, use `_` instead of `-`"),
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
    seen: Some("Combined server and tool name length (…) exceeds 60 characters"),
    fix: Some("shorten the tool name (or the server's name in the host's configuration)"),
};

/// Cursor's rules.
pub const RULES: &[Rule] = &[NAME, NAME_HYPHEN, SERVER_TOOL_LENGTH];
