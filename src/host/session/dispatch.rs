//! One pushed message, dispatched on what it is: requests are remembered until answered, answers
//! go to what they answer, tool lists are kept for the call checks.

use std::rc::Rc;

use serde_json::Value;

use crate::diagnostic::{Diagnostic, Severity};
use crate::host::call::{
    check_against_tool, check_negotiation, declares_task_calls, read_call, unknown_tool,
};
use crate::host::diagnostic_at;
use crate::host::result::check_result;
use crate::host::session::checker::KnownTool;
use crate::host::session::pending::{
    EarlyNotification, KeptMessage, PendingRequest, Request, RequestKey, TaskMethod,
};
use crate::host::session::sequence::{
    answer_detail, error_detail, notifier_of, request_detail, task_of, Step, StepKind,
};
use crate::host::session::tools::tag_call;
use crate::host::session::{
    Direction, Entry, Finding, Session, MAX_EARLY_NOTIFICATIONS, MAX_PENDING_REQUESTS, MAX_TOOLS,
};
use crate::host::task_state::TaskEvent;
use crate::host::tool::{check_and_compile_tools, locate_tools, tools_generation, TaskSupport};
use crate::json::{Document, Node};
use crate::protocol::messages::{read_message, request_id, result_kind, Message, ResultKind};
use crate::protocol::Generation;

/// A `tools/call` that was answered, for the task it may create.
pub(super) struct AnsweredCall {
    /// The tool's name.
    pub(super) tool: Option<String>,
    /// The arguments.
    pub(super) arguments: Value,
    /// Whether a task was asked for (2025-11-25) or allowed (2026-07-28).
    pub(super) task_requested: bool,
    /// Push number of the request.
    pub(super) sent_at: usize,
}

/// Who sends a request with `method` when the transcript does not say: the requests servers send
/// (elicitation, sampling, roots), else the client.
fn requester_of(method: &str) -> Direction {
    match method {
        "elicitation/create" | "sampling/createMessage" | "roots/list" => Direction::Server,
        _ => Direction::Client,
    }
}

/// Whose requests a response may answer, most likely first: the other side than its sender when
/// the transcript says who sent it, else guessed from the result (an `ElicitResult`, a sampling
/// result or a roots list answers the server).
fn answered_sides(direction: Option<Direction>, result: Option<&Node>) -> [Direction; 2] {
    if let Some(sender) = direction {
        return [sender.other(); 2];
    }
    let answers_server = result.is_some_and(|r| {
        ["action", "roots", "model"]
            .iter()
            .any(|k| r.get(k).is_some())
    });
    let requester = if answers_server {
        Direction::Server
    } else {
        Direction::Client
    };
    [requester, requester.other()]
}

/// One message being checked against the session: the message's document, its push number and
/// time, and where its findings go. Pointers are into `doc` (its root is the message).
pub(super) struct Dispatch<'s, 'd, 'a> {
    /// The session.
    pub(super) session: &'s mut Session,
    /// The message.
    pub(super) doc: &'d Document<'a>,
    /// Its push number.
    pub(super) number: usize,
    /// When the host saw it.
    pub(super) time: Option<i64>,
    /// The findings.
    out: &'s mut Vec<Finding>,
}

impl<'s, 'd, 'a> Dispatch<'s, 'd, 'a> {
    /// Starts checking message `number` (`doc`) seen at `time`.
    pub(super) fn new(
        session: &'s mut Session,
        doc: &'d Document<'a>,
        number: usize,
        time: Option<i64>,
        out: &'s mut Vec<Finding>,
    ) -> Self {
        Self {
            session,
            doc,
            number,
            time,
            out,
        }
    }

    /// Adds a diagnostic at `path` in this message.
    pub(super) fn report(&mut self, severity: Severity, code: &str, message: String, path: String) {
        let found = diagnostic_at(self.doc, severity, code, message, path);
        self.found(vec![found]);
    }

    /// Adds findings about this message.
    pub(super) fn found(&mut self, diagnostics: Vec<Diagnostic>) {
        self.found_against(diagnostics, None);
    }

    /// Adds findings about this message whose schema spans point into message `schema_message_index`.
    pub(super) fn found_against(
        &mut self,
        diagnostics: Vec<Diagnostic>,
        schema_message_index: Option<usize>,
    ) {
        let number = self.number;
        let schema_message_index = schema_message_index.filter(|&m| m != number);
        self.out
            .extend(diagnostics.into_iter().map(|diagnostic| Finding {
                diagnostic,
                message_index: number,
                schema_message_index,
                whole_entry: false,
            }));
    }

    /// A tool known by `name` (a copy: its message is shared).
    pub(super) fn tool(&self, name: Option<&str>) -> Option<KnownTool> {
        name.and_then(|name| self.session.tools.get(name)).cloned()
    }

    /// Checks the entry, and says what it is in the sequence ([`Session::step`]).
    pub(super) fn entry(&mut self, entry: &Entry) {
        let doc = self.doc;
        let node = &doc.root;
        let params = node.value_of("params");
        let direction = match entry {
            Entry::ToModel { task_id } => {
                let mut step = Step::new(StepKind::ToModel, None);
                let (named, status) = task_of(doc, Some(node));
                (step.task_id, step.status) = (task_id.clone().or(named), status);
                step.detail = "handed to the model".to_owned();
                self.session.step = Some(step);
                return self.handed_to_model(node, task_id.as_deref());
            }
            Entry::Message(direction) => *direction,
        };
        let message = read_message(node);
        let step = match message {
            Message::Request { id, method } => {
                let side = direction.unwrap_or(requester_of(method));
                self.request(node, side, id, method);
                self.version_declared(node);
                self.check_official(&message, None);
                let mut step = Step::new(StepKind::Request, Some(side));
                (step.task_id, step.status) = task_of(doc, params);
                step.detail = request_detail(method, params);
                step.method = Some(method.to_owned());
                step
            }
            Message::Notification { method } => {
                if matches!(method, "notifications/tasks/status" | "notifications/tasks") {
                    self.status_notification();
                }
                self.check_official(&message, None);
                let from = direction.unwrap_or(notifier_of(method));
                let mut step = Step::new(StepKind::Notification, Some(from));
                (step.task_id, step.status) = task_of(doc, params);
                step.detail = request_detail(method, params);
                step.method = Some(method.to_owned());
                step
            }
            Message::Response { id, .. } => {
                let result = node.value_of("result");
                let sides = answered_sides(direction, result);
                let mut step = Step::new(StepKind::Answer, direction.or(Some(sides[0].other())));
                (step.task_id, step.status) = task_of(doc, result);
                if let Some((side, pending)) = self.take_pending(sides, id) {
                    let method = pending.method.clone();
                    step.answered(side, &pending);
                    self.response(pending);
                    self.cursor_given(&method);
                    if method == "server/discover" {
                        self.versions_discovered();
                        self.server_judged();
                        // 2026-07-28: the server's name is in the discover result's `_meta`.
                        let info = "/result/_meta/io.modelcontextprotocol~1serverInfo/name";
                        if let Some(name) = self.doc.pointer(info).and_then(Node::as_str) {
                            self.session.server_name = Some(name.to_owned());
                        }
                    }
                    self.check_official(&message, Some(&method));
                }
                if let Some(result) = result {
                    step.detail = answer_detail(doc, step.method.as_deref(), result);
                }
                step
            }
            Message::ErrorResponse { id } => {
                let sides = answered_sides(direction, None);
                let mut step = Step::new(StepKind::Error, direction.or(Some(sides[0].other())));
                step.detail = error_detail(doc, node.value_of("error"));
                let pending = id.and_then(|id| self.take_pending(sides, id));
                if let Some((side, pending)) = &pending {
                    step.answered(*side, pending);
                }
                if let Some((
                    _,
                    PendingRequest {
                        request:
                            Request::ToolCall {
                                must_refuse: true,
                                tool,
                                ..
                            },
                        ..
                    },
                )) = pending
                {
                    self.check_refusal_code(node, tool.as_deref());
                }
                self.release_early();
                self.check_official(&message, None);
                step
            }
            Message::Other => {
                let mut step = Step::new(StepKind::Other, direction);
                step.detail = if self.register_tools("") {
                    "tools (for the checks)".to_owned()
                } else {
                    let message =
                        "neither a JSON-RPC message nor a tool definition; skipped".to_owned();
                    self.report(Severity::Warning, "not-a-message", message, String::new());
                    "not a message".to_owned()
                };
                step
            }
        };
        self.session.step = Some(step);
    }

    /// A task status notification: applied now, or kept until the task-augmented call in flight
    /// that will create its task is answered.
    fn status_notification(&mut self) {
        let task_id = self
            .doc
            .root
            .value_of("params")
            .and_then(|p| p.value_of("taskId"))
            .and_then(Node::as_str);
        if let Some(task_id) = task_id {
            if !self.session.tasks.contains_key(task_id) && self.task_call_in_flight() {
                self.keep_early(task_id.to_owned());
                return;
            }
        }
        self.observe("/params", TaskEvent::Notified, None, None);
    }

    /// Keeps this notification until its task exists, dropping the oldest past the cap.
    fn keep_early(&mut self, task_id: String) {
        if self.session.early.len() >= MAX_EARLY_NOTIFICATIONS {
            self.session.early.remove(0);
            let message = format!("more than {MAX_EARLY_NOTIFICATIONS} status notifications wait for their task to be created: the oldest is dropped");
            self.report(Severity::Warning, "session-limit", message, String::new());
        }
        let message = KeptMessage {
            text: self.doc.text.to_owned(),
            number: self.number,
        };
        self.session.early.push(EarlyNotification {
            message,
            time: self.time,
            task_id,
        });
    }

    /// Whether a task-augmented `tools/call` is waiting for its response.
    fn task_call_in_flight(&self) -> bool {
        self.session.pending.task_call_in_flight()
    }

    /// Applies the notifications kept for `task_id`, now that it exists; their content may date
    /// from any time after the creating request (`window`). Their findings point into them.
    fn apply_early(&mut self, task_id: &str, window: usize) {
        let (mine, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut self.session.early)
            .into_iter()
            .partition(|d| d.task_id == task_id);
        self.session.early = rest;
        for early in mine {
            self.in_early(&early, |dispatch| {
                dispatch.observe("/params", TaskEvent::Notified, None, Some(window));
            });
        }
    }

    /// Runs `check` on a kept early notification, its findings pointing into it.
    fn in_early(
        &mut self,
        early: &EarlyNotification,
        check: impl FnOnce(&mut Dispatch<'_, '_, '_>),
    ) {
        let Some(doc) = early.message.doc() else {
            return;
        };
        let number = early.message.number;
        let mut dispatch =
            Dispatch::new(&mut *self.session, &doc, number, early.time, &mut *self.out);
        check(&mut dispatch);
    }

    /// Once no task-augmented call is in flight, the notifications still kept name tasks nobody
    /// will create: each is an `unknown-task`, about its notification.
    fn release_early(&mut self) {
        if self.task_call_in_flight() {
            return;
        }
        for early in std::mem::take(&mut self.session.early) {
            self.in_early(&early, |dispatch| {
                dispatch.unknown_task(&early.task_id, "/params/taskId".to_owned());
            });
        }
    }

    /// Records the tools under `pointer` and checks them; false if there are none.
    fn register_tools(&mut self, pointer: &str) -> bool {
        let doc = self.doc;
        let Some(tools) = locate_tools(doc, pointer) else {
            return false;
        };
        // The same tools as the last listing, word for word (a host listing again, a recording
        // repeating itself): checked, compiled and judged then; the tools kept stay.
        let listing: Vec<&str> = tools
            .iter()
            .filter_map(|p| doc.pointer(p))
            .map(|node| doc.lexeme(node))
            .collect();
        let listing = listing.join("\n");
        if !self.session.tools_dropped && self.session.last_listing.as_deref() == Some(&listing) {
            return true;
        }
        self.session.last_listing = Some(listing);
        let generation = tools_generation(doc, pointer, &tools);
        // A host lists tools again after `notifications/tools/list_changed`: a definition already
        // checked, word for word, is not reported twice.
        if self.session.checked_tools.len() > MAX_TOOLS {
            self.session.checked_tools.clear();
        }
        let repeated: Vec<&String> = tools
            .iter()
            .filter(|p| {
                let text = doc.pointer(p).map(|node| doc.lexeme(node).to_owned());
                text.is_some_and(|text| !self.session.checked_tools.insert(text))
            })
            .collect();
        let (found, compiled) = check_and_compile_tools(doc, &tools, generation);
        self.tools_listed(&tools, &repeated, &found);
        let mut dropped = 0_usize;
        for tool in compiled {
            let known = self.session.tools.contains_key(&tool.info.name);
            if !known && self.session.tools.len() >= MAX_TOOLS {
                dropped += 1;
                continue;
            }
            let name = tool.info.name.clone();
            let tool = KnownTool {
                compiled: Rc::new(tool),
                source: self.number,
            };
            self.session.tools.insert(name, tool);
        }
        if dropped > 0 {
            self.session.tools_dropped = true;
            let message = format!("more than {MAX_TOOLS} tools: {dropped} more are not kept, and calls to them are not checked against them");
            self.report(
                Severity::Warning,
                "session-limit",
                message,
                pointer.to_owned(),
            );
        }
        true
    }

    /// A request: checks `tools/call`, the poll timing of `tasks/get`, and remembers it.
    fn request(&mut self, node: &Node, side: Direction, id: &Node, method: &str) {
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
        if method.ends_with("/list")
            && node
                .value_of("params")
                .and_then(|p| p.get("cursor"))
                .is_none()
        {
            let listing = format!("{method} ");
            self.session.cursors.retain(|c| !c.starts_with(&listing));
        }
        let request = match (method, task_method) {
            ("tools/call", _) => self.tool_call(),
            (_, Some(task_method)) => {
                let task_id = node
                    .value_of("params")
                    .and_then(|p| p.value_of("taskId"))
                    .and_then(Node::as_str);
                let Some(task_id) = task_id else { return };
                if !self.session.tasks.contains_key(task_id) {
                    self.unknown_task(task_id, "/params/taskId".to_owned());
                } else if task_method == TaskMethod::Get {
                    self.check_poll(task_id);
                } else if method == "tasks/update" {
                    self.input_answered(task_id);
                }
                Request::Task(task_method, task_id.to_owned())
            }
            ("elicitation/create", _) => self.elicitation_asked(node, &key),
            ("initialize", _) => {
                self.version_offered(node);
                Request::Initialize
            }
            ("tools/list", _) => Request::ToolsList,
            _ => Request::Other,
        };
        self.wait_for_answer((side, key), request, method);
    }

    /// Remembers a request until its answer, dropping the oldest past the cap.
    fn wait_for_answer(&mut self, key: RequestKey, request: Request, method: &str) {
        let waiting = PendingRequest {
            request,
            sent_at: self.number,
            method: method.to_owned(),
        };
        if let Some(dropped) = self.session.pending.insert(key, waiting) {
            let message = format!("more than {MAX_PENDING_REQUESTS} requests wait for an answer: the oldest (id {dropped}) is forgotten");
            self.report(Severity::Warning, "session-limit", message, String::new());
        }
    }

    /// Checks a `tools/call` request against its tool and the negotiated capabilities.
    #[inline(never)]
    fn tool_call(&mut self) -> Request {
        let doc = self.doc;
        let Some(call) = read_call(doc, "") else {
            return Request::Other;
        };
        // Without an `initialize` answer the capabilities are unknown: nothing to note then.
        let negotiation = check_negotiation(doc, &call, self.session.server_declares);
        self.found(
            negotiation
                .into_iter()
                .filter(|d| d.severity != Severity::Info)
                .collect(),
        );
        let tool = self.tool(call.name);
        let requires_task = tool
            .as_ref()
            .is_some_and(|t| t.compiled.info.task_support == TaskSupport::Required);
        // At 2025-11-25 a server that does not declare task-augmented `tools/call` must not be
        // sent a task whatever the tool says (`session/tools.rs`): a call without one is no
        // client fault and its answer no server fault; the tool list was flagged instead.
        let tasks_offered = self.session.server_declares != Some(false);
        let by_2026 = call.generation == Some(Generation::V2026_07_28);
        let must_refuse = requires_task && call.task.is_none() && !by_2026 && tasks_offered;
        if tool.is_none() && call.name.is_some() && self.session.tools_complete {
            let listed = "in the tools/list answers so far";
            let name = call.name.unwrap_or_default();
            self.found(vec![unknown_tool(doc, &call, listed).about_tool(name, "")]);
        }
        if let Some(tool) = &tool {
            let found = check_against_tool(doc, &call, &tool.compiled)
                .into_iter()
                .filter(|d| tasks_offered || by_2026 || d.code != "task-required")
                .collect();
            let info = &tool.compiled.info;
            let found = tag_call(found, &info.name, &info.pointer);
            self.found_against(found, Some(tool.source));
        }
        self.input_retried(&call);
        let arguments = doc.pointer(&format!("{}/arguments", call.pointer));
        Request::ToolCall {
            tool: call.name.map(str::to_owned),
            arguments: arguments.map_or(Value::Null, |node| doc.value_of(node)),
            task_requested: call.task_requested(),
            must_refuse,
        }
    }

    /// `cursor-loop` (error): a page of a paginated list (`*/list`) whose `nextCursor` an earlier
    /// page of the same listing (since the last request without `cursor`) already gave: a client
    /// following the cursors never ends. Pagination, "Clients MUST treat cursors as opaque
    /// tokens" and follow `nextCursor` until it is absent,
    /// <https://modelcontextprotocol.io/specification/2025-11-25/server/utilities/pagination>
    /// (checked 2026-12-03).
    fn cursor_given(&mut self, method: &str) {
        if !method.ends_with("/list") {
            return;
        }
        let next = self
            .doc
            .pointer("/result/nextCursor")
            .and_then(Node::as_str)
            .map(str::to_owned);
        let Some(next) = next else { return };
        if self.session.cursors.len() >= MAX_TOOLS {
            self.session.cursors.clear();
        }
        if !self.session.cursors.insert(format!("{method} {next}")) {
            let message = format!("{method}: nextCursor {next:?} was already given in this listing: following the cursors never ends");
            let path = "/result/nextCursor".to_owned();
            self.report(Severity::Error, "cursor-loop", message, path);
        }
    }

    /// Warns when a call that had to be refused for lack of a task got another error code.
    fn check_refusal_code(&mut self, node: &Node, tool: Option<&str>) {
        let code = node.value_of("error").and_then(|e| e.value_of("code"));
        let lexeme = code.map_or("", |c| self.doc.lexeme(c));
        if !matches!(lexeme, "-32601" | "-32600") {
            let message = format!(
                "a call refused for lack of a task should get -32601 (or -32600), not {lexeme}"
            );
            let path = "/error/code".to_owned();
            let found = diagnostic_at(
                self.doc,
                Severity::Warning,
                "wrong-refusal-code",
                message,
                path,
            );
            self.found(vec![found.about_tool(tool.unwrap_or_default(), "")]);
        }
    }

    /// The request a response answers (sent by the first of `sides` that has one waiting with
    /// that id) and the side that sent it, reporting `unmatched-response` if there is none.
    fn take_pending(
        &mut self,
        sides: [Direction; 2],
        id: &Node,
    ) -> Option<(Direction, PendingRequest)> {
        let key = request_id(self.doc, id)?;
        let pending = sides.iter().find_map(|&side| {
            self.session
                .pending
                .take(&(side, key.clone()))
                .map(|p| (side, p))
        });
        if pending.is_none() {
            let message = format!("response id {key} matches no pending request");
            self.report(
                Severity::Error,
                "unmatched-response",
                message,
                "/id".to_owned(),
            );
        }
        pending
    }

    /// A successful response to `pending`: dispatches on what it answers.
    fn response(&mut self, pending: PendingRequest) {
        let PendingRequest {
            request, sent_at, ..
        } = pending;
        let result = "/result";
        match request {
            Request::ToolCall {
                tool,
                arguments,
                task_requested,
                must_refuse,
            } => {
                if must_refuse {
                    let message = "the tool requires a task and the call asked for none: the server must refuse it with -32601 (or -32600), not answer it";
                    let code = "required-task-not-refused";
                    let found = diagnostic_at(
                        self.doc,
                        Severity::Error,
                        code,
                        message.into(),
                        result.to_owned(),
                    );
                    self.found(vec![
                        found.about_tool(tool.as_deref().unwrap_or_default(), "")
                    ]);
                }
                let call = AnsweredCall {
                    tool,
                    arguments,
                    task_requested,
                    sent_at,
                };
                self.call_answered(call);
                self.release_early();
            }
            Request::Task(TaskMethod::Get, task_id) => {
                let event = TaskEvent::Polled;
                self.observe(result, event, Some(&task_id), Some(sent_at));
            }
            Request::Task(TaskMethod::Cancel, task_id) => {
                let event = TaskEvent::Cancelled;
                self.observe(result, event, Some(&task_id), Some(sent_at));
            }
            Request::Task(TaskMethod::Result, task_id) => self.result_delivered(result, &task_id),
            Request::Initialize => {
                self.session.server_declares = self.doc.pointer(result).map(declares_task_calls);
                self.session.server_name = self
                    .doc
                    .pointer("/result/serverInfo/name")
                    .and_then(Node::as_str)
                    .map(str::to_owned);
                self.version_negotiated();
                self.server_judged();
            }
            Request::ToolsList => {
                self.register_tools(result);
                let more = self
                    .doc
                    .pointer(result)
                    .map(|r| r.get("nextCursor").is_some());
                self.session.tools_complete = more == Some(false) && !self.session.tools_dropped;
            }
            Request::Elicitation(asked) => self.elicitation_answered(result, asked),
            Request::Task(TaskMethod::Other, _) | Request::Other => {}
        }
    }

    /// The answer to `tools/call`: a tool result is checked, a task handle creates a task.
    fn call_answered(&mut self, call: AnsweredCall) {
        let doc = self.doc;
        let result = "/result";
        self.check_result_against(result, call.tool.as_deref(), Some(call.task_requested));
        let Some(node) = doc.pointer(result) else {
            return;
        };
        if let ResultKind::InputRequired = result_kind(node) {
            return self.input_required(node, call.tool.as_deref());
        }
        let ResultKind::TaskHandle(generation) = result_kind(node) else {
            return;
        };
        let window = call.sent_at;
        if let Some(task_id) = self.create_task(node, result, generation, call) {
            self.apply_early(&task_id, window);
        }
    }

    /// Checks the result at `result` against the tool `tool` names (when listed).
    pub(super) fn check_result_against(
        &mut self,
        result: &str,
        tool: Option<&str>,
        task_requested: Option<bool>,
    ) {
        let doc = self.doc;
        let known = self.tool(tool);
        let compiled = known.as_ref().map(|t| &*t.compiled);
        let found = check_result(doc, result, compiled, task_requested);
        let found = match (&known, tool) {
            (Some(known), _) => {
                let info = &known.compiled.info;
                tag_call(found, &info.name, &info.pointer)
            }
            (None, Some(name)) => tag_call(found, name, ""),
            (None, None) => found,
        };
        self.found_against(found, known.map(|t| t.source));
    }

    /// Warns about a message naming a task no CreateTaskResult created.
    pub(super) fn unknown_task(&mut self, task_id: &str, path: String) {
        let message = format!("task {task_id:?} was not created in this transcript");
        self.report(Severity::Warning, "unknown-task", message, path);
    }
}
