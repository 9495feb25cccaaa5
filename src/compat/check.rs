//! Runs the profiles' rules over the tools of a document: one finding per broken rule, placed at
//! the offending value and worded from the rule (what users see, the fix).

use serde_json::Value;

use crate::diagnostic::{Diagnostic, Severity};
use crate::json::Document;

use super::checks::view::{Spot, ToolView};
use super::checks::{list_findings, tool_findings, Found};
use super::rule::{Effect, Rule};
use super::tools_generation;
use super::walk::subschemas;
use super::{CompatReport, PerTarget, Target, TargetResult, ToolCompat, Verdict};

/// A finding and the effect it has.
type Finding = (Effect, Diagnostic);

/// What an effect means, for messages.
#[inline(never)]
fn consequence(effect: Effect) -> &'static str {
    match effect {
        Effect::Rejected => "the request (or the whole tool list) fails",
        Effect::Dropped => "this tool is skipped or cannot be called",
        Effect::Rewritten => "the tool is silently changed",
        Effect::Warned => "a spec recommendation",
        Effect::Noted => "unverified: no public source shows this failing; a note, not a verdict",
    }
}

/// `template` with `{name}` and `{keyword}` filled in (`…` when not known).
#[inline(never)]
fn fill(template: &str, name: Option<&str>, keyword: Option<&str>) -> String {
    template
        .replace("{name}", name.unwrap_or("…"))
        .replace("{keyword}", keyword.unwrap_or("…"))
}

/// The diagnostic of `rule` at `spot` (in the tool named `name`, if one).
#[inline(never)]
fn place(doc: &Document<'_>, rule: &Rule, name: Option<&str>, spot: Spot) -> Finding {
    let effect = rule.effect;
    let severity = match effect {
        Effect::Rejected | Effect::Dropped => Severity::Error,
        Effect::Rewritten | Effect::Warned => Severity::Warning,
        Effect::Noted => Severity::Info,
    };
    let keyword = spot.keyword.as_deref();
    let mut message = format!("{} ({})", spot.detail, consequence(effect));
    if let Some(seen) = rule.seen {
        message.push_str("; users see: ");
        message.push_str(&fill(seen, name, keyword));
    }
    if let Some(fix) = spot.advice.as_deref().or(rule.fix) {
        message.push_str("; fix: ");
        message.push_str(&fill(fix, name, keyword));
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
            let spots = list_findings(&rule.check, &views, &list_pointer);
            found.extend(spots.into_iter().map(|spot| place(doc, rule, None, spot)));
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
    out: &mut Vec<Finding>,
) {
    match tool_findings(&rule.check, doc, view, server_name) {
        Found::Spots(spots) => {
            out.extend(
                spots
                    .into_iter()
                    .map(|spot| place(doc, rule, view.name, spot)),
            );
        }
        Found::Diagnostics(diagnostics) => {
            out.extend(diagnostics.into_iter().map(|d| effect_of(d, rule)));
        }
    }
}

/// A spec diagnostic with the effect its severity gives, under the rule's code.
#[inline(never)]
fn effect_of(diagnostic: Diagnostic, rule: &Rule) -> Finding {
    let effect = match diagnostic.severity {
        Severity::Error => rule.effect.max(Effect::Rejected),
        Severity::Warning | Severity::Info => Effect::Warned,
    };
    (effect, diagnostic)
}
