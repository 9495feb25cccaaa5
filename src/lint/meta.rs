//! `invalid-schema` explained: a meta-schema failure told by its closest alternative, with the
//! nearest allowed value ("did you mean "object"?") at the value's span; `items-array` for the
//! 2019-09 tuple form in a 2020-12 schema.

use jsonschema::error::ValidationErrorKind;
use jsonschema::{Draft, ValidationError};
use serde_json::Value;

use crate::diagnostic::{ByteRange, Severity};
use crate::json::tree::pointer_tokens;
use crate::json::{Document, Node, NodeKind};
use crate::validate::messages::{message, show, subject};

use super::finding::{quoted, Finding};
use super::suggest::nearest_value;

/// The meta-schema failures of the schema `root` (at `pointer` in `doc`), one finding per
/// offending value, each explained by its closest alternative.
pub fn explain(doc: &Document<'_>, root: &Node, pointer: &str, draft: Draft) -> Vec<Finding> {
    // Over the tape of the schema's text, as compiling does (src/validate/meta.rs).
    let text = doc
        .text
        .get(root.range.start..root.range.end)
        .unwrap_or_default();
    let mut seen: Vec<String> = Vec::new();
    let mut out = Vec::new();
    let errors = crate::validate::meta::errors(draft, text);
    for error in errors {
        let at = error.instance_path().as_str().to_owned();
        if seen.iter().any(|s| at.starts_with(s.as_str())) {
            continue;
        }
        if let Some(finding) = items_array(doc, pointer, &at, draft) {
            seen.push(at);
            out.push(finding);
            continue;
        }
        let closest = closest(&error);
        let located = format!("{pointer}{}", closest.instance_path().as_str());
        let node = doc.deepest(&located).map_or(root, |(node, _)| node);
        // The schema's own root is its value; a keyword inside it is its member.
        let inside = !closest.instance_path().as_str().is_empty();
        let member = member_range(doc, &located).filter(|_| inside);
        let range = member.unwrap_or(node.range);
        let mut finding = Finding::range(range, located, Severity::Error, "invalid-schema");
        let (text, fix) = explanation(closest);
        let alternatives = match error.kind() {
            ValidationErrorKind::AnyOf { context }
            | ValidationErrorKind::OneOfNotValid { context }
                if context.len() > 1 =>
            {
                format!(" (the closest of {} alternatives)", context.len())
            }
            _ => String::new(),
        };
        finding = finding.say(format!("invalid schema: {text}{alternatives}"));
        if let Some(fix) = fix {
            finding = finding.replace_range(node.range, fix);
        }
        seen.push(at);
        out.push(finding);
    }
    out
}

/// The range of the object member at `pointer`, key and value (`"type": "obj"`), as schema
/// errors show it; `None` for the root or an array element.
fn member_range(doc: &Document<'_>, pointer: &str) -> Option<ByteRange> {
    let (parent, _) = pointer.rsplit_once('/')?;
    let key = pointer_tokens(pointer)?.pop()?;
    let member = doc.pointer(parent)?.get(&key)?;
    Some(ByteRange::new(
        member.key_range.start,
        member.value.range.end,
    ))
}

/// `items-array`: `items` given as an array in 2020-12, where tuples are `prefixItems`.
fn items_array(doc: &Document<'_>, pointer: &str, at: &str, draft: Draft) -> Option<Finding> {
    if draft != Draft::Draft202012 {
        return None;
    }
    let parent = at.strip_suffix("/items")?;
    let object = doc.pointer(&format!("{pointer}{parent}"))?;
    let member = object.get("items")?;
    if !matches!(member.value.kind, NodeKind::Array(_)) {
        return None;
    }
    let finding = Finding::range(
        member.key_range,
        format!("{pointer}{at}"),
        Severity::Error,
        "items-array",
    );
    Some(
        finding
            .say("`items` as an array is the draft 2019-09 tuple form; in 2020-12 a tuple is `prefixItems` (and `items` is the schema for the items after it)")
            .replace_with(quoted("prefixItems")),
    )
}

/// The error that best explains `error`: for an `anyOf`/`oneOf` failure, the first error of its
/// closest alternative (one that accepts the value's type, with the fewest errors), recursively.
fn closest<'e>(error: &'e ValidationError<'static>) -> &'e ValidationError<'static> {
    let context = match error.kind() {
        ValidationErrorKind::AnyOf { context } | ValidationErrorKind::OneOfNotValid { context } => {
            context
        }
        _ => return error,
    };
    let depth =
        |e: &ValidationError<'_>| pointer_tokens(e.instance_path().as_str()).map_or(0, |t| t.len());
    let own = depth(error);
    let best = context
        .iter()
        .filter(|branch| !branch.is_empty())
        .min_by_key(|branch| {
            let rejects_type = branch.iter().any(|e| depth(e) == own && rejects_kind(e));
            (rejects_type, branch.len())
        });
    match best.and_then(|branch| branch.first()) {
        Some(first) => closest(first),
        None => error,
    }
}

/// Whether `error` rejects its value for its kind: a `type` error, a `false` schema, or an
/// `enum` none of whose options is of the value's JSON type.
fn rejects_kind(error: &ValidationError<'_>) -> bool {
    let same_kind = |a: &Value, b: &Value| std::mem::discriminant(a) == std::mem::discriminant(b);
    match error.kind() {
        ValidationErrorKind::Type { .. } | ValidationErrorKind::FalseSchema => true,
        ValidationErrorKind::Enum { options } => !options
            .as_array()
            .into_iter()
            .flatten()
            .any(|option| same_kind(option, error.instance())),
        _ => false,
    }
}

/// The sentence for one (closest) error and the fix, if any: the nearest allowed value of an
/// `enum`, a number written as a string without its quotes.
fn explanation(error: &ValidationError<'_>) -> (String, Option<String>) {
    let path = error.instance_path().as_str();
    let who = if path.is_empty() {
        "the schema".to_owned()
    } else {
        subject(path)
    };
    let text = message(error, &who);
    let value = error.instance();
    match (error.kind(), value.as_ref()) {
        (ValidationErrorKind::Enum { options }, Value::String(given)) => {
            let allowed: Vec<&str> = options
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            match nearest_value(given, &allowed) {
                Some(near) => (
                    format!(
                        "{text}: did you mean {}?",
                        show(&Value::String(near.into()))
                    ),
                    Some(quoted(near)),
                ),
                None => (text, None),
            }
        }
        (ValidationErrorKind::Type { .. }, Value::String(given)) => {
            let number = given.trim().parse::<serde_json::Number>().ok();
            let wants_number = text.contains("a number") || text.contains("an integer");
            match number.filter(|_| wants_number) {
                Some(n) => (
                    format!("{text}: write {n} without quotes"),
                    Some(n.to_string()),
                ),
                None => (text, None),
            }
        }
        _ => (text, None),
    }
}
