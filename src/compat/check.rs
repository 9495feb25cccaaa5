//! Runs the targets' rules over the tools of a document: each feature is detected once per tool
//! (a check several targets share runs once), then joined with each target's rules: one finding
//! per broken rule, placed at the offending value and worded from the data (what users see, the
//! fix, since when and on what evidence).

use serde_json::Value;

use crate::diagnostic::{Diagnostic, Severity};
use crate::json::{parse, Document, ReadOptions};

use super::checks::view::{Spot, ToolView};
use super::checks::{list_findings, tool_findings, Found};
use super::locate::{locate_server, locate_tools, tools_generation};
use super::rule::{Check, Effect, Rule};
use super::{
    CompatOptions, CompatReport, PerTarget, Target, TargetResult, ToolCompat, Verdict, Verdicts,
};

/// A finding and the effect it has.
type Finding = (Effect, Diagnostic);

/// What an effect means, for messages.
#[inline(never)]
fn consequence(effect: Effect) -> &'static str {
    match effect {
        Effect::Rejected => "the request (or the whole tool list) fails",
        Effect::Dropped => "this tool is skipped or cannot be called",
        Effect::Rewritten => "rewritten: the consumer silently changes it",
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
    let mut message = format!(
        "{} ({}; {})",
        spot.detail,
        consequence(effect),
        rule.provenance
    );
    if let Some(seen) = &rule.seen {
        message.push_str("; users see: ");
        message.push_str(&fill(seen, name, keyword));
    }
    if let Some(fix) = spot.advice.as_deref().or(rule.fix.as_deref()) {
        message.push_str("; fix: ");
        message.push_str(&fill(fix, name, keyword));
    }
    let diagnostic = Diagnostic::new(severity, rule.code.clone(), message)
        .with_span(doc.span_at(&spot.pointer))
        .at_pointer(spot.pointer)
        .with_fix(spot.fix);
    (effect, diagnostic)
}

/// What one tool's checks found, each check run once whatever the number of targets.
#[derive(Default)]
struct Detected(Vec<(Check, Found)>);

impl Detected {
    /// What `check` finds in `view` (run on first use).
    #[inline(never)]
    fn get(
        &mut self,
        doc: &Document<'_>,
        view: &ToolView<'_>,
        check: &Check,
        server_name: Option<&str>,
    ) -> Option<&Found> {
        let index = match self.0.iter().position(|(c, _)| c == check) {
            Some(index) => index,
            None => {
                let found = tool_findings(check, doc, view, server_name);
                self.0.push((check.clone(), found));
                self.0.len() - 1
            }
        };
        self.0.get(index).map(|(_, found)| found)
    }
}

/// Checks every tool at `pointers`, and the server's `initialize` result at `server` (if one),
/// against every target.
#[inline(never)]
pub(super) fn run(
    doc: &Document<'_>,
    pointers: &[String],
    server: Option<&str>,
    targets: &[Target],
    options: &CompatOptions,
) -> CompatReport {
    let server_name = options.server_name.as_deref();
    let values: Vec<Value> = pointers
        .iter()
        .map(|p| doc.pointer(p).map_or(Value::Null, |n| doc.value_of(n)))
        .collect();
    let generation = tools_generation(doc, "", pointers);
    let views: Vec<ToolView<'_>> = pointers
        .iter()
        .zip(&values)
        .map(|(pointer, value)| ToolView::new(pointer, value, generation))
        .collect();
    let rules: Vec<(Target, std::sync::Arc<[Rule]>)> = targets
        .iter()
        .map(|t| (t.clone(), t.rules(options.version_of(t), &options.data)))
        .collect();
    let result = |target: &Target, found| TargetResult {
        version: options.version_of(target).map(str::to_owned),
        ..TargetResult::from_findings(found)
    };
    // One object's results: the rules `keep` picks, each check run once for all targets.
    let judge = |view: &ToolView<'_>, keep: &dyn Fn(&Check) -> bool| {
        let mut detected = Detected::default();
        let results = rules.iter().map(|(target, rules)| {
            let mut found = Vec::new();
            for rule in rules.iter().filter(|r| keep(&r.check)) {
                if let Some(spots) = detected.get(doc, view, &rule.check, server_name) {
                    place_all(doc, view, rule, spots, &mut found);
                }
            }
            (target.clone(), result(target, found))
        });
        PerTarget(results.collect())
    };
    let tools: Vec<ToolCompat> = views
        .iter()
        .map(|view| ToolCompat {
            name: view.name.map(str::to_owned),
            pointer: view.pointer.to_owned(),
            targets: judge(view, &|c| !c.is_list() && !c.is_server()),
        })
        .collect();
    let server_value = server.map(|p| doc.pointer(p).map_or(Value::Null, |n| doc.value_of(n)));
    let server = match (server, &server_value) {
        (Some(pointer), Some(value)) => {
            judge(&ToolView::new(pointer, value, None), &Check::is_server)
        }
        _ => PerTarget::default(),
    };
    let list_pointer = list_pointer(pointers);
    let list = rules.iter().map(|(target, rules)| {
        let mut found = Vec::new();
        for rule in rules.iter().filter(|r| r.check.is_list()) {
            let spots = list_findings(&rule.check, &views, &list_pointer);
            found.extend(spots.into_iter().map(|spot| place(doc, rule, None, spot)));
        }
        let mut result = result(target, found);
        let any_rejected = tools.iter().any(|t| {
            t.targets
                .get(target.clone())
                .is_some_and(|r| r.verdict == Verdict::Rejected)
        });
        if any_rejected {
            result.verdict = Verdict::Rejected;
        }
        (target.clone(), result)
    });
    let list = PerTarget(list.collect());
    let mut worst = Verdicts::default();
    let all = [&list, &server]
        .into_iter()
        .chain(tools.iter().map(|t| &t.targets));
    for per in all {
        for (target, result) in &per.0 {
            worst.worsen(target.clone(), result.verdict);
        }
    }
    let findings = {
        let mut each = tools.iter().map(|t| &t.targets).chain([&list, &server]);
        grouped(&mut each, targets.len() > 1)
    };
    CompatReport {
        list,
        tools,
        server,
        findings,
        diagnostics: Vec::new(),
        worst,
    }
}

/// Every finding of `results` once: a rule several targets share (Anthropic's name rule for
/// the Anthropic API, its strict mode and Claude Code, which send tools to the same API) gives
/// each of them the same finding; it is listed once, its message naming the targets when more
/// than one was asked (`name_targets`).
#[inline(never)]
fn grouped(results: &mut dyn Iterator<Item = &PerTarget>, name_targets: bool) -> Vec<Diagnostic> {
    let mut out: Vec<(Diagnostic, Vec<&str>)> = Vec::new();
    for per in results {
        for (target, result) in &per.0 {
            for d in &result.diagnostics {
                let same = |(kept, _): &&mut (Diagnostic, Vec<&str>)| {
                    kept.code == d.code
                        && kept.instance_path == d.instance_path
                        && kept.message == d.message
                };
                match out.iter_mut().find(same) {
                    Some((_, names)) => names.push(target.name()),
                    None => out.push((d.clone(), vec![target.name()])),
                }
            }
        }
    }
    out.into_iter()
        .map(|(d, names)| match name_targets {
            true => Diagnostic {
                message: format!("{}: {}", names.join(", "), d.message),
                ..d
            },
            false => d,
        })
        .collect()
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

/// The findings of one tool rule, from what its check found.
#[inline(never)]
fn place_all(
    doc: &Document<'_>,
    view: &ToolView<'_>,
    rule: &Rule,
    found: &Found,
    out: &mut Vec<Finding>,
) {
    match found {
        Found::Spots(spots) => {
            out.extend(
                spots
                    .iter()
                    .map(|spot| place(doc, rule, view.name, spot.clone())),
            );
        }
        // The spec's own findings keep their codes (`host::check_tool` reports the same); a
        // consumer's rule on the same fact words its errors as its own, about the keyword they
        // point at. `unusable-schema` (a `$ref` this engine cannot resolve…) is this engine's
        // fact, not one a consumer is shown refusing.
        Found::Diagnostics(diagnostics) if rule.code.contains('/') => {
            let own = diagnostics
                .iter()
                .filter(|d| d.is_error() && d.code != super::UNUSABLE_SCHEMA);
            out.extend(own.map(|d| {
                let keyword = d.instance_path.rsplit('/').next().unwrap_or_default();
                let spot = Spot::new(d.instance_path.clone(), d.message.clone()).about(keyword);
                place(doc, rule, view.name, spot)
            }));
        }
        Found::Diagnostics(diagnostics) => {
            out.extend(diagnostics.iter().map(|d| effect_of(d.clone(), rule)));
        }
    }
}

/// A spec diagnostic with the effect its severity gives, under the rule's code: an error drops
/// the tool where the entry says so (`x-mcp-header-invalid`), else rejects it.
#[inline(never)]
fn effect_of(diagnostic: Diagnostic, rule: &Rule) -> Finding {
    let effect = match diagnostic.severity {
        Severity::Error if rule.effect == Effect::Dropped => Effect::Dropped,
        Severity::Error => rule.effect.max(Effect::Rejected),
        Severity::Warning | Severity::Info => Effect::Warned,
    };
    (effect, diagnostic)
}

/// Checks a `Tool`, an array of tools or a `tools/list` result (bare or in a response), or a
/// server's `initialize` or `server/discover` result (bare or in a response: its
/// `instructions`), against each
/// target's profile. Spans point into `text`.
pub fn check_compatibility(text: &str, options: &CompatOptions) -> CompatReport {
    match parse(text, ReadOptions::default()) {
        Ok(doc) => check_parsed(&doc, options),
        Err(error) => CompatReport {
            diagnostics: vec![error.diagnostic()],
            ..CompatReport::default()
        },
    }
}

/// [`check_compatibility`] of a text already parsed (with the default read options), as a
/// session holds each message: not parsed again.
pub fn check_parsed(doc: &Document<'_>, options: &CompatOptions) -> CompatReport {
    let targets = if options.targets.is_empty() {
        options.default_targets()
    } else {
        options.targets.clone()
    };
    if let Some(server) = locate_server(doc) {
        return run(doc, &[], Some(server), &targets, options);
    }
    let Some(pointers) = locate_tools(doc, "") else {
        let message =
            "not a tool definition, a tools/list result or an initialize result (no `name`/`inputSchema`, `tools` or `protocolVersion`)";
        let diagnostic =
            Diagnostic::error("not-a-tool", message).with_span(Some(doc.span(doc.root.range)));
        return CompatReport {
            diagnostics: vec![diagnostic],
            ..CompatReport::default()
        };
    };
    run(doc, &pointers, None, &targets, options)
}
