//! Open objects (strict modes need `additionalProperties: false` on every object schema);
//! lowering closes them.

use serde_json::Value;

use super::check::Check;
use super::edit::{each_schema, input_at, replace, Lowering};
use super::view::{Spot, ToolView};
use crate::schema::is_object_schema;

/// Every object schema without `additionalProperties: false`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    view.schema_spots(&|_| true, &|schema| {
        let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
        (is_object_schema(schema) && !closed).then(|| {
            (
                String::new(),
                "an object schema without `additionalProperties: false`".to_owned(),
            )
        })
    })
}

/// Lowering: every object schema gets `additionalProperties: false`.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    if !l.has(|c| matches!(c, Check::OpenObject)) {
        return;
    }
    let mut closed = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let object = is_object_schema(&Value::Object(schema.clone()));
        if !object || schema.get("additionalProperties") == Some(&Value::Bool(false)) {
            return;
        }
        let before = replace(schema, "additionalProperties", Value::Bool(false));
        closed.push((pointer.to_owned(), before));
    });
    for (pointer, before) in closed {
        let at = input_at(&pointer, "additionalProperties");
        l.change(
            at.clone(),
            "closed the object (`additionalProperties: false`)",
        );
        if before.is_some_and(|b| b != Value::Bool(false)) {
            l.lose(
                at,
                "additionalProperties",
                "other properties were allowed: the model can no longer send them",
            );
        }
    }
}
