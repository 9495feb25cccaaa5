//! `type` as a pair of one type and `"null"` (`["string", "null"]`): Gemini CLI rewrites exactly
//! these to one type and `nullable: true` before it sends a tool, and leaves other type lists
//! alone; lowering does the same rewrite (`type_array::lower_lists`, pairs only).

use serde_json::Value;

use super::edit::Lowering;
use super::type_array::lower_lists;
use super::view::{Spot, ToolView};

/// Whether `list` is two types, one of them `"null"` and the other a string.
fn nullable_pair(list: &[Value]) -> bool {
    match list {
        [a, b] => {
            (a.as_str() == Some("null") && b.is_string())
                || (b.as_str() == Some("null") && a.is_string())
        }
        _ => false,
    }
}

/// Every subschema whose `type` is such a pair.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    view.schema_spots(&|_| true, &|schema| match schema.get("type") {
        Some(Value::Array(list)) if nullable_pair(list) => Some((
            "/type".to_owned(),
            "`type` is a type and \"null\": sent as the type with `nullable: true`".to_owned(),
        )),
        _ => None,
    })
}

/// Lowering: each such pair becomes the one type and `nullable: true` (other lists stay).
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    lower_lists(l, input, nullable_pair);
}
