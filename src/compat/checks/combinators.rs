//! Combinators: keywords refused at the root of `inputSchema` (Anthropic's `oneOf`/`allOf`/
//! `anyOf`); lowering merges the branches of a refused combinator into their schema (at the root,
//! or an `allOf` anywhere it is refused) and turns `oneOf` into `anyOf` where only `oneOf` is
//! refused.

use serde_json::{Map, Value};

use crate::json::tree::escape_pointer_token;

use super::check::Check;
use super::super::params::Field;
use super::edit::{each_schema, input_at, put, take, Lowering};
use super::view::{Spot, ToolView};

/// The `keywords` at the root of `inputSchema`.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, keywords: &[String]) -> Vec<Spot> {
    let root = view.value.get("inputSchema");
    keywords
        .iter()
        .filter(|k| root.is_some_and(|r| r.get(k.as_str()).is_some()))
        .map(|k| {
            let at = view.at(Field::Input, "", &format!("/{}", escape_pointer_token(k)));
            Spot::new(at, format!("`{k}` at the root of `inputSchema`")).about(k)
        })
        .collect()
}

/// Lowering: root combinators the profile refuses and `allOf` anywhere it is refused are merged
/// into their schema; `oneOf` becomes `anyOf` where only `oneOf` is refused.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    let root_refused: Vec<String> = l
        .checks
        .iter()
        .filter_map(|c| match c {
            Check::RootKeywords(list) => Some(list.clone()),
            _ => None,
        })
        .flatten()
        .collect();
    if let Value::Object(root) = input {
        for keyword in root_refused {
            if matches!(keyword.as_str(), "anyOf" | "oneOf" | "allOf") {
                merge(l, root, "", &keyword);
            } else if let Some(value) = take(root, &keyword) {
                let at = input_at("", &keyword);
                l.lose(
                    at,
                    &keyword,
                    format!("`{keyword}` at the root ({value}) is no longer enforced"),
                );
            }
        }
    }
    let one_to_any = l.forbids("oneOf") && !l.forbids("anyOf");
    let merge_all = l.forbids("allOf");
    let mut found = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        if one_to_any {
            if let Some(branches) = take(schema, "oneOf") {
                schema.entry("anyOf").or_insert(branches);
                found.push((pointer.to_owned(), "oneOf"));
            }
        }
        if merge_all && schema.contains_key("allOf") {
            found.push((pointer.to_owned(), "allOf"));
        }
    });
    for (pointer, keyword) in found {
        if keyword == "oneOf" {
            l.lose(
                input_at(&pointer, "oneOf"),
                "oneOf",
                "exactly one branch must match: now any branch may (`anyOf`)",
            );
            continue;
        }
        if let Some(Value::Object(schema)) = input.pointer_mut(&pointer) {
            merge(l, schema, &pointer, keyword);
        }
    }
}

/// Merges the object branches of `schema[keyword]` into `schema`: properties joined, `required`
/// the intersection (`anyOf`/`oneOf`) or the union (`allOf`).
#[inline(never)]
fn merge(l: &mut Lowering, schema: &mut Map<String, Value>, pointer: &str, keyword: &str) {
    let Some(Value::Array(branches)) = take(schema, keyword) else {
        return;
    };
    let mut properties = match take(schema, "properties") {
        Some(Value::Object(p)) => p,
        _ => Map::new(),
    };
    let mut required: Option<Vec<Value>> = None;
    for branch in &branches {
        if let Some(Value::Object(more)) = branch.get("properties") {
            for (key, value) in more {
                properties
                    .entry(key.clone())
                    .or_insert_with(|| value.clone());
            }
        }
        let names = branch
            .get("required")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        required = Some(match (required, keyword) {
            (None, _) => names,
            (Some(mut all), "allOf") => {
                all.extend(
                    names
                        .into_iter()
                        .filter(|n| !all.contains(n))
                        .collect::<Vec<_>>(),
                );
                all
            }
            (Some(all), _) => all.into_iter().filter(|n| names.contains(n)).collect(),
        });
    }
    let mut own = schema
        .remove("required")
        .and_then(|r| r.as_array().cloned())
        .unwrap_or_default();
    for name in required.unwrap_or_default() {
        if !own.contains(&name) {
            own.push(name);
        }
    }
    if !properties.is_empty() {
        put(schema, "properties", Value::Object(properties));
    }
    if !own.is_empty() {
        put(schema, "required", Value::Array(own));
    }
    let at = input_at(pointer, keyword);
    l.change(
        at.clone(),
        format!(
            "merged the {} branches of `{keyword}` into one schema",
            branches.len()
        ),
    );
    let message = if keyword == "allOf" {
        "the branches' other constraints (beyond their properties and required lists)"
    } else {
        "which combinations of properties are allowed (one branch must match)"
    };
    l.lose(at, keyword, format!("{message} are no longer checked"));
}
