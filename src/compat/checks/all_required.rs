//! Optional properties (OpenAI's strict mode needs every property in `required`; Anthropic's
//! strict mode takes a budget of them, `checks/list.rs`); lowering makes each optional property
//! required and nullable.

use serde_json::Value;

use crate::json::tree::escape_pointer_token;

use super::check::Check;
use super::edit::{each_schema, put, Lowering};
use super::view::{Spot, ToolView};

/// The `properties` of an object schema that `required` does not list, in order.
#[inline(never)]
pub(in crate::compat) fn optional_properties(schema: &Value) -> Vec<String> {
    let Some(Value::Object(properties)) = schema.get("properties") else {
        return Vec::new();
    };
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    properties
        .keys()
        .filter(|k| !required.contains(&k.as_str()))
        .cloned()
        .collect()
}

/// Every object schema with properties that `required` does not list.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>) -> Vec<Spot> {
    view.schema_spots(&|_| true, &|schema| {
        let missing = optional_properties(schema);
        (!missing.is_empty()).then(|| {
            (
                String::new(),
                format!(
                    "properties not listed in `required`: {}",
                    missing.join(", ")
                ),
            )
        })
    })
}

/// Lowering, where the profile needs every property required or the tool alone has more
/// optional properties than a strict budget takes: every property becomes required; an optional
/// one becomes nullable.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    let budget = l.checks.iter().filter_map(|c| match c {
        Check::StrictBudget { optional, .. } => Some(*optional),
        _ => None,
    });
    let over_budget = budget.min().is_some_and(|most| {
        let count: usize = crate::schema::value_subschemas(input)
            .iter()
            .map(|sub| optional_properties(sub.value).len())
            .sum();
        count > most
    });
    if !over_budget && !l.has(|c| matches!(c, Check::NotAllRequired)) {
        return;
    }
    let mut made = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        let optional = optional_properties(&Value::Object(schema.clone()));
        if optional.is_empty() {
            return;
        }
        if let Some(Value::Object(properties)) = schema.get_mut("properties") {
            for name in &optional {
                if let Some(property) = properties.get_mut(name) {
                    make_nullable(property);
                }
            }
        }
        let mut required = schema
            .get("required")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        required.retain(Value::is_string);
        required.extend(optional.iter().map(|n| Value::String(n.clone())));
        put(schema, "required", Value::Array(required));
        made.push((pointer.to_owned(), optional));
    });
    for (pointer, names) in made {
        for name in names {
            let at = format!(
                "/inputSchema{pointer}/properties/{}",
                escape_pointer_token(&name)
            );
            l.change(at.clone(), format!("`{name}` is now required and nullable"));
            l.lose(
                at,
                "required",
                format!(
                    "`{name}` was optional: the model now sends null for it; treat null as absent"
                ),
            );
        }
    }
}

/// Makes a property schema accept null as well.
#[inline(never)]
fn make_nullable(property: &mut Value) {
    match property {
        Value::Object(schema) => {
            match schema.get_mut("type") {
                Some(Value::String(name)) if name != "null" => {
                    let list = vec![Value::String(name.clone()), Value::String("null".into())];
                    put(schema, "type", Value::Array(list));
                }
                Some(Value::Array(list)) => {
                    if !list.iter().any(|t| t.as_str() == Some("null")) {
                        list.push(Value::String("null".into()));
                    }
                }
                Some(_) => {}
                None => {
                    let inner = Value::Object(std::mem::take(schema));
                    put(
                        schema,
                        "anyOf",
                        serde_json::json!([inner, {"type": "null"}]),
                    );
                    return;
                }
            }
            if let Some(Value::Array(values)) = schema.get_mut("enum") {
                if !values.contains(&Value::Null) {
                    values.push(Value::Null);
                }
            }
        }
        other => *other = serde_json::json!({}),
    }
}
