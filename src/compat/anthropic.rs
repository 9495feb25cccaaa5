//! Anthropic Messages API (`tools[].input_schema`), and its strict tool use (`strict: true`).
//!
//! Sources checked 2026-12-02: the tool-use docs
//! (<https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools>), strict tool use
//! (<https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>) and its JSON
//! Schema limitations (<https://platform.claude.com/docs/en/build-with-claude/structured-outputs>),
//! and the 400 errors users report (each rule names its issue).

use super::rule::{Check, Effect, NameRule, Rule};

/// A character of `[A-Za-z0-9_-]`.
pub fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '-'
}

/// Tool names: `^[a-zA-Z0-9_-]{1,64}$`, as the API's 400 says.
///
/// Sources (checked 2026-12-02): <https://github.com/inngest/agent-kit/pull/108>,
/// <https://github.com/modelcontextprotocol/typescript-sdk/issues/413>,
/// <https://github.com/apify/tester-mcp-client/issues/11> (`{1,64}`). Other reports show
/// `{1,128}` (<https://github.com/modelcontextprotocol/modelcontextprotocol/issues/1345>,
/// <https://github.com/jedisct1/openapi-mcp/issues/9>): the sources disagree on the length, so
/// the stricter 64 is used.
pub const NAME: Rule = Rule {
    code: "anthropic/name",
    effect: Effect::Rejected,
    check: Check::Name(NameRule {
        max: 64,
        first: name_char,
        rest: name_char,
        allowed: "1-64 characters of A-Z, a-z, 0-9, `_` and `-`",
    }),
    seen: Some("tools.….custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'"),
    fix: Some("rename the tool: replace other characters (`.`, `/`, spaces) with `_`"),
};

/// No `oneOf`/`allOf`/`anyOf` at the root of `input_schema`: the whole request fails.
///
/// Source (checked 2026-12-02): <https://github.com/anthropics/claude-code/issues/657>, also
/// <https://github.com/mobile-next/mobile-mcp/issues/344>.
pub const ROOT_COMBINATOR: Rule = Rule {
    code: "anthropic/root-combinator",
    effect: Effect::Rejected,
    check: Check::RootKeywords(&["oneOf", "allOf", "anyOf"]),
    seen: Some("input_schema does not support oneOf, allOf, or anyOf at the top level"),
    fix: Some("merge the `{keyword}` branches into one object schema and check the alternatives in the server"),
};

/// `input_schema` needs `type` (the docs: an object schema); without it the request fails.
///
/// Sources (checked 2026-12-02): <https://github.com/lidge-jun/opencodex/issues/75>,
/// <https://github.com/Kilo-Org/kilocode/issues/12238>, and the define-tools docs page (the
/// input schema is a JSON Schema object).
pub const ROOT_TYPE: Rule = Rule {
    code: "anthropic/root-type",
    effect: Effect::Rejected,
    check: Check::RootObject(super::rule::Field::Input),
    seen: Some("tools.….custom.input_schema.type: Field required"),
    fix: Some("give `inputSchema` a root `\"type\": \"object\"`"),
};

/// The Anthropic API's rules on every tool.
pub const RULES: &[Rule] = &[NAME, ROOT_COMBINATOR, ROOT_TYPE];

/// Strict tool use drops these constraints from its grammar: numeric, length and size bounds.
///
/// Source (checked 2026-12-02): the "JSON Schema limitations" of
/// <https://platform.claude.com/docs/en/build-with-claude/structured-outputs> (numerical
/// constraints, string length, `maxItems` and object size bounds are not supported); the
/// docs name the request's failure as the outcome, so the effect is `rejected`.
pub const STRICT_UNSUPPORTED: Rule = Rule {
    code: "anthropic-strict/unsupported-keyword",
    effect: Effect::Rejected,
    check: Check::Keywords(&[
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "maxItems",
        "minProperties",
        "maxProperties",
    ]),
    seen: None,
    fix: Some("remove `{keyword}` from the schema and check the bound in the server"),
};

/// Strict tool use needs `additionalProperties: false` on every object.
///
/// Source (checked 2026-12-02): the JSON Schema limitations of
/// <https://platform.claude.com/docs/en/build-with-claude/structured-outputs>
/// (`additionalProperties` must be `false` for objects).
pub const STRICT_OPEN_OBJECT: Rule = Rule {
    code: "anthropic-strict/open-object",
    effect: Effect::Rejected,
    check: Check::OpenObject,
    seen: None,
    fix: Some("add `\"additionalProperties\": false` to every object schema"),
};

/// A note on strict budgets: more than 20 strict tools or 24 optional parameters in all.
///
/// Unverified (checked 2026-12-03): issue 25 of this project quoted these figures from the
/// structured-outputs page
/// (<https://platform.claude.com/docs/en/build-with-claude/structured-outputs>), but no public
/// source found today shows them (neither that page's excerpts nor the strict tool use page,
/// <https://platform.claude.com/docs/en/agents-and-tools/tool-use/strict-tool-use>). A real
/// limit exists but is undocumented: <https://github.com/alphaXiv/agents/pull/49> reports "The
/// compiled grammar is too large" for 13 strict tools on one model and not on another. So this
/// is a note (no verdict), and lowering does not act on it.
pub const STRICT_BUDGET: Rule = Rule {
    code: "anthropic-strict/budget",
    effect: Effect::Noted,
    check: Check::StrictBudget {
        tools: 20,
        optional: 24,
    },
    seen: None,
    fix: Some(
        "if the API answers \"The compiled grammar is too large\", send fewer tools as strict",
    ),
};

/// The extra rules of strict tool use (on top of [`RULES`]).
pub const STRICT_RULES: &[Rule] = &[STRICT_UNSUPPORTED, STRICT_OPEN_OBJECT, STRICT_BUDGET];
