//! Tool names: a consumer's [`NameRule`], the spec's name rule, characters a consumer refuses
//! (`name-has`); lowering renames the tool to follow every name rule of the profile, without the
//! refused characters (and cuts it under a server + tool name cap).

use serde_json::Value;

use crate::diagnostic::{Diagnostic, Fix};
use crate::json::Document;

use super::super::mcp;
use super::check::Check;
use super::super::params::NameRule;
use super::edit::{put, Lowering};
use super::view::{Spot, ToolView};

/// The name of the tool against `names`.
#[inline(never)]
pub(super) fn find(doc: &Document<'_>, view: &ToolView<'_>, names: &NameRule) -> Vec<Spot> {
    let path = format!("{}/name", view.pointer);
    let Some(name) = view.name else {
        return vec![Spot::new(path, "the tool has no string `name`")];
    };
    if names.accepts(name) {
        return Vec::new();
    }
    let renamed = names.sanitize(name);
    let fix = doc.pointer(&path).map(|node| Fix {
        span: doc.span(node.range),
        replacement: Value::String(renamed.clone()).to_string(),
    });
    vec![Spot {
        fix,
        ..Spot::new(
            path,
            format!(
                "the tool name {name:?} is not {} (it would be {renamed:?})",
                names.allowed
            ),
        )
    }]
}

/// A name that holds one of `chars`.
#[inline(never)]
pub(super) fn find_chars(view: &ToolView<'_>, chars: &str) -> Vec<Spot> {
    let Some(name) = view.name.filter(|n| n.chars().any(|c| chars.contains(c))) else {
        return Vec::new();
    };
    let detail = format!("the tool name {name:?} has {chars:?}");
    vec![Spot::new(format!("{}/name", view.pointer), detail)]
}

/// The spec's name rule on the tool.
#[inline(never)]
pub(super) fn find_mcp(doc: &Document<'_>, view: &ToolView<'_>) -> Option<Diagnostic> {
    let tool = doc.pointer(view.pointer)?;
    let path = format!("{}/name", view.pointer);
    match tool.value_of("name") {
        Some(name) => mcp::check_name(doc, name, path),
        None => Some(
            Diagnostic::error("tool-name-missing", "the tool has no `name`")
                .with_span(doc.span_at(view.pointer))
                .at_pointer(view.pointer),
        ),
    }
}

/// Every character: the class of a cap that limits length alone.
const ANY_CHAR: &str = "\u{0}-\u{10FFFF}";

/// Lowering: the name follows every name rule of the profile, loses the characters it must not
/// have, and is cut under a cap on server name + tool name (the tool name alone: the server's
/// name is the host's, and the part of the cap it takes when the lowering was given it).
#[inline(never)]
pub(super) fn lower(l: &mut Lowering, tool: &mut Value) {
    let server = l.server.as_deref().map_or(0, |s| s.chars().count());
    let rules: Vec<NameRule> = l
        .checks
        .iter()
        .filter_map(|c| match c {
            Check::Name(rule) => Some(rule.clone()),
            Check::McpName => Some(NameRule {
                max: mcp::MAX_NAME_CHARS,
                first: None,
                rest: mcp::NAME_CHARS.to_owned(),
                allowed: String::new(),
            }),
            Check::ServerToolLength(limit) => Some(NameRule {
                max: limit.saturating_sub(server + 1).max(1),
                first: None,
                rest: ANY_CHAR.to_owned(),
                allowed: String::new(),
            }),
            _ => None,
        })
        .collect();
    let mut refused = String::new();
    for check in &l.checks {
        if let Check::NameHas(chars) = check {
            refused.push_str(chars);
        }
    }
    if rules.is_empty() && refused.is_empty() {
        return;
    }
    let Some(members) = tool.as_object_mut() else {
        return;
    };
    let before = members
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    // A refused character becomes `_` (or goes, when `_` is refused too).
    let kept = before
        .chars()
        .filter_map(|c| match refused.contains(c) {
            false => Some(c),
            true => (!refused.contains('_')).then_some('_'),
        })
        .collect();
    let after = rules.iter().fold(kept, |name: String, rule| {
        if rule.accepts(&name) {
            name
        } else {
            rule.sanitize(&name)
        }
    });
    if after != before || members.get("name").and_then(Value::as_str).is_none() {
        put(members, "name", Value::String(after.clone()));
        l.change(
            "/name".into(),
            format!("renamed {before:?} to {after:?}: call it by this name"),
        );
    }
}
