//! Keywords a validator reads past: they cannot apply where they stand, so they constrain
//! nothing. Every finding is a warning.

use jsonschema::Draft;

use crate::diagnostic::Severity;
use crate::json::{Document, Node, NodeKind};

use super::finding::{quoted, show_types, Finding, Schema};
use crate::schema::{applies_to, draft_name, is_keyword, ANNOTATIONS};

/// Runs every rule of this module on `schema`.
pub fn check(doc: &Document<'_>, schema: &Schema<'_>, out: &mut Vec<Finding>) {
    let legacy_ref = schema.get("$ref").is_some()
        && matches!(schema.draft, Draft::Draft4 | Draft::Draft6 | Draft::Draft7);
    if legacy_ref {
        ref_siblings(schema, out);
        // Everything else here is ignored already.
        return;
    }
    for_type(schema, out);
    dependencies(schema, out);
    additional_items(schema, out);
    then_else(schema, out);
    closed_against_allof(doc, schema, out);
}

/// `ignored-for-type`: `minimum` on a string and the like.
fn for_type(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    let Some(types) = schema.types() else {
        return;
    };
    for member in schema.members {
        let Some(applies) = applies_to(&member.key) else {
            continue;
        };
        if types.iter().any(|t| applies.contains(t)) {
            continue;
        }
        let declared = show_types(&types);
        let kinds = applies.first().copied().unwrap_or("object");
        out.push(
            Finding::key(schema, member, Severity::Warning, "ignored-for-type").say(format!(
                "`{}` applies only to {kinds} values, but `type` is {declared}: it is ignored",
                member.key
            )),
        );
    }
}

/// `ignored-ref-sibling`: in draft-07 and earlier `$ref` replaces its whole schema object.
fn ref_siblings(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    for member in schema.members {
        // Unknown keys are `unknown-keyword`s already.
        if member.key == "$ref" || !is_keyword(schema.draft, &member.key) {
            continue;
        }
        // Annotations next to `$ref` are ignored too, but they change no verdict.
        if ANNOTATIONS.contains(&member.key.as_str()) {
            continue;
        }
        out.push(
            Finding::key(schema, member, Severity::Warning, "ignored-ref-sibling").say(format!(
                "in {} a `$ref` replaces its whole schema, so `{}` next to it is ignored: wrap both in `allOf` (or use 2020-12)",
                draft_name(schema.draft),
                member.key
            )),
        );
    }
}

/// `ignored-dependencies`: `dependencies` was split in 2019-09.
fn dependencies(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    let modern = matches!(schema.draft, Draft::Draft201909 | Draft::Draft202012);
    let Some(member) = schema.get("dependencies").filter(|_| modern) else {
        return;
    };
    let entries = member.value.members().unwrap_or_default();
    let names = entries
        .iter()
        .all(|e| matches!(e.value.kind, NodeKind::Array(_)));
    let schemas = entries
        .iter()
        .all(|e| !matches!(e.value.kind, NodeKind::Array(_)));
    let finding = Finding::key(schema, member, Severity::Warning, "ignored-dependencies");
    let head = format!(
        "`dependencies` is not a {} keyword: validators may ignore it",
        draft_name(schema.draft)
    );
    out.push(match (names, schemas) {
        (true, _) => finding
            .say(format!("{head}; for lists of names use `dependentRequired`"))
            .replace_with(quoted("dependentRequired")),
        (_, true) => finding
            .say(format!("{head}; for schemas use `dependentSchemas`"))
            .replace_with(quoted("dependentSchemas")),
        _ => finding.say(format!(
            "{head}; move the lists of names to `dependentRequired` and the schemas to `dependentSchemas`"
        )),
    });
}

/// `ignored-additional-items`: `additionalItems` only applies after an array `items`.
fn additional_items(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    if schema.draft == Draft::Draft202012 {
        // Not a keyword at all there: `unknown-keyword` reports it.
        return;
    }
    let Some(member) = schema.get("additionalItems") else {
        return;
    };
    let tuple = schema
        .value("items")
        .is_some_and(|items| matches!(items.kind, NodeKind::Array(_)));
    if tuple {
        return;
    }
    let why = if schema.get("items").is_some() {
        "`items` is a single schema, which already applies to every item"
    } else {
        "there is no `items` array (tuple) for it to follow"
    };
    out.push(
        Finding::key(
            schema,
            member,
            Severity::Warning,
            "ignored-additional-items",
        )
        .say(format!("`additionalItems` is ignored: {why}")),
    );
}

/// `ignored-then-else`: `then` and `else` without `if`.
fn then_else(schema: &Schema<'_>, out: &mut Vec<Finding>) {
    if schema.get("if").is_some() || matches!(schema.draft, Draft::Draft4 | Draft::Draft6) {
        return;
    }
    for key in ["then", "else"] {
        if let Some(member) = schema.get(key) {
            out.push(
                Finding::key(schema, member, Severity::Warning, "ignored-then-else")
                    .say(format!("`{key}` is ignored without an `if` next to it")),
            );
        }
    }
}

/// `closed-against-allof`: `additionalProperties: false` sees only the `properties` next to it,
/// so the properties an `allOf` branch declares are forbidden.
fn closed_against_allof(doc: &Document<'_>, schema: &Schema<'_>, out: &mut Vec<Finding>) {
    let Some(closed) = schema
        .get("additionalProperties")
        .filter(|m| m.value.kind == NodeKind::Bool(false))
    else {
        return;
    };
    let own: Vec<&str> = schema
        .value("properties")
        .and_then(Node::members)
        .unwrap_or_default()
        .iter()
        .map(|m| m.key.as_str())
        .collect();
    let mut hidden: Vec<&str> = Vec::new();
    for combinator in ["allOf", "anyOf", "oneOf"] {
        let branches = schema
            .value(combinator)
            .and_then(Node::elements)
            .unwrap_or_default();
        for branch in branches {
            let branch = resolve_local(doc, schema, branch);
            let declared = branch
                .value_of("properties")
                .and_then(Node::members)
                .unwrap_or_default();
            for name in declared.iter().map(|m| m.key.as_str()) {
                if !own.contains(&name) && !hidden.contains(&name) {
                    hidden.push(name);
                }
            }
        }
    }
    if hidden.is_empty() {
        return;
    }
    let names: Vec<String> = hidden.iter().map(|n| format!("{n:?}")).collect();
    let instead = if matches!(schema.draft, Draft::Draft201909 | Draft::Draft202012) {
        "use `unevaluatedProperties: false`, which sees them, or list them in `properties` here"
    } else {
        "list them in `properties` here too"
    };
    out.push(
        Finding::key(schema, closed, Severity::Warning, "closed-against-allof").say(format!(
            "`additionalProperties: false` sees only the `properties` next to it, so {} declared in the branches {} forbidden; {instead}",
            names.join(", "),
            if hidden.len() == 1 { "is" } else { "are" },
        )),
    );
}

/// `node`, or the schema its local `$ref` (`#/...`) names within the linted schema.
fn resolve_local<'d>(doc: &'d Document<'_>, schema: &Schema<'_>, node: &'d Node) -> &'d Node {
    let target = node
        .value_of("$ref")
        .and_then(Node::as_str)
        .and_then(|r| r.strip_prefix('#'))
        .filter(|fragment| fragment.is_empty() || fragment.starts_with('/'));
    target
        .and_then(|fragment| doc.pointer(&format!("{}{fragment}", schema.root)))
        .unwrap_or(node)
}
