//! `unknown-keyword`: a key that is not a keyword of the schema's dialect. JSON Schema requires
//! validators to ignore it, so a typo silently switches a constraint off.

use jsonschema::Draft;

use crate::diagnostic::Severity;
use crate::json::{Member, NodeKind};

use super::finding::{quoted, Finding, Schema};
use super::suggest::nearest;
use crate::schema::{defined_in_other, draft_name, is_keyword, keywords};

/// Keywords of other specifications (OpenAPI, draft-03) often met in tool schemas, with what to
/// write instead.
const FOREIGN: &[(&str, &str)] = &[
    (
        "nullable",
        "it is OpenAPI 3.0, not JSON Schema: add \"null\" to `type` (e.g. [\"string\", \"null\"])",
    ),
    (
        "example",
        "it is OpenAPI; JSON Schema has `examples`, an array of examples",
    ),
    (
        "optional",
        "it is draft-03; leave the property out of `required` instead",
    ),
    ("divisibleBy", "it is draft-03; use `multipleOf`"),
    ("disallow", "it is draft-03; use `not`"),
    ("extends", "it is draft-03; use `allOf`"),
    ("discriminator", "it is OpenAPI; JSON Schema ignores it"),
];

/// Reports every unknown key of `schema`.
pub fn check(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    for member in schema.members {
        let key = member.key.as_str();
        // A `$defs` container works in every draft: `$ref`s reach into it by JSON Pointer.
        if key.starts_with("x-") || key == "$defs" || is_keyword(schema.draft, key) {
            continue;
        }
        let finding = Finding::key(schema, member, Severity::Warning, "unknown-keyword");
        let dialect = draft_name(schema.draft);
        let head = format!("`{key}` is not a {dialect} keyword, so it is ignored");
        out.push(match hint(schema, member) {
            Hint::Rename(to, why) => finding
                .say(format!("{head}: did you mean `{to}`?{why}"))
                .replace_with(quoted(to)),
            Hint::Advice(advice) => finding.say(format!("{head}; {advice}")),
            Hint::None => finding.say(format!(
                "{head}; if it is an extension, prefix it with `x-`"
            )),
        });
    }
}

/// What to suggest for an unknown key.
enum Hint {
    /// Rename it to this keyword (and why, when not a plain typo).
    Rename(&'static str, String),
    /// Something else to do.
    Advice(String),
    /// Nothing specific.
    None,
}

/// The hint for the unknown key `member` of `schema`.
fn hint(schema: &Schema<'_>, member: &Member) -> Hint {
    let key = member.key.as_str();
    let draft = schema.draft;
    if let Some(hint) = renamed(schema, key) {
        return hint;
    }
    if let Some(other) = defined_in_other(draft, key) {
        return Hint::Advice(format!(
            "it is a {} keyword, but this schema is read as {} (set \"$schema\" to change that)",
            draft_name(other),
            draft_name(draft)
        ));
    }
    if let Some((_, advice)) = FOREIGN.iter().find(|(name, _)| *name == key) {
        return Hint::Advice((*advice).to_owned());
    }
    if let Some(near) = nearest(key, keywords(draft)) {
        return Hint::Rename(near, String::new());
    }
    let looks_like_schema = member.value.members().is_some_and(|m| {
        m.iter()
            .any(|m| matches!(m.key.as_str(), "type" | "enum" | "const" | "$ref"))
    });
    let object_schema =
        schema.types().is_some_and(|t| t.contains(&"object")) || schema.get("properties").is_some();
    if looks_like_schema && object_schema {
        return Hint::Advice("it looks like a property's schema: move it into `properties`".into());
    }
    Hint::None
}

/// The keyword a draft renamed `key` to (or from), when the rename is mechanical here.
fn renamed(schema: &Schema<'_>, key: &str) -> Option<Hint> {
    let draft = schema.draft;
    let modern = matches!(draft, Draft::Draft201909 | Draft::Draft202012);
    let (to, why): (&'static str, &str) = match key {
        "id" if draft != Draft::Draft4 => ("$id", " (`id` is draft-04)"),
        "$id" if draft == Draft::Draft4 => ("id", " (draft-04 says `id`)"),
        "additionalItems" if draft == Draft::Draft202012 => {
            let tuple = schema.get("prefixItems").is_some() && schema.get("items").is_none();
            if !tuple {
                return None;
            }
            (
                "items",
                " (in 2020-12, `items` is what applies after `prefixItems`)",
            )
        }
        "prefixItems" if !modern || draft == Draft::Draft201909 => {
            let schema_items = schema
                .value("items")
                .is_some_and(|v| !matches!(v.kind, NodeKind::Array(_)));
            if schema_items {
                return None;
            }
            ("items", " (before 2020-12 a tuple is `items` as an array)")
        }
        _ => return None,
    };
    Some(Hint::Rename(to, why.to_owned()))
}
