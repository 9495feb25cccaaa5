//! Array schemas without `items` (OpenAI; VS Code's "tool parameters array type must have
//! items"); lowering adds `items: {}`.

use serde_json::Value;

use crate::schema::{declared_types, Sub};

use super::check::Check;
use super::super::params::ArrayScope;
use super::edit::{each_schema, input_at, put, Lowering};
use super::view::{Spot, ToolView};

/// Whether `sub` is reached only through the keywords `walk` names (a consumer's own walk, such
/// as VS Code's `forEachSchemaNode`, which does not enter `$defs`, `prefixItems`…).
#[inline(never)]
fn inside_walk(sub: &Sub<'_, Value>, walk: &[String]) -> bool {
    let entered = |k: &str| walk.iter().any(|w| w == k);
    let mut tokens = sub.pointer.split('/').skip(1).peekable();
    while let Some(keyword) = tokens.next() {
        if !entered(keyword) {
            return false;
        }
        // A member name, or an index into a list of schemas, follows some keywords.
        let map = matches!(keyword, "properties" | "patternProperties" | "dependencies");
        let list = matches!(keyword, "anyOf" | "allOf" | "oneOf" | "items");
        let index = tokens
            .peek()
            .is_some_and(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()));
        if map || (list && index) {
            tokens.next();
        }
    }
    true
}

/// Whether `schema` is an array schema as `scope` reads `type`.
#[inline(never)]
fn is_array(schema: &Value, scope: &ArrayScope) -> bool {
    if scope.string_type {
        schema.get("type").and_then(Value::as_str) == Some("array")
    } else {
        declared_types(schema).contains(&"array")
    }
}

/// Every array schema without `items`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, scope: &ArrayScope) -> Vec<Spot> {
    let walk = |sub: &Sub<'_, Value>| scope.walk.as_ref().is_none_or(|w| inside_walk(sub, w));
    view.schema_spots(&walk, &|schema| {
        (is_array(schema, scope) && schema.get("items").is_none())
            .then(|| (String::new(), "an array schema without `items`".to_owned()))
    })
}

/// Lowering: arrays without `items` get `items: {}`.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    if !l.has(|c| matches!(c, Check::ArrayWithoutItems(_))) {
        return;
    }
    let mut added = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let is_array = declared_types(&Value::Object(schema.clone())).contains(&"array");
        if is_array && !schema.contains_key("items") {
            put(schema, "items", serde_json::json!({}));
            added.push(pointer.to_owned());
        }
    });
    for pointer in added {
        l.change(input_at(&pointer, "items"), "added `items: {}` (any item)");
    }
}
