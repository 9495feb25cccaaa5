//! `type` as a list of types (Gemini's `type` is one value); lowering makes it one type and
//! `nullable`, or an `anyOf` of types.

use serde_json::Value;

use super::edit::{discard, each_schema, input_at, put, Lowering};
use super::view::{Spot, ToolView};

/// Every subschema whose `type` is a list.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    view.schema_spots(&|_| true, &|schema| {
        matches!(schema.get("type"), Some(Value::Array(_)))
            .then(|| ("/type".to_owned(), "`type` is a list of types".to_owned()))
    })
}

/// Lowering: `type` lists become one type and `nullable`, or an `anyOf` of types.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    lower_lists(l, input, |_| true);
}

/// Lowering of the `type` lists that `which` keeps: one type and `nullable`, or an `anyOf` of
/// types.
#[inline(never)]
pub(super) fn lower_lists(l: &mut Lowering, input: &mut Value, which: fn(&[Value]) -> bool) {
    let mut done = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let Some(Value::Array(list)) = schema.get("type") else {
            return;
        };
        if !which(list) {
            return;
        }
        let names: Vec<Value> = list
            .iter()
            .filter(|t| t.as_str() != Some("null"))
            .cloned()
            .collect();
        let nullable = names.len() < list.len();
        discard(schema, "type");
        match names.as_slice() {
            [] => {}
            [one] => {
                put(schema, "type", one.clone());
            }
            many => {
                let branches = many
                    .iter()
                    .map(|t| serde_json::json!({"type": t}))
                    .collect();
                put(schema, "anyOf", Value::Array(branches));
            }
        }
        if nullable {
            put(schema, "nullable", Value::Bool(true));
        }
        done.push(pointer.to_owned());
    });
    for pointer in done {
        l.change(
            input_at(&pointer, "type"),
            "a `type` list is now one type (`nullable` for null, `anyOf` for several)",
        );
    }
}
