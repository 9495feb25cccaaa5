//! The request side: the elicitation parameters against the official `$defs`
//! (`ElicitRequestFormParams`, `ElicitRequestURLParams`) and the `requestedSchema` against the
//! restricted subset the spec allows — a flat object of primitive properties, each one of the
//! `PrimitiveSchemaDefinition` variants (`StringSchema`, `NumberSchema`, `BooleanSchema` and the
//! five enum schemas), checked against that variant's own `$def`.
//!
//! Findings, by code (errors unless said): `elicitation-schema-nested` (an object property, or
//! an array of objects); `elicitation-schema-unsupported` (`$ref`, combinators, `not`,
//! conditionals, nested `properties`, a type outside the subset); `elicitation-format-unknown`
//! (a `format` other than `date`, `date-time`, `email`, `uri`); `elicitation-required-undeclared`
//! (warning: a `required` name that is no property); `elicitation-enum-invalid` (warning: empty
//! or duplicate enum values, `enumNames` not matching `enum`, a default outside the choices,
//! bounds the wrong way round: observations the spec's subset allows, like the lint's
//! contradictions); `elicitation-keyword-ignored` (warning: a keyword the subset does not have); and the
//! `$def` violations (`required`, `type`, `enum`, ... as in classification).

use std::collections::HashSet;

use crate::diagnostic::{Diagnostic, Severity};
use crate::host::diagnostic_at;
use crate::json::tree::escape_pointer_token;
use crate::json::{Document, Node, NodeKind};
use crate::protocol::Generation;
use crate::validate::official;

/// How the user is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "ElicitationMode"))]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A form built from `requestedSchema`; answered with `content`.
    Form,
    /// A URL the user opens; answered without `content`.
    Url,
}

/// The formats a string property may have.
const FORMATS: [&str; 4] = ["date", "date-time", "email", "uri"];

/// Keywords that take a property outside the subset, with what to say.
const UNSUPPORTED: [(&str, &str); 14] = [
    ("$ref", "references"),
    ("$defs", "definitions"),
    ("definitions", "definitions"),
    ("allOf", "combinators"),
    ("anyOf", "combinators"),
    ("not", "`not`"),
    ("if", "conditionals"),
    ("then", "conditionals"),
    ("else", "conditionals"),
    ("properties", "nested properties"),
    ("additionalProperties", "nested properties"),
    ("patternProperties", "nested properties"),
    ("dependentSchemas", "dependent schemas"),
    ("prefixItems", "tuples"),
];

/// What the subset allows, for messages.
const SUBSET: &str = "requestedSchema is a flat object whose properties are strings (title, description, minLength, maxLength, format date/date-time/email/uri, default), numbers or integers (minimum, maximum, default), booleans (default) or enums of strings (enum, oneOf of {const, title}, or an array of them with items.enum / items.anyOf)";

/// One variant of `PrimitiveSchemaDefinition`: its `$def` name and the keywords it has.
struct Variant {
    name: &'static str,
    keywords: &'static [&'static str],
}

const COMMON: [&str; 4] = ["type", "title", "description", "default"];

const STRING: Variant = Variant {
    name: "StringSchema",
    keywords: &["minLength", "maxLength", "format"],
};
const NUMBER: Variant = Variant {
    name: "NumberSchema",
    keywords: &["minimum", "maximum"],
};
const BOOLEAN: Variant = Variant {
    name: "BooleanSchema",
    keywords: &[],
};
const UNTITLED_SINGLE: Variant = Variant {
    name: "UntitledSingleSelectEnumSchema",
    keywords: &["enum"],
};
const LEGACY_TITLED: Variant = Variant {
    name: "LegacyTitledEnumSchema",
    keywords: &["enum", "enumNames"],
};
const TITLED_SINGLE: Variant = Variant {
    name: "TitledSingleSelectEnumSchema",
    keywords: &["oneOf"],
};
const UNTITLED_MULTI: Variant = Variant {
    name: "UntitledMultiSelectEnumSchema",
    keywords: &["items", "minItems", "maxItems"],
};
const TITLED_MULTI: Variant = Variant {
    name: "TitledMultiSelectEnumSchema",
    keywords: &["items", "minItems", "maxItems"],
};

/// Adds a diagnostic at `path` of `doc`.
fn push(
    doc: &Document<'_>,
    out: &mut Vec<Diagnostic>,
    severity: Severity,
    code: &str,
    message: String,
    path: String,
) {
    out.push(diagnostic_at(doc, severity, code, message, path));
}

/// Adds an `elicitation-schema-unsupported` error at `path`.
fn unsupported(doc: &Document<'_>, out: &mut Vec<Diagnostic>, message: String, path: String) {
    push(
        doc,
        out,
        Severity::Error,
        "elicitation-schema-unsupported",
        message,
        path,
    );
}

/// Validates the value at `pointer` against definition `name` of `generation`.
pub(super) fn check_def(
    doc: &Document<'_>,
    generation: Generation,
    name: &str,
    pointer: &str,
) -> Vec<Diagnostic> {
    let Some(node) = doc.pointer(pointer) else {
        return Vec::new();
    };
    official::check(generation.into(), name, doc.lexeme(node), doc, pointer).unwrap_or_default()
}

/// The mode of the parameters at `node`: `url` when it says so, else form.
pub(super) fn mode_of(node: &Node) -> Mode {
    match node.value_of("mode").and_then(Node::as_str) {
        Some("url") => Mode::Url,
        _ => Mode::Form,
    }
}

/// Checks the elicitation parameters at `pointer` (form or URL mode) for `generation`.
pub(crate) fn check_params(
    doc: &Document<'_>,
    pointer: &str,
    generation: Generation,
    out: &mut Vec<Diagnostic>,
) -> Mode {
    let Some(node) = doc.pointer(pointer) else {
        return Mode::Form;
    };
    let mode = mode_of(node);
    if mode == Mode::Url {
        out.extend(check_def(
            doc,
            generation,
            "ElicitRequestURLParams",
            pointer,
        ));
        return mode;
    }
    let schema_path = format!("{pointer}/requestedSchema");
    let properties_path = format!("{schema_path}/properties/");
    // The properties are checked one by one below, each against its own variant: the `anyOf` of
    // all variants would only say that none matched.
    let structural = check_def(doc, generation, "ElicitRequestFormParams", pointer);
    out.extend(
        structural
            .into_iter()
            .filter(|d| !d.instance_path.starts_with(&properties_path)),
    );
    if let Some(schema) = node.value_of("requestedSchema") {
        check_requested_schema(doc, schema, &schema_path, generation, out);
    }
    mode
}

/// Checks `requestedSchema`: declared `required` names, root keywords, each property.
fn check_requested_schema(
    doc: &Document<'_>,
    schema: &Node,
    path: &str,
    generation: Generation,
    out: &mut Vec<Diagnostic>,
) {
    let Some(members) = schema.members() else {
        return;
    };
    for member in members {
        let known = [
            "$schema",
            "type",
            "properties",
            "required",
            "title",
            "description",
        ];
        if !known.contains(&member.key.as_str()) {
            let key = &member.key;
            let (severity, code, message) = match UNSUPPORTED.iter().find(|(k, _)| k == key) {
                Some((_, what)) => (
                    Severity::Error,
                    "elicitation-schema-unsupported",
                    format!("{what} (`{key}`) are outside the elicitation subset: {SUBSET}"),
                ),
                None => (
                    Severity::Warning,
                    "elicitation-keyword-ignored",
                    format!("`{key}` is not part of requestedSchema (type, properties, required); clients may ignore it"),
                ),
            };
            let at = format!("{path}/{}", escape_pointer_token(key));
            push(doc, out, severity, code, message, at);
        }
    }
    let properties = schema.value_of("properties");
    let declared: HashSet<&str> = properties
        .and_then(Node::members)
        .map(|m| m.iter().map(|m| m.key.as_str()).collect())
        .unwrap_or_default();
    if let Some(required) = schema.value_of("required").and_then(Node::elements) {
        for (i, name) in required.iter().enumerate() {
            let Some(text) = name.as_str() else { continue };
            if !declared.contains(text) {
                let message =
                    format!("`required` names {text:?}, which is not one of the properties");
                let at = format!("{path}/required/{i}");
                push(
                    doc,
                    out,
                    Severity::Warning,
                    "elicitation-required-undeclared",
                    message,
                    at,
                );
            }
        }
    }
    for member in properties.and_then(Node::members).unwrap_or_default() {
        let at = format!("{path}/properties/{}", escape_pointer_token(&member.key));
        check_property(doc, &member.value, &at, generation, out);
    }
}

/// Checks one property against the subset and its variant's `$def`.
fn check_property(
    doc: &Document<'_>,
    property: &Node,
    path: &str,
    generation: Generation,
    out: &mut Vec<Diagnostic>,
) {
    if property.members().is_none() {
        let message = format!(
            "a property is a schema object, not a {}",
            property.type_name()
        );
        unsupported(doc, out, message, path.to_owned());
        return;
    }
    let mut outside = false;
    for (key, what) in UNSUPPORTED {
        if property.get(key).is_some() {
            outside = true;
            let message = format!("{what} (`{key}`) are outside the elicitation subset: {SUBSET}");
            let at = format!("{path}/{}", escape_pointer_token(key));
            unsupported(doc, out, message, at);
        }
    }
    let Some(variant) = variant_of(doc, property, path, out) else {
        return;
    };
    let format_path = format!("{path}/format");
    let found = check_def(doc, generation, variant.name, path);
    // An unknown format gets its own message below.
    out.extend(found.into_iter().filter(|d| d.instance_path != format_path));
    if let Some(format) = property.value_of("format") {
        if format.as_str().is_none_or(|f| !FORMATS.contains(&f)) {
            let message = format!(
                "format {} is outside the elicitation subset: strings may be date, date-time, email or uri",
                doc.lexeme(format)
            );
            push(
                doc,
                out,
                Severity::Error,
                "elicitation-format-unknown",
                message,
                format_path,
            );
        }
    }
    if !outside {
        for member in property.members().unwrap_or_default() {
            let key = member.key.as_str();
            if !COMMON.contains(&key) && !variant.keywords.contains(&key) {
                let allowed = [COMMON.as_slice(), variant.keywords].concat().join(", ");
                let message = format!("`{key}` is not part of the elicitation subset for {} ({allowed}); clients may ignore it", variant.name);
                let at = format!("{path}/{}", escape_pointer_token(key));
                push(
                    doc,
                    out,
                    Severity::Warning,
                    "elicitation-keyword-ignored",
                    message,
                    at,
                );
            }
        }
    }
    check_choices(doc, property, path, out);
}

/// Which variant a property is, by its `type` and enum keywords; reports the shapes outside the
/// subset (objects, arrays of objects, unknown types).
fn variant_of(
    doc: &Document<'_>,
    property: &Node,
    path: &str,
    out: &mut Vec<Diagnostic>,
) -> Option<Variant> {
    let type_path = format!("{path}/type");
    let Some(kind) = property.value_of("type") else {
        let message = format!("the property has no `type`: {SUBSET}");
        unsupported(doc, out, message, path.to_owned());
        return None;
    };
    let has = |key: &str| property.get(key).is_some();
    match kind.as_str() {
        Some("string") if has("oneOf") => Some(TITLED_SINGLE),
        Some("string") if has("enumNames") => Some(LEGACY_TITLED),
        Some("string") if has("enum") => Some(UNTITLED_SINGLE),
        Some("string") => Some(STRING),
        Some("number" | "integer") => Some(NUMBER),
        Some("boolean") => Some(BOOLEAN),
        Some("object") => {
            let message = format!("nested objects are not allowed: {SUBSET}");
            push(
                doc,
                out,
                Severity::Error,
                "elicitation-schema-nested",
                message,
                type_path,
            );
            None
        }
        Some("array") => {
            let items = property.value_of("items");
            let item_type = items
                .and_then(|i| i.value_of("type"))
                .and_then(Node::as_str);
            if let Some(what @ ("object" | "array")) = item_type {
                let message = format!("arrays of {what}s are not allowed: an array property is a multi-select of strings; {SUBSET}");
                let at = format!("{path}/items/type");
                push(
                    doc,
                    out,
                    Severity::Error,
                    "elicitation-schema-nested",
                    message,
                    at,
                );
                return None;
            }
            if items.is_some_and(|i| i.get("anyOf").is_some()) {
                Some(TITLED_MULTI)
            } else {
                Some(UNTITLED_MULTI)
            }
        }
        _ => {
            let message = format!(
                "type {} is outside the elicitation subset: {SUBSET}",
                doc.lexeme(kind)
            );
            unsupported(doc, out, message, type_path);
            None
        }
    }
}

/// The choices of an enum property (`enum`, `oneOf[].const`, `items.enum`, `items.anyOf[].const`)
/// with their pointers.
pub(super) fn choices<'n>(property: &'n Node, path: &str) -> Option<(Vec<&'n Node>, String)> {
    let consts = |list: &'n Node| -> Vec<&'n Node> {
        list.elements()
            .unwrap_or_default()
            .iter()
            .filter_map(|o| o.value_of("const"))
            .collect()
    };
    if let Some(list) = property.value_of("enum") {
        return Some((list.elements()?.iter().collect(), format!("{path}/enum")));
    }
    if let Some(list) = property.value_of("oneOf") {
        return Some((consts(list), format!("{path}/oneOf")));
    }
    let items = property.value_of("items")?;
    if let Some(list) = items.value_of("enum") {
        return Some((
            list.elements()?.iter().collect(),
            format!("{path}/items/enum"),
        ));
    }
    let list = items.value_of("anyOf")?;
    Some((consts(list), format!("{path}/items/anyOf")))
}

/// Enum well-formedness: choices present and distinct, `enumNames` one per value, defaults among
/// the choices, bounds in order.
fn check_choices(doc: &Document<'_>, property: &Node, path: &str, out: &mut Vec<Diagnostic>) {
    let mut bad = |message: String, at: String| {
        push(
            doc,
            out,
            Severity::Warning,
            "elicitation-enum-invalid",
            message,
            at,
        );
    };
    for (low, high) in [
        ("minLength", "maxLength"),
        ("minimum", "maximum"),
        ("minItems", "maxItems"),
    ] {
        let number = |key: &str| {
            property
                .value_of(key)
                .and_then(|n| doc.lexeme(n).parse::<f64>().ok())
        };
        if let (Some(l), Some(h)) = (number(low), number(high)) {
            if l > h {
                bad(
                    format!("`{low}` {l} is greater than `{high}` {h}: nothing can be entered"),
                    format!("{path}/{low}"),
                );
            }
        }
    }
    let Some((values, list_path)) = choices(property, path) else {
        return;
    };
    if values.is_empty() {
        bad("the enum offers no choice".to_owned(), list_path.clone());
    }
    let mut seen = HashSet::new();
    for value in &values {
        if let Some(text) = value.as_str() {
            if !seen.insert(text) {
                bad(
                    format!("the choice {text:?} is offered twice"),
                    list_path.clone(),
                );
            }
        }
    }
    if let (Some(names), Some(list)) = (
        property.value_of("enumNames").and_then(Node::elements),
        property.value_of("enum").and_then(Node::elements),
    ) {
        if names.len() != list.len() {
            let message = format!(
                "`enumNames` has {} names for {} values",
                names.len(),
                list.len()
            );
            bad(message, format!("{path}/enumNames"));
        }
    }
    let Some(default) = property.value_of("default") else {
        return;
    };
    let defaults: Vec<&Node> = match &default.kind {
        NodeKind::Array(items) => items.iter().collect(),
        _ => vec![default],
    };
    for value in defaults {
        if let Some(text) = value.as_str() {
            if !seen.contains(text) {
                bad(
                    format!("the default {text:?} is not one of the choices"),
                    format!("{path}/default"),
                );
            }
        }
    }
}
