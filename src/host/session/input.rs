//! The input half of the session checker: what a task asks the user, and the answers.
//!
//! - 2025-11-25: the server's `elicitation/create` (related to a task by
//!   `_meta["io.modelcontextprotocol/related-task"]`) is checked like [`check_elicitation`]
//!   checks a request, waits in the task's `pendingInput` under its request id, and the client's
//!   `ElicitResult` is checked against it.
//! - 2026-07-28: an `input_required` report's `inputRequests` wait in `pendingInput` by key; a
//!   later `tasks/update` must answer them key for key (missing, unknown and duplicate keys are
//!   findings), each elicitation answer validated against its request. `input-after-terminal`
//!   (error): a `tasks/update` for a finished task; `input-not-requested` (error): for a task that
//!   waits for no input.
//! - 2026-07-28 multi-round-trip, without a task: a `tools/call` answered with an
//!   `InputRequiredResult` (`resultType: "input_required"`, `inputRequests`) is retried by the
//!   client as a new `tools/call` carrying `inputResponses` and the `requestState` it was given
//!   (`CallToolRequestParams`, `InputRequiredResult`, `schemas/mcp/2026-07-28.schema.json`).
//!   The retry is paired with the latest waiting answer of the same `requestState` (else of the
//!   same tool) and its `inputResponses` are checked key for key like a `tasks/update`'s; a
//!   retry that matches no waiting answer is not checked (no finding: the server may have sent
//!   the requests outside this transcript).
//!
//! [`check_elicitation`]: crate::host::check_elicitation

use crate::diagnostic::Severity;
use crate::host::call::ToolCall;
use crate::host::elicitation::{check_answer, check_input_responses, check_params};
use crate::host::session::dispatch::Dispatch;
use crate::host::session::pending::{
    KeptMessage, PendingElicitation, PendingInputRequests, PendingRound, Request,
};
use crate::host::session::tools::tag_call;
use crate::host::session::MAX_PENDING_REQUESTS;
use crate::host::task_state::TaskStatus;
use crate::json::Node;
use crate::protocol::messages::{meta, RequestId, RELATED_TASK};
use crate::protocol::Generation;

impl Dispatch<'_, '_, '_> {
    /// The server's `elicitation/create`: its parameters are checked and, if it is related to a
    /// task, it waits in that task's pending input.
    pub(super) fn elicitation_asked(&mut self, node: &Node, id: &RequestId) -> Request {
        let generation = Generation::V2025_11_25;
        let mut found = Vec::new();
        check_params(self.doc, "/params", generation, &mut found);
        self.found(found);
        let task = node
            .value_of("params")
            .and_then(|p| meta(p, RELATED_TASK))
            .and_then(|r| r.value_of("taskId"))
            .and_then(Node::as_str)
            .map(str::to_owned);
        let key = id.to_string();
        if let Some(tracked) = task.as_deref().and_then(|t| self.session.tasks.get_mut(t)) {
            tracked.state.pending_input.push(key.clone());
        }
        let request = KeptMessage {
            text: self.doc.text.to_owned(),
            number: self.number,
        };
        Request::Elicitation(PendingElicitation { request, task, key })
    }

    /// The client's answer to an `elicitation/create`, at `result`.
    pub(super) fn elicitation_answered(&mut self, result: &str, asked: PendingElicitation) {
        let generation = Generation::V2025_11_25;
        if let Some(request_doc) = asked.request.doc() {
            let mut found = Vec::new();
            check_answer(
                &request_doc,
                "/params",
                self.doc,
                result,
                generation,
                &mut found,
            );
            self.found_against(found, Some(asked.request.number));
        }
        if let Some(tracked) = asked
            .task
            .as_deref()
            .and_then(|t| self.session.tasks.get_mut(t))
        {
            tracked.state.pending_input.retain(|k| *k != asked.key);
        }
    }

    /// A status report with `inputRequests` (at `requests` in this message): the task now waits
    /// for them.
    pub(super) fn input_requested(&mut self, task_id: &str, requests: &str) {
        let keys: Vec<String> = self
            .doc
            .pointer(requests)
            .and_then(Node::members)
            .map(|m| m.iter().map(|m| m.key.clone()).collect())
            .unwrap_or_default();
        let report = KeptMessage {
            text: self.doc.text.to_owned(),
            number: self.number,
        };
        if let Some(tracked) = self.session.tasks.get_mut(task_id) {
            tracked.input_requests = Some(PendingInputRequests {
                report,
                pointer: requests.to_owned(),
            });
            tracked.state.pending_input = keys;
        }
    }

    /// A `tasks/update` (2026-07-28): its `inputResponses` must answer what the task asked.
    pub(super) fn input_answered(&mut self, task_id: &str) {
        let responses = "/params/inputResponses";
        if self.doc.pointer(responses).is_none() {
            return;
        }
        let Some(tracked) = self.session.tasks.get_mut(task_id) else {
            return;
        };
        let status = tracked.state.last_status;
        let generation = tracked.state.generation;
        let waiting = status == TaskStatus::InputRequired;
        let requests = if waiting {
            tracked.input_requests.take()
        } else {
            None
        };
        let Some(requests) = requests else {
            let (code, message) = if status.is_terminal() {
                (
                    "input-after-terminal",
                    format!(
                        "task {task_id:?} is already `{}`: nothing waits for this input",
                        status.as_str()
                    ),
                )
            } else {
                (
                    "input-not-requested",
                    format!(
                        "task {task_id:?} is `{}` and asked for no input",
                        status.as_str()
                    ),
                )
            };
            return self.report(Severity::Error, code, message, responses.to_owned());
        };
        tracked.state.pending_input.clear();
        if let Some(requests_doc) = requests.report.doc() {
            let mut found = Vec::new();
            check_input_responses(
                &requests_doc,
                &requests.pointer,
                self.doc,
                responses,
                generation,
                &mut found,
            );
            self.found_against(found, Some(requests.report.number));
        }
    }

    /// A `tools/call` answered `input_required` (the result `node`): its `inputRequests` wait
    /// for the retry.
    pub(super) fn input_required(&mut self, node: &Node, tool: Option<&str>) {
        if node.get("inputRequests").is_none() {
            return;
        }
        let rounds = &mut self.session.rounds;
        if rounds.len() >= MAX_PENDING_REQUESTS {
            rounds.remove(0);
        }
        rounds.push(PendingRound {
            tool: tool.map(str::to_owned),
            request_state: node
                .value_of("requestState")
                .and_then(Node::as_str)
                .map(str::to_owned),
            answer: KeptMessage {
                text: self.doc.text.to_owned(),
                number: self.number,
            },
        });
    }

    /// A `tools/call` (`call`) carrying `inputResponses`: checked against the `inputRequests` of
    /// the answer it retries.
    #[inline(never)]
    pub(super) fn input_retried(&mut self, call: &ToolCall<'_>) {
        let responses = format!("{}/inputResponses", call.pointer);
        let Some(params) = self.doc.pointer(&call.pointer) else {
            return;
        };
        if params.get("inputResponses").is_none() {
            return;
        }
        let state = params.value_of("requestState").and_then(Node::as_str);
        let rounds = &mut self.session.rounds;
        let by_state = state.and_then(|state| {
            rounds
                .iter()
                .rposition(|r| r.request_state.as_deref() == Some(state))
        });
        let at = by_state.or_else(|| {
            rounds
                .iter()
                .rposition(|r| r.request_state.is_none() && r.tool.as_deref() == call.name)
        });
        let Some(at) = at.filter(|&at| at < rounds.len()) else {
            return;
        };
        let round = rounds.remove(at);
        let Some(answer) = round.answer.doc() else {
            return;
        };
        let mut found = Vec::new();
        check_input_responses(
            &answer,
            "/result/inputRequests",
            self.doc,
            &responses,
            Generation::V2026_07_28,
            &mut found,
        );
        let pointer = self
            .tool(call.name)
            .map(|t| t.compiled.info.pointer.clone())
            .unwrap_or_default();
        let found = match call.name {
            Some(name) => tag_call(found, name, &pointer),
            None => found,
        };
        self.found_against(found, Some(round.answer.number));
    }
}
