//! The input half of the session replay: what a task asks the user, and the answers.
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
//!
//! [`check_elicitation`]: crate::host::check_elicitation

use crate::diagnostic::Severity;
use crate::host::elicitation::{check_answer, check_input_responses, check_params};
use crate::host::session::{Pending, Replay, Seen};
use crate::host::task_state::TaskStatus;
use crate::json::Node;
use crate::protocol::messages::{meta, RequestId, RELATED_TASK};
use crate::protocol::Generation;

/// A server's `elicitation/create` waiting for the client's answer.
pub(super) struct Asked {
    /// Pointer to its parameters.
    params: String,
    /// The task it is related to, if any.
    task: Option<String>,
    /// Its request id, as `pendingInput` shows it.
    key: String,
}

impl Replay<'_, '_> {
    /// The server's `elicitation/create`: its parameters are checked and, if it is related to a
    /// task, it waits in that task's pending input.
    pub(super) fn elicitation_asked(
        &mut self,
        seen: &Seen,
        node: &Node,
        id: &RequestId,
    ) -> Pending {
        let params = format!("{}/params", seen.pointer);
        let generation = Generation::V2025_11_25;
        check_params(self.doc, &params, generation, &mut self.diagnostics);
        let task = node
            .value_of("params")
            .and_then(|p| meta(p, RELATED_TASK))
            .and_then(|r| r.value_of("taskId"))
            .and_then(Node::as_str)
            .map(str::to_owned);
        let key = id.to_string();
        if let Some(tracked) = task.as_deref().and_then(|t| self.tasks.get_mut(t)) {
            tracked.state.pending_input.push(key.clone());
        }
        Pending::Elicitation(Asked { params, task, key })
    }

    /// The client's answer to an `elicitation/create`, at `result`.
    pub(super) fn elicitation_answered(&mut self, result: &str, asked: Asked) {
        let doc = self.doc;
        let generation = Generation::V2025_11_25;
        check_answer(
            doc,
            &asked.params,
            doc,
            result,
            generation,
            &mut self.diagnostics,
        );
        if let Some(tracked) = asked.task.as_deref().and_then(|t| self.tasks.get_mut(t)) {
            tracked.state.pending_input.retain(|k| *k != asked.key);
        }
    }

    /// A status report with `inputRequests` (at `requests`): the task now waits for them.
    pub(super) fn input_requested(&mut self, task_id: &str, requests: &str) {
        let doc = self.doc;
        let keys: Vec<String> = doc
            .pointer(requests)
            .and_then(Node::members)
            .map(|m| m.iter().map(|m| m.key.clone()).collect())
            .unwrap_or_default();
        if let Some(tracked) = self.tasks.get_mut(task_id) {
            tracked.input_requests = Some(requests.to_owned());
            tracked.state.pending_input = keys;
        }
    }

    /// A `tasks/update` (2026-07-28): its `inputResponses` must answer what the task asked.
    pub(super) fn input_answered(&mut self, seen: &Seen, task_id: &str) {
        let doc = self.doc;
        let responses = format!("{}/params/inputResponses", seen.pointer);
        if doc.pointer(&responses).is_none() {
            return;
        }
        let Some(tracked) = self.tasks.get(task_id) else {
            return;
        };
        let status = tracked.state.last_status;
        let generation = tracked.state.generation;
        let requests = tracked.input_requests.clone();
        let waiting = status == TaskStatus::InputRequired;
        let Some(requests) = requests.filter(|_| waiting) else {
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
            return self.report(Severity::Error, code, message, responses);
        };
        check_input_responses(
            doc,
            &requests,
            doc,
            &responses,
            generation,
            &mut self.diagnostics,
        );
        if let Some(tracked) = self.tasks.get_mut(task_id) {
            tracked.input_requests = None;
            tracked.state.pending_input.clear();
        }
    }
}
