//! Boolean subschemas (`"data": true`) where a consumer wants objects (Claude Code's
//! `outputSchema`, Gemini's Schema fields); lowering writes `true` as `{}` and `false` as
//! `{"not": {}}` (or `{}` with a lost constraint where `not` is refused too).

use serde_json::Value;

use super::check::Check;
use super::super::params::Field;
use super::edit::Lowering;
use super::view::{Spot, ToolView};
use crate::schema::{is_unusual_boolean, value_subschemas};

/// One finding per boolean subschema of `field`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, field: Field) -> Vec<Spot> {
    view.subs(field)
        .iter()
        .filter(|sub| is_unusual_boolean(sub))
        .map(|sub| {
            let at = view.at(field, &sub.pointer, "");
            Spot::new(at, format!("a boolean schema (`{}`)", sub.value))
        })
        .collect()
}

/// Lowering: boolean subschemas of `inputSchema` (where only some keywords are allowed, or
/// refused) and of `outputSchema` (where refused) become objects.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value) {
    let input = l.has(|c| {
        matches!(
            c,
            Check::OnlyKeywords(_) | Check::BooleanSubschema(Field::Input)
        )
    });
    let output = l.has(|c| matches!(c, Check::BooleanSubschema(Field::Output)));
    for (field, wanted) in [(Field::Input, input), (Field::Output, output)] {
        if let Some(schema) = tool.get_mut(field.key()).filter(|_| wanted) {
            lower_field(l, schema, field);
        }
    }
}

/// The boolean subschemas of `schema` (the tool's `field`) become objects.
#[inline(never)]
fn lower_field(l: &mut Lowering, schema: &mut Value, field: Field) {
    let pointers: Vec<(String, bool)> = value_subschemas(schema)
        .into_iter()
        .filter(is_unusual_boolean)
        .filter_map(|s| s.value.as_bool().map(|b| (s.pointer, b)))
        .collect();
    let no_not = field == Field::Input && l.forbids("not");
    for (pointer, accepts) in pointers {
        let Some(slot) = schema.pointer_mut(&pointer) else {
            continue;
        };
        let at = format!("/{}{pointer}", field.key());
        *slot = if accepts || no_not {
            serde_json::json!({})
        } else {
            serde_json::json!({"not": {}})
        };
        if !accepts && no_not {
            l.lose(at.clone(), "false", "this value must be absent or rejected");
        }
        l.change(
            at,
            format!("the boolean schema `{accepts}` is now an object schema"),
        );
    }
}
