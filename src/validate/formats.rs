//! Finding the `format` names a schema uses that no check knows (real servers use `uint64`,
//! `google-datetime`, ...): they are ignored, with a warning.

use serde_json::Value;

use crate::json::tree::escape_pointer_token;

/// Keywords whose value is one subschema.
const ONE: [&str; 13] = [
    "additionalProperties",
    "additionalItems",
    "items",
    "contains",
    "not",
    "if",
    "then",
    "else",
    "propertyNames",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
    "extends",
];
/// Keywords whose value is an array of subschemas.
const LIST: [&str; 5] = ["allOf", "anyOf", "oneOf", "prefixItems", "items"];
/// Keywords whose value maps names to subschemas.
const MAP: [&str; 6] = [
    "properties",
    "patternProperties",
    "$defs",
    "definitions",
    "dependentSchemas",
    "dependencies",
];

/// `(pointer of the format keyword, format name)` for every `format` in a subschema position of
/// `schema` that `is_known` rejects. Values of `enum`, `const`, `default`, `x-*` and other
/// non-schema keywords are not searched.
pub fn unknown_formats(schema: &Value, is_known: impl Fn(&str) -> bool) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut stack: Vec<(String, &Value)> = vec![(String::new(), schema)];
    while let Some((pointer, node)) = stack.pop() {
        let Some(object) = node.as_object() else {
            continue;
        };
        for (key, value) in object {
            let here = format!("{pointer}/{}", escape_pointer_token(key));
            match value {
                Value::String(name) if key == "format" && !is_known(name) => {
                    found.push((here, name.clone()));
                }
                Value::Object(_) if ONE.contains(&key.as_str()) => stack.push((here, value)),
                Value::Array(items) if LIST.contains(&key.as_str()) => {
                    stack.extend(
                        items
                            .iter()
                            .enumerate()
                            .map(|(i, item)| (format!("{here}/{i}"), item)),
                    );
                }
                Value::Object(map) if MAP.contains(&key.as_str()) => {
                    stack.extend(map.iter().map(|(name, sub)| {
                        (format!("{here}/{}", escape_pointer_token(name)), sub)
                    }));
                }
                _ => {}
            }
        }
    }
    found.sort();
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn finds_formats_only_in_schema_positions() {
        let schema = json!({
            "properties": {
                "id": {"type": "string", "format": "uint64"},
                "when": {"anyOf": [{"format": "google-datetime"}, {"format": "date"}]},
                "format": {"const": {"format": "not-a-schema"}}
            },
            "x-vendor": {"format": "ignored"},
            "format": "email"
        });
        let found = unknown_formats(&schema, |name| ["date", "email"].contains(&name));
        assert_eq!(
            found,
            [
                ("/properties/id/format".to_owned(), "uint64".to_owned()),
                (
                    "/properties/when/anyOf/0/format".to_owned(),
                    "google-datetime".to_owned()
                ),
            ]
        );
    }
}
