//! The JSON Schema dialect a schema declares (`$schema` at its root). Two facts: an `outputSchema`
//! declaring a dialect outside a list (a client that validates results with a 2020-12-only engine
//! refuses any other), and a field declaring one of a list (a client whose validator cannot read
//! that dialect's meta-schema drops the tool). Lowering removes the declaration the profile
//! refuses (MCP then reads the schema as 2020-12, its default dialect) and writes the draft-07
//! forms 2020-12 reads otherwise as 2020-12 does (`invalid_schema::to_2020_12`).

use serde_json::Value;

use super::check::Check;
use super::super::params::Field;
use super::edit::{discard, Lowering};
use super::invalid_schema::to_2020_12;
use super::view::{Spot, ToolView};

/// The `$schema` of `schema`'s root, if a string, and whether it is one of `dialects` (compared
/// without a trailing `#`, as the TypeScript SDK does).
#[inline(never)]
fn declared<'v>(schema: &'v Value, dialects: &[String]) -> Option<(&'v str, bool)> {
    let declared = schema.get("$schema")?.as_str()?;
    let bare = declared.trim_end_matches('#');
    Some((declared, dialects.iter().any(|d| d == bare)))
}

/// The `outputSchema` root's `$schema`, when it is not one of `allowed`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, allowed: &[String]) -> Option<Spot> {
    let (declared, listed) = declared(view.value.get(Field::Output.key())?, allowed)?;
    if listed {
        return None;
    }
    let at = view.at(Field::Output, "", "/$schema");
    let detail =
        format!("`outputSchema` declares the dialect {declared:?}, not JSON Schema 2020-12");
    Some(Spot::new(at, detail).about("$schema"))
}

/// The root `$schema` of `field`, when it is one of `dialects`.
#[inline(never)]
pub(super) fn find_declared(
    view: &ToolView<'_>,
    field: Field,
    dialects: &[String],
) -> Option<Spot> {
    let (declared, listed) = declared(view.value.get(field.key())?, dialects)?;
    if !listed {
        return None;
    }
    let at = view.at(field, "", "/$schema");
    let key = field.key();
    let detail = format!("`{key}` declares the dialect {declared:?}");
    Some(Spot::new(at, detail).about("$schema"))
}

/// Lowering: a field whose root declares a dialect the profile refuses loses the declaration
/// (MCP reads a schema without `$schema` as 2020-12, its default dialect), and its draft-07 forms
/// are written as 2020-12 does.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value) {
    // Each rule as (field, dialects, whether a listed one is refused).
    let rules: Vec<(Field, Vec<String>, bool)> = l
        .checks
        .iter()
        .filter_map(|check| match check {
            Check::DeclaredDialect(field, dialects) => Some((*field, dialects.clone(), true)),
            Check::OutputDialect(allowed) => Some((Field::Output, allowed.clone(), false)),
            _ => None,
        })
        .collect();
    for (field, dialects, listed_refused) in rules {
        let key = field.key();
        let Some(schema) = tool.get_mut(key) else {
            continue;
        };
        if declared(schema, &dialects).is_none_or(|(_, listed)| listed != listed_refused) {
            continue;
        }
        if let Value::Object(members) = schema {
            discard(members, "$schema");
        }
        let message = format!("the `$schema` declaration of `{key}` is removed (MCP reads a schema without one as JSON Schema 2020-12)");
        l.change(format!("/{key}"), message);
        to_2020_12(l, schema, field);
    }
}
