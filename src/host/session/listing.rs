//! A `tools/list` page as the dispatcher meets it: its tools' compatibility verdicts for the
//! session's targets and the tasks they cannot run, recorded in the session's tool table
//! (`tools.rs` holds the table and the tagging; this file the dispatcher's step, so that
//! `dispatch.rs` and `tools.rs` do not import each other). The `initialize` answer is judged
//! here too, as is the 2026-07-28 `server/discover` answer: the server's own compatibility
//! findings (its `instructions` cut).

use std::collections::HashSet;

use crate::compat::UNUSABLE_SCHEMA;
use crate::compat::{check_parsed, x_mcp_header, CompatOptions};
use crate::diagnostic::{Diagnostic, Severity};
use crate::host::diagnostic_at;
use crate::host::session::dispatch::Dispatch;
use crate::host::session::tools::{named, tag, ToolVerdict, Verdicts};
use crate::host::session::MAX_TOOLS;
use crate::json::Node;
use crate::lint::CODES;
use crate::protocol::Version;

impl Dispatch<'_, '_, '_> {
    /// The compatibility findings of the server itself, from this message (an `initialize` or
    /// `server/discover` answer) for the session's targets: a consumer that cuts its
    /// `instructions`.
    #[inline(never)]
    pub(super) fn server_judged(&mut self) {
        let report = check_parsed(self.doc, &self.session.options);
        let mut once: Vec<Diagnostic> = Vec::new();
        let mut shared = HashSet::new();
        for (_, result) in &report.server.0 {
            add_once(&mut once, &mut shared, &result.diagnostics);
        }
        self.found(once);
    }

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
            server_name: self
                .session
                .options
                .server_name
                .clone()
                .or_else(|| self.session.server_name.clone()),
            ..self.session.options.clone()
        };
        let report = check_parsed(doc, &options);
        let mut found: Vec<Diagnostic> = Vec::new();
        // The spec's own findings (`invalid-schema`, `x-mcp-header-invalid`, …) come from the
        // tool checks and the `mcp` target alike: once.
        let mut shared = HashSet::new();
        add_once(&mut found, &mut shared, checked);
        found.extend(self.unavailable_tasks(&tools));
        let mut verdicts: Vec<Verdicts> = vec![Verdicts::default(); tools.len()];
        for tool in &report.tools {
            let at = tools.iter().position(|(p, _)| *p == tool.pointer);
            for (target, result) in &tool.targets.0 {
                if let Some(kept) = at.and_then(|at| verdicts.get_mut(at)) {
                    kept.worsen(target.clone(), result.verdict);
                }
                add_once(&mut found, &mut shared, &result.diagnostics);
            }
        }
        for (target, result) in &report.list.0 {
            self.session
                .table
                .list
                .worsen(target.clone(), result.verdict);
            add_once(&mut found, &mut shared, &result.diagnostics);
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
            // The lint's codes, and a schema no validator can compile, inside a schema.
            let in_schema = |path: &str| {
                ["inputSchema", "outputSchema"].iter().any(|field| {
                    path.strip_prefix(pointer.as_str())
                        .and_then(|rest| rest.strip_prefix('/'))
                        .and_then(|rest| rest.strip_prefix(field))
                        .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
                })
            };
            let schema_errors = found
                .iter()
                .filter(|d| {
                    d.is_error()
                        && (CODES.contains(&d.code.as_str()) || d.code == UNUSABLE_SCHEMA)
                        && in_schema(&d.instance_path)
                })
                .count();
            let task_support = doc
                .pointer(pointer)
                .and_then(|t| t.value_of("execution"))
                .and_then(|e| e.value_of("taskSupport"))
                .and_then(Node::as_str)
                .map(str::to_owned);
            // A broken `x-mcp-header` annotation: the clients over HTTP drop the tool.
            let excluded = found
                .iter()
                .find(|d| d.is_error() && d.code == x_mcp_header::CODE && under(&d.instance_path))
                .map(|d| d.message.clone());
            let verdict = ToolVerdict {
                name: name.clone(),
                task_support,
                errors: count(Severity::Error),
                schema_errors,
                warnings: count(Severity::Warning),
                excluded,
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
            || self.session.negotiation.version() != Some(Version::V2025_11_25)
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

/// Adds each of `diagnostics` to `found` unless an equal one was added (`seen`: code, place and
/// message of each): a rule several targets share (`anthropic/name` is Anthropic's, Anthropic
/// strict's and Claude Code's, which send the tools to the same API) is each target's verdict, but
/// one finding (issue 43: `--target all` printed it three times).
fn add_once<'d>(
    found: &mut Vec<Diagnostic>,
    seen: &mut HashSet<(&'d str, &'d str, &'d str)>,
    diagnostics: &'d [Diagnostic],
) {
    for d in diagnostics {
        if seen.insert((&d.code, &d.instance_path, &d.message)) {
            found.push(d.clone());
        }
    }
}
