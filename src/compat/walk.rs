//! The subschemas of a schema value, without recursion.

use serde_json::Value;

use crate::json::tree::escape_pointer_token;
// The one import of lint's JSON Schema vocabulary in compat (the rest of compat reads it here).
pub(in crate::compat) use crate::schema::{holds, Holds, ANNOTATIONS};

/// One subschema: where it is (a JSON Pointer relative to the walked schema) and what it is (an
/// object, or a boolean schema).
pub struct Sub<'v> {
    /// Its pointer, relative to the walked root (`""` for the root).
    pub pointer: String,
    /// The schema.
    pub value: &'v Value,
}

/// Every subschema of `root`, root first, in document order.
#[inline(never)]
pub fn subschemas(root: &Value) -> Vec<Sub<'_>> {
    let mut found = Vec::new();
    let mut stack = vec![(root, String::new())];
    while let Some((value, pointer)) = stack.pop() {
        if let Value::Object(members) = value {
            let mut children = Vec::new();
            for (key, child) in members {
                let Some(kind) = holds(key) else { continue };
                let here = format!("{pointer}/{}", escape_pointer_token(key));
                match (kind, child) {
                    (Holds::Schema | Holds::SchemaOrArray, Value::Object(_) | Value::Bool(_)) => {
                        children.push((child, here));
                    }
                    (Holds::Array | Holds::SchemaOrArray, Value::Array(items)) => {
                        for (i, item) in items.iter().enumerate() {
                            children.push((item, format!("{here}/{i}")));
                        }
                    }
                    (Holds::Map | Holds::MapOfSchemasOrNames, Value::Object(entries)) => {
                        for (name, entry) in entries {
                            if entry.is_object() || entry.is_boolean() {
                                children.push((
                                    entry,
                                    format!("{here}/{}", escape_pointer_token(name)),
                                ));
                            }
                        }
                    }
                    _ => {}
                }
            }
            stack.extend(children.into_iter().rev());
        }
        if value.is_object() || value.is_boolean() {
            found.push(Sub { pointer, value });
        }
    }
    found
}

/// The `type` names a schema declares (a string or an array of strings); empty without `type`.
#[inline(never)]
pub fn types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(name)) => vec![name.as_str()],
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Whether a schema describes objects: `type` says `object`, or it has `properties`.
#[inline(never)]
pub fn is_object_schema(schema: &Value) -> bool {
    types(schema).contains(&"object") || schema.get("properties").is_some_and(Value::is_object)
}

/// Keywords whose value is commonly a boolean schema and that every consumer takes as one
/// (`additionalProperties: false` is in the official reference servers' schemas, which Claude
/// Code loads).
const BOOLEAN_KEYWORDS: [&str; 4] = [
    "additionalProperties",
    "unevaluatedProperties",
    "additionalItems",
    "unevaluatedItems",
];

/// Whether `sub` is a boolean schema outside the keywords that take booleans as a matter of
/// course: `"data": true` under `properties`, `true` in `anyOf`…
#[inline(never)]
pub fn is_unusual_boolean(sub: &Sub<'_>) -> bool {
    let keyword = sub.pointer.rsplit('/').next().unwrap_or_default();
    sub.value.is_boolean() && !BOOLEAN_KEYWORDS.contains(&keyword)
}
