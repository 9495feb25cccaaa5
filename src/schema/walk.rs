//! Which keywords hold subschemas, and the one walk over the subschemas of a schema, for both
//! trees the crate reads schemas as: the positioned [`Node`] of the JSON layer (the lint) and
//! `serde_json::Value` (the engine's formats, the compatibility checks).

use serde_json::Value;

use crate::json::tree::escape_pointer_token;
use crate::json::{Node, NodeKind};

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
    /// The members of an object in document order (keys as decoded); `None` for other values.
    fn object(&self) -> Option<Vec<(&str, &Self)>>;
    /// The items of an array; `None` for other values.
    fn array(&self) -> Option<&[Self]>
    where
        Self: Sized;
    /// Whether the value can be a schema: an object or a boolean.
    fn is_schema(&self) -> bool;
}

impl SchemaTree for Value {
    fn object(&self) -> Option<Vec<(&str, &Self)>> {
        self.as_object()
            .map(|members| members.iter().map(|(k, v)| (k.as_str(), v)).collect())
    }
    fn array(&self) -> Option<&[Self]> {
        self.as_array().map(Vec::as_slice)
    }
    fn is_schema(&self) -> bool {
        self.is_object() || self.is_boolean()
    }
}

impl SchemaTree for Node {
    fn object(&self) -> Option<Vec<(&str, &Self)>> {
        self.members()
            .map(|members| members.iter().map(|m| (m.key.as_str(), &m.value)).collect())
    }
    fn array(&self) -> Option<&[Self]> {
        self.elements()
    }
    fn is_schema(&self) -> bool {
        matches!(self.kind, NodeKind::Object(_) | NodeKind::Bool(_))
    }
}

/// One subschema: where it is and what it is, with the context its enclosing schemas gave it.
pub struct Sub<'v, T, C> {
    /// Its JSON Pointer (the walk's root pointer, then one token per step).
    pub pointer: String,
    /// The schema: an object, or a boolean schema.
    pub value: &'v T,
    /// What `scope` said for it.
    pub context: C,
}

/// Every subschema of `root` (objects and boolean schemas in a subschema position of
/// [`holds`]), root first, in document order, without recursion. Values of `enum`, `const`,
/// `default`, `x-*` and other non-schema keywords are not entered. `scope(schema, outer)` gives
/// each schema its context from its enclosing schema's (`context` for the root): the lint's
/// dialect, which an embedded `$schema` changes.
pub fn subschemas_in<'v, T: SchemaTree, C: Clone>(
    root: &'v T,
    root_pointer: &str,
    context: C,
    scope: impl Fn(&'v T, &C) -> C,
) -> Vec<Sub<'v, T, C>> {
    let mut found = Vec::new();
    if !root.is_schema() {
        return found;
    }
    let mut stack = vec![(root, root_pointer.to_owned(), scope(root, &context))];
    while let Some((value, pointer, context)) = stack.pop() {
        let mut children = Vec::new();
        for (key, child) in value.object().unwrap_or_default() {
            let Some(kind) = holds(key) else { continue };
            let here = format!("{pointer}/{}", escape_pointer_token(key));
            match (kind, child.array()) {
                (Holds::Schema | Holds::SchemaOrArray, None) => children.push((child, here)),
                (Holds::Array | Holds::SchemaOrArray, Some(items)) => children.extend(
                    items
                        .iter()
                        .enumerate()
                        .map(|(i, item)| (item, format!("{here}/{i}"))),
                ),
                (Holds::Map | Holds::MapOfSchemasOrNames, None) => {
                    children.extend(child.object().unwrap_or_default().into_iter().map(
                        |(name, entry)| (entry, format!("{here}/{}", escape_pointer_token(name))),
                    ));
                }
                _ => {}
            }
        }
        stack.extend(
            children
                .into_iter()
                .rev()
                .filter(|(child, _)| child.is_schema())
                .map(|(child, at)| (child, at, scope(child, &context))),
        );
        found.push(Sub {
            pointer,
            value,
            context,
        });
    }
    found
}

/// Every subschema of `root`, root first, in document order, by pointers relative to `root`.
pub fn subschemas<T: SchemaTree>(root: &T) -> Vec<Sub<'_, T, ()>> {
    subschemas_in(root, "", (), |_, _| ())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};
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
    fn every_subschema_in_document_order_and_nothing_else() {
        let schema = sample();
        let pointers: Vec<String> = subschemas(&schema).into_iter().map(|s| s.pointer).collect();
        assert_eq!(pointers, POINTERS);
    }

    #[test]
    fn the_positioned_tree_walks_the_same() {
        let text = serde_json::to_string(&sample()).unwrap();
        let doc = parse(&text, ReadOptions::default()).unwrap();
        let from_value: Vec<String> = subschemas(&sample())
            .into_iter()
            .map(|s| s.pointer)
            .collect();
        let from_node: Vec<String> = subschemas(&doc.root)
            .into_iter()
            .map(|s| s.pointer)
            .collect();
        assert_eq!(from_node, from_value);
    }

    #[test]
    fn scope_passes_context_down_from_the_enclosing_schema() {
        let schema = json!({"title": "outer", "properties": {"a": {"title": "inner", "not": {}}}});
        let titles: Vec<(String, String)> =
            subschemas_in(&schema, "/root", String::new(), |s, outer| {
                s.get("title")
                    .and_then(Value::as_str)
                    .map_or_else(|| outer.clone(), str::to_owned)
            })
            .into_iter()
            .map(|s| (s.pointer, s.context))
            .collect();
        assert_eq!(
            titles,
            [
                ("/root".to_owned(), "outer".to_owned()),
                ("/root/properties/a".to_owned(), "inner".to_owned()),
                ("/root/properties/a/not".to_owned(), "inner".to_owned()),
            ]
        );
    }
}
