//! Check 4: replay a session transcript (see [`crate::host::transcript`] for its forms) and track
//! every task as a state machine, producing the host's session state.
//!
//! Findings, by code:
//! - `unmatched-response` (error): a response whose `id` matches no pending request.
//! - `task-id-reused` (error): a CreateTaskResult with a `taskId` already in use.
//! - `status-after-terminal` (error): a terminal task reported non-terminal again.
//! - `forbidden-transition` (error): a terminal task reported in another terminal status, or a
//!   task created in a status it cannot start in (`working`; 2026-07-28 also `input_required`).
//! - `unknown-status` (error): a status that is not one of the five.
//! - `last-updated-backwards` (error): `lastUpdatedAt` earlier than the previous one.
//! - `invalid-timestamp` (warning): a `lastUpdatedAt` or entry `timestamp` that is not RFC 3339.
//! - `poll-too-fast` (warning): a `tasks/get` sent sooner than the poll interval after the
//!   previous answer (needs entry timestamps).
//! - `never-terminal` (warning): a task the transcript never sees terminal.
//! - `result-before-completion` (error): a task's result used before the task completed — a
//!   2026-07-28 `result` on a `working`/`input_required` task, or a 2025-11-25 task reported
//!   non-terminal after `tasks/result` delivered its result.
//! - `fake-result-while-working` (error): a tool result handed to the model (`toModel` entry)
//!   for a task that is still `working` or `input_required`.
//! - `is-error-status-mismatch` (error): `isError: true` with the wrong terminal status for the
//!   generation (2025-11-25: `failed`; 2026-07-28: `completed`).
//! - `unknown-task` (warning): a task message naming a task no CreateTaskResult created.
//! - `not-a-message` (warning): an entry that is neither a JSON-RPC message nor a tool list.
//! - Check 1-3 findings on the `tools/list` results, `tools/call` requests and their results.

use std::collections::{BTreeMap, HashMap};

use serde::Serialize;
use serde_json::Value;

use crate::diagnostic::{Diagnostic, LineIndex, Severity};
use crate::host::call::{check_against_tool, check_negotiation, declares_task_calls, read_call};
use crate::host::messages::{
    meta, read_message, request_id, result_kind, task_report, Message, RequestId, ResultKind,
    TaskReport, RELATED_TASK,
};
use crate::host::result::check_result;
use crate::host::task_state::{
    check_transition, HistoryEntry, TaskEvent, TaskState, TaskStatus, TransitionError,
};
use crate::host::time::{format_rfc3339, parse_rfc3339};
use crate::host::tool::{check_tools, locate_tools, tool_info, tools_generation, ToolInfo};
use crate::host::transcript::{read_transcript, Entry};
use crate::host::Generation;
use crate::json::{Document, Node, NodeKind};

/// What [`replay_session`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SessionReport {
    /// The host's session state: every task by `taskId`.
    pub tasks: BTreeMap<String, TaskState>,
    /// Everything found, in transcript order; spans point into the transcript text.
    pub diagnostics: Vec<Diagnostic>,
}

/// Replays a transcript (a JSON array of entries, or JSON Lines) and returns the session state
/// and the findings. Text that is not JSON gives one `JsonError` diagnostic and no tasks.
pub fn replay_session(transcript_text: &str) -> SessionReport {
    let transcript = match read_transcript(transcript_text) {
        Ok(transcript) => transcript,
        Err(error) => {
            let diagnostics = vec![error.to_diagnostic(&LineIndex::new(transcript_text))];
            return SessionReport {
                tasks: BTreeMap::new(),
                diagnostics,
            };
        }
    };
    let mut diagnostics = transcript.doc.warnings.clone();
    diagnostics.extend(transcript.diagnostics.iter().cloned());
    let mut replay = Replay {
        doc: &transcript.doc,
        tools: BTreeMap::new(),
        server_declares: None,
        pending: HashMap::new(),
        tasks: BTreeMap::new(),
        diagnostics,
    };
    for (index, entry) in transcript.entries.iter().enumerate() {
        replay.entry(index, entry);
    }
    replay.finish()
}

/// A task and what the replay needs beyond the reported state.
struct Tracked {
    /// The reported state.
    state: TaskState,
    /// When the previous CreateTaskResult or `tasks/get` answer was seen.
    last_answer_ms: Option<i64>,
    /// The latest `lastUpdatedAt`.
    last_updated_ms: Option<i64>,
    /// `isError` of the task's result, once seen.
    result_is_error: Option<bool>,
    /// The terminal status was only implied by a `tasks/result` answer, not reported.
    implied_terminal: bool,
}

/// The task methods a host sends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TaskMethod {
    /// `tasks/get`
    Get,
    /// `tasks/result` (2025-11-25)
    Result,
    /// `tasks/cancel`
    Cancel,
    /// `tasks/update` (2026-07-28) and anything else about a task.
    Other,
}

/// A request waiting for its response.
enum Pending {
    /// `tools/call`.
    ToolCall {
        /// The tool's name.
        tool: Option<String>,
        /// The arguments.
        arguments: Value,
        /// Whether a task was asked for (2025-11-25) or allowed (2026-07-28).
        task_requested: bool,
    },
    /// A task method about `task_id`.
    Task(TaskMethod, String),
    /// `initialize`: its answer holds the server capabilities.
    Initialize,
    /// `tools/list`: its answer holds tools.
    ToolsList,
    /// Anything else.
    Other,
}

/// Where one entry sits.
struct Seen<'e> {
    /// Entry index.
    index: usize,
    /// Pointer to the message.
    pointer: &'e str,
    /// When the host saw it.
    time: Option<i64>,
}

/// The replay in progress.
struct Replay<'d, 'a> {
    doc: &'d Document<'a>,
    tools: BTreeMap<String, ToolInfo>,
    server_declares: Option<bool>,
    pending: HashMap<RequestId, Pending>,
    tasks: BTreeMap<String, Tracked>,
    diagnostics: Vec<Diagnostic>,
}

/// The pointer of the object holding a task's fields under `pointer` (see `task_object`).
fn task_pointer(node: &Node, pointer: &str) -> String {
    match node.value_of("task") {
        Some(task) if task.members().is_some() => format!("{pointer}/task"),
        _ => pointer.to_owned(),
    }
}

impl Replay<'_, '_> {
    /// Adds a diagnostic at `path`.
    fn report(&mut self, severity: Severity, code: &str, message: String, path: String) {
        let span = self.doc.span_at(&path);
        self.diagnostics.push(
            Diagnostic::new(severity, code, message)
                .with_span(span)
                .at_pointer(path),
        );
    }

    /// Replays one entry.
    fn entry(&mut self, index: usize, entry: &Entry) {
        let doc = self.doc;
        let Some(node) = doc.pointer(&entry.pointer) else {
            return;
        };
        let seen = Seen {
            index,
            pointer: &entry.pointer,
            time: entry.time,
        };
        if entry.to_model {
            return self.handed_to_model(&seen, node, entry.task_id.as_deref());
        }
        match read_message(node) {
            Message::Request { id, method } => self.request(&seen, node, id, method),
            Message::Notification {
                method: "notifications/tasks/status" | "notifications/tasks",
            } => {
                self.observe(
                    &seen,
                    &format!("{}/params", seen.pointer),
                    TaskEvent::Notified,
                    None,
                );
            }
            Message::Notification { .. } => {}
            Message::Response { id, .. } => self.response(&seen, id),
            Message::ErrorResponse { id } => {
                if let Some(id) = id {
                    self.take_pending(&seen, id);
                }
            }
            Message::Other => {
                if !self.register_tools(seen.pointer) {
                    let message =
                        "neither a JSON-RPC message nor a tool definition; skipped".to_owned();
                    self.report(
                        Severity::Warning,
                        "not-a-message",
                        message,
                        seen.pointer.to_owned(),
                    );
                }
            }
        }
    }

    /// Records the tools under `pointer` and checks them; false if there are none.
    fn register_tools(&mut self, pointer: &str) -> bool {
        let doc = self.doc;
        let Some(tools) = locate_tools(doc, pointer) else {
            return false;
        };
        let generation = tools_generation(doc, pointer, &tools);
        self.diagnostics
            .extend(check_tools(doc, &tools, generation));
        for info in tools.iter().filter_map(|p| tool_info(doc, p)) {
            self.tools.insert(info.name.clone(), info);
        }
        true
    }

    /// A request: checks `tools/call`, the poll timing of `tasks/get`, and remembers it.
    fn request(&mut self, seen: &Seen<'_>, node: &Node, id: &Node, method: &str) {
        let doc = self.doc;
        let Some(key) = request_id(doc, id) else {
            return;
        };
        let task_method = match method {
            "tasks/get" => Some(TaskMethod::Get),
            "tasks/result" => Some(TaskMethod::Result),
            "tasks/cancel" => Some(TaskMethod::Cancel),
            "tasks/update" => Some(TaskMethod::Other),
            _ => None,
        };
        let pending = match (method, task_method) {
            ("tools/call", _) => self.tool_call(seen),
            (_, Some(task_method)) => {
                let task_id = node
                    .value_of("params")
                    .and_then(|p| p.value_of("taskId"))
                    .and_then(Node::as_str);
                let Some(task_id) = task_id else { return };
                if !self.tasks.contains_key(task_id) {
                    self.unknown_task(task_id, format!("{}/params/taskId", seen.pointer));
                } else if task_method == TaskMethod::Get {
                    self.check_poll(seen, task_id);
                }
                Pending::Task(task_method, task_id.to_owned())
            }
            ("initialize", _) => Pending::Initialize,
            ("tools/list", _) => Pending::ToolsList,
            _ => Pending::Other,
        };
        self.pending.insert(key, pending);
    }

    /// Checks a `tools/call` request against its tool and the negotiated capabilities.
    fn tool_call(&mut self, seen: &Seen<'_>) -> Pending {
        let doc = self.doc;
        let Some(call) = read_call(doc, seen.pointer) else {
            return Pending::Other;
        };
        // Without an `initialize` answer the capabilities are unknown: nothing to note then.
        let negotiation = check_negotiation(doc, &call, self.server_declares);
        self.diagnostics.extend(
            negotiation
                .into_iter()
                .filter(|d| d.severity != Severity::Info),
        );
        let tool = call.name.and_then(|name| self.tools.get(name));
        if let Some(tool) = tool {
            let found = check_against_tool(doc, &call, doc, tool);
            self.diagnostics.extend(found);
        }
        let arguments = doc.pointer(&format!("{}/arguments", call.pointer));
        Pending::ToolCall {
            tool: call.name.map(str::to_owned),
            arguments: arguments.map_or(Value::Null, |node| doc.value_of(node)),
            task_requested: call.task_requested(),
        }
    }

    /// The request a response answers, reporting `unmatched-response` if there is none.
    fn take_pending(&mut self, seen: &Seen<'_>, id: &Node) -> Option<Pending> {
        let key = request_id(self.doc, id)?;
        let pending = self.pending.remove(&key);
        if pending.is_none() {
            let message = format!("response id {key} matches no pending request");
            self.report(
                Severity::Error,
                "unmatched-response",
                message,
                format!("{}/id", seen.pointer),
            );
        }
        pending
    }

    /// A successful response: dispatches on what it answers.
    fn response(&mut self, seen: &Seen<'_>, id: &Node) {
        let Some(pending) = self.take_pending(seen, id) else {
            return;
        };
        let result = format!("{}/result", seen.pointer);
        match pending {
            Pending::ToolCall {
                tool,
                arguments,
                task_requested,
            } => {
                self.call_answered(seen, &result, tool, arguments, task_requested);
            }
            Pending::Task(TaskMethod::Get, task_id) => {
                self.observe(seen, &result, TaskEvent::Polled, Some(&task_id))
            }
            Pending::Task(TaskMethod::Cancel, task_id) => {
                self.observe(seen, &result, TaskEvent::Cancelled, Some(&task_id));
            }
            Pending::Task(TaskMethod::Result, task_id) => {
                self.result_delivered(seen, &result, &task_id)
            }
            Pending::Initialize => {
                self.server_declares = self.doc.pointer(&result).map(declares_task_calls);
            }
            Pending::ToolsList => {
                self.register_tools(&result);
            }
            Pending::Task(TaskMethod::Other, _) | Pending::Other => {}
        }
    }

    /// The answer to `tools/call`: a tool result is checked, a task handle creates a task.
    fn call_answered(
        &mut self,
        seen: &Seen<'_>,
        result: &str,
        tool: Option<String>,
        arguments: Value,
        task_requested: bool,
    ) {
        let doc = self.doc;
        let info = tool.as_deref().and_then(|name| self.tools.get(name));
        let found = check_result(doc, result, info.map(|t| (doc, t)), Some(task_requested));
        self.diagnostics.extend(found);
        let Some(node) = doc.pointer(result) else {
            return;
        };
        let ResultKind::TaskHandle(generation) = result_kind(node) else {
            return;
        };
        let report = task_report(doc, node);
        let Some(task_id) = report.task_id.and_then(Node::as_str) else {
            return;
        };
        let task_path = task_pointer(node, result);
        if self.tasks.contains_key(task_id) {
            let message = format!("task id {task_id:?} is already in use by an earlier task");
            return self.report(
                Severity::Error,
                "task-id-reused",
                message,
                format!("{task_path}/taskId"),
            );
        }
        let Some(status) = self.status_of(&report, &task_path) else {
            return;
        };
        if check_transition(None, status, generation).is_err() {
            let message = format!(
                "a {} task must start `working`, not `{}`",
                generation.as_str(),
                status.as_str()
            );
            self.report(
                Severity::Error,
                "forbidden-transition",
                message,
                format!("{task_path}/status"),
            );
        }
        let state = TaskState {
            tool_name: tool,
            arguments,
            last_status: status,
            last_updated_at: None,
            next_poll_at: None,
            poll_interval_ms: None,
            generation,
            history: Vec::new(),
        };
        let tracked = Tracked {
            state,
            last_answer_ms: None,
            last_updated_ms: None,
            result_is_error: None,
            implied_terminal: false,
        };
        self.tasks.insert(task_id.to_owned(), tracked);
        self.record(
            seen,
            task_id,
            status,
            &report,
            &task_path,
            TaskEvent::Created,
        );
    }

    /// The status a report carries, reporting `unknown-status` for a value outside the five.
    fn status_of(&mut self, report: &TaskReport<'_>, task_path: &str) -> Option<TaskStatus> {
        let node = report.status?;
        let status = node.as_str().and_then(TaskStatus::parse);
        if status.is_none() {
            let message = format!(
                "task status {} is not working, input_required, completed, failed or cancelled",
                self.doc.lexeme(node)
            );
            self.report(
                Severity::Error,
                "unknown-status",
                message,
                format!("{task_path}/status"),
            );
        }
        status
    }

    /// A status report (tasks/get answer, notification, cancel answer) about a task.
    fn observe(
        &mut self,
        seen: &Seen<'_>,
        pointer: &str,
        event: TaskEvent,
        expected: Option<&str>,
    ) {
        let doc = self.doc;
        let Some(node) = doc.pointer(pointer) else {
            return;
        };
        let report = task_report(doc, node);
        let task_path = task_pointer(node, pointer);
        let Some(task_id) = report.task_id.and_then(Node::as_str).or(expected) else {
            return;
        };
        let Some(tracked) = self.tasks.get(task_id) else {
            // An answer to a request about an unknown task was already noted at the request.
            if expected.is_none() {
                self.unknown_task(task_id, format!("{task_path}/taskId"));
            }
            return;
        };
        let (from, generation, implied) = (
            tracked.state.last_status,
            tracked.state.generation,
            tracked.implied_terminal,
        );
        let result_is_error = tracked.result_is_error;
        let Some(status) = self.status_of(&report, &task_path) else {
            return;
        };
        let status_path = format!("{task_path}/status");
        if implied && !status.is_terminal() {
            let message = format!("task {task_id:?} is `{}` after tasks/result delivered its result: the result was used before the task completed", status.as_str());
            self.report(
                Severity::Error,
                "result-before-completion",
                message,
                status_path,
            );
        } else if implied {
            if let Some(is_error) = result_is_error {
                self.check_is_error(task_id, generation, is_error, status, status_path);
            }
        } else {
            match check_transition(Some(from), status, generation) {
                Ok(()) => {}
                Err(TransitionError::AfterTerminal) => {
                    let message = format!(
                        "task {task_id:?} changed from terminal `{}` to `{}`",
                        from.as_str(),
                        status.as_str()
                    );
                    self.report(
                        Severity::Error,
                        "status-after-terminal",
                        message,
                        status_path,
                    );
                }
                Err(TransitionError::Forbidden) => {
                    let message = format!(
                        "task {task_id:?} cannot move from `{}` to `{}`: terminal states are final",
                        from.as_str(),
                        status.as_str()
                    );
                    self.report(
                        Severity::Error,
                        "forbidden-transition",
                        message,
                        status_path,
                    );
                }
            }
        }
        if let Some(tracked) = self.tasks.get_mut(task_id) {
            tracked.implied_terminal = false;
        }
        if report.result.is_some() {
            let result_path = format!("{task_path}/result");
            if !status.is_terminal() {
                let message = format!("task {task_id:?} carries a `result` while `{}`: a result is only final once the task is `completed`", status.as_str());
                self.report(
                    Severity::Error,
                    "result-before-completion",
                    message,
                    result_path.clone(),
                );
            }
            self.check_payload(task_id, &result_path, status);
        }
        self.record(seen, task_id, status, &report, &task_path, event);
    }

    /// A 2025-11-25 `tasks/result` answer: the task's result, implying its terminal status.
    fn result_delivered(&mut self, seen: &Seen<'_>, result: &str, task_id: &str) {
        let Some(tracked) = self.tasks.get(task_id) else {
            return;
        };
        let status = tracked.state.last_status;
        let Some(is_error) = self.check_payload(task_id, result, status) else {
            return;
        };
        let Some(tracked) = self.tasks.get_mut(task_id) else {
            return;
        };
        if !status.is_terminal() {
            let implied = TaskStatus::for_tool_result(tracked.state.generation, is_error);
            tracked.implied_terminal = true;
            let report = TaskReport {
                task_id: None,
                status: None,
                last_updated_at: None,
                poll_interval_ms: None,
                result: None,
            };
            self.record(seen, task_id, implied, &report, result, TaskEvent::Result);
        }
    }

    /// Checks a task's result against its tool and its terminal status; returns its `isError`.
    fn check_payload(&mut self, task_id: &str, result: &str, status: TaskStatus) -> Option<bool> {
        let doc = self.doc;
        let tracked = self.tasks.get(task_id)?;
        let generation = tracked.state.generation;
        let info = tracked
            .state
            .tool_name
            .as_deref()
            .and_then(|name| self.tools.get(name));
        let found = check_result(doc, result, info.map(|t| (doc, t)), Some(false));
        self.diagnostics.extend(found);
        let node = doc.pointer(result)?;
        let is_error = matches!(
            node.value_of("isError").map(|v| &v.kind),
            Some(NodeKind::Bool(true))
        );
        if let Some(tracked) = self.tasks.get_mut(task_id) {
            tracked.result_is_error = Some(is_error);
        }
        if status.is_terminal() {
            self.check_is_error(
                task_id,
                generation,
                is_error,
                status,
                format!("{result}/isError"),
            );
        }
        Some(is_error)
    }

    /// Reports a terminal status that does not match the result's `isError` for the generation.
    fn check_is_error(
        &mut self,
        task_id: &str,
        generation: Generation,
        is_error: bool,
        status: TaskStatus,
        path: String,
    ) {
        let expected = TaskStatus::for_tool_result(generation, is_error);
        if status != expected && status != TaskStatus::Cancelled {
            let message = format!(
                "in {} a tool result with `isError: {is_error}` makes task {task_id:?} `{}`, but it is `{}`",
                generation.as_str(),
                expected.as_str(),
                status.as_str()
            );
            self.report(Severity::Error, "is-error-status-mismatch", message, path);
        }
    }

    /// Records an observation: timestamps, poll interval, history and the next poll time.
    fn record(
        &mut self,
        seen: &Seen<'_>,
        task_id: &str,
        status: TaskStatus,
        report: &TaskReport<'_>,
        task_path: &str,
        event: TaskEvent,
    ) {
        let doc = self.doc;
        let stamp = report
            .last_updated_at
            .map(|node| (node.as_str().and_then(parse_rfc3339), doc.lexeme(node)));
        let updated_path = format!("{task_path}/lastUpdatedAt");
        let previous = self.tasks.get(task_id).and_then(|t| t.last_updated_ms);
        match stamp {
            Some((None, text)) => {
                let message = format!("`lastUpdatedAt` {text} is not an RFC 3339 date-time");
                self.report(
                    Severity::Warning,
                    "invalid-timestamp",
                    message,
                    updated_path,
                );
            }
            Some((Some(ms), text)) if previous.is_some_and(|p| ms < p) => {
                let message = format!("`lastUpdatedAt` {text} is earlier than the previous one");
                self.report(
                    Severity::Error,
                    "last-updated-backwards",
                    message,
                    updated_path,
                );
            }
            _ => {}
        }
        let span = doc.span_at(seen.pointer);
        let Some(tracked) = self.tasks.get_mut(task_id) else {
            return;
        };
        if let Some((ms, text)) = stamp {
            tracked.last_updated_ms = ms.or(tracked.last_updated_ms);
            tracked.state.last_updated_at = report
                .last_updated_at
                .and_then(Node::as_str)
                .map(str::to_owned)
                .or(Some(text.to_owned()));
        }
        if let Some(interval) = report.poll_interval_ms {
            tracked.state.poll_interval_ms = Some(interval);
        }
        if matches!(event, TaskEvent::Created | TaskEvent::Polled) && seen.time.is_some() {
            tracked.last_answer_ms = seen.time;
        }
        tracked.state.last_status = status;
        tracked.state.history.push(HistoryEntry {
            status,
            event,
            message_index: seen.index,
            last_updated_at: report
                .last_updated_at
                .and_then(Node::as_str)
                .map(str::to_owned),
            received_at: seen.time.map(format_rfc3339),
            span,
        });
        let base = tracked.last_answer_ms.or(tracked.last_updated_ms);
        tracked.state.next_poll_at =
            match (status.is_terminal(), base, tracked.state.poll_interval_ms) {
                (false, Some(base), Some(interval)) => i64::try_from(interval)
                    .ok()
                    .map(|i| format_rfc3339(base.saturating_add(i))),
                _ => None,
            };
    }

    /// Warns about a `tasks/get` sent sooner than the poll interval after the previous answer.
    fn check_poll(&mut self, seen: &Seen<'_>, task_id: &str) {
        let Some(tracked) = self.tasks.get(task_id) else {
            return;
        };
        let interval = tracked
            .state
            .poll_interval_ms
            .and_then(|i| i64::try_from(i).ok());
        let (Some(now), Some(previous), Some(interval)) =
            (seen.time, tracked.last_answer_ms, interval)
        else {
            return;
        };
        if !tracked.state.last_status.is_terminal() && now < previous.saturating_add(interval) {
            let message = format!("task {task_id:?} polled {} ms after the previous answer; the poll interval is {interval} ms", now - previous);
            self.report(
                Severity::Warning,
                "poll-too-fast",
                message,
                seen.pointer.to_owned(),
            );
        }
    }

    /// What the host handed the model: a tool result must not stand in for an unfinished task.
    fn handed_to_model(&mut self, seen: &Seen<'_>, node: &Node, task_id: Option<&str>) {
        let related = meta(node, RELATED_TASK)
            .and_then(|r| r.value_of("taskId"))
            .and_then(Node::as_str);
        let Some(task_id) = task_id.or(related) else {
            return;
        };
        let Some(tracked) = self.tasks.get(task_id) else {
            return self.unknown_task(task_id, seen.pointer.to_owned());
        };
        if result_kind(node) != ResultKind::ToolResult {
            return;
        }
        let status = tracked.state.last_status;
        let tool = tracked.state.tool_name.clone();
        if !status.is_terminal() {
            let message = format!(
                "a tool result for task {task_id:?} was handed to the model while the task is `{}`",
                status.as_str()
            );
            self.report(
                Severity::Error,
                "fake-result-while-working",
                message,
                seen.pointer.to_owned(),
            );
        }
        let doc = self.doc;
        let info = tool.as_deref().and_then(|name| self.tools.get(name));
        let found = check_result(doc, seen.pointer, info.map(|t| (doc, t)), Some(false));
        self.diagnostics.extend(found);
    }

    /// Warns about a message naming a task no CreateTaskResult created.
    fn unknown_task(&mut self, task_id: &str, path: String) {
        let message = format!("task {task_id:?} was not created in this transcript");
        self.report(Severity::Warning, "unknown-task", message, path);
    }

    /// Flags unfinished tasks and returns the report.
    fn finish(mut self) -> SessionReport {
        let unfinished: Vec<(String, TaskStatus, usize)> = self
            .tasks
            .iter()
            .filter(|(_, t)| !t.state.last_status.is_terminal())
            .map(|(id, t)| {
                (
                    id.clone(),
                    t.state.last_status,
                    t.state.history.last().map_or(0, |h| h.message_index),
                )
            })
            .collect();
        for (task_id, status, index) in unfinished {
            let message = format!(
                "task {task_id:?} is still `{}` at the end: never polled to a terminal status",
                status.as_str()
            );
            self.report(
                Severity::Warning,
                "never-terminal",
                message,
                format!("/{index}"),
            );
        }
        let tasks = self
            .tasks
            .into_iter()
            .map(|(id, t)| (id, t.state))
            .collect();
        SessionReport {
            tasks,
            diagnostics: self.diagnostics,
        }
    }
}
