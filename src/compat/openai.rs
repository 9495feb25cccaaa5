//! OpenAI function calling (Chat Completions `tools[].function.parameters`), strict off and on.
//!
//! Sources checked 2026-12-02: the API reference
//! (<https://platform.openai.com/docs/api-reference/chat/create>), Structured Outputs' supported
//! schemas (<https://platform.openai.com/docs/guides/structured-outputs#supported-schemas>) and
//! the 400 errors users report (each rule names its issue).

use super::anthropic::name_char;
use super::rule::{ArrayScope, Check, Effect, NameRule, Rule};

/// Function names: `^[a-zA-Z0-9_-]+$`, at most 64 characters.
///
/// Sources (checked 2026-12-02): the API reference (name: a-z, A-Z, 0-9, underscores and
/// dashes, at most 64) and <https://github.com/brekkylab/ailoy/pull/109> (the 400 below).
pub const NAME: Rule = Rule {
    code: "openai/name",
    effect: Effect::Rejected,
    check: Check::Name(NameRule {
        max: 64,
        first: name_char,
        rest: name_char,
        allowed: "1-64 characters of A-Z, a-z, 0-9, `_` and `-`",
    }),
    seen: Some("Invalid 'tools[…].function.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'."),
    fix: Some("rename the tool: replace other characters (`.`, `/`, spaces) with `_`"),
};

/// Every `type: "array"` needs `items`.
///
/// Sources (checked 2026-12-02): <https://github.com/sigoden/aichat/pull/1049>,
/// <https://github.com/meilisearch/meilisearch-mcp/issues/27>.
pub const ARRAY_ITEMS: Rule = Rule {
    code: "openai/array-items",
    effect: Effect::Rejected,
    check: Check::ArrayWithoutItems(ArrayScope::All),
    seen: Some("Invalid schema for function '{name}': In context=('properties', '…'), array schema missing items."),
    fix: Some("give the array an `items` schema"),
};

/// At most 128 tools per request.
///
/// Sources (checked 2026-12-02): <https://github.com/zed-industries/zed/issues/32946>,
/// <https://github.com/openai/openai-openapi/pull/76> (`maxItems` 128 on functions).
pub const MAX_TOOLS: Rule = Rule {
    code: "openai/max-tools",
    effect: Effect::Rejected,
    check: Check::MaxTools(128),
    seen: Some("Invalid 'tools': array too long. Expected an array with maximum length 128, but got an array with length … instead."),
    fix: Some("send at most 128 tools (split the server, or let the host pick)"),
};

/// OpenAI's rules with strict off.
pub const RULES: &[Rule] = &[NAME, ARRAY_ITEMS, MAX_TOOLS];

/// Strict mode needs `additionalProperties: false` on every object.
///
/// Sources (checked 2026-12-02): supported schemas ("additionalProperties: false must always be
/// set in objects"), <https://github.com/lastmile-ai/openai-agents-mcp/issues/2>.
pub const STRICT_OPEN_OBJECT: Rule = Rule {
    code: "openai-strict/open-object",
    effect: Effect::Rejected,
    check: Check::OpenObject,
    seen: Some("Invalid schema for function '{name}': In context=(…), 'additionalProperties' is required to be supplied and to be false."),
    fix: Some("add `\"additionalProperties\": false` to every object schema"),
};

/// Strict mode needs every property in `required` (optional ones are nullable instead).
///
/// Sources (checked 2026-12-02): supported schemas ("all fields must be required"),
/// <https://github.com/Lambdua/openai4j/pull/74>.
pub const STRICT_ALL_REQUIRED: Rule = Rule {
    code: "openai-strict/not-all-required",
    effect: Effect::Rejected,
    check: Check::NotAllRequired,
    seen: Some("Invalid schema for function '{name}': In context=(…), 'required' is required to be supplied and to be an array including every key in properties."),
    fix: Some("list every property in `required`; make an optional one nullable (`\"type\": [T, \"null\"]`)"),
};

/// Strict mode rejects composition and conditionals other than `anyOf`.
///
/// Source (checked 2026-12-02): supported schemas (unsupported: `allOf`, `not`,
/// `dependentRequired`, `dependentSchemas`, `if`, `then`, `else`); issue 25 of this project adds
/// `oneOf`, which the docs leave out of the supported list: the stricter reading keeps it.
pub const STRICT_UNSUPPORTED: Rule = Rule {
    code: "openai-strict/unsupported-keyword",
    effect: Effect::Rejected,
    check: Check::Keywords(&[
        "oneOf",
        "allOf",
        "not",
        "if",
        "then",
        "else",
        "dependentRequired",
        "dependentSchemas",
    ]),
    seen: None,
    fix: Some("remove `{keyword}` and check what it said in the server"),
};

/// Strict mode takes only nine formats.
///
/// Source (checked 2026-12-02): supported schemas (`date-time`, `time`, `date`, `duration`,
/// `email`, `hostname`, `ipv4`, `ipv6`, `uuid`), <https://github.com/cyanheads/git-mcp-server/issues/47>.
pub const STRICT_FORMAT: Rule = Rule {
    code: "openai-strict/format",
    effect: Effect::Rejected,
    check: Check::FormatNotIn(&[
        "date-time",
        "time",
        "date",
        "duration",
        "email",
        "hostname",
        "ipv4",
        "ipv6",
        "uuid",
    ]),
    seen: Some("Invalid schema for function '{name}': In context=(…), '…' is not a valid format."),
    fix: Some("remove the `format` and check it in the server"),
};

/// The extra rules of strict mode (on top of [`RULES`]).
pub const STRICT_RULES: &[Rule] = &[
    STRICT_OPEN_OBJECT,
    STRICT_ALL_REQUIRED,
    STRICT_UNSUPPORTED,
    STRICT_FORMAT,
];
