//! Keywords a consumer refuses in `inputSchema` (a deny list, or an allow list such as Gemini's
//! Schema fields); lowering inlines refused `$ref`s, turns refused `const` and exclusive bounds
//! into supported keywords, then strips what is still refused, listing each lost constraint.

use serde_json::Value;

use crate::json::tree::escape_pointer_token;

use super::super::params::Field;
use super::edit::{discard, each_schema, input_at, put, take, Lowering};
use super::view::{Spot, ToolView};
use crate::schema::{value_subschemas, ANNOTATIONS};

/// Most schema nodes `$ref` inlining may copy in all (recursive or fanned-out definitions stop
/// there; the refs left are dropped and listed as lost).
const INLINE_BUDGET: usize = 100_000;

/// Rounds of `$ref` inlining (a definition that refers to another is inlined in the next round).
const INLINE_ROUNDS: usize = 8;

/// One finding per keyword of an `inputSchema` subschema that `bad` refuses.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, bad: &dyn Fn(&str) -> bool) -> Vec<Spot> {
    let mut spots = Vec::new();
    for sub in view.subs(Field::Input) {
        let Some(members) = sub.value.as_object() else {
            continue;
        };
        for key in members.keys().filter(|k| bad(k)) {
            let at = view.at(
                Field::Input,
                &sub.pointer,
                &format!("/{}", escape_pointer_token(key)),
            );
            let mut spot = Spot::new(at, format!("`{key}` is not supported")).about(key);
            spot.advice = advice(key);
            spots.push(spot);
        }
    }
    spots
}

/// One finding per keyword of an `inputSchema` subschema that is not one of `allowed`, and one
/// per boolean subschema (an allow list of schema fields takes objects only).
#[inline(never)]
pub(super) fn find_only(view: &ToolView<'_>, allowed: &[String]) -> Vec<Spot> {
    let mut spots = find(view, &|k| !allowed.iter().any(|w| w == k));
    spots.extend(super::booleans::find(view, Field::Input));
    spots
}

/// Advice that fits `keyword` better than a rule's generic fix (which says to remove it).
#[inline(never)]
fn advice(keyword: &str) -> Option<String> {
    let text = match keyword {
        "$ref" => "inline the definition `$ref` points to (`lowerTool` does)",
        "$defs" | "definitions" => {
            "inline the definitions where they are used, then remove `{keyword}`"
        }
        "const" => "write `const` as a one-value `enum`",
        "oneOf" => "use `anyOf` instead of `oneOf` (any branch may match) and check that only one does in the server",
        "allOf" => "merge the `allOf` branches into one schema",
        "exclusiveMinimum" | "exclusiveMaximum" => {
            "remove `{keyword}` (or use an inclusive bound) and check the bound in the server"
        }
        _ if ANNOTATIONS.contains(&keyword) && keyword != "format" => {
            "remove `{keyword}` (an annotation: no constraint is lost)"
        }
        _ => return None,
    };
    Some(text.replace("{keyword}", keyword))
}

/// Lowering, before the other schema passes: local `$ref`s are inlined where `$ref` is refused.
#[inline(never)]
pub(super) fn lower_refs(l: &mut Lowering, input: &mut Value) {
    if !l.forbids("$ref") {
        return;
    }
    let mut budget = INLINE_BUDGET;
    let mut inlined = Vec::new();
    for _ in 0..INLINE_ROUNDS {
        let original = input.clone();
        let before = inlined.len();
        each_schema(input, &mut |pointer, schema| {
            let Some(Value::String(reference)) = schema.get("$ref") else {
                return;
            };
            let target = reference
                .strip_prefix('#')
                .filter(|frag| !frag.is_empty() && !pointer.starts_with(frag))
                .and_then(|frag| original.pointer(frag));
            let size = target.map_or(0, count_nodes);
            let Some(Value::Object(definition)) = target.filter(|_| size <= budget) else {
                return;
            };
            budget -= size;
            inlined.push((pointer.to_owned(), reference.clone()));
            discard(schema, "$ref");
            for (key, value) in definition {
                schema.entry(key.clone()).or_insert_with(|| value.clone());
            }
        });
        if inlined.len() == before {
            break;
        }
    }
    for (pointer, reference) in inlined {
        l.change(input_at(&pointer, "$ref"), format!("inlined {reference}"));
    }
    // What is left is recursive, dangling or over budget.
    let mut left = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        if let Some(reference) = take(schema, "$ref") {
            left.push((pointer.to_owned(), reference));
        }
    });
    for (pointer, reference) in left {
        let message = format!("{reference} could not be inlined (recursive, dangling or too large): the value is no longer checked");
        l.lose(input_at(&pointer, "$ref"), "$ref", message);
    }
}

/// How many values `value` holds (itself included), without recursion.
#[inline(never)]
fn count_nodes(value: &Value) -> usize {
    let mut count = 0;
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        count += 1;
        match v {
            Value::Array(items) => stack.extend(items),
            Value::Object(members) => stack.extend(members.values()),
            _ => {}
        }
    }
    count
}

/// Lowering: `const` becomes a one-value `enum`, and exclusive bounds inclusive ones, where
/// refused.
#[inline(never)]
pub(super) fn lower_convert(l: &mut Lowering, input: &mut Value) {
    let const_to_enum = l.forbids("const") && !l.forbids("enum");
    let exclusive: Vec<(&str, &str)> = [
        ("exclusiveMinimum", "minimum"),
        ("exclusiveMaximum", "maximum"),
    ]
    .into_iter()
    .filter(|(from, to)| l.forbids(from) && !l.forbids(to))
    .collect();
    let mut changed = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        if const_to_enum {
            if let Some(value) = take(schema, "const") {
                put(schema, "enum", Value::Array(vec![value]));
                changed.push((pointer.to_owned(), "const", false));
            }
        }
        for (from, to) in &exclusive {
            if schema.get(*from).is_some_and(Value::is_number) && !schema.contains_key(*to) {
                if let Some(bound) = take(schema, from) {
                    put(schema, to, bound);
                    changed.push((pointer.to_owned(), from, true));
                }
            }
        }
    });
    for (pointer, keyword, lossy) in changed {
        let at = input_at(&pointer, keyword);
        if lossy {
            l.lose(at.clone(), keyword, "the bound itself is now allowed");
        }
        l.change(
            at,
            format!("`{keyword}` rewritten with a supported keyword"),
        );
    }
}

/// Lowering: every keyword the profile refuses is removed.
#[inline(never)]
pub(super) fn lower_strip(l: &mut Lowering, input: &mut Value) {
    let mut removed = Vec::new();
    let refused: Vec<String> = value_subschemas(input)
        .iter()
        .filter_map(|s| s.value.as_object())
        .flat_map(|m| m.keys())
        .filter(|k| l.forbids(k))
        .cloned()
        .collect();
    if refused.is_empty() {
        return;
    }
    each_schema(input, &mut |pointer, schema| {
        let keys: Vec<String> = schema
            .keys()
            .filter(|k| refused.contains(k))
            .cloned()
            .collect();
        for key in keys {
            discard(schema, &key);
            removed.push((pointer.to_owned(), key));
        }
    });
    for (pointer, key) in removed {
        let at = input_at(&pointer, &key);
        if ANNOTATIONS.contains(&key.as_str()) && key != "format" {
            l.change(at, format!("removed `{key}` (an annotation)"));
        } else {
            l.lose(at, &key, format!("`{key}` is no longer enforced"));
        }
    }
}
