//! Schemas that no value can satisfy, in whole or in part. Every finding is a warning: JSON
//! Schema allows an unsatisfiable schema (`false` is one), so it is an observation, not a MUST
//! broken; the arguments a model sends are refused by validation all the same.

use jsonschema::Draft;

use crate::diagnostic::Severity;
use crate::json::{Document, Member, Node, NodeKind};

use crate::validate::{CompiledSchema, ValidateOptions};

use super::finding::{quoted, show_types, Finding, Schema};

/// Lower and upper bound keyword pairs that contradict when the lower exceeds the upper.
const PAIRS: [(&str, &str, &str); 4] = [
    ("minLength", "maxLength", "string"),
    ("minItems", "maxItems", "array"),
    ("minProperties", "maxProperties", "object"),
    ("minContains", "maxContains", "array"),
];

/// Runs every rule of this module on `schema`.
pub fn check(doc: &Document<'_>, schema: &Schema<'_>, out: &mut Vec<Finding>) {
    numeric_range(doc, schema, out);
    for (low, high, what) in PAIRS {
        let bounds = (bound(doc, schema, low), bound(doc, schema, high));
        if let (Some((lo, lo_member)), Some((hi, _))) = bounds {
            if lo > hi {
                out.push(
                    Finding::key(schema, lo_member, Severity::Warning, "empty-range").say(format!(
                        "`{low}` {lo} is greater than `{high}` {hi}: no {what} satisfies both"
                    )),
                );
            }
        }
    }
    required_forbidden(schema, out);
    type_excludes(doc, schema, out);
}

/// A numeric keyword's value and its member.
fn bound<'n>(doc: &Document<'_>, schema: &Schema<'n>, key: &str) -> Option<(f64, &'n Member)> {
    let member = schema.get(key)?;
    let value = number(doc, &member.value)?;
    Some((value, member))
}

/// A number node's value.
fn number(doc: &Document<'_>, node: &Node) -> Option<f64> {
    (node.kind == NodeKind::Number)
        .then(|| doc.lexeme(node).parse::<f64>().ok())
        .flatten()
}

/// `empty-range` for `minimum`/`maximum` and their exclusive forms (booleans in draft-04).
fn numeric_range(doc: &Document<'_>, schema: &Schema<'_>, out: &mut Vec<Finding>) {
    let get = |key| bound(doc, schema, key);
    let mut lows: Vec<(f64, bool, &Member)> = Vec::new();
    let mut highs: Vec<(f64, bool, &Member)> = Vec::new();
    let flag = |key: &str| schema.value(key).map(|v| &v.kind) == Some(&NodeKind::Bool(true));
    if let Some((value, member)) = get("minimum") {
        let exclusive = schema.draft == Draft::Draft4 && flag("exclusiveMinimum");
        lows.push((value, exclusive, member));
    }
    if let Some((value, member)) = get("maximum") {
        let exclusive = schema.draft == Draft::Draft4 && flag("exclusiveMaximum");
        highs.push((value, exclusive, member));
    }
    if schema.draft != Draft::Draft4 {
        if let Some((value, member)) = get("exclusiveMinimum") {
            lows.push((value, true, member));
        }
        if let Some((value, member)) = get("exclusiveMaximum") {
            highs.push((value, true, member));
        }
    }
    for &(lo, lo_exclusive, lo_member) in &lows {
        for &(hi, hi_exclusive, hi_member) in &highs {
            let empty = lo > hi || (lo == hi && (lo_exclusive || hi_exclusive));
            if !empty {
                continue;
            }
            let show = |exclusive: bool, member: &Member, value: f64| {
                let key = &member.key;
                let strict = exclusive && schema.draft == Draft::Draft4;
                let note = if strict { " (exclusive)" } else { "" };
                format!("`{key}` {value}{note}")
            };
            out.push(
                Finding::key(schema, lo_member, Severity::Warning, "empty-range").say(format!(
                    "{} and {} leave no number in between: nothing satisfies both",
                    show(lo_exclusive, lo_member, lo),
                    show(hi_exclusive, hi_member, hi)
                )),
            );
        }
    }
}

/// `required-forbidden`: a required name that `additionalProperties: false` rejects because
/// neither `properties` nor `patternProperties` declares it.
fn required_forbidden(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    let closed = schema
        .value("additionalProperties")
        .is_some_and(|v| v.kind == NodeKind::Bool(false));
    let Some(required) = schema.get("required").filter(|_| closed) else {
        return;
    };
    let declared = schema
        .value("properties")
        .and_then(Node::members)
        .unwrap_or_default();
    // Compiled as the validator compiles them (ECMA-262 translated to the Rust engine).
    let patterns: Vec<CompiledSchema> = schema
        .value("patternProperties")
        .and_then(Node::members)
        .unwrap_or_default()
        .iter()
        .filter_map(|p| {
            let text = serde_json::json!({ "pattern": p.key }).to_string();
            CompiledSchema::new(&text, &ValidateOptions::default()).ok()
        })
        .collect();
    let items = required.value.elements().unwrap_or_default();
    for (i, item) in items.iter().enumerate() {
        let Some(name) = item.as_str() else {
            continue;
        };
        let listed = declared.iter().any(|m| m.key == name)
            || patterns.iter().any(|p| p.is_valid(&quoted(name)));
        if listed {
            continue;
        }
        let pointer = format!("{}/{i}", schema.at("required"));
        out.push(
            Finding::value(item, pointer, Severity::Warning, "required-forbidden").say(format!(
                "{name:?} is required, but `additionalProperties: false` forbids it (it is not in `properties`): no value is valid; declare it in `properties`"
            )),
        );
    }
}

/// `type-excludes-value`: `enum` and `const` values that the declared `type` rejects.
fn type_excludes(doc: &Document<'_>, schema: &Schema<'_>, out: &mut Vec<Finding>) {
    let Some(types) = schema.types() else {
        return;
    };
    let mut values: Vec<(&Node, String)> = Vec::new();
    if let Some(constant) = schema.value("const") {
        values.push((constant, schema.at("const")));
    }
    let options = schema
        .value("enum")
        .and_then(Node::elements)
        .unwrap_or_default();
    for (i, option) in options.iter().enumerate() {
        values.push((option, format!("{}/{i}", schema.at("enum"))));
    }
    for (value, pointer) in values {
        let kind = type_name(doc, value);
        let accepted = types.iter().any(|t| {
            *t == kind.0 || (*t == "number" && kind.0 == "integer") || (*t == "integer" && kind.1)
        });
        if accepted {
            continue;
        }
        out.push(
            Finding::value(value, pointer, Severity::Warning, "type-excludes-value").say(format!(
                "{} is {}, which `type` {} rejects: this value can never be given",
                doc.lexeme(value),
                article(kind.0),
                show_types(&types)
            )),
        );
    }
}

/// The JSON type of a value (`integer` for a number without a fraction) and whether it is a
/// whole number.
fn type_name(doc: &Document<'_>, node: &Node) -> (&'static str, bool) {
    match node.kind {
        NodeKind::Number => {
            let lexeme = doc.lexeme(node);
            let plain = !lexeme.contains(['.', 'e', 'E']);
            let whole = number(doc, node).is_some_and(|n| n.fract() == 0.0);
            (if plain { "integer" } else { "number" }, whole)
        }
        _ => (node.type_name(), false),
    }
}

/// `a string`, `an object`, `null`.
fn article(name: &str) -> String {
    match name {
        "null" => "null".to_owned(),
        n if n.starts_with(['a', 'e', 'i', 'o', 'u']) => format!("an {n}"),
        n => format!("a {n}"),
    }
}
