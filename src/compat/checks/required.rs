//! `required` naming a property that `properties` does not define (Gemini's "property is not
//! defined"); lowering removes the name from `required`.

use serde_json::{Map, Value};

use super::check::Check;
use super::super::params::Field;
use super::edit::{each_schema, input_at, put, Lowering};
use super::view::{Spot, ToolView};

/// The indexes and names in `schema`'s `required` that its `properties` does not define, on a
/// schema that defines properties or says `type: "object"` (a `required` in an `anyOf` branch
/// naming the parent's properties is left alone).
#[inline(never)]
fn undefined(schema: &Map<String, Value>) -> Vec<(usize, String)> {
    let properties = schema.get("properties").and_then(Value::as_object);
    let object = schema.get("type").and_then(Value::as_str) == Some("object");
    let Some(required) = schema.get("required").and_then(Value::as_array) else {
        return Vec::new();
    };
    if properties.is_none() && !object {
        return Vec::new();
    }
    required
        .iter()
        .enumerate()
        .filter_map(|(i, name)| {
            let name = name.as_str()?;
            (!properties.is_some_and(|p| p.contains_key(name))).then(|| (i, name.to_owned()))
        })
        .collect()
}

/// Every name of a `required` that `properties` does not define.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    let mut spots = Vec::new();
    for sub in view.subs(Field::Input) {
        let Some(schema) = sub.value.as_object() else {
            continue;
        };
        for (i, name) in undefined(schema) {
            let at = view.at(Field::Input, &sub.pointer, &format!("/required/{i}"));
            spots.push(Spot::new(
                at,
                format!("`required` names {name:?}, which `properties` does not define"),
            ));
        }
    }
    spots
}

/// Lowering: names `properties` does not define leave `required`.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    if !l.has(|c| matches!(c, Check::RequiredUndefined)) {
        return;
    }
    let mut removed = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let names: Vec<String> = undefined(schema).into_iter().map(|(_, n)| n).collect();
        if names.is_empty() {
            return;
        }
        if let Some(Value::Array(required)) = schema.get("required") {
            let kept: Vec<Value> = required
                .iter()
                .filter(|v| !v.as_str().is_some_and(|n| names.iter().any(|m| m == n)))
                .cloned()
                .collect();
            put(schema, "required", Value::Array(kept));
        }
        removed.extend(names.into_iter().map(|n| (pointer.to_owned(), n)));
    });
    for (pointer, name) in removed {
        let at = input_at(&pointer, "required");
        l.change(
            at.clone(),
            format!("removed {name:?} from `required` (not a defined property)"),
        );
        l.lose(
            at,
            "required",
            format!("{name:?} was required: check in the server that it is sent"),
        );
    }
}
