//! What a profile rule is: a stable code, what the consumer does, what users see, the fix, and
//! the [`Check`] that finds it. Each check kind has one file in `checks/` holding both its
//! detection and its lowering pass; a new rule of an existing kind touches only a profile file.

use serde::Serialize;

/// What a consumer does with a tool that breaks a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Effect {
    /// Nothing shown to fail: a note on something no public source shows the consumer refusing
    /// (the rule says what is unverified). Never changes the verdict; lowering ignores it.
    Noted,
    /// Accepted as it is, with a warning (a spec SHOULD).
    Warned,
    /// Silently changed (a renamed tool, an ignored field).
    Rewritten,
    /// This tool is skipped (or cannot be called); the others are kept.
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

/// Which tool names a consumer takes: character classes written as in a regular expression
/// class without brackets (`A-Za-z0-9_-`: ranges and single characters; a `-` first or last is
/// itself).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameRule {
    /// Most characters.
    pub max: usize,
    /// The characters the first one may be (`None`: as any other).
    pub first: Option<String>,
    /// The characters any one may be.
    pub rest: String,
    /// The allowed characters in words, for messages.
    pub allowed: String,
}

/// Whether `c` is in the character class `class` (`A-Za-z0-9_-`).
#[inline(never)]
pub fn in_class(class: &str, c: char) -> bool {
    let mut rest: &[char] = &class.chars().collect::<Vec<char>>();
    loop {
        match rest {
            [low, '-', high, tail @ ..] => {
                if (*low..=*high).contains(&c) {
                    return true;
                }
                rest = tail;
            }
            [one, tail @ ..] => {
                if *one == c {
                    return true;
                }
                rest = tail;
            }
            [] => return false,
        }
    }
}

impl NameRule {
    /// Whether `c` may come first.
    fn first_ok(&self, c: char) -> bool {
        in_class(self.first.as_deref().unwrap_or(&self.rest), c)
    }

    /// Whether `name` follows the rule.
    pub fn accepts(&self, name: &str) -> bool {
        let count = name.chars().count();
        count >= 1
            && count <= self.max
            && name.chars().all(|c| in_class(&self.rest, c))
            && name.chars().next().is_some_and(|c| self.first_ok(c))
    }

    /// `name` made to follow the rule: a character the rule refuses becomes `_` (no consumer
    /// whose source we read changes case: VS Code's sanitiser is case-insensitive), or goes where
    /// the rule refuses `_` too; an empty name becomes `tool`; a refused first character gets a
    /// `_` before it where `_` may come first, else goes; then it is cut to `max`.
    pub fn sanitize(&self, name: &str) -> String {
        let keep = |c: char| in_class(&self.rest, c);
        let filler = keep('_').then_some('_');
        let mut out: String = name
            .chars()
            .filter_map(|c| if keep(c) { Some(c) } else { filler })
            .collect();
        if out.is_empty() {
            out = "tool".chars().filter(|c| keep(*c)).collect();
        }
        if !out.chars().next().is_some_and(|c| self.first_ok(c)) {
            if self.first_ok('_') && keep('_') {
                out.insert(0, '_');
            } else {
                out = out.trim_start_matches(|c| !self.first_ok(c)).to_owned();
            }
        }
        out.chars().take(self.max).collect()
    }
}

/// Which subschemas an array rule walks, and which `type` it reads.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArrayScope {
    /// Only subschemas reached through these keywords (a consumer's own walk, such as VS
    /// Code's `forEachSchemaNode`); `None`: every subschema.
    pub walk: Option<Vec<String>>,
    /// Whether only a string `type: "array"` counts (not a list holding `"array"`).
    pub string_type: bool,
}

/// What a rule looks for. Each variant has one file in `checks/` (its detection and its
/// lowering pass); `checks/mod.rs` dispatches to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Check {
    /// The tool name follows a [`NameRule`] (`checks/name.rs`).
    Name(NameRule),
    /// The MCP spec's name rule (`checks/name.rs`).
    McpName,
    /// The tool name has none of these characters (`checks/name.rs`).
    NameHas(String),
    /// The root of the field is `type: "object"`; a missing `inputSchema` breaks it too
    /// (`checks/root.rs`).
    RootObject(Field),
    /// The spec's root rule for the field, per protocol version (`checks/root.rs`).
    McpRoot(Field),
    /// None of these keywords at the root of `inputSchema` (`checks/combinators.rs`).
    RootKeywords(Vec<String>),
    /// None of these keywords in any subschema of `inputSchema` (`checks/keywords.rs`).
    Keywords(Vec<String>),
    /// Only these keywords in any subschema of `inputSchema` (`checks/keywords.rs`).
    OnlyKeywords(Vec<String>),
    /// No `type` given as an array (`checks/type_array.rs`).
    TypeArray,
    /// No `type` given as a pair of a type and `"null"` (`checks/nullable_type_pair.rs`).
    NullableTypePair,
    /// `enum` only on schemas that say `type: "string"`, with string values (`checks/enums.rs`).
    EnumNotString,
    /// Every array schema has `items` (`checks/array_items.rs`).
    ArrayWithoutItems(ArrayScope),
    /// Every object schema says `additionalProperties: false` (`checks/open_object.rs`).
    OpenObject,
    /// Every object schema lists all its `properties` in `required` (`checks/all_required.rs`).
    NotAllRequired,
    /// `format` only one of these (`checks/formats.rs`).
    FormatNotIn(Vec<String>),
    /// On a `type: "string"` schema, `format` only one of these (`checks/formats.rs`).
    StringFormatNotIn(Vec<String>),
    /// No boolean subschema (`true`/`false`) in the field (`checks/booleans.rs`).
    BooleanSubschema(Field),
    /// `outputSchema`'s root `$schema` is none of these dialects (`checks/dialect.rs`).
    OutputDialect(Vec<String>),
    /// The field's root `$schema` declares none of these dialects (`checks/dialect.rs`).
    DeclaredDialect(Field, Vec<String>),
    /// The consumer ignores this member of a tool (`checks/ignored.rs`).
    IgnoredMember(String),
    /// The tool's `description` at most this many characters; a longer one is cut
    /// (`checks/description.rs`).
    DescriptionLength(usize),
    /// Every name in `required` is defined in `properties` (`checks/required.rs`).
    RequiredUndefined,
    /// `properties`/`required` only on schemas that say `type: "object"`
    /// (`checks/properties_type.rs`).
    PropertiesNotObject,
    /// No `anyOf` with other keywords beside it (`checks/any_of_siblings.rs`).
    AnyOfSiblings,
    /// The field named (`None`: `inputSchema` and `outputSchema`) is valid JSON Schema that the
    /// engine can use: a model API sees only `inputSchema` (`checks/invalid_schema.rs`).
    InvalidSchema(Option<Field>),
    /// The spec's constraints on `x-mcp-header` annotations (`checks/x_mcp_header.rs`).
    XMcpHeader,
    /// Server name + tool name shorter than this many characters (needs the server name;
    /// `checks/server_tool_length.rs`).
    ServerToolLength(usize),
    /// Server: the `initialize` result's `instructions` at most this many characters; longer
    /// ones are cut (`checks/description.rs`).
    InstructionsLength(usize),
    /// List: at most this many tools (`checks/list.rs`).
    MaxTools(usize),
    /// List: no two tools with the same name (`checks/list.rs`).
    DuplicateName,
    /// List: no two tools whose names the [`NameRule`]'s rewrite makes equal (`checks/list.rs`).
    DuplicateAfterRewrite(NameRule),
    /// List: at most `tools` tools, and `optional` optional parameters in all
    /// (`checks/list.rs`).
    StrictBudget {
        /// Most tools.
        tools: usize,
        /// Most optional parameters (properties not in `required`) over all tools.
        optional: usize,
    },
}

impl Check {
    /// Whether the check is about the server (its `initialize` result) rather than a tool.
    pub fn is_server(&self) -> bool {
        matches!(self, Self::InstructionsLength(_))
    }

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

/// One rule of a target: an entry of the compatibility data, resolved for the target's version
/// ([`super::data`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Rule {
    /// Stable code, e.g. `anthropic/root-combinator`; diagnostics carry it.
    pub code: String,
    /// What the consumer does.
    pub effect: Effect,
    /// What the rule looks for.
    pub check: Check,
    /// The message users see, where known: `{name}` is the tool's name, `{keyword}` the
    /// offending keyword, `…` what varies and is not known here.
    pub seen: Option<String>,
    /// How to fix it, where a fix exists (`{keyword}` is the offending keyword); a check may
    /// give a fix that fits the keyword better (`checks/keywords.rs`).
    pub fix: Option<String>,
    /// Since when and on what evidence, as reports say it ("since 2.1.84; evidence
    /// 2026-08-18"); a disagreement of sources names both.
    pub provenance: String,
}
