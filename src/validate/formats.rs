//! Finding the `format` names a schema uses that no check knows (real servers use `uint64`,
//! `google-datetime`, ...): they are ignored, with a warning.

use jsonschema::Draft;

use crate::json::Node;
use crate::schema::subschemas;

/// `(pointer of the format keyword, format name)` for every `format` in a subschema position of
/// `schema` that `is_known` rejects. Values of `enum`, `const`, `default`, `x-*` and other
/// non-schema keywords are not searched. Pointers are relative to `schema`, a node of the parsed
/// schema text.
pub fn unknown_formats(schema: &Node, is_known: impl Fn(&str) -> bool) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = subschemas(schema, "", Draft::Draft202012)
        .into_iter()
        .filter_map(|sub| {
            let name = sub.value.value_of("format")?.as_str()?;
            (!is_known(name)).then(|| (format!("{}/format", sub.pointer), name.to_owned()))
        })
        .collect();
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
        })
        .to_string();
        let doc = crate::json::parse(&schema, crate::json::ReadOptions::default()).unwrap();
        let found = unknown_formats(&doc.root, |name| ["date", "email"].contains(&name));
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
