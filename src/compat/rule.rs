//! What a profile rule is: a stable code, what the consumer does, what users see, the fix, and
//! the [`Check`] that finds it (the same `Check` drives [`super::lower_tool`]).

use serde::Serialize;

/// What a consumer does with a tool that breaks a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Effect {
    /// Accepted as it is, with a warning (a spec SHOULD).
    Warned,
    /// Silently changed (a renamed tool, an ignored field).
    Rewritten,
    /// This tool is skipped; the others are kept.
    Dropped,
    /// The request or the server's whole tool list fails.
    Rejected,
}

/// A schema field of a tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// `inputSchema`.
    Input,
    /// `outputSchema`.
    Output,
}

impl Field {
    /// The member name.
    pub fn key(self) -> &'static str {
        match self {
            Self::Input => "inputSchema",
            Self::Output => "outputSchema",
        }
    }
}

/// Which tool names a consumer takes.
#[derive(Clone, Copy, Debug)]
pub struct NameRule {
    /// Most characters.
    pub max: usize,
    /// Whether the first character may be this one.
    pub first: fn(char) -> bool,
    /// Whether any character may be this one.
    pub rest: fn(char) -> bool,
    /// The allowed characters in words, for messages.
    pub allowed: &'static str,
}

impl NameRule {
    /// Whether `name` follows the rule.
    pub fn accepts(&self, name: &str) -> bool {
        let count = name.chars().count();
        count >= 1
            && count <= self.max
            && name.chars().all(self.rest)
            && name.chars().next().is_some_and(self.first)
    }

    /// `name` made to follow the rule: a character the rule refuses becomes its lowercase if the
    /// rule takes that, else `_`; an empty name becomes `tool`; a refused first character gets a
    /// `_` before it (every profile's first-character rule takes `_`); then it is cut to `max`.
    pub fn sanitize(&self, name: &str) -> String {
        let mut out: String = name
            .chars()
            .map(|c| {
                let lower = c.to_ascii_lowercase();
                if (self.rest)(c) {
                    c
                } else if (self.rest)(lower) {
                    lower
                } else {
                    '_'
                }
            })
            .collect();
        if out.is_empty() {
            out = "tool".to_owned();
        }
        if !out.chars().next().is_some_and(self.first) {
            out.insert(0, '_');
        }
        out.chars().take(self.max).collect()
    }
}

/// What a rule looks for. Each variant is checked in `check.rs` and lowered in `lower.rs`.
#[derive(Clone, Copy, Debug)]
pub enum Check {
    /// The tool name follows a [`NameRule`].
    Name(NameRule),
    /// The MCP spec's name rule ([`super::mcp::check_name`]).
    McpName,
    /// The root of the field is `type: "object"`; a missing `inputSchema` breaks it too.
    RootObject(Field),
    /// The spec's root rule for the field, per protocol version ([`super::mcp::root_rule`]).
    McpRoot(Field),
    /// None of these keywords at the root of `inputSchema`.
    RootKeywords(&'static [&'static str]),
    /// None of these keywords in any subschema of `inputSchema`.
    Keywords(&'static [&'static str]),
    /// Only these keywords in any subschema of `inputSchema`.
    OnlyKeywords(&'static [&'static str]),
    /// No `type` given as an array.
    TypeArray,
    /// `enum` only on strings, with string values.
    EnumNotString,
    /// Every `type: "array"` has `items`.
    ArrayWithoutItems,
    /// Every object schema says `additionalProperties: false`.
    OpenObject,
    /// Every object schema lists all its `properties` in `required`.
    NotAllRequired,
    /// `format` only one of these.
    FormatNotIn(&'static [&'static str]),
    /// No boolean subschema (`true`/`false`) in the field.
    BooleanSubschema(Field),
    /// The consumer ignores this member of a tool.
    IgnoredMember(&'static str),
    /// Server name + tool name shorter than this many characters (needs the server name).
    ServerToolLength(usize),
    /// List: at most this many tools.
    MaxTools(usize),
    /// List: no two tools with the same name.
    DuplicateName,
    /// List: no two tools whose names the [`NameRule`]'s rewrite makes equal.
    DuplicateAfterRewrite(NameRule),
    /// List: at most `tools` tools, and `optional` optional parameters in all.
    StrictBudget {
        /// Most tools.
        tools: usize,
        /// Most optional parameters (properties not in `required`) over all tools.
        optional: usize,
    },
}

impl Check {
    /// Whether the check is about the whole list rather than one tool.
    pub fn is_list(&self) -> bool {
        matches!(
            self,
            Self::MaxTools(_)
                | Self::DuplicateName
                | Self::DuplicateAfterRewrite(_)
                | Self::StrictBudget { .. }
        )
    }
}

/// One rule of a consumer's profile.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    /// Stable code, e.g. `anthropic/root-combinator`; diagnostics carry it.
    pub code: &'static str,
    /// What the consumer does.
    pub effect: Effect,
    /// What the rule looks for.
    pub check: Check,
    /// The message users see, where known.
    pub seen: Option<&'static str>,
    /// How to fix it, where a fix exists.
    pub fix: Option<&'static str>,
}
