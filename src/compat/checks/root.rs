//! Schema roots: `type: "object"` at the root of `inputSchema` (a consumer's rule, or the spec's
//! per protocol version) and of `outputSchema`; lowering adds or replaces the root type, or
//! removes an `outputSchema` whose root is not an object where that is refused.

use serde_json::Value;

use crate::diagnostic::{ByteRange, Diagnostic, Fix};
use crate::json::{Document, Node};
use crate::protocol::Generation;

use super::super::mcp;
use super::check::Check;
use super::super::params::Field;
use super::edit::{discard, put, replace, Lowering};
use super::view::{Spot, ToolView};

/// A root that is not `type: "object"` (or a missing `inputSchema`).
#[inline(never)]
pub(super) fn find(doc: &Document<'_>, view: &ToolView<'_>, field: Field) -> Option<Spot> {
    let path = format!("{}/{}", view.pointer, field.key());
    let Some(schema) = view.value.get(field.key()) else {
        return (field == Field::Input)
            .then(|| Spot::new(view.pointer.to_owned(), "the tool has no `inputSchema`"));
    };
    if schema.get("type").and_then(Value::as_str) == Some("object") {
        return None;
    }
    if let Some(found) = schema.get("type") {
        let detail = format!(
            "the `{}` root has `type` {found}, not \"object\"",
            field.key()
        );
        return Some(Spot::new(format!("{path}/type"), detail));
    }
    let detail = format!("the `{}` root has no `type: \"object\"`", field.key());
    let fix = doc
        .pointer(&path)
        .and_then(|node| insert_type_fix(doc, node));
    Some(Spot {
        fix,
        ..Spot::new(path, detail)
    })
}

/// The edit that puts `"type": "object"` first in the object `node`.
#[inline(never)]
fn insert_type_fix(doc: &Document<'_>, node: &Node) -> Option<Fix> {
    let members = node.members()?;
    let at = node.range.start + 1;
    let replacement = if members.is_empty() {
        r#""type": "object""#
    } else {
        r#""type": "object", "#
    };
    Some(Fix {
        span: doc.span(ByteRange::new(at, at)),
        replacement: replacement.to_owned(),
    })
}

/// The spec's root rule on `field`.
#[inline(never)]
pub(super) fn find_mcp(
    doc: &Document<'_>,
    view: &ToolView<'_>,
    field: Field,
) -> Option<Diagnostic> {
    let tool = doc.pointer(view.pointer)?;
    let severity = mcp::root_severity(view.generation, field)?;
    let path = format!("{}/{}", view.pointer, field.key());
    match (tool.value_of(field.key()), field) {
        (Some(schema), _) => mcp::check_root_object(doc, schema, &path, severity),
        (None, Field::Input) => Some(
            Diagnostic::error("input-schema-missing", "the tool has no `inputSchema`")
                .with_span(doc.span_at(view.pointer))
                .at_pointer(view.pointer),
        ),
        (None, Field::Output) => None,
    }
}

/// Whether the profile needs an object `inputSchema` root.
#[inline(never)]
fn needs_input_root(l: &Lowering) -> bool {
    l.has(|c| {
        matches!(
            c,
            Check::RootObject(Field::Input) | Check::McpRoot(Field::Input)
        )
    })
}

/// Lowering, first pass: a missing or boolean `inputSchema` becomes an object schema when a
/// root rule needs one.
#[inline(never)]
pub(super) fn lower_missing(l: &mut Lowering, tool: &mut Value) {
    let needs = needs_input_root(l);
    let Some(members) = tool.as_object_mut() else {
        return;
    };
    let message = match members.get("inputSchema") {
        Some(Value::Object(_)) => return,
        _ if !needs => return,
        None => "added an `inputSchema` of type object",
        Some(other) => {
            if *other == Value::Bool(false) {
                l.lose(
                    "/inputSchema".into(),
                    "inputSchema",
                    "the schema accepted nothing",
                );
            }
            "replaced a non-object `inputSchema` with an object schema"
        }
    };
    put(
        members,
        "inputSchema",
        serde_json::json!({"type": "object"}),
    );
    l.change("/inputSchema".into(), message);
}

/// Lowering: the `inputSchema` root becomes `type: "object"` where a root rule needs it.
#[inline(never)]
pub(super) fn lower_input(l: &mut Lowering, input: &mut Value) {
    let needs = needs_input_root(l);
    let Some(root) = input.as_object_mut().filter(|_| needs) else {
        return;
    };
    if root.get("type").and_then(Value::as_str) == Some("object") {
        return;
    }
    if let Some(before) = replace(root, "type", Value::String("object".into())) {
        l.lose(
            "/inputSchema/type".into(),
            "type",
            format!("the root type was {before}"),
        );
    }
    l.change(
        "/inputSchema/type".into(),
        "the root is now `type: \"object\"`",
    );
}

/// Lowering: an `outputSchema` whose root is not an object is removed where that is refused.
#[inline(never)]
pub(super) fn lower_output(l: &mut Lowering, tool: &mut Value, generation: Option<Generation>) {
    let refuses_root = l.checks.iter().any(|c| match c {
        Check::RootObject(Field::Output) => true,
        Check::McpRoot(Field::Output) => mcp::root_severity(generation, Field::Output).is_some(),
        _ => false,
    });
    let Some(members) = tool.as_object_mut() else {
        return;
    };
    let not_object = members
        .get("outputSchema")
        .is_some_and(|s| s.get("type").and_then(Value::as_str) != Some("object"));
    if refuses_root && not_object {
        discard(members, "outputSchema");
        l.change(
            "/outputSchema".into(),
            "removed `outputSchema` (its root is not an object)",
        );
        l.lose(
            "/outputSchema".into(),
            "outputSchema",
            "the result's structure is no longer declared: check `structuredContent` in the server",
        );
    }
}
