//! The checks: one file per [`Check`] kind, holding its detection and its lowering pass. This
//! file dispatches a rule's check to its file ([`tool_findings`], [`list_findings`]) and runs the
//! lowering passes in their fixed order ([`lower`]).

mod all_required;
mod any_of_siblings;
mod array_items;
mod booleans;
mod combinators;
mod description;
mod dialect;
pub(super) mod edit;
mod enums;
mod formats;
mod ignored;
mod invalid_schema;
mod keywords;
mod list;
mod name;
mod nullable_type_pair;
mod open_object;
mod properties_type;
mod required;
mod root;
mod server_tool_length;
mod type_array;
pub(super) mod view;
pub mod x_mcp_header;

use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::Document;
use crate::protocol::Generation;

use super::rule::{Check, Field};
use edit::Lowering;
pub use invalid_schema::{check_schema, INVALID_SCHEMA, UNUSABLE_SCHEMA};
use view::{Spot, ToolView};

/// What a tool check finds: spots the rule words, or the spec's own diagnostics.
#[derive(Clone)]
pub(super) enum Found {
    /// Places the rule turns into findings.
    Spots(Vec<Spot>),
    /// Diagnostics already worded (the spec's rules, shared with `host::check_tool`).
    Diagnostics(Vec<Diagnostic>),
}

/// What `check` finds in one tool.
#[inline(never)]
pub(super) fn tool_findings(
    check: &Check,
    doc: &Document<'_>,
    view: &ToolView<'_>,
    server_name: Option<&str>,
) -> Found {
    let spots = match check {
        Check::Name(names) => name::find(doc, view, names),
        Check::NameHas(chars) => name::find_chars(view, chars),
        Check::McpName => {
            return Found::Diagnostics(name::find_mcp(doc, view).into_iter().collect())
        }
        Check::McpRoot(field) => {
            return Found::Diagnostics(root::find_mcp(doc, view, *field).into_iter().collect())
        }
        Check::InvalidSchema(field) => {
            return Found::Diagnostics(invalid_schema::find(doc, view, *field))
        }
        Check::XMcpHeader => return Found::Diagnostics(x_mcp_header::find(doc, view)),
        Check::RootObject(field) => root::find(doc, view, *field).into_iter().collect(),
        Check::RootKeywords(keywords) => combinators::find(view, keywords),
        Check::Keywords(keywords) => keywords::find(view, &|k| keywords.iter().any(|w| w == k)),
        Check::OnlyKeywords(allowed) => {
            let mut spots = keywords::find(view, &|k| !allowed.iter().any(|w| w == k));
            spots.extend(booleans::find(view, Field::Input));
            spots
        }
        Check::BooleanSubschema(field) => booleans::find(view, *field),
        Check::TypeArray => type_array::find(view),
        Check::NullableTypePair => nullable_type_pair::find(view),
        Check::EnumNotString => enums::find(view),
        Check::ArrayWithoutItems(scope) => array_items::find(view, scope),
        Check::OpenObject => open_object::find(view),
        Check::NotAllRequired => all_required::find(view),
        Check::FormatNotIn(_) | Check::StringFormatNotIn(_) => formats::find(view, check),
        Check::OutputDialect(allowed) => dialect::find(view, allowed).into_iter().collect(),
        Check::DeclaredDialect(field, dialects) => dialect::find_declared(view, *field, dialects)
            .into_iter()
            .collect(),
        Check::IgnoredMember(key) => ignored::find(view, key).into_iter().collect(),
        Check::ServerToolLength(limit) => server_tool_length::find(view, server_name, *limit)
            .into_iter()
            .collect(),
        Check::DescriptionLength(max) => description::find(view, "description", *max)
            .into_iter()
            .collect(),
        Check::InstructionsLength(max) => description::find(view, "instructions", *max)
            .into_iter()
            .collect(),
        Check::RequiredUndefined => required::find(view),
        Check::PropertiesNotObject => properties_type::find(view),
        Check::AnyOfSiblings => any_of_siblings::find(view),
        Check::MaxTools(_)
        | Check::DuplicateName
        | Check::DuplicateAfterRewrite(_)
        | Check::StrictBudget { .. } => Vec::new(),
    };
    Found::Spots(spots)
}

/// What the list check `check` finds over the tools `views` (the list at `list`).
#[inline(never)]
pub(super) fn list_findings(check: &Check, views: &[ToolView<'_>], list: &str) -> Vec<Spot> {
    list::find(check, views, list)
}

/// Why lowering leaves a finding of `check` (`None`: a finding no rule of the profile names):
/// each kind that lowering cannot fix says why, in its file; a kind it lowers says that its pass
/// fell short.
#[inline(never)]
pub(super) fn why_unlowered(check: Option<&Check>) -> &'static str {
    match check {
        Some(c) if c.is_list() => list::CANNOT_LOWER,
        Some(Check::InstructionsLength(_)) => description::INSTRUCTIONS_CANNOT_LOWER,
        Some(Check::InvalidSchema(_)) => invalid_schema::CANNOT_LOWER,
        Some(Check::ServerToolLength(_)) => server_tool_length::CANNOT_LOWER,
        _ => "lowering cannot fix this: its pass left the finding (please report it)",
    }
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
