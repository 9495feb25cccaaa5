//! Check 4: replay a session transcript and track every task as a state machine, producing the
//! host's session state.
//!
//! A transcript is a JSON array of entries or JSON Lines (one entry per line); spans always point
//! into the original text, and in JSON Lines the pointer `/3` is the fourth non-blank line. An
//! entry is a JSON-RPC message, a bare tool definition or `tools/list` result (tools for the
//! checks), or an envelope:
//! - `{"timestamp": "<RFC 3339>", "direction"?: "client" | "server", "message": {...}}`: a
//!   message, when the host saw it (needed for poll timing) and who sent it (keeps the ids of the
//!   client's and the server's requests apart; without it, `elicitation/create`,
//!   `sampling/createMessage` and `roots/list` are taken as the server's requests);
//! - `{"timestamp"?: ..., "toModel": {...}, "taskId"?: "..."}`: what the host handed the model as
//!   the tool's answer, for the task `taskId` (or the one its
//!   `_meta["io.modelcontextprotocol/related-task"]` names).
//!
//! Ordering: notifications and responses are not ordered on the wire, so
//! - a status notification naming a task not created yet, while a task-augmented `tools/call`
//!   waits for its answer, is kept and applied once that CreateTaskResult arrives (servers built
//!   on the SDK send the first `notifications/tasks/status` before it); if no such call creates
//!   the task, it is `unknown-task` then;
//! - an answer (`tasks/get`, `tasks/cancel`) older than a report that arrived after its request
//!   was sent is *stale*: it joins the history marked `stale` without changing the state, and it
//!   is checked against the state the host knew when it sent the request.
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
//! - Input (see [`crate::host::session_input`]): `input-after-terminal`, `input-not-requested`,
//!   and the [`crate::host::elicitation`] findings on each `elicitation/create`, its answer and
//!   each `tasks/update`'s `inputResponses` against the task's `inputRequests`.
//! - `unknown-task` (warning): a task message naming a task no CreateTaskResult created.
//! - `not-a-message` (warning): an entry that is neither a JSON-RPC message nor a tool list.
//! - Check 1-3 findings on the `tools/list` results, `tools/call` requests and their results.

use std::collections::{BTreeMap, HashMap, HashSet};

use serde::Serialize;
use serde_json::Value;

use crate::diagnostic::{Diagnostic, LineIndex, Severity};
use crate::host::call::{check_against_tool, check_negotiation, declares_task_calls, read_call};
use crate::host::result::check_result;
use crate::host::session_input::Asked;
use crate::host::task_state::{TaskEvent, TaskState, TaskStatus};
use crate::host::task_tracking::Tracked;
use crate::host::tool::{
    check_tools, locate_tools, tool_info, tools_generation, TaskSupport, ToolInfo,
};
use crate::host::transcript::{read_transcript, Entry, Side};
use crate::host::{diagnostic_at, Generation};
use crate::json::{Document, Node};
use crate::protocol::messages::{
    read_message, request_id, result_kind, Message, RequestId, ResultKind,
};

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
        checked_tools: HashSet::new(),
        server_declares: None,
        pending: HashMap::new(),
        deferred: Vec::new(),
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
pub(super) enum TaskMethod {
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
pub(super) enum Pending {
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
    /// The server's `elicitation/create` (2025-11-25): its answer is checked against it.
    Elicitation(Asked),
    /// Anything else.
    Other,
}

/// A request and when it was sent.
struct Waiting {
    /// What it asks.
    pending: Pending,
    /// Entry index of the request: its answer may report any state from then on.
    sent_at: usize,
}

/// A `tools/call` that was answered, for the task it may create.
pub(super) struct Call {
    /// The tool's name.
    pub(super) tool: Option<String>,
    /// The arguments.
    pub(super) arguments: Value,
    /// Whether a task was asked for (2025-11-25) or allowed (2026-07-28).
    pub(super) task_requested: bool,
    /// Entry index of the request.
    pub(super) sent_at: usize,
}

/// Who sends a request with `method` when the transcript does not say: the requests servers send
/// (elicitation, sampling, roots), else the client.
fn requester_of(method: &str) -> Side {
    match method {
        "elicitation/create" | "sampling/createMessage" | "roots/list" => Side::Server,
        _ => Side::Client,
    }
}

/// Whose requests a response may answer, most likely first: the other side than its sender when
/// the transcript says who sent it, else guessed from the result (an `ElicitResult`, a sampling
/// result or a roots list answers the server).
fn answered_sides(direction: Option<Side>, result: Option<&Node>) -> [Side; 2] {
    if let Some(sender) = direction {
        return [sender.other(); 2];
    }
    let requester = {
        let answers_server = result.is_some_and(|r| {
            ["action", "roots", "model"]
                .iter()
                .any(|k| r.get(k).is_some())
        });
        if answers_server {
            Side::Server
        } else {
            Side::Client
        }
    };
    [requester, requester.other()]
}

/// Where one entry sits.
#[derive(Clone, Debug)]
pub(super) struct Seen {
    /// Entry index.
    pub(super) index: usize,
    /// Pointer to the message.
    pub(super) pointer: String,
    /// When the host saw it.
    pub(super) time: Option<i64>,
}

/// A task status notification naming a task not created yet, while a task-augmented
/// `tools/call` waits for its CreateTaskResult: servers may send it before that response
/// (notifications and responses are not ordered), so it is applied once the task exists.
struct Deferred {
    /// The notification.
    seen: Seen,
    /// The task it names.
    task_id: String,
}

/// The replay in progress.
pub(super) struct Replay<'d, 'a> {
    /// The transcript.
    pub(super) doc: &'d Document<'a>,
    /// Tools listed so far, by name.
    pub(super) tools: BTreeMap<String, ToolInfo>,
    /// The text of every tool definition checked so far.
    checked_tools: HashSet<String>,
    /// Whether the server declared task-augmented `tools/call` (unknown without `initialize`).
    server_declares: Option<bool>,
    /// Requests waiting for their response, by the side that sent them and their id.
    pending: HashMap<(Side, RequestId), Waiting>,
    /// Status notifications about tasks whose creating response is still pending.
    deferred: Vec<Deferred>,
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
            pointer: entry.pointer.clone(),
            time: entry.time,
        };
        if entry.to_model {
            return self.handed_to_model(&seen, node, entry.task_id.as_deref());
        }
        match read_message(node) {
            Message::Request { id, method } => {
                let side = entry.direction.unwrap_or(requester_of(method));
                self.request(&seen, node, side, id, method);
            }
            Message::Notification {
                method: "notifications/tasks/status" | "notifications/tasks",
            } => self.status_notification(seen),
            Message::Notification { .. } => {}
            Message::Response { id, .. } => {
                let sides = answered_sides(entry.direction, node.value_of("result"));
                self.response(&seen, sides, id);
            }
            Message::ErrorResponse { id } => {
                let sides = answered_sides(entry.direction, None);
                let pending = id.and_then(|id| self.take_pending(&seen, sides, id));
                if let Some(Waiting {
                    pending:
                        Pending::ToolCall {
                            must_refuse: true, ..
                        },
                    ..
                }) = pending
                {
                    self.check_refusal_code(&seen, node);
                }
                self.release_deferred();
            }
            Message::Other => {
                if !self.register_tools(&seen.pointer) {
                    let message =
                        "neither a JSON-RPC message nor a tool definition; skipped".to_owned();
                    self.report(
                        Severity::Warning,
                        "not-a-message",
                        message,
                        seen.pointer.clone(),
                    );
                }
            }
        }
    }

    /// A task status notification: applied now, or kept until the task-augmented call in flight
    /// that will create its task is answered.
    fn status_notification(&mut self, seen: Seen) {
        let params = format!("{}/params", seen.pointer);
        let task_id = self
            .doc
            .pointer(&params)
            .and_then(|p| p.value_of("taskId"))
            .and_then(Node::as_str);
        if let Some(task_id) = task_id {
            if !self.tasks.contains_key(task_id) && self.task_call_in_flight() {
                let task_id = task_id.to_owned();
                self.deferred.push(Deferred { seen, task_id });
                return;
            }
        }
        self.observe(&seen, &params, TaskEvent::Notified, None, None);
    }

    /// Whether a task-augmented `tools/call` is waiting for its response.
    fn task_call_in_flight(&self) -> bool {
        self.pending.values().any(|w| {
            matches!(
                w.pending,
                Pending::ToolCall {
                    task_requested: true,
                    ..
                }
            )
        })
    }

    /// Applies the notifications kept for `task_id`, now that it exists; their content may date
    /// from any time after the creating request (`window`).
    fn apply_deferred(&mut self, task_id: &str, window: usize) {
        let (mine, rest) = std::mem::take(&mut self.deferred)
            .into_iter()
            .partition(|d| d.task_id == task_id);
        self.deferred = rest;
        for Deferred { seen, .. } in mine {
            let params = format!("{}/params", seen.pointer);
            self.observe(&seen, &params, TaskEvent::Notified, None, Some(window));
        }
    }

    /// Once no task-augmented call is in flight, the notifications still kept name tasks nobody
    /// will create: each is an `unknown-task`.
    fn release_deferred(&mut self) {
        if self.task_call_in_flight() {
            return;
        }
        for Deferred { seen, task_id } in std::mem::take(&mut self.deferred) {
            self.unknown_task(&task_id, format!("{}/params/taskId", seen.pointer));
        }
    }

    /// Records the tools under `pointer` and checks them; false if there are none.
    fn register_tools(&mut self, pointer: &str) -> bool {
        let doc = self.doc;
        let Some(tools) = locate_tools(doc, pointer) else {
            return false;
        };
        let generation = tools_generation(doc, pointer, &tools);
        // A host lists tools again after `notifications/tools/list_changed`: a definition already
        // checked, word for word, is not reported twice.
        let repeated: Vec<&String> = tools
            .iter()
            .filter(|p| {
                let text = doc.pointer(p).map(|node| doc.lexeme(node).to_owned());
                text.is_some_and(|text| !self.checked_tools.insert(text))
            })
            .collect();
        let found = check_tools(doc, &tools, generation);
        self.diagnostics.extend(found.into_iter().filter(|d| {
            !repeated.iter().any(|p| {
                d.instance_path
                    .strip_prefix(p.as_str())
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
            })
        }));
        for info in tools.iter().filter_map(|p| tool_info(doc, p)) {
            self.tools.insert(info.name.clone(), info);
        }
        true
    }

    /// A request: checks `tools/call`, the poll timing of `tasks/get`, and remembers it.
    fn request(&mut self, seen: &Seen, node: &Node, side: Side, id: &Node, method: &str) {
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
                } else if method == "tasks/update" {
                    self.input_answered(seen, task_id);
                }
                Pending::Task(task_method, task_id.to_owned())
            }
            ("elicitation/create", _) => self.elicitation_asked(seen, node, &key),
            ("initialize", _) => Pending::Initialize,
            ("tools/list", _) => Pending::ToolsList,
            _ => Pending::Other,
        };
        let waiting = Waiting {
            pending,
            sent_at: seen.index,
        };
        self.pending.insert((side, key), waiting);
    }

    /// Checks a `tools/call` request against its tool and the negotiated capabilities.
    fn tool_call(&mut self, seen: &Seen) -> Pending {
        let doc = self.doc;
        let Some(call) = read_call(doc, &seen.pointer) else {
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
    fn check_refusal_code(&mut self, seen: &Seen, node: &Node) {
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

    /// The request a response answers (sent by the first of `sides` that has one waiting with
    /// that id), reporting `unmatched-response` if there is none.
    fn take_pending(&mut self, seen: &Seen, sides: [Side; 2], id: &Node) -> Option<Waiting> {
        let key = request_id(self.doc, id)?;
        let pending = sides
            .iter()
            .find_map(|&side| self.pending.remove(&(side, key.clone())));
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
    fn response(&mut self, seen: &Seen, sides: [Side; 2], id: &Node) {
        let Some(Waiting { pending, sent_at }) = self.take_pending(seen, sides, id) else {
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
                let call = Call {
                    tool,
                    arguments,
                    task_requested,
                    sent_at,
                };
                self.call_answered(seen, &result, call);
                self.release_deferred();
            }
            Pending::Task(TaskMethod::Get, task_id) => {
                let event = TaskEvent::Polled;
                self.observe(seen, &result, event, Some(&task_id), Some(sent_at));
            }
            Pending::Task(TaskMethod::Cancel, task_id) => {
                let event = TaskEvent::Cancelled;
                self.observe(seen, &result, event, Some(&task_id), Some(sent_at));
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
            Pending::Elicitation(asked) => self.elicitation_answered(&result, asked),
            Pending::Task(TaskMethod::Other, _) | Pending::Other => {}
        }
    }

    /// The answer to `tools/call`: a tool result is checked, a task handle creates a task.
    fn call_answered(&mut self, seen: &Seen, result: &str, call: Call) {
        let doc = self.doc;
        let info = call.tool.as_deref().and_then(|name| self.tools.get(name));
        let requested = Some(call.task_requested);
        let found = check_result(doc, result, info.map(|t| (doc, t)), requested);
        self.diagnostics.extend(found);
        let Some(node) = doc.pointer(result) else {
            return;
        };
        let ResultKind::TaskHandle(generation) = result_kind(node) else {
            return;
        };
        let window = call.sent_at;
        if let Some(task_id) = self.create_task(seen, node, result, generation, call) {
            self.apply_deferred(&task_id, window);
        }
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
