//! Provider compatibility: will Claude, OpenAI, Gemini, Cursor, VS Code… take this tool?
//!
//! A tool our checks call valid is still rejected in the field, because each model API or host
//! accepts only part of JSON Schema and has its own naming rules. What each consumer does is data
//! ([`data`]: `compat-data/*.json`, one entry per consumer × feature with the verdict, the
//! versions it holds for, the message users see, the fix and dated public evidence); a [`Target`]
//! runs the entries of its consumers that hold for the version asked, resolved by date
//! (`resolve.rs`) into [`Rule`]s; each feature has one detector (`checks/`), run once per tool.
//!
//! [`check_compatibility`] runs the profiles over a tool, an array of tools or a `tools/list`
//! result: a verdict and findings per tool and target, and per target for the whole list (tool
//! counts, duplicate names after a rewrite, budgets). [`lower_tool`] rewrites one tool so that a
//! profile accepts it, listing each change and each constraint the consumer no longer enforces.

mod check;
mod checks;
pub mod data;
mod locate;
mod lower;
pub mod mcp;
mod report;
mod resolve;
mod rule;
mod target;

use serde::{Serialize, Serializer};
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::json::{parse, ReadOptions};

pub use checks::{check_schema, x_mcp_header, INVALID_SCHEMA, UNUSABLE_SCHEMA};
pub use data::{read_data, Entry, Evidence};
pub use locate::{locate_server, locate_tools, tools_generation};
pub use lower::{lower_tool, lower_tool_with, Change, Lost, Lowered};
pub use report::{data_report, data_report_of, DataReport, DataRow};
pub use resolve::compare_versions;
pub use rule::{ArrayScope, Check, Effect, Field, NameRule, Rule};
pub use target::{parse_targets, Target, TargetVersion};

/// What [`check_compatibility`] checks against (from JavaScript: `{ targets?, serverName? }`,
/// read by [`CompatOptions::from_json`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CompatOptions {
    /// The targets, in the order reported; empty means [`Target::DEFAULT`] (the consumers that
    /// take a tool without opt-in).
    pub targets: Vec<Target>,
    /// The server's name as the host knows it (Cursor's name-length rule needs it).
    pub server_name: Option<String>,
    /// The consumer version asked for per target (`claude-code@2.0`); a target not named here
    /// is checked at its newest known behaviour.
    pub versions: Vec<(Target, String)>,
    /// Extra entries of compatibility data (read by [`read_data`]): a gateway's own limits.
    pub data: Vec<Entry>,
}

impl CompatOptions {
    /// The version asked for `target`, if any.
    pub fn version_of(&self, target: Target) -> Option<&str> {
        self.versions
            .iter()
            .find(|(t, _)| *t == target)
            .map(|(_, v)| v.as_str())
    }

    /// Sets the targets (and their versions) from [`parse_targets`]' answer.
    pub fn set_targets(&mut self, asked: Vec<TargetVersion>) {
        self.targets = asked.iter().map(|(t, _)| *t).collect();
        self.versions = asked
            .into_iter()
            .filter_map(|(t, v)| v.map(|v| (t, v)))
            .collect();
    }
}

impl CompatOptions {
    /// The options from their JSON form: `targets` (an array of target names, `"all"` among
    /// them standing for every target, `name@version` for an older behaviour; or the string
    /// `"all"`), `serverName` (a string, or `null` for none) and `data` (extra compatibility
    /// data: the text of a data file, or its value), each optional; any other member, or a
    /// member of another type, is an error that names it (bad data: each positioned error). Written by hand rather than derived: the
    /// derived decoder cost the full build 382 B more brotli (README, "Size").
    pub fn from_json(value: Value) -> Result<Self, String> {
        let Value::Object(members) = value else {
            return Err(format!("expected an object, found {value}"));
        };
        let mut options = Self::default();
        for (key, value) in members {
            match (key.as_str(), value) {
                ("targets", Value::Array(names)) => {
                    let mut strings = Vec::new();
                    for name in names {
                        let Value::String(name) = name else {
                            return Err(format!("a target is a string, found {name}"));
                        };
                        strings.push(name);
                    }
                    options.set_targets(parse_targets(&strings)?);
                }
                ("targets", Value::String(all)) if all == "all" => {
                    options.targets = Target::ALL.to_vec();
                }
                ("serverName", Value::String(name)) => options.server_name = Some(name),
                ("serverName", Value::Null) | ("data", Value::Null) => {}
                ("data", value) => {
                    let text = match value {
                        Value::String(text) => text,
                        other => other.to_string(),
                    };
                    options.data = read_data(&text).map_err(|errors| data_errors(&errors))?;
                }
                ("targets", other) => {
                    return Err(format!(
                        "`targets` is an array of target names (or \"all\"), found {other}"
                    ))
                }
                ("serverName", other) => {
                    return Err(format!("`serverName` is a string, found {other}"))
                }
                (other, _) => {
                    return Err(format!(
                        "unknown field `{other}`, expected `targets`, `serverName` or `data`"
                    ))
                }
            }
        }
        Ok(options)
    }
}

/// Diagnostics about compatibility data as one message: each `line:column: message`.
pub fn data_errors(errors: &[Diagnostic]) -> String {
    let lines: Vec<String> = errors
        .iter()
        .map(|d| match d.span {
            Some(span) => format!("{}:{}: {}", span.line, span.column, d.message),
            None => d.message.clone(),
        })
        .collect();
    format!("bad compatibility data: {}", lines.join("; "))
}

/// One target as the front ends list it (the wasm export `compatTargets()`): its name, whether it
/// is checked only when asked for, and what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetInfo {
    /// The name `targets` and `--target` take.
    pub name: &'static str,
    /// Whether it is left out of the default targets ([`Target::DEFAULT`]).
    #[serde(rename = "optIn")]
    pub opt_in: bool,
    /// What it is, in a few words.
    pub title: &'static str,
    /// Its short name for a column header or a badge (`Gemini JSON Schema`).
    pub label: &'static str,
}

/// Every target, in report order, as [`TargetInfo`].
pub fn target_infos() -> Vec<TargetInfo> {
    Target::ALL
        .iter()
        .map(|t| TargetInfo {
            name: t.name(),
            opt_in: t.opt_in(),
            title: t.title(),
            label: t.label(),
        })
        .collect()
}

/// How a consumer treats a tool, or a whole list.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// Taken as it is (warnings aside).
    Accepted,
    /// Taken, silently changed.
    Rewritten,
    /// This tool is skipped; the others are kept.
    Dropped,
    /// The request or the server's whole tool list fails.
    Rejected,
}

impl Verdict {
    /// The verdict a finding of `effect` gives.
    fn of(effect: Effect) -> Self {
        match effect {
            Effect::Noted | Effect::Warned => Self::Accepted,
            Effect::Rewritten => Self::Rewritten,
            Effect::Dropped => Self::Dropped,
            Effect::Rejected => Self::Rejected,
        }
    }
}

/// Verdicts by target, in the order the targets were asked; serialized as an object keyed by
/// target name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdicts(pub Vec<(Target, Verdict)>);

impl Verdicts {
    /// Keeps the worse of the verdict kept for `target` and `verdict`.
    pub fn worsen(&mut self, target: Target, verdict: Verdict) {
        match self.0.iter_mut().find(|(t, _)| *t == target) {
            Some((_, kept)) => *kept = (*kept).max(verdict),
            None => self.0.push((target, verdict)),
        }
    }
}

impl Serialize for Verdicts {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(t, v)| (t.name(), v)))
    }
}

/// One target's verdict and findings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TargetResult {
    /// The worst effect among the findings.
    pub verdict: Verdict,
    /// The findings; spans point into the checked text.
    pub diagnostics: Vec<Diagnostic>,
    /// The consumer version checked (`None`: the newest known behaviour).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

impl TargetResult {
    /// A result from findings of the given effects.
    fn from_findings(found: Vec<(Effect, Diagnostic)>) -> Self {
        let verdict = found
            .iter()
            .map(|(effect, _)| Verdict::of(*effect))
            .max()
            .unwrap_or(Verdict::Accepted);
        let diagnostics = found.into_iter().map(|(_, d)| d).collect();
        Self {
            verdict,
            diagnostics,
            version: None,
        }
    }
}

/// One result per target, in the order asked; serialized as an object keyed by target name.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PerTarget(pub Vec<(Target, TargetResult)>);

impl PerTarget {
    /// The result for `target`, if it was checked.
    pub fn get(&self, target: Target) -> Option<&TargetResult> {
        self.0.iter().find(|(t, _)| *t == target).map(|(_, r)| r)
    }
}

impl Serialize for PerTarget {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(t, r)| (t.name(), r)))
    }
}

/// One tool's results.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ToolCompat {
    /// Its name, when it has a string one.
    pub name: Option<String>,
    /// JSON Pointer to the tool in the checked text.
    pub pointer: String,
    /// Verdict and findings per target.
    pub targets: PerTarget,
}

/// What [`check_compatibility`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct CompatReport {
    /// One entry per tool found, in document order.
    pub tools: Vec<ToolCompat>,
    /// Per target, the rules on the whole list; a tool a target rejects makes the list rejected.
    pub list: PerTarget,
    /// Per target, the rules on the server itself (its `initialize` result's `instructions`),
    /// when the text is an `initialize` result; empty otherwise.
    pub server: PerTarget,
    /// Every finding of `tools`, `list` and `server` once, in that order: a rule several
    /// targets share is one finding, its message naming them when more than one was asked
    /// (what a front end prints).
    pub findings: Vec<Diagnostic>,
    /// Why nothing could be checked: a parse error, or a text that holds no tool.
    pub diagnostics: Vec<Diagnostic>,
    /// Per target, the worst verdict over the list and every tool (what a summary shows).
    pub worst: Verdicts,
}

/// Checks a `Tool`, an array of tools or a `tools/list` result (bare or in a response), or a
/// server's `initialize` or `server/discover` result (bare or in a response: its
/// `instructions`), against each
/// target's profile. Spans point into `text`.
pub fn check_compatibility(text: &str, options: &CompatOptions) -> CompatReport {
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(error) => {
            return CompatReport {
                diagnostics: vec![error.diagnostic()],
                ..CompatReport::default()
            }
        }
    };
    let targets = if options.targets.is_empty() {
        Target::DEFAULT.to_vec()
    } else {
        options.targets.clone()
    };
    if let Some(server) = locate_server(&doc) {
        return check::run(&doc, &[], Some(server), &targets, options);
    }
    let Some(pointers) = locate_tools(&doc, "") else {
        let message =
            "not a tool definition, a tools/list result or an initialize result (no `name`/`inputSchema`, `tools` or `protocolVersion`)";
        let diagnostic =
            Diagnostic::error("not-a-tool", message).with_span(Some(doc.span(doc.root.range)));
        return CompatReport {
            diagnostics: vec![diagnostic],
            ..CompatReport::default()
        };
    };
    check::run(&doc, &pointers, None, &targets, options)
}
