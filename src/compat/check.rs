//! Runs the profiles' rules over the tools of a document: one finding per broken rule, placed at
//! the offending value.

use std::collections::HashMap;

use serde_json::Value;

use crate::diagnostic::{ByteRange, Diagnostic, Fix, Severity};
use crate::json::tree::escape_pointer_token;
use crate::json::{Document, Node};

use super::mcp;
use super::rule::{Check, Effect, Field, NameRule, Rule};
use super::tools_generation;
use super::walk::{is_object_schema, is_unusual_boolean, subschemas, types, Sub};
use super::{CompatReport, PerTarget, Target, TargetResult, ToolCompat, Verdict};
use crate::protocol::Generation;

/// A finding and the effect it has.
type Found = (Effect, Diagnostic);

/// One tool of the document, read once for every target.
struct ToolView<'v> {
    /// Pointer to the tool object.
    pointer: &'v str,
    /// The tool as a value (`Null` when the pointer names nothing).
    value: &'v Value,
    /// Its string name.
    name: Option<&'v str>,
    /// The subschemas of `inputSchema`.
    input: Vec<Sub<'v>>,
    /// The subschemas of `outputSchema`.
    output: Vec<Sub<'v>>,
    /// The protocol generation the document shows, if any.
    generation: Option<Generation>,
}

impl<'v> ToolView<'v> {
    /// The subschemas of `field`.
    #[inline(never)]
    fn subs(&self, field: Field) -> &[Sub<'v>] {
        match field {
            Field::Input => &self.input,
            Field::Output => &self.output,
        }
    }

    /// The pointer of `field`'s subschema `sub` plus `rest` (a pointer suffix, or "").
    #[inline(never)]
    fn at(&self, field: Field, sub: &str, rest: &str) -> String {
        format!("{}/{}{sub}{rest}", self.pointer, field.key())
    }
}

/// The place and words of one finding, before the rule adds its code, effect and advice.
struct Spot {
    /// JSON Pointer of the offending value in the document.
    pointer: String,
    /// What is wrong, in a sentence.
    detail: String,
    /// A text edit that fixes it, if one is obvious.
    fix: Option<Fix>,
}

impl Spot {
    /// A finding at `pointer`.
    #[inline]
    fn new(pointer: String, detail: impl Into<String>) -> Self {
        Self::with_detail(pointer, detail.into())
    }

    /// A finding at `pointer` (one copy for every detail type).
    #[inline(never)]
    fn with_detail(pointer: String, detail: String) -> Self {
        Self {
            pointer,
            detail,
            fix: None,
        }
    }
}

/// What an effect means, for messages.
#[inline(never)]
fn consequence(effect: Effect) -> &'static str {
    match effect {
        Effect::Rejected => "the request (or the whole tool list) fails",
        Effect::Dropped => "this tool is skipped",
        Effect::Rewritten => "the tool is silently changed",
        Effect::Warned => "a spec recommendation",
    }
}

/// The diagnostic of `rule` at `spot`.
#[inline(never)]
fn place(doc: &Document<'_>, rule: &Rule, effect: Effect, spot: Spot) -> Found {
    let severity = match effect {
        Effect::Rejected | Effect::Dropped => Severity::Error,
        Effect::Rewritten | Effect::Warned => Severity::Warning,
    };
    let mut message = format!("{} ({})", spot.detail, consequence(effect));
    if let Some(seen) = rule.seen {
        message.push_str(&format!("; users see: {seen}"));
    }
    if let Some(fix) = rule.fix {
        message.push_str(&format!("; fix: {fix}"));
    }
    let diagnostic = Diagnostic::new(severity, rule.code, message)
        .with_span(doc.span_at(&spot.pointer))
        .at_pointer(spot.pointer)
        .with_fix(spot.fix);
    (effect, diagnostic)
}

/// Checks every tool at `pointers` against every target.
#[inline(never)]
pub(super) fn run(
    doc: &Document<'_>,
    pointers: &[String],
    targets: &[Target],
    server_name: Option<&str>,
) -> CompatReport {
    let values: Vec<Value> = pointers
        .iter()
        .map(|p| doc.pointer(p).map_or(Value::Null, |n| doc.value_of(n)))
        .collect();
    let generation = tools_generation(doc, "", pointers);
    let views: Vec<ToolView<'_>> = pointers
        .iter()
        .zip(&values)
        .map(|(pointer, value)| ToolView {
            pointer,
            value,
            name: value.get("name").and_then(Value::as_str),
            input: value.get("inputSchema").map(subschemas).unwrap_or_default(),
            output: value
                .get("outputSchema")
                .map(subschemas)
                .unwrap_or_default(),
            generation,
        })
        .collect();
    let tools: Vec<ToolCompat> = views
        .iter()
        .map(|view| {
            let results = targets.iter().map(|target| {
                let mut found = Vec::new();
                for rule in target.rules().filter(|r| !r.check.is_list()) {
                    check_tool(doc, view, rule, server_name, &mut found);
                }
                (*target, TargetResult::from_findings(found))
            });
            ToolCompat {
                name: view.name.map(str::to_owned),
                pointer: view.pointer.to_owned(),
                targets: PerTarget(results.collect()),
            }
        })
        .collect();
    let list_pointer = list_pointer(pointers);
    let list = targets.iter().map(|target| {
        let mut found = Vec::new();
        for rule in target.rules().filter(|r| r.check.is_list()) {
            check_list(doc, &views, &list_pointer, rule, &mut found);
        }
        let mut result = TargetResult::from_findings(found);
        let any_rejected = tools.iter().any(|t| {
            t.targets
                .get(*target)
                .is_some_and(|r| r.verdict == Verdict::Rejected)
        });
        if any_rejected {
            result.verdict = Verdict::Rejected;
        }
        (*target, result)
    });
    CompatReport {
        list: PerTarget(list.collect()),
        tools,
        diagnostics: Vec::new(),
    }
}

/// The pointer of the list holding the tools (the document root for a single tool).
#[inline(never)]
fn list_pointer(pointers: &[String]) -> String {
    match pointers {
        [only] if !only.ends_with(|c: char| c.is_ascii_digit()) => String::new(),
        [first, ..] => first
            .rsplit_once('/')
            .map_or_else(String::new, |(list, _)| list.to_owned()),
        [] => String::new(),
    }
}

/// Runs one tool rule.
#[inline(never)]
fn check_tool(
    doc: &Document<'_>,
    view: &ToolView<'_>,
    rule: &Rule,
    server_name: Option<&str>,
    out: &mut Vec<Found>,
) {
    let effect = rule.effect;
    let spots: Vec<Spot> = match rule.check {
        Check::Name(names) => name_spots(doc, view, &names),
        Check::McpName => {
            out.extend(mcp_name(doc, view).map(|d| effect_of(d, rule)));
            return;
        }
        Check::McpRoot(field) => {
            out.extend(mcp_root(doc, view, field).map(|d| effect_of(d, rule)));
            return;
        }
        Check::RootObject(field) => root_object(doc, view, field).into_iter().collect(),
        Check::RootKeywords(keywords) => {
            let root = view.value.get("inputSchema");
            keywords
                .iter()
                .filter(|k| root.is_some_and(|r| r.get(**k).is_some()))
                .map(|k| {
                    let at = view.at(Field::Input, "", &format!("/{}", escape_pointer_token(k)));
                    Spot::new(at, format!("`{k}` at the root of `inputSchema`"))
                })
                .collect()
        }
        Check::Keywords(keywords) => keyword_spots(view, &|k| keywords.contains(&k)),
        Check::OnlyKeywords(allowed) => {
            let mut spots = keyword_spots(view, &|k| !allowed.contains(&k));
            spots.extend(boolean_spots(view, Field::Input));
            spots
        }
        Check::BooleanSubschema(field) => boolean_spots(view, field),
        Check::TypeArray => schema_spots(view, &|schema| {
            matches!(schema.get("type"), Some(Value::Array(_)))
                .then(|| ("/type".to_owned(), "`type` is a list of types".to_owned()))
        }),
        Check::EnumNotString => schema_spots(view, &|schema| {
            let values = schema.get("enum")?.as_array()?;
            let declared = types(schema);
            let strings = values.iter().all(Value::is_string);
            let string_typed = declared.is_empty() || declared == ["string"];
            (!strings || !string_typed).then(|| {
                ("/enum".to_owned(), "`enum` of values that are not all strings, or on a schema that is not a string".to_owned())
            })
        }),
        Check::ArrayWithoutItems => schema_spots(view, &|schema| {
            (types(schema).contains(&"array") && schema.get("items").is_none())
                .then(|| (String::new(), "an array schema without `items`".to_owned()))
        }),
        Check::OpenObject => schema_spots(view, &|schema| {
            let closed = schema.get("additionalProperties") == Some(&Value::Bool(false));
            (is_object_schema(schema) && !closed).then(|| {
                (
                    String::new(),
                    "an object schema without `additionalProperties: false`".to_owned(),
                )
            })
        }),
        Check::NotAllRequired => schema_spots(view, &|schema| {
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
        }),
        Check::FormatNotIn(formats) => schema_spots(view, &|schema| {
            let format = schema.get("format")?.as_str()?;
            (!formats.contains(&format)).then(|| {
                (
                    "/format".to_owned(),
                    format!("format \"{format}\" is not one of {}", formats.join(", ")),
                )
            })
        }),
        Check::IgnoredMember(key) => view
            .value
            .get(key)
            .map(|_| {
                let at = format!("{}/{}", view.pointer, escape_pointer_token(key));
                Spot::new(at, format!("`{key}` is not read"))
            })
            .into_iter()
            .collect(),
        Check::ServerToolLength(limit) => server_tool_length(view, server_name, limit)
            .into_iter()
            .collect(),
        Check::MaxTools(_)
        | Check::DuplicateName
        | Check::DuplicateAfterRewrite(_)
        | Check::StrictBudget { .. } => Vec::new(),
    };
    out.extend(spots.into_iter().map(|spot| place(doc, rule, effect, spot)));
}

/// A spec diagnostic with the effect its severity gives, under the rule's code.
#[inline(never)]
fn effect_of(diagnostic: Diagnostic, rule: &Rule) -> Found {
    let effect = match diagnostic.severity {
        Severity::Error => rule.effect.max(Effect::Rejected),
        Severity::Warning | Severity::Info => Effect::Warned,
    };
    (effect, diagnostic)
}

/// The spec's name rule on the tool.
#[inline(never)]
fn mcp_name(doc: &Document<'_>, view: &ToolView<'_>) -> Option<Diagnostic> {
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

/// The spec's root rule on `field`.
#[inline(never)]
fn mcp_root(doc: &Document<'_>, view: &ToolView<'_>, field: Field) -> Option<Diagnostic> {
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

/// The name of the tool against `names`.
#[inline(never)]
fn name_spots(doc: &Document<'_>, view: &ToolView<'_>, names: &NameRule) -> Vec<Spot> {
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
        pointer: path,
        detail: format!(
            "the tool name {name:?} is not {} (it would be {renamed:?})",
            names.allowed
        ),
        fix,
    }]
}

/// A root that is not `type: "object"` (or a missing `inputSchema`).
#[inline(never)]
fn root_object(doc: &Document<'_>, view: &ToolView<'_>, field: Field) -> Option<Spot> {
    let path = format!("{}/{}", view.pointer, field.key());
    let Some(schema) = view.value.get(field.key()) else {
        return (field == Field::Input)
            .then(|| Spot::new(view.pointer.to_owned(), "the tool has no `inputSchema`"));
    };
    if schema.get("type").and_then(Value::as_str) == Some("object") {
        return None;
    }
    if schema.get("type").is_some() {
        let found = schema.get("type").map(Value::to_string).unwrap_or_default();
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
        pointer: path,
        detail,
        fix,
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

/// One finding per keyword of an `inputSchema` subschema that `bad` refuses.
#[inline(never)]
fn keyword_spots(view: &ToolView<'_>, bad: &dyn Fn(&str) -> bool) -> Vec<Spot> {
    let mut spots = Vec::new();
    for sub in view.subs(Field::Input) {
        let Some(members) = sub.value.as_object() else {
            continue;
        };
        for key in members.keys().filter(|k| bad(k)) {
            let at = view.at(
                Field::Input,
                &sub.pointer,
                &format!("/{}", escape_pointer_token(key)),
            );
            spots.push(Spot::new(at, format!("`{key}` is not supported")));
        }
    }
    spots
}

/// One finding per boolean subschema of `field`.
#[inline(never)]
fn boolean_spots(view: &ToolView<'_>, field: Field) -> Vec<Spot> {
    view.subs(field)
        .iter()
        .filter(|sub| is_unusual_boolean(sub))
        .map(|sub| {
            let at = view.at(field, &sub.pointer, "");
            Spot::new(at, format!("a boolean schema (`{}`)", sub.value))
        })
        .collect()
}

/// One finding per `inputSchema` subschema object for which `test` gives (suffix, detail).
#[inline(never)]
fn schema_spots(
    view: &ToolView<'_>,
    test: &dyn Fn(&Value) -> Option<(String, String)>,
) -> Vec<Spot> {
    view.subs(Field::Input)
        .iter()
        .filter(|sub| sub.value.is_object())
        .filter_map(|sub| {
            let (suffix, detail) = test(sub.value)?;
            Some(Spot::new(
                view.at(Field::Input, &sub.pointer, &suffix),
                detail,
            ))
        })
        .collect()
}

/// The `properties` of an object schema that `required` does not list, in order.
#[inline(never)]
pub(super) fn optional_properties(schema: &Value) -> Vec<String> {
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

/// Server name + tool name at or over `limit` characters.
#[inline(never)]
fn server_tool_length(view: &ToolView<'_>, server: Option<&str>, limit: usize) -> Option<Spot> {
    let (server, name) = (server?, view.name?);
    let length = server.chars().count() + name.chars().count();
    (length >= limit).then(|| {
        let detail = format!(
            "server name {server:?} + tool name {name:?} is {length} characters; it must stay under {limit}"
        );
        Spot::new(format!("{}/name", view.pointer), detail)
    })
}

/// Runs one list rule.
#[inline(never)]
fn check_list(
    doc: &Document<'_>,
    views: &[ToolView<'_>],
    list: &str,
    rule: &Rule,
    out: &mut Vec<Found>,
) {
    let spots: Vec<Spot> = match rule.check {
        Check::MaxTools(max) => (views.len() > max)
            .then(|| {
                Spot::new(
                    list.to_owned(),
                    format!("{} tools; at most {max} are taken", views.len()),
                )
            })
            .into_iter()
            .collect(),
        Check::DuplicateName => duplicates(views, &|name| name.to_owned()),
        Check::DuplicateAfterRewrite(names) => duplicates(views, &|name| names.sanitize(name)),
        Check::StrictBudget { tools, optional } => {
            let mut spots = Vec::new();
            if views.len() > tools {
                let detail = format!("{} strict tools; at most {tools} are taken", views.len());
                spots.push(Spot::new(list.to_owned(), detail));
            }
            let count: usize = views
                .iter()
                .flat_map(|v| v.subs(Field::Input))
                .map(|sub| optional_properties(sub.value).len())
                .sum();
            if count > optional {
                let detail =
                    format!("{count} optional parameters in all; at most {optional} are taken");
                spots.push(Spot::new(list.to_owned(), detail));
            }
            spots
        }
        _ => Vec::new(),
    };
    out.extend(
        spots
            .into_iter()
            .map(|spot| place(doc, rule, rule.effect, spot)),
    );
}

/// One finding per tool whose name, as `key` makes it, an earlier tool already has.
#[inline(never)]
fn duplicates(views: &[ToolView<'_>], key: &dyn Fn(&str) -> String) -> Vec<Spot> {
    let mut seen: HashMap<String, (&str, &str)> = HashMap::new();
    let mut spots = Vec::new();
    for view in views {
        let Some(name) = view.name else { continue };
        let made = key(name);
        match seen.get(&made) {
            Some((first, at)) => {
                let detail = if *first == name {
                    format!("tool {name:?} is already defined at {at}")
                } else {
                    format!("tool {name:?} becomes {made:?}, as tool {first:?} at {at} does")
                };
                spots.push(Spot::new(format!("{}/name", view.pointer), detail));
            }
            None => {
                seen.insert(made, (name, view.pointer));
            }
        }
    }
    spots
}
