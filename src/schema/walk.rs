//! Which keywords hold subschemas, and the one walk over the subschemas of a schema, for both
//! trees the crate reads schemas as: the positioned [`Node`] of the JSON layer (the lint) and
//! `serde_json::Value` (the engine's formats, the compatibility checks).

use serde_json::Value;

use jsonschema::Draft;

use crate::json::tree::escape_pointer_token;
use crate::json::{Node, NodeKind};
use crate::schema::vocabulary::builtin_draft;

/// How a keyword's value holds subschemas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// The value is a schema.
    Schema,
    /// The value is an array of schemas.
    Array,
    /// The value is an object whose member values are schemas.
    Map,
    /// A schema, or an array of schemas (`items` before 2020-12).
    SchemaOrArray,
    /// An object whose member values are schemas or arrays of names (`dependencies`).
    MapOfSchemasOrNames,
}

/// How `keyword` holds subschemas (whatever the draft: a keyword a draft does not define still
/// has its contents walked, so `$defs` in a draft-07 schema are linted too). Draft-03's
/// `extends` is none: no dialect the engine knows has it.
pub fn holds(keyword: &str) -> Option<Holds> {
    Some(match keyword {
        "additionalProperties"
        | "additionalItems"
        | "propertyNames"
        | "not"
        | "contains"
        | "if"
        | "then"
        | "else"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "contentSchema" => Holds::Schema,
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => Holds::Array,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
            Holds::Map
        }
        "items" => Holds::SchemaOrArray,
        "dependencies" => Holds::MapOfSchemasOrNames,
        _ => return None,
    })
}

/// A JSON tree the walk can read: objects with members in document order, arrays, booleans.
pub trait SchemaTree {
    /// Calls `each` with every member of an object, in document order (keys as decoded); false
    /// for any other value.
    fn each_member<'a>(&'a self, each: &mut dyn FnMut(&'a str, &'a Self)) -> bool;
    /// The items of an array; `None` for other values.
    fn items(&self) -> Option<&[Self]>
    where
        Self: Sized;
    /// Whether the value can be a schema: an object or a boolean.
    fn is_schema(&self) -> bool;
    /// The value of member `key` of an object (the last one of a duplicated key).
    fn member(&self, key: &str) -> Option<&Self>;
    /// The value of a string.
    fn text(&self) -> Option<&str>;
}

impl SchemaTree for Value {
    fn each_member<'a>(&'a self, each: &mut dyn FnMut(&'a str, &'a Self)) -> bool {
        let Some(members) = self.as_object() else {
            return false;
        };
        for (key, value) in members {
            each(key, value);
        }
        true
    }
    fn items(&self) -> Option<&[Self]> {
        self.as_array().map(Vec::as_slice)
    }
    fn is_schema(&self) -> bool {
        self.is_object() || self.is_boolean()
    }
    fn member(&self, key: &str) -> Option<&Self> {
        self.get(key)
    }
    fn text(&self) -> Option<&str> {
        self.as_str()
    }
}

impl SchemaTree for Node {
    fn each_member<'a>(&'a self, each: &mut dyn FnMut(&'a str, &'a Self)) -> bool {
        let Some(members) = self.members() else {
            return false;
        };
        for member in members {
            each(&member.key, &member.value);
        }
        true
    }
    fn items(&self) -> Option<&[Self]> {
        self.elements()
    }
    fn is_schema(&self) -> bool {
        matches!(self.kind, NodeKind::Object(_) | NodeKind::Bool(_))
    }
    fn member(&self, key: &str) -> Option<&Self> {
        self.value_of(key)
    }
    fn text(&self) -> Option<&str> {
        self.as_str()
    }
}

/// One subschema: where it is, what it is, and its dialect.
pub struct Sub<'v, T> {
    /// Its JSON Pointer (the walk's root pointer, then one token per step).
    pub pointer: String,
    /// The schema: an object, or a boolean schema.
    pub value: &'v T,
    /// Its dialect: the enclosing schema's, unless its own `$schema` names another.
    pub draft: Draft,
}

/// The dialect of `schema` inside a schema of dialect `outer`: an embedded resource may declare
/// its own with `$schema`. A `$schema` that names no built-in draft leaves `outer`; one that is not
/// a string means 2020-12, the MCP default (the meta-schema check reports it).
fn dialect<T: SchemaTree>(schema: &T, outer: Draft) -> Draft {
    match schema.member("$schema") {
        None => outer,
        Some(value) => match value.text() {
            Some(uri) => builtin_draft(uri).unwrap_or(outer),
            None => Draft::Draft202012,
        },
    }
}

/// The subschemas directly inside `value` (its members [`holds`] names), in document order.
fn children<'v, T: SchemaTree>(value: &'v T, pointer: &str, out: &mut Vec<(&'v T, String)>) {
    value.each_member(&mut |key, child| {
        let Some(kind) = holds(key) else { return };
        let here = format!("{pointer}/{}", escape_pointer_token(key));
        match (kind, child.items()) {
            (Holds::Schema | Holds::SchemaOrArray, None) => out.push((child, here)),
            (Holds::Array | Holds::SchemaOrArray, Some(items)) => {
                for (i, item) in items.iter().enumerate() {
                    out.push((item, format!("{here}/{i}")));
                }
            }
            (Holds::Map | Holds::MapOfSchemasOrNames, None) => {
                child.each_member(&mut |name, entry| {
                    out.push((entry, format!("{here}/{}", escape_pointer_token(name))));
                });
            }
            _ => {}
        }
    });
}

/// Every subschema of `root` (objects and boolean schemas in a subschema position of
/// [`holds`]), root first, in document order, each with its dialect (`draft` for `root` unless its
/// `$schema` says otherwise), without recursion. Values of `enum`, `const`, `default`, `x-*` and
/// other non-schema keywords are not entered.
pub fn subschemas<'v, T: SchemaTree>(
    root: &'v T,
    root_pointer: &str,
    draft: Draft,
) -> Vec<Sub<'v, T>> {
    let mut found = Vec::new();
    if !root.is_schema() {
        return found;
    }
    let mut stack = vec![(root, root_pointer.to_owned(), dialect(root, draft))];
    let mut inside = Vec::new();
    while let Some((value, pointer, draft)) = stack.pop() {
        children(value, &pointer, &mut inside);
        for (child, at) in inside.drain(..).rev() {
            if child.is_schema() {
                stack.push((child, at, dialect(child, draft)));
            }
        }
        found.push(Sub {
            pointer,
            value,
            draft,
        });
    }
    found
}

/// Every subschema of a schema value read as the MCP default dialect (2020-12), pointers
/// relative to it (`""` for the root): the walk the compatibility checks and their lowering
/// read tools' schemas with.
pub fn value_subschemas(root: &Value) -> Vec<Sub<'_, Value>> {
    subschemas(root, "", Draft::Draft202012)
}

/// The `type` names a schema declares (a string or an array of strings); empty without `type`.
pub fn declared_types(schema: &Value) -> Vec<&str> {
    match schema.get("type") {
        Some(Value::String(name)) => vec![name.as_str()],
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Whether a schema describes objects: `type` says `object`, or it has `properties`.
pub fn is_object_schema(schema: &Value) -> bool {
    declared_types(schema).contains(&"object")
        || schema.get("properties").is_some_and(Value::is_object)
}

/// Keywords whose value is commonly a boolean schema and that every consumer takes as one
/// (`additionalProperties: false` is in the official reference servers' schemas).
const BOOLEAN_AS_A_MATTER_OF_COURSE: [&str; 4] = [
    "additionalProperties",
    "unevaluatedProperties",
    "additionalItems",
    "unevaluatedItems",
];

/// Whether `sub` is a boolean schema outside the keywords that take booleans as a matter of
/// course: `"data": true` under `properties`, `true` in `anyOf`…
pub fn is_unusual_boolean(sub: &Sub<'_, Value>) -> bool {
    let keyword = sub.pointer.rsplit('/').next().unwrap_or_default();
    sub.value.is_boolean() && !BOOLEAN_AS_A_MATTER_OF_COURSE.contains(&keyword)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};
    use crate::schema::vocabulary::tests::meta_schemas;
    use crate::schema::vocabulary::{draft_name, DRAFTS};
    use serde_json::json;

    /// A schema with a subschema under every shape of [`Holds`], and schema-like values where
    /// no schema is.
    fn sample() -> Value {
        json!({
            "properties": {"a": {"type": "string"}, "b": true},
            "items": [{"minimum": 1}, false],
            "additionalItems": {"maxLength": 2},
            "anyOf": [{"const": {"type": "not-a-schema"}}],
            "dependencies": {"x": ["y"], "z": {"required": ["q"]}},
            "not": {"items": {"title": "deep"}},
            "x-vendor": {"properties": {"hidden": {}}},
            "enum": [{"type": "object"}],
            "extends": {"type": "draft-03"}
        })
    }

    const POINTERS: [&str; 10] = [
        "",
        "/properties/a",
        "/properties/b",
        "/items/0",
        "/items/1",
        "/additionalItems",
        "/anyOf/0",
        "/dependencies/z",
        "/not",
        "/not/items",
    ];

    #[test]
    fn draft_03_extends_holds_nothing() {
        assert!(holds("extends").is_none(), "draft-03 is no dialect here");
    }

    #[test]
    fn every_subschema_in_document_order_and_nothing_else() {
        let schema = sample();
        let pointers: Vec<String> = subschemas(&schema, "", Draft::Draft202012)
            .into_iter()
            .map(|s| s.pointer)
            .collect();
        assert_eq!(pointers, POINTERS);
    }

    #[test]
    fn the_positioned_tree_walks_the_same() {
        let text = serde_json::to_string(&sample()).unwrap();
        let doc = parse(&text, ReadOptions::default()).unwrap();
        let from_value: Vec<String> = subschemas(&sample(), "", Draft::Draft202012)
            .into_iter()
            .map(|s| s.pointer)
            .collect();
        let from_node: Vec<String> = subschemas(&doc.root, "", Draft::Draft202012)
            .into_iter()
            .map(|s| s.pointer)
            .collect();
        assert_eq!(from_node, from_value);
    }

    #[test]
    fn an_embedded_schema_declares_its_own_dialect_for_what_it_holds() {
        let schema = json!({
            "properties": {
                "old": {
                    "$schema": "http://json-schema.org/draft-07/schema#",
                    "items": {"not": {}}
                },
                "odd": {"$schema": "https://example.com/mine", "not": {}},
                "bad": {"$schema": 7}
            }
        });
        let drafts: Vec<(String, &str)> = subschemas(&schema, "/root", Draft::Draft201909)
            .into_iter()
            .map(|s| (s.pointer, draft_name(s.draft)))
            .collect();
        let want = [
            ("/root", "2019-09"),
            ("/root/properties/old", "draft-07"),
            ("/root/properties/old/items", "draft-07"),
            ("/root/properties/old/items/not", "draft-07"),
            ("/root/properties/odd", "2019-09"),
            ("/root/properties/odd/not", "2019-09"),
            ("/root/properties/bad", "2020-12"),
        ];
        let want: Vec<(String, &str)> = want.iter().map(|(p, d)| ((*p).to_owned(), *d)).collect();
        assert_eq!(drafts, want);
    }

    /// How a meta-schema property holds subschemas: a reference to the meta-schema itself
    /// (`{"$ref": "#"}`, `$recursiveRef`, `$dynamicRef`), an array of them, a map of them; names
    /// the definitions it goes through (`schemaArray`).
    fn shape(meta: &Value, property: &Value) -> Option<Holds> {
        let recursive = |v: &Value| {
            ["$ref", "$recursiveRef", "$dynamicRef"]
                .iter()
                .any(|k| matches!(v.get(*k).and_then(Value::as_str), Some("#" | "#meta")))
        };
        let resolve = |v: &Value| -> Value {
            match v.get("$ref").and_then(Value::as_str) {
                Some(r) if r.starts_with("#/") => meta
                    .pointer(r.trim_start_matches('#'))
                    .cloned()
                    .unwrap_or(Value::Null),
                _ => v.clone(),
            }
        };
        let array = |v: &Value| {
            let v = resolve(v);
            v.get("type") == Some(&Value::from("array")) && v.get("items").is_some_and(recursive)
        };
        let branches: Vec<Value> = property
            .get("anyOf")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_else(|| vec![property.clone()]);
        let schema = branches.iter().any(recursive);
        let list = branches.iter().any(array);
        Some(match (schema, list) {
            (true, true) => Holds::SchemaOrArray,
            (true, false) => Holds::Schema,
            (false, true) => Holds::Array,
            (false, false) => {
                let values = property.get("additionalProperties")?;
                let names = values
                    .get("anyOf")
                    .and_then(Value::as_array)
                    .is_some_and(|b| b.len() == 2);
                match (recursive(values), names) {
                    (true, _) => Holds::Map,
                    (false, true) => Holds::MapOfSchemasOrNames,
                    _ => return None,
                }
            }
        })
    }

    #[test]
    fn the_keywords_that_hold_subschemas_are_the_ones_the_meta_schemas_recurse_into() {
        for draft in DRAFTS {
            for meta in meta_schemas(draft) {
                let Some(properties) = meta.get("properties").and_then(Value::as_object) else {
                    continue;
                };
                for (keyword, property) in properties {
                    let want = shape(&meta, property);
                    // `items` is one schema or an array of them until 2020-12, where the array
                    // form is `prefixItems`: one shape for every draft, as the walk needs.
                    let want = match (keyword.as_str(), want) {
                        ("items", Some(Holds::Schema)) => Some(Holds::SchemaOrArray),
                        (_, want) => want,
                    };
                    assert_eq!(holds(keyword), want, "{} {keyword}", draft_name(draft));
                }
            }
        }
    }
}
