//! The requests waiting for their answers: by the side that sent them and their id, at most
//! [`MAX_PENDING_REQUESTS`] (the oldest goes first); the messages kept for a later check
//! ([`KeptMessage`]), and the status notifications waiting for their task
//! ([`EarlyNotification`]).

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use crate::host::session::{Direction, MAX_PENDING_REQUESTS};
use crate::json::{parse, Document, ReadOptions};
use crate::protocol::messages::RequestId;

/// A message kept as text for a later check (a tool list, an elicitation request, a report with
/// `inputRequests`, an early notification): parsed again when needed.
#[derive(Debug)]
pub(super) struct KeptMessage {
    /// Its text.
    pub(super) text: String,
    /// Its push number.
    pub(super) number: usize,
}

impl KeptMessage {
    /// Parses the text again (it parsed when it was pushed).
    pub(super) fn doc(&self) -> Option<Document<'_>> {
        parse(&self.text, ReadOptions::default()).ok()
    }
}

/// A task status notification naming a task not created yet, while a task-augmented
/// `tools/call` waits for its CreateTaskResult: servers may send it before that response
/// (notifications and responses are not ordered), so it is applied once the task exists.
#[derive(Debug)]
pub(super) struct EarlyNotification {
    /// The notification.
    pub(super) message: KeptMessage,
    /// When the host saw it.
    pub(super) time: Option<i64>,
    /// The task it names.
    pub(super) task_id: String,
}

/// Who sent a request, and its id.
pub(super) type RequestKey = (Direction, RequestId);

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

/// A server's `elicitation/create` waiting for the client's answer.
#[derive(Debug)]
pub(super) struct PendingElicitation {
    /// The request message (its parameters at `/params`).
    pub(super) request: KeptMessage,
    /// The task it is related to, if any.
    pub(super) task: Option<String>,
    /// Its request id, as `pendingInput` shows it.
    pub(super) key: String,
}

/// The `inputRequests` a task waits for (2026-07-28): the report that carried them.
#[derive(Debug)]
pub(super) struct PendingInputRequests {
    /// The report message.
    pub(super) report: KeptMessage,
    /// Pointer to the `inputRequests` map in it.
    pub(super) pointer: String,
}

/// A 2026-07-28 `tools/call` answered `input_required` (multi-round-trip): its `inputRequests`
/// wait for the client's retry of the call, which carries `inputResponses` (and the
/// `requestState`, when the server gave one).
#[derive(Debug)]
pub(super) struct PendingRound {
    /// The tool called.
    pub(super) tool: Option<String>,
    /// The `requestState` the server gave, which the retry echoes.
    pub(super) request_state: Option<String>,
    /// The response carrying the `inputRequests` (at `/result/inputRequests`).
    pub(super) answer: KeptMessage,
}

/// What a request waiting for its response asked.
#[derive(Debug)]
pub(super) enum Request {
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
    Elicitation(PendingElicitation),
    /// Anything else.
    Other,
}

/// A request waiting for its response, and when it was sent.
#[derive(Debug)]
pub(super) struct PendingRequest {
    /// What it asks.
    pub(super) request: Request,
    /// Push number of the request: its answer may report any state from then on.
    pub(super) sent_at: usize,
    /// Its method (its answer is checked against the method's result definition).
    pub(super) method: String,
}

impl PendingRequest {
    /// Whether it is a task-augmented `tools/call`.
    fn is_task_call(&self) -> bool {
        matches!(
            self.request,
            Request::ToolCall {
                task_requested: true,
                ..
            }
        )
    }
}

/// The requests waiting for their answers.
#[derive(Debug, Default)]
pub(super) struct PendingRequests {
    /// Each request by its key.
    by_key: HashMap<RequestKey, PendingRequest>,
    /// The keys by the push number of their request (unique), oldest first.
    by_age: BTreeMap<usize, RequestKey>,
    /// How many of them are task-augmented `tools/call`s.
    task_calls: usize,
}

impl PendingRequests {
    /// How many requests wait.
    pub(super) fn len(&self) -> usize {
        self.by_key.len()
    }

    /// Whether a task-augmented `tools/call` is waiting for its response.
    pub(super) fn task_call_in_flight(&self) -> bool {
        self.task_calls > 0
    }

    /// Remembers a request until its answer (a request with the same key is replaced); returns
    /// the id of the oldest request, dropped to stay within [`MAX_PENDING_REQUESTS`].
    pub(super) fn insert(&mut self, key: RequestKey, pending: PendingRequest) -> Option<RequestId> {
        let mut dropped = None;
        if self.by_key.len() >= MAX_PENDING_REQUESTS && !self.by_key.contains_key(&key) {
            if let Some((_, oldest)) = self.by_age.pop_first() {
                if let Some(gone) = self.by_key.remove(&oldest) {
                    self.forget(&gone);
                }
                dropped = Some(oldest.1);
            }
        }
        self.by_age.insert(pending.sent_at, key.clone());
        self.task_calls = self
            .task_calls
            .saturating_add(usize::from(pending.is_task_call()));
        if let Some(replaced) = self.by_key.insert(key, pending) {
            self.by_age.remove(&replaced.sent_at);
            self.forget(&replaced);
        }
        dropped
    }

    /// The request waiting with `key`, no longer waiting.
    pub(super) fn take(&mut self, key: &RequestKey) -> Option<PendingRequest> {
        let pending = self.by_key.remove(key)?;
        self.by_age.remove(&pending.sent_at);
        self.forget(&pending);
        Some(pending)
    }

    /// Counts a request out of the task calls.
    fn forget(&mut self, pending: &PendingRequest) {
        self.task_calls = self
            .task_calls
            .saturating_sub(usize::from(pending.is_task_call()));
    }
}
