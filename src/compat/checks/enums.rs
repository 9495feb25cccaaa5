//! `enum` only on `type: "string"` schemas, with string values (Gemini); lowering makes the enum
//! a string enum on a string schema (null becomes `nullable`).

use serde_json::Value;

use super::edit::{discard, each_schema, input_at, put, Lowering};
use super::view::{Spot, ToolView};

/// Whether `schema`'s `enum` is a string enum on a schema that says `type: "string"`. A
/// typeless enum is refused too: Gemini reads a schema without `type` as not a string
/// (<https://github.com/decolua/9router/issues/359>).
#[inline(never)]
fn is_string_enum(schema: &Value, values: &[Value]) -> bool {
    values.iter().all(Value::is_string)
        && schema.get("type").and_then(Value::as_str) == Some("string")
}

/// Every subschema with an `enum` that is not a string enum on a string schema.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    view.schema_spots(&|_| true, &|schema| {
        let values = schema.get("enum")?.as_array()?;
        (!is_string_enum(schema, values)).then(|| {
            let detail = if values.iter().all(Value::is_string) {
                "`enum` on a schema without `type: \"string\"`"
            } else {
                "`enum` of values that are not all strings"
            };
            ("/enum".to_owned(), detail.to_owned())
        })
    })
}

/// Lowering: `enum` values become strings on a string schema (null becomes `nullable`).
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    let mut done = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let Some(Value::Array(values)) = schema.get("enum") else {
            return;
        };
        let all_strings = values.iter().all(Value::is_string);
        let typed = schema.get("type").and_then(Value::as_str);
        if all_strings && typed == Some("string") {
            return;
        }
        let nullable = values.iter().any(Value::is_null);
        let converted: Vec<Value> = values
            .iter()
            .filter(|v| !v.is_null())
            .map(|v| match v {
                Value::String(s) => Value::String(s.clone()),
                other => Value::String(other.to_string()),
            })
            .collect();
        put(schema, "enum", Value::Array(converted));
        put(schema, "type", Value::String("string".into()));
        discard(schema, "anyOf");
        if nullable {
            put(schema, "nullable", Value::Bool(true));
        }
        done.push((pointer.to_owned(), all_strings));
    });
    for (pointer, all_strings) in done {
        let at = input_at(&pointer, "enum");
        if all_strings {
            l.change(at, "the enum now says `type: \"string\"`");
            continue;
        }
        l.change(at.clone(), "the enum is now a string enum");
        l.lose(
            at,
            "enum",
            "the values arrive as strings: convert them back in the server",
        );
    }
}
