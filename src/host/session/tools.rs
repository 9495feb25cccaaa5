//! The tools a session lists: each `tools/list` page's findings tagged with the tool they concern,
//! the compatibility verdicts for the session's targets ([`crate::compat`]) as findings at their
//! place in the page, and the verdict table ([`ToolTable`]) every front end shows.
//!
//! `task-support-unavailable` (error): at 2025-11-25, a tool with `taskSupport: "required"` on a
//! server whose `initialize` result does not declare `capabilities.tasks.requests.tools.call`
//! cannot be called at all: a call without a task must be refused (the tool requires one) and a
//! call with one is forbidden, since "if a server's capabilities do not include
//! `tasks.requests.tools.call`, then clients MUST NOT attempt to use task augmentation on that
//! server's tools, regardless of the `execution.taskSupport` value" (Tasks, "Tool-Level
//! Negotiation",
//! <https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks#tool-level-negotiation>,
//! checked 2026-12-03).

use serde::{Serialize, Serializer};

use crate::compat::{check_compatibility, CompatOptions, Target, Verdict};
use crate::diagnostic::{Diagnostic, Severity};
use crate::host::diagnostic_at;
use crate::host::session::dispatch::Dispatch;
use crate::host::session::MAX_TOOLS;
use crate::json::{Document, Node};
use crate::protocol::Generation;

/// Verdicts by target, in the order the targets were asked; serialized as an object keyed by
/// target name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Verdicts(pub Vec<(Target, Verdict)>);

impl Verdicts {
    /// Keeps the worse of the verdict kept for `target` and `verdict`.
    fn worsen(&mut self, target: Target, verdict: Verdict) {
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

/// One listed tool's verdicts: its own checks' counts (`tools/list` findings about it) and its
/// compatibility verdict per target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolVerdict {
    /// Its name.
    pub name: String,
    /// Its `execution.taskSupport` as written, when it is a string.
    pub task_support: Option<String>,
    /// Errors found about it in its `tools/list` page (its checks and the compatibility rules).
    pub errors: usize,
    /// Warnings found about it there.
    pub warnings: usize,
    /// Its compatibility verdict per target.
    pub targets: Verdicts,
}

/// Every tool listed so far (the last listing of each name, in first-listed order; at most
/// [`MAX_TOOLS`]) and the whole list's verdict per target (the worst over the pages).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ToolTable {
    /// Each tool's verdicts.
    pub tools: Vec<ToolVerdict>,
    /// The list's verdict per target.
    pub list: Verdicts,
}

/// The tool a finding at `path` concerns among `tools` (`(pointer, name)`), and the pointer
/// within it.
pub(super) fn tool_at<'t>(tools: &'t [(String, String)], path: &str) -> Option<(&'t str, String)> {
    tools.iter().find_map(|(pointer, name)| {
        let rest = path.strip_prefix(pointer.as_str())?;
        (rest.is_empty() || rest.starts_with('/')).then(|| (name.as_str(), rest.to_owned()))
    })
}

/// Tags each of `found` with the tool among `tools` its instance path lies in.
pub(super) fn tag(found: Vec<Diagnostic>, tools: &[(String, String)]) -> Vec<Diagnostic> {
    found
        .into_iter()
        .map(|d| match tool_at(tools, &d.instance_path) {
            Some((name, rest)) => d.about_tool(name, rest),
            None => d,
        })
        .collect()
}

/// Tags `found` (a call's or a result's findings) with the tool `name`, the pointer within it
/// taken from each keyword location (under the tool's `pointer` in its list), else `""`.
pub(super) fn tag_call(found: Vec<Diagnostic>, name: &str, pointer: &str) -> Vec<Diagnostic> {
    found
        .into_iter()
        .map(|d| {
            let within = d
                .keyword_location
                .as_deref()
                .and_then(|k| k.strip_prefix(pointer))
                .filter(|rest| rest.is_empty() || rest.starts_with('/'))
                .unwrap_or_default()
                .to_owned();
            d.about_tool(name, within)
        })
        .collect()
}

/// The `(pointer, name)` of each tool with a string name at `pointers` in `doc`.
pub(super) fn named(doc: &Document<'_>, pointers: &[String]) -> Vec<(String, String)> {
    pointers
        .iter()
        .filter_map(|p| {
            let name = doc.pointer(p)?.value_of("name")?.as_str()?;
            Some((p.clone(), name.to_owned()))
        })
        .collect()
}

impl Dispatch<'_, '_, '_> {
    /// The compatibility findings and verdicts of the tools at `pointers` of this message (a
    /// `tools/list` page); findings about a tool in `repeated` (listed before word for word) are
    /// not reported again. `checked`: the page's own findings, for each tool's counts.
    #[inline(never)]
    pub(super) fn tools_listed(
        &mut self,
        pointers: &[String],
        repeated: &[&String],
        checked: &[Diagnostic],
    ) {
        let doc = self.doc;
        let tools = named(doc, pointers);
        let options = CompatOptions {
            targets: self.session.options.targets.clone(),
            server_name: self
                .session
                .options
                .server_name
                .clone()
                .or_else(|| self.session.server_name.clone()),
        };
        let report = check_compatibility(doc.text, &options);
        let mut found: Vec<Diagnostic> = checked.to_vec();
        found.extend(self.unavailable_tasks(&tools));
        let mut verdicts: Vec<Verdicts> = vec![Verdicts::default(); tools.len()];
        for tool in &report.tools {
            let at = tools.iter().position(|(p, _)| *p == tool.pointer);
            for (target, result) in &tool.targets.0 {
                if let Some(kept) = at.and_then(|at| verdicts.get_mut(at)) {
                    kept.worsen(*target, result.verdict);
                }
                found.extend(result.diagnostics.iter().cloned());
            }
        }
        for (target, result) in &report.list.0 {
            self.session.table.list.worsen(*target, result.verdict);
            found.extend(result.diagnostics.iter().cloned());
        }
        let found = tag(found, &tools);
        for ((pointer, name), targets) in tools.iter().zip(verdicts) {
            let under = |path: &str| {
                path.strip_prefix(pointer.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            };
            let count = |severity: Severity| {
                found
                    .iter()
                    .filter(|d| d.severity == severity && under(&d.instance_path))
                    .count()
            };
            let task_support = doc
                .pointer(pointer)
                .and_then(|t| t.value_of("execution"))
                .and_then(|e| e.value_of("taskSupport"))
                .and_then(Node::as_str)
                .map(str::to_owned);
            let verdict = ToolVerdict {
                name: name.clone(),
                task_support,
                errors: count(Severity::Error),
                warnings: count(Severity::Warning),
                targets,
            };
            let table = &mut self.session.table.tools;
            match table.iter_mut().position(|t| t.name == *name) {
                Some(at) => {
                    if let Some(kept) = table.get_mut(at) {
                        *kept = verdict;
                    }
                }
                None if table.len() < MAX_TOOLS => table.push(verdict),
                None => {}
            }
        }
        let fresh = found.into_iter().filter(|d| {
            !repeated.iter().any(|p| {
                d.instance_path
                    .strip_prefix(p.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            })
        });
        self.found(fresh.collect());
    }

    /// `task-support-unavailable` for each tool requiring tasks when the 2025-11-25 server did
    /// not declare task-augmented `tools/call` (see the module doc).
    fn unavailable_tasks(&self, tools: &[(String, String)]) -> Vec<Diagnostic> {
        if self.session.server_declares != Some(false)
            || self.session.negotiation.version() != Some(Generation::V2025_11_25)
        {
            return Vec::new();
        }
        let doc = self.doc;
        tools
            .iter()
            .filter_map(|(pointer, name)| {
                let path = format!("{pointer}/execution/taskSupport");
                let required = doc.pointer(&path).and_then(Node::as_str) == Some("required");
                required.then(|| {
                    let message = format!("tool `{name}` requires task execution, but the server does not declare `capabilities.tasks.requests.tools.call`, so clients must not call it as a task: no client can call it");
                    diagnostic_at(doc, Severity::Error, "task-support-unavailable", message, path)
                })
            })
            .collect()
    }
}
