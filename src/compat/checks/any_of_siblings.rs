//! `anyOf` with other keywords beside it (Vertex AI: "When using any_of, it must be the only
//! field set"), mostly pydantic's nullable pattern `anyOf: [T, {"type": "null"}]` with `default`,
//! `title` or `description`; lowering writes that pattern as T with `"nullable": true` (nothing
//! lost), and moves the other keywords out of any other `anyOf` schema (each one said).

use serde_json::{Map, Value};

use crate::schema::ANNOTATIONS;

use super::check::Check;
use super::super::params::Field;
use super::edit::{each_schema, input_at, put, take, Lowering};
use super::view::{Spot, ToolView};

/// The keywords beside `anyOf` in `schema`.
#[inline(never)]
fn siblings(schema: &Map<String, Value>) -> Vec<String> {
    if !schema.contains_key("anyOf") {
        return Vec::new();
    }
    schema.keys().filter(|k| *k != "anyOf").cloned().collect()
}

/// Every `anyOf` with other keywords beside it.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    let mut spots = Vec::new();
    for sub in view.subs(Field::Input) {
        let Some(schema) = sub.value.as_object() else {
            continue;
        };
        let beside = siblings(schema);
        if beside.is_empty() {
            continue;
        }
        let at = view.at(Field::Input, &sub.pointer, "/anyOf");
        let listed: Vec<String> = beside.iter().map(|k| format!("`{k}`")).collect();
        let detail = format!("`anyOf` with {} beside it", listed.join(", "));
        spots.push(Spot::new(at, detail).about("anyOf"));
    }
    spots
}

/// The one branch of a nullable pattern (`anyOf: [T, {"type": "null"}]`, either order), if
/// `branches` is one.
fn nullable_branch(branches: &[Value]) -> Option<&Map<String, Value>> {
    let null = |b: &Value| {
        b.as_object()
            .is_some_and(|m| m.len() == 1 && m.get("type") == Some(&Value::from("null")))
    };
    match branches {
        [a, b] if null(b) => a.as_object(),
        [a, b] if null(a) => b.as_object(),
        _ => None,
    }
}

/// Lowering: `anyOf` is left alone in its schema.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    if !l.has(|c| matches!(c, Check::AnyOfSiblings)) {
        return;
    }
    let mut nullable = Vec::new();
    let mut moved = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let beside = siblings(schema);
        if beside.is_empty() {
            return;
        }
        let branches = schema
            .get("anyOf")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if let Some(branch) = nullable_branch(&branches) {
            take(schema, "anyOf");
            for (key, value) in branch {
                schema.entry(key.clone()).or_insert_with(|| value.clone());
            }
            put(schema, "nullable", Value::Bool(true));
            nullable.push(pointer.to_owned());
            return;
        }
        for key in beside {
            if let Some(value) = take(schema, &key) {
                moved.push((pointer.to_owned(), key, value));
            }
        }
    });
    for pointer in nullable {
        l.change(
            input_at(&pointer, "anyOf"),
            "the nullable `anyOf` is now its type with `\"nullable\": true`",
        );
    }
    for (pointer, key, _) in moved {
        let at = input_at(&pointer, &key);
        if ANNOTATIONS.contains(&key.as_str()) && key != "format" {
            l.change(
                at,
                format!("removed `{key}` beside `anyOf` (an annotation)"),
            );
        } else {
            l.lose(
                at,
                &key,
                format!("`{key}` beside `anyOf` is no longer enforced"),
            );
        }
    }
}
