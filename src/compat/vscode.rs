//! VS Code's (Copilot Chat's) checks on MCP tools.
//!
//! Sources checked 2026-12-03: VS Code's own source (each rule names the file and the commit
//! read) and the issues each rule names.

use super::rule::{ArrayScope, Check, Effect, NameRule, Rule};

/// A character of `[A-Za-z0-9_-]`: VS Code's `toolInvalidCharRe` is `/[^a-z0-9_-]/gi`, with the
/// `i` flag, so upper-case letters are kept.
fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// What VS Code takes in a tool name.
const NAMES: NameRule = NameRule {
    max: usize::MAX,
    first: name_char,
    rest: name_char,
    allowed: "A-Z, a-z, 0-9, `_` and `-`",
};

/// Names with a character outside `[A-Za-z0-9_-]` get a warning in the log and the tool still
/// works, under a rewritten name: each such character becomes `_`; the case is kept.
///
/// Sources (checked 2026-12-03): `src/vs/workbench/contrib/mcp/common/mcpServer.ts` of
/// <https://github.com/microsoft/vscode> (commit `0052d689f910e056718b44fdecc7a5e1ad2c3b66`):
/// `const toolInvalidCharRe = /[^a-z0-9_-]/gi;` then, in `_normalizeTool`, a warning and
/// `tool.name = tool.name.replace(toolInvalidCharRe, '_')`. Also
/// <https://github.com/microsoft/vscode/issues/308463> ("The tools still work").
pub const NAME: Rule = Rule {
    code: "vscode/name",
    effect: Effect::Rewritten,
    check: Check::Name(NAMES),
    seen: Some("Tool \"{name}\" is invalid. Tools names may only contain [a-z0-9_-]"),
    fix: Some("rename the tool with letters, digits, `_` and `-`"),
};

/// Two tools whose rewritten names are equal: one shadows the other (read as dropped).
///
/// Source (checked 2026-12-03): follows from [`NAME`]'s rewrite (the same `mcpServer.ts`).
/// Unverified: no public report of the collision itself was found.
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
    seen: Some("Tool {name} has invalid JSON parameters: The schema uses meta-schema features ({keyword}) that are not yet supported by the validator."),
    fix: Some("use `$ref` to `$defs` instead of `{keyword}`"),
};

/// Every `type: "array"` needs `items`: Copilot Chat throws before the request, and the whole
/// request fails.
///
/// Sources (checked 2026-12-03): `src/extension/tools/common/toolSchemaNormalizer.ts` of
/// <https://github.com/microsoft/vscode-copilot-chat> (commit
/// `1700547f76f4a154cb27130be5b522fb27906648`): `forEachSchemaNode` over the parameters, `if (n &&
/// 'type' in n && n.type === 'array' && !n.items) throw new Error('tool parameters array type
/// must have items')`, wrapped as "Failed to validate tool …"; it walks `properties`, `items`,
/// `dependencies`, `patternProperties`, `additionalProperties`, `anyOf`, `allOf`, `oneOf`,
/// `not`, `if`/`then`/`else`, `contains` (not `$defs`), and reads only a string `type`. Reports:
/// <https://github.com/webflow/mcp-server/issues/119>, <https://github.com/nhost/nhost/issues/3686>,
/// <https://github.com/ruvnet/ruflo/issues/1404>.
pub const ARRAY_ITEMS: Rule = Rule {
    code: "vscode/array-items",
    effect: Effect::Rejected,
    check: Check::ArrayWithoutItems(ArrayScope::VsCode),
    seen: Some("Failed to validate tool {name}: Error: tool parameters array type must have items"),
    fix: Some("give the array an `items` schema"),
};

/// VS Code's rules.
pub const RULES: &[Rule] = &[NAME, DUPLICATE_AFTER_REWRITE, DYNAMIC_REFS, ARRAY_ITEMS];
