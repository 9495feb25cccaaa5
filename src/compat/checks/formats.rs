//! `format`s a consumer refuses: a list for every schema (OpenAI's strict mode), or a list for
//! `type: "string"` schemas (Gemini); lowering removes the refused formats.

use serde_json::{Map, Value};

use super::check::Check;
use super::edit::{each_schema, input_at, take, Lowering};
use super::view::{Spot, ToolView};

/// The formats a check allows, and whether it reads only string schemas.
fn allowed(check: &Check) -> Option<(&[String], bool)> {
    match check {
        Check::FormatNotIn(list) => Some((list, false)),
        Check::StringFormatNotIn(list) => Some((list, true)),
        _ => None,
    }
}

/// The `format` of `schema` that `check` refuses, if any.
#[inline(never)]
fn refused<'s>(schema: &'s Map<String, Value>, check: &Check) -> Option<&'s str> {
    let (list, strings_only) = allowed(check)?;
    let format = schema.get("format")?.as_str()?;
    let string = schema.get("type").and_then(Value::as_str) == Some("string");
    (!list.iter().any(|f| f == format) && (string || !strings_only)).then_some(format)
}

/// Every `format` that `check` refuses.
#[inline(never)]
pub(super) fn find(view: &ToolView<'_>, check: &Check) -> Vec<Spot> {
    let Some((list, strings_only)) = allowed(check) else {
        return Vec::new();
    };
    let on = if strings_only { " on a string" } else { "" };
    view.schema_spots(&|_| true, &|schema| {
        let format = refused(schema.as_object()?, check)?;
        let detail = format!("format \"{format}\"{on} is not one of {}", list.join(", "));
        Some(("/format".to_owned(), detail))
    })
}

/// Lowering: formats the profile refuses are removed.
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, input: &mut Value) {
    let checks: Vec<Check> = l
        .checks
        .iter()
        .filter(|c| allowed(c).is_some())
        .cloned()
        .collect();
    if checks.is_empty() {
        return;
    }
    let mut removed = Vec::new();
    each_schema(input, &mut |pointer, schema| {
        if checks.iter().any(|c| refused(schema, c).is_some()) {
            if let Some(format) = take(schema, "format") {
                removed.push((pointer.to_owned(), format));
            }
        }
    });
    for (pointer, format) in removed {
        l.lose(
            input_at(&pointer, "format"),
            "format",
            format!("format {format} is no longer checked"),
        );
    }
}
