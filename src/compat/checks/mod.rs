//! The detector kinds: one table (`kinds_table!` below), each row a kind of fact a data entry's
//! `feature` names, grouped by the file in `checks/` that holds its detection and its lowering
//! pass. From the table come the `mod` lines, the [`Check`] enum (expanded in `check.rs`), how an
//! entry's `feature` and `with` become a [`Check`] ([`read`]), the dispatch of a rule's check to its
//! detector ([`tool_findings`], [`list_findings`]), which kinds are about the list or the server,
//! why lowering leaves a kind ([`why_unlowered`]), and the data schema's `feature` enum and `with`
//! rules (`compat-data/schema.json`, rewritten by `UPDATE_SCHEMA=1 cargo test --lib compat`, held
//! by `schema::the_data_schema_is_the_kinds_table`). This file also runs the lowering passes in
//! their fixed order ([`lower`]).
//!
//! A new kind is its file and its row: the feature's name as the data writes it, its scope
//! (`Tool`, `Server`: an `initialize` result, `List`: the whole tool list), its variant with its
//! parameters, the `with` members the data must give, how it reads them, how it finds, and for a
//! kind lowering cannot fix, why. A kind with a lowering pass also takes its place in [`lower`].

pub(super) mod edit;
#[cfg(test)]
mod schema;
pub(super) mod view;
pub(super) mod with;

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::Document;
use crate::protocol::Generation;

use super::params::ArrayScope;
use edit::Lowering;
pub use invalid_schema::{check_schema, INVALID_SCHEMA, UNUSABLE_SCHEMA};
use view::{Spot, ToolView};
use with::With;

/// What a tool check finds: spots the rule words, or the spec's own diagnostics.
#[derive(Clone)]
pub(super) enum Found {
    /// Places the rule turns into findings.
    Spots(Vec<Spot>),
    /// Diagnostics already worded (the spec's rules, shared with `host::check_tool`).
    Diagnostics(Vec<Diagnostic>),
}

impl From<Vec<Spot>> for Found {
    fn from(spots: Vec<Spot>) -> Self {
        Self::Spots(spots)
    }
}

impl From<Option<Spot>> for Found {
    fn from(spot: Option<Spot>) -> Self {
        Self::Spots(spot.into_iter().collect())
    }
}

impl From<Vec<Diagnostic>> for Found {
    fn from(diagnostics: Vec<Diagnostic>) -> Self {
        Self::Diagnostics(diagnostics)
    }
}

impl From<Option<Diagnostic>> for Found {
    fn from(diagnostic: Option<Diagnostic>) -> Self {
        Self::Diagnostics(diagnostic.into_iter().collect())
    }
}

/// What a `Tool` or `Server` row's `find` reads.
struct Tool<'c, 'd, 'v> {
    /// The rule's check (for a detector that reads it whole).
    check: &'c Check,
    /// The document.
    doc: &'c Document<'d>,
    /// The tool (or the `initialize` result).
    view: &'c ToolView<'v>,
    /// The server's name, when given.
    server_name: Option<&'c str>,
}

/// What a `List` row's `find` reads.
struct List<'c, 'v> {
    /// Every tool of the list.
    views: &'c [ToolView<'v>],
    /// The list's pointer.
    list: &'c str,
}

/// What a kind is about.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    /// One tool.
    Tool,
    /// The server's `initialize` result.
    Server,
    /// The whole tool list.
    List,
}

/// Generates, from the table of detector kinds, everything a kind registers (see the module's
/// documentation); the arms starting `@` are its pieces.
macro_rules! kinds {
    (@only enum_check enum_check $($t:tt)*) => {
        $($t)*
    };
    (@only dispatch dispatch $($t:tt)*) => {
        $($t)*
    };
    (@only $want:ident $mode:ident $($t:tt)*) => {};
    (@read $variant:ident $with:ident) => {
        Check::$variant
    };
    (@read $variant:ident $with:ident |$w:ident| $read:expr) => {{
        let $w = $with;
        $read
    }};
    (@tool List $cx:ident |$t:ident| $find:expr) => {
        Found::Spots(Vec::new())
    };
    (@tool $scope:ident $cx:ident |$t:ident| $find:expr) => {{
        let $t = &$cx;
        Found::from($find)
    }};
    (@list List $cx:ident |$t:ident| $find:expr) => {{
        let $t = &$cx;
        $find
    }};
    (@list $scope:ident $cx:ident |$t:ident| $find:expr) => {
        Vec::new()
    };
    (@why) => {
        None
    };
    (@why $why:expr) => {
        Some($why)
    };
    (
        @$mode:ident
        $(
            $modvis:vis mod $module:ident {
                $(
                    $(#[$attr:meta])*
                    $scope:ident $feature:literal => $variant:ident
                        $( ( $($b:ident : $ty:ty),* ) )?
                        $( { $( $(#[$fattr:meta])* $fb:ident : $fty:ty ),* } )?
                        $( with [$($with:literal),*] )?
                        $( , read |$w:ident| $read:expr )?
                        , find |$t:ident| $find:expr
                        $( , cannot_lower $why:expr )?
                    ;
                )*
            }
        )*
    ) => {
        kinds! { @only enum_check $mode
            /// What a rule looks for: one variant per detector kind, a row of the table in
            /// `checks/mod.rs` (its file, its detection and its lowering pass there).
            #[derive(Clone, Debug, PartialEq, Eq)]
            pub enum Check {
                $($(
                    $(#[$attr])*
                    $variant $( ( $($ty),* ) )? $( { $( $(#[$fattr])* $fb: $fty ),* } )?,
                )*)*
            }
        }
        kinds! { @only dispatch $mode
        $( $modvis mod $module; )*

        impl Check {
            /// What the check is about.
            #[allow(unused_variables)] // a pattern names every parameter
            fn scope(&self) -> Scope {
                match self {
                    $($(
                        Self::$variant $( ( $($b),* ) )? $( { $($fb),* } )? => Scope::$scope,
                    )*)*
                }
            }
        }

        /// The check an entry's `feature` and `with` describe.
        #[inline(never)]
        pub(super) fn read(feature: &str, with: &With<'_>) -> Result<Check, String> {
            Ok(match feature {
                $($( $feature => kinds!(@read $variant with $( |$w| $read )?), )*)*
                other => return Err(format!("unknown feature {other:?}")),
            })
        }

        /// What `check` finds in one tool (or the server's `initialize` result): nothing for a
        /// list check.
        #[inline(never)]
        #[allow(unused_variables)] // a detector need not read every parameter
        pub(super) fn tool_findings(
            check: &Check,
            doc: &Document<'_>,
            view: &ToolView<'_>,
            server_name: Option<&str>,
        ) -> Found {
            let cx = Tool { check, doc, view, server_name };
            match check {
                $($(
                    Check::$variant $( ( $($b),* ) )? $( { $($fb),* } )? =>
                        kinds!(@tool $scope cx |$t| $find),
                )*)*
            }
        }

        /// What the list check `check` finds over the tools `views` (the list at `list`):
        /// nothing for a check of one tool.
        #[inline(never)]
        #[allow(unused_variables)] // a detector need not read every parameter
        pub(super) fn list_findings(check: &Check, views: &[ToolView<'_>], list: &str) -> Vec<Spot> {
            let cx = List { views, list };
            match check {
                $($(
                    Check::$variant $( ( $($b),* ) )? $( { $($fb),* } )? =>
                        kinds!(@list $scope cx |$t| $find),
                )*)*
            }
        }

        /// Why lowering cannot fix a finding of `check`, for a kind whose row says.
        #[allow(unused_variables)] // a pattern names every parameter
        fn cannot_lower(check: &Check) -> Option<&'static str> {
            match check {
                $($(
                    Check::$variant $( ( $($b),* ) )? $( { $($fb),* } )? => kinds!(@why $($why)?),
                )*)*
            }
        }

        /// Each feature's name in the data, with the `with` members it needs, in table order.
        #[cfg(test)]
        const FEATURES: &[(&str, &[&str])] = &[$($( ($feature, &[$($($with),*)?]), )*)*];
        }
    };
}

/// The table of detector kinds, written once and expanded twice: `enum_check` gives the [`Check`]
/// enum (in `check.rs`, which the kinds' files import, so that none of them imports this file,
/// which names theirs), `dispatch` everything else (here).
macro_rules! kinds_table {
    ($mode:ident) => {
kinds! {
    @$mode
    mod name {
        /// The tool name follows a [`NameRule`].
        Tool "name" => Name(rule: NameRule) with ["chars", "allowed"],
            read |w| Check::Name(w.name_rule()?),
            find |t| name::find(t.doc, t.view, rule);
        /// The MCP spec's name rule.
        Tool "mcp-name" => McpName,
            find |t| name::find_mcp(t.doc, t.view);
        /// The tool name has none of these characters.
        Tool "name-has" => NameHas(chars: String) with ["chars"],
            read |w| Check::NameHas(w.text("chars")?),
            find |t| name::find_chars(t.view, chars);
    }
    mod root {
        /// The root of the field is `type: "object"`; a missing `inputSchema` breaks it too.
        Tool "root-object" => RootObject(field: Field) with ["field"],
            read |w| Check::RootObject(w.field()?),
            find |t| root::find(t.doc, t.view, *field);
        /// The spec's root rule for the field, per protocol version.
        Tool "mcp-root" => McpRoot(field: Field) with ["field"],
            read |w| Check::McpRoot(w.field()?),
            find |t| root::find_mcp(t.doc, t.view, *field);
    }
    mod combinators {
        /// None of these keywords at the root of `inputSchema`.
        Tool "root-keywords" => RootKeywords(keywords: Vec<String>) with ["keywords"],
            read |w| Check::RootKeywords(w.strings("keywords")?),
            find |t| combinators::find(t.view, keywords);
    }
    mod keywords {
        /// None of these keywords in any subschema of `inputSchema`.
        Tool "keywords" => Keywords(keywords: Vec<String>) with ["keywords"],
            read |w| Check::Keywords(w.strings("keywords")?),
            find |t| keywords::find(t.view, &|k| keywords.iter().any(|w| w == k));
        /// Only these keywords in any subschema of `inputSchema` (and no boolean subschema).
        Tool "only-keywords" => OnlyKeywords(allowed: Vec<String>) with ["keywords"],
            read |w| Check::OnlyKeywords(w.strings("keywords")?),
            find |t| keywords::find_only(t.view, allowed);
    }
    mod type_array {
        /// No `type` given as an array.
        Tool "type-array" => TypeArray,
            find |t| type_array::find(t.view);
    }
    mod nullable_type_pair {
        /// No `type` given as a pair of a type and `"null"`.
        Tool "nullable-type-pair" => NullableTypePair,
            find |t| nullable_type_pair::find(t.view);
    }
    mod enums {
        /// `enum` only on schemas that say `type: "string"`, with string values.
        Tool "enum-not-string" => EnumNotString,
            find |t| enums::find(t.view);
    }
    mod array_items {
        /// Every array schema has `items`.
        Tool "array-without-items" => ArrayWithoutItems(scope: ArrayScope),
            read |w| Check::ArrayWithoutItems(ArrayScope {
                walk: w.strings("walk").ok(),
                string_type: w.flag("stringType"),
            }),
            find |t| array_items::find(t.view, scope);
    }
    mod open_object {
        /// Every object schema says `additionalProperties: false`.
        Tool "open-object" => OpenObject,
            find |t| open_object::find(t.view);
    }
    mod all_required {
        /// Every object schema lists all its `properties` in `required`.
        Tool "not-all-required" => NotAllRequired,
            find |t| all_required::find(t.view);
    }
    mod formats {
        /// `format` only one of these.
        Tool "format-not-in" => FormatNotIn(formats: Vec<String>) with ["keywords"],
            read |w| Check::FormatNotIn(w.strings("keywords")?),
            find |t| formats::find(t.view, t.check);
        /// On a `type: "string"` schema, `format` only one of these.
        Tool "string-format-not-in" => StringFormatNotIn(formats: Vec<String>) with ["keywords"],
            read |w| Check::StringFormatNotIn(w.strings("keywords")?),
            find |t| formats::find(t.view, t.check);
    }
    mod booleans {
        /// No boolean subschema (`true`/`false`) in the field.
        Tool "boolean-subschema" => BooleanSubschema(field: Field) with ["field"],
            read |w| Check::BooleanSubschema(w.field()?),
            find |t| booleans::find(t.view, *field);
    }
    mod dialect {
        /// `outputSchema`'s root `$schema` is none of these dialects.
        Tool "output-dialect" => OutputDialect(allowed: Vec<String>) with ["keywords"],
            read |w| Check::OutputDialect(w.strings("keywords")?),
            find |t| dialect::find(t.view, allowed);
        /// The field's root `$schema` declares none of these dialects.
        Tool "declared-dialect" => DeclaredDialect(field: Field, dialects: Vec<String>)
            with ["keywords", "field"],
            read |w| Check::DeclaredDialect(w.field()?, w.strings("keywords")?),
            find |t| dialect::find_declared(t.view, *field, dialects);
    }
    mod ignored {
        /// The consumer ignores this member of a tool.
        Tool "ignored-member" => IgnoredMember(member: String) with ["member"],
            read |w| Check::IgnoredMember(w.text("member")?),
            find |t| ignored::find(t.view, member);
    }
    mod server_tool_length {
        /// Server name + tool name shorter than this many characters (needs the server name).
        Tool "server-tool-length" => ServerToolLength(limit: usize) with ["max"],
            read |w| Check::ServerToolLength(w.count("max")?),
            find |t| server_tool_length::find(t.view, t.server_name, *limit),
            cannot_lower server_tool_length::CANNOT_LOWER;
    }
    mod description {
        /// The tool's `description` at most this many characters; a longer one is cut.
        Tool "description-length" => DescriptionLength(max: usize) with ["max"],
            read |w| Check::DescriptionLength(w.count("max")?),
            find |t| description::find(t.view, "description", *max);
        /// Server: the `initialize` result's `instructions` at most this many characters;
        /// longer ones are cut.
        Server "instructions-length" => InstructionsLength(max: usize) with ["max"],
            read |w| Check::InstructionsLength(w.count("max")?),
            find |t| description::find(t.view, "instructions", *max),
            cannot_lower description::INSTRUCTIONS_CANNOT_LOWER;
    }
    mod required {
        /// Every name in `required` is defined in `properties`.
        Tool "required-undefined" => RequiredUndefined,
            find |t| required::find(t.view);
    }
    mod properties_type {
        /// `properties`/`required` only on schemas that say `type: "object"`.
        Tool "properties-not-object" => PropertiesNotObject,
            find |t| properties_type::find(t.view);
    }
    mod any_of_siblings {
        /// No `anyOf` with other keywords beside it.
        Tool "any-of-siblings" => AnyOfSiblings,
            find |t| any_of_siblings::find(t.view);
    }
    mod invalid_schema {
        /// The field named (`None`: `inputSchema` and `outputSchema`) is valid JSON Schema that
        /// the engine can use: a model API sees only `inputSchema`.
        Tool "invalid-schema" => InvalidSchema(only: Option<Field>),
            read |w| Check::InvalidSchema(w.field().ok()),
            find |t| invalid_schema::find(t.doc, t.view, *only),
            cannot_lower invalid_schema::CANNOT_LOWER;
    }
    pub mod x_mcp_header {
        /// The spec's constraints on `x-mcp-header` annotations.
        Tool "x-mcp-header" => XMcpHeader,
            find |t| x_mcp_header::find(t.doc, t.view);
    }
    mod list {
        /// List: at most this many tools.
        List "max-tools" => MaxTools(max: usize) with ["max"],
            read |w| Check::MaxTools(w.count("max")?),
            find |l| list::max_tools(l.views, l.list, *max),
            cannot_lower list::CANNOT_LOWER;
        /// List: no two tools with the same name.
        List "duplicate-name" => DuplicateName,
            find |l| list::duplicates(l.views, &|name| name.to_owned()),
            cannot_lower list::CANNOT_LOWER;
        /// List: no two tools whose names the [`NameRule`]'s rewrite makes equal.
        List "duplicate-after-rewrite" => DuplicateAfterRewrite(names: NameRule)
            with ["chars", "allowed"],
            read |w| Check::DuplicateAfterRewrite(w.name_rule()?),
            find |l| list::duplicates(l.views, &|name| names.sanitize(name)),
            cannot_lower list::CANNOT_LOWER;
        /// List: at most `tools` tools, and `optional` optional parameters in all.
        List "strict-budget" => StrictBudget {
                /// Most tools.
                tools: usize,
                /// Most optional parameters (properties not in `required`) over all tools.
                optional: usize
            } with ["tools", "optional"],
            read |w| Check::StrictBudget { tools: w.count("tools")?, optional: w.count("optional")? },
            find |l| list::strict_budget(l.views, l.list, *tools, *optional),
            cannot_lower list::CANNOT_LOWER;
    }
}
    };
}

mod check;
pub use check::Check;

kinds_table!(dispatch);

impl Check {
    /// Whether the check is about the server (its `initialize` result) rather than a tool.
    pub fn is_server(&self) -> bool {
        self.scope() == Scope::Server
    }

    /// Whether the check is about the whole list rather than one tool.
    pub fn is_list(&self) -> bool {
        self.scope() == Scope::List
    }
}

/// Why lowering leaves a finding of `check` (`None`: a finding no rule of the profile names):
/// each kind that lowering cannot fix says why, in its file; a kind it lowers says that its pass
/// fell short.
#[inline(never)]
pub(super) fn why_unlowered(check: Option<&Check>) -> &'static str {
    check
        .and_then(cannot_lower)
        .unwrap_or("lowering cannot fix this: its pass left the finding (please report it)")
}

/// Runs every lowering pass, in a fixed order, over `tool`: each pass acts only when the
/// profile (`l.checks`) has the check it answers.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value, generation: Option<Generation>) {
    root::lower_missing(l, tool);
    dialect::lower(l, tool);
    invalid_schema::lower(l, tool);
    x_mcp_header::lower(l, tool, generation);
    booleans::lower(l, tool);
    if let Some(input) = tool.get_mut("inputSchema") {
        keywords::lower_refs(l, input);
        any_of_siblings::lower(l, input);
        combinators::lower(l, input);
        if l.has(|c| matches!(c, Check::TypeArray)) {
            type_array::lower(l, input);
        } else if l.has(|c| matches!(c, Check::NullableTypePair)) {
            nullable_type_pair::lower(l, input);
        }
        keywords::lower_convert(l, input);
        if l.has(|c| matches!(c, Check::EnumNotString)) {
            enums::lower(l, input);
        }
        keywords::lower_strip(l, input);
        properties_type::lower(l, input);
        root::lower_input(l, input);
        formats::lower(l, input);
        array_items::lower(l, input);
        required::lower(l, input);
        all_required::lower(l, input);
        open_object::lower(l, input);
    }
    root::lower_output(l, tool, generation);
    ignored::lower(l, tool);
    description::lower(l, tool);
    name::lower(l, tool);
}
