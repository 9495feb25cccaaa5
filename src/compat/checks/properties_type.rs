//! `properties` or `required` on a schema whose `type` is not `"object"` (absent, or another
//! type): Gemini's `parameters` refuses it ("…properties: only allowed for OBJECT type").
//! Lowering gives a typeless schema `type: "object"` and takes the object keywords off a
//! schema of another type, saying what is lost.

use serde_json::Value;

use super::check::Check;
use super::edit::{discard, each_schema, input_at, put, Lowering};
use super::view::{Spot, ToolView};

/// The object keywords the rule reads.
const OBJECT_KEYWORDS: [&str; 2] = ["properties", "required"];

/// Whether `schema`'s `type` leaves it a non-object in the consumer's eyes: absent, or a string
/// other than `"object"` (a list of types is the `type-array` rule's).
#[inline(never)]
fn not_object(schema: &Value) -> bool {
    match schema.get("type") {
        None => true,
        Some(Value::String(t)) => t != "object",
        Some(_) => false,
    }
}

/// One finding per object keyword on a schema that is not `type: "object"`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    let mut spots = Vec::new();
    for keyword in OBJECT_KEYWORDS {
        spots.extend(view.schema_spots(&|_| true, &|schema| {
            (schema.get(keyword).is_some() && not_object(schema)).then(|| {
                let found = schema
                    .get("type")
                    .map_or_else(|| "no `type`".to_owned(), |t| format!("`type` {t}"));
                let detail = format!("`{keyword}` on a schema with {found}, not `\"object\"`");
                (format!("/{keyword}"), detail)
            })
        }));
    }
    spots
}

/// Lowering: a typeless schema with object keywords becomes `type: "object"`; one of another
/// type loses them.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    if !l.has(|c| matches!(c, Check::PropertiesNotObject)) {
        return;
    }
    let mut typed = Vec::new();
    let mut dropped = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let has = |k: &str| schema.contains_key(k);
        if !OBJECT_KEYWORDS.iter().any(|k| has(k)) {
            return;
        }
        match schema.get("type") {
            None => {
                put(schema, "type", Value::String("object".to_owned()));
                typed.push(pointer.to_owned());
            }
            Some(Value::String(t)) if t != "object" => {
                for keyword in OBJECT_KEYWORDS {
                    if discard(schema, keyword) {
                        dropped.push((pointer.to_owned(), keyword));
                    }
                }
            }
            Some(_) => {}
        }
    });
    for pointer in typed {
        l.change(
            input_at(&pointer, "type"),
            "added `type: \"object\"` beside `properties`",
        );
    }
    for (pointer, keyword) in dropped {
        let at = input_at(&pointer, keyword);
        l.change(
            at.clone(),
            format!("removed `{keyword}` from a schema that is not an object"),
        );
        l.lose(
            at,
            keyword,
            "it applied only to object values, which this schema's `type` excludes",
        );
    }
}
