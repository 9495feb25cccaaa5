//! A task the session tracks ([`TrackedTask`]): its reported state and what the lifecycle checks
//! (`tasks.rs`) need beyond it.

use crate::diagnostic::Diagnostic;
use crate::host::session::finding::Finding;
use crate::host::session::pending::PendingInputRequests;
use crate::host::task_state::{TaskState, TaskStatus};

/// A task being tracked: its reported state and what the checks need beyond it.
#[derive(Debug)]
pub(super) struct TrackedTask {
    /// The reported state.
    pub(super) state: TaskState,
    /// When the previous CreateTaskResult or `tasks/get` answer was seen.
    pub(super) last_answer_ms: Option<i64>,
    /// The latest `lastUpdatedAt`.
    pub(super) last_updated_ms: Option<i64>,
    /// `isError` of the task's result, once seen.
    pub(super) result_is_error: Option<bool>,
    /// The terminal status was only implied by a `tasks/result` answer, not reported.
    pub(super) implied_terminal: bool,
    /// The last reports that set the state (at most [`MAX_HISTORY`](super::MAX_HISTORY)), in order.
    pub(super) timeline: Vec<StatusObservation>,
    /// The `inputRequests` the task waits for (2026-07-28).
    pub(super) input_requests: Option<PendingInputRequests>,
    /// Push number of the creating answer.
    pub(super) created_at: usize,
}

impl TrackedTask {
    /// The state as the replay reports it.
    pub(super) fn state(&self) -> &TaskState {
        &self.state
    }

    /// Whether the task is in a terminal status.
    pub(super) fn is_terminal(&self) -> bool {
        self.state.last_status.is_terminal()
    }

    /// The `never-terminal` finding for this task (`task_id`), if it is not terminal: about the
    /// last message that reported it.
    pub(super) fn never_terminal(&self, task_id: &str) -> Option<Finding> {
        if self.is_terminal() {
            return None;
        }
        let last = self.state.history.last();
        let message = format!(
            "task {task_id:?} is still `{}` at the end: never polled to a terminal status",
            self.state.last_status.as_str()
        );
        let diagnostic = Diagnostic::warning("never-terminal", message)
            .at_pointer("")
            .with_span(last.and_then(|h| h.span));
        Some(Finding {
            diagnostic,
            message_index: last.map_or(self.created_at, |h| h.message_index),
            schema_message_index: None,
            whole_entry: true,
        })
    }
}

/// A report that set a task's state.
#[derive(Clone, Copy, Debug)]
pub(super) struct StatusObservation {
    /// Push number of the message.
    pub(super) index: usize,
    /// The status it reported.
    pub(super) status: TaskStatus,
    /// Its `lastUpdatedAt`, if readable.
    pub(super) updated_ms: Option<i64>,
}
