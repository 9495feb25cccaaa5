//! Check 4: replay a session transcript and track every task as a state machine, producing the
//! host's session state.
//!
//! A transcript is a JSON array of entries or JSON Lines (one entry per line); spans always point
//! into the original text, and in JSON Lines the pointer `/3` is the fourth non-blank line. An
//! entry is a JSON-RPC message, a bare tool definition or `tools/list` result (tools for the
//! checks), or an envelope:
//! - `{"timestamp": "<RFC 3339>", "message": {...}}`: a message and when the host saw it (needed
//!   for poll timing);
//! - `{"timestamp"?: ..., "toModel": {...}, "taskId"?: "..."}`: what the host handed the model as
//!   the tool's answer, for the task `taskId` (or the one its
//!   `_meta["io.modelcontextprotocol/related-task"]` names).
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
//! - `required-task-not-refused` (error): a call without `task` to a tool whose `taskSupport` is
//!   `required` was answered instead of refused with -32601 (or -32600) (2025-11-25);
//!   `wrong-refusal-code` (warning): it was refused with another code.
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
    read_message, request_id, result_kind, Message, RequestId, ResultKind,
};
use crate::host::result::check_result;
use crate::host::task_state::{TaskEvent, TaskState, TaskStatus};
use crate::host::task_tracking::Tracked;
use crate::host::tool::{
    check_tools, locate_tools, tool_info, tools_generation, TaskSupport, ToolInfo,
};
use crate::host::transcript::{read_transcript, Entry};
use crate::host::{diagnostic_at, Generation};
use crate::json::{Document, Node};

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
        /// The tool requires a task and none was asked for (2025-11-25): the server must
        /// refuse the call with -32601 (or -32600).
        must_refuse: bool,
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
pub(super) struct Seen<'e> {
    /// Entry index.
    pub(super) index: usize,
    /// Pointer to the message.
    pub(super) pointer: &'e str,
    /// When the host saw it.
    pub(super) time: Option<i64>,
}

/// The replay in progress.
pub(super) struct Replay<'d, 'a> {
    /// The transcript.
    pub(super) doc: &'d Document<'a>,
    /// Tools listed so far, by name.
    pub(super) tools: BTreeMap<String, ToolInfo>,
    /// Whether the server declared task-augmented `tools/call` (unknown without `initialize`).
    server_declares: Option<bool>,
    /// Requests waiting for their response.
    pending: HashMap<RequestId, Pending>,
    /// Every task created so far.
    pub(super) tasks: BTreeMap<String, Tracked>,
    /// Findings so far.
    pub(super) diagnostics: Vec<Diagnostic>,
}

impl Replay<'_, '_> {
    /// Adds a diagnostic at `path`.
    pub(super) fn report(&mut self, severity: Severity, code: &str, message: String, path: String) {
        let found = diagnostic_at(self.doc, severity, code, message, path);
        self.diagnostics.push(found);
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
                let pending = id.and_then(|id| self.take_pending(&seen, id));
                if let Some(Pending::ToolCall {
                    must_refuse: true, ..
                }) = pending
                {
                    self.check_refusal_code(&seen, node);
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
        let requires_task = tool.is_some_and(|t| t.task_support == TaskSupport::Required);
        let must_refuse = requires_task
            && call.task.is_none()
            && call.generation != Some(Generation::V2026_07_28);
        if let Some(tool) = tool {
            let found = check_against_tool(doc, &call, doc, tool);
            self.diagnostics.extend(found);
        }
        let arguments = doc.pointer(&format!("{}/arguments", call.pointer));
        Pending::ToolCall {
            tool: call.name.map(str::to_owned),
            arguments: arguments.map_or(Value::Null, |node| doc.value_of(node)),
            task_requested: call.task_requested(),
            must_refuse,
        }
    }

    /// Warns when a call that had to be refused for lack of a task got another error code.
    fn check_refusal_code(&mut self, seen: &Seen<'_>, node: &Node) {
        let code = node.value_of("error").and_then(|e| e.value_of("code"));
        let lexeme = code.map_or("", |c| self.doc.lexeme(c));
        if !matches!(lexeme, "-32601" | "-32600") {
            let message = format!(
                "a call refused for lack of a task should get -32601 (or -32600), not {lexeme}"
            );
            let path = format!("{}/error/code", seen.pointer);
            self.report(Severity::Warning, "wrong-refusal-code", message, path);
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
                must_refuse,
            } => {
                if must_refuse {
                    let message = "the tool requires a task and the call asked for none: the server must refuse it with -32601 (or -32600), not answer it";
                    self.report(
                        Severity::Error,
                        "required-task-not-refused",
                        message.into(),
                        result.clone(),
                    );
                }
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
        self.create_task(seen, node, result, generation, tool, arguments);
    }

    /// Warns about a message naming a task no CreateTaskResult created.
    pub(super) fn unknown_task(&mut self, task_id: &str, path: String) {
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
