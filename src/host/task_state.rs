//! The task state machine and the session state a host keeps per task.
//!
//! Transitions (both generations): a task starts `working` (2026-07-28 also allows
//! `input_required`); `working` → `input_required`/`completed`/`failed`/`cancelled`;
//! `input_required` → `working`/`completed`/`failed`/`cancelled`; `completed`, `failed` and
//! `cancelled` are terminal and final.

use serde::Serialize;
use serde_json::Value;

use crate::diagnostic::Span;
use crate::protocol::Generation;
/// The statuses themselves are protocol vocabulary ([`crate::protocol`]); re-exported here.
pub use crate::protocol::TaskStatus;

/// Why a status change breaks the state machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransitionError {
    /// A terminal task came back to a non-terminal status.
    AfterTerminal,
    /// A move the spec does not allow: a terminal task turning into another terminal status, or a
    /// task created in a status it cannot start in.
    Forbidden,
}

/// Checks the move `from` → `to`; `from` is `None` when the task is being created.
pub fn check_transition(
    from: Option<TaskStatus>,
    to: TaskStatus,
    generation: Generation,
) -> Result<(), TransitionError> {
    match from {
        None if generation.rules().initial_statuses.contains(&to) => Ok(()),
        None => Err(TransitionError::Forbidden),
        Some(from) if from == to || !from.is_terminal() => Ok(()),
        Some(_) if to.is_terminal() => Err(TransitionError::Forbidden),
        Some(_) => Err(TransitionError::AfterTerminal),
    }
}

/// What produced a status observation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TaskEvent {
    /// The CreateTaskResult answering `tools/call`.
    Created,
    /// A `tasks/get` answer.
    Polled,
    /// A `notifications/tasks/status` (2025-11-25) or `notifications/tasks` (2026-07-28).
    Notified,
    /// A `tasks/cancel` answer carrying the task (2025-11-25).
    Cancelled,
    /// A `tasks/result` answer (2025-11-25): the status it implies.
    Result,
}

/// One observation of a task's status, for the timeline.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "TaskHistoryEntry"))]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// The status observed (or implied by a `tasks/result` answer).
    pub status: TaskStatus,
    /// What reported it.
    pub event: TaskEvent,
    /// Index of the transcript entry.
    pub message_index: usize,
    /// The task's `lastUpdatedAt`, as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub last_updated_at: Option<String>,
    /// When the host saw the message (the entry's `timestamp`), normalised to UTC RFC 3339.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub received_at: Option<String>,
    /// Where the reporting message sits in the transcript.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub span: Option<Span>,
    /// The report was older than one the host had already seen arrive after its request was
    /// sent (a `tasks/get` answer racing a status notification, or a notification sent before its
    /// task's CreateTaskResult): legal, and it did not change the state.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub stale: bool,
}

/// What the host remembers about one task.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct TaskState {
    /// The tool the task runs, if the creating `tools/call` is in the transcript.
    pub tool_name: Option<String>,
    /// The call's arguments (`null` when unknown). Numbers are kept exactly.
    pub arguments: Value,
    /// The latest status.
    pub last_status: TaskStatus,
    /// Whether that status ends the task (`completed`, `failed`, `cancelled`): the front ends
    /// read it here, never a copy of the terminal statuses.
    pub ended: bool,
    /// The latest `lastUpdatedAt`, as written.
    pub last_updated_at: Option<String>,
    /// When the host may poll next (UTC RFC 3339): the previous answer's `timestamp` (or else
    /// `lastUpdatedAt`) plus the poll interval; `null` when terminal or no interval is known.
    pub next_poll_at: Option<String>,
    /// The latest poll interval in milliseconds.
    pub poll_interval_ms: Option<u64>,
    /// The protocol generation of the task's messages.
    pub generation: Generation,
    /// Every status observation in order.
    pub history: Vec<HistoryEntry>,
    /// The input the task waits for: the keys of its `inputRequests` (2026-07-28), or the request
    /// ids of the server's unanswered `elicitation/create` related to it (2025-11-25).
    pub pending_input: Vec<String>,
    /// In a replay's report, the rows of its sequence the task spans: the first row that belongs
    /// to it (`taskIds`), and the last: its last such row once it has ended (and a row reported
    /// its status), else the sequence's last row (the task runs on). `None` outside a replay, or
    /// when no row belongs to it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub first_row: Option<usize>,
    /// See [`TaskState::first_row`].
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub last_row: Option<usize>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use Generation::{V2025_11_25 as OLD, V2026_07_28 as NEW};
    use TaskStatus::*;

    #[test]
    fn non_terminal_states_move_freely_and_terminal_ones_are_final() {
        assert_eq!(check_transition(Some(Working), InputRequired, OLD), Ok(()));
        assert_eq!(check_transition(Some(InputRequired), Working, NEW), Ok(()));
        assert_eq!(
            check_transition(Some(InputRequired), Cancelled, NEW),
            Ok(())
        );
        assert_eq!(check_transition(Some(Completed), Completed, NEW), Ok(()));
        assert_eq!(
            check_transition(Some(Completed), Working, NEW),
            Err(TransitionError::AfterTerminal)
        );
        assert_eq!(
            check_transition(Some(Failed), Completed, OLD),
            Err(TransitionError::Forbidden)
        );
    }

    #[test]
    fn tasks_start_working() {
        assert_eq!(check_transition(None, Working, OLD), Ok(()));
        assert_eq!(
            check_transition(None, InputRequired, OLD),
            Err(TransitionError::Forbidden)
        );
        assert_eq!(check_transition(None, InputRequired, NEW), Ok(()));
        assert_eq!(
            check_transition(None, Completed, NEW),
            Err(TransitionError::Forbidden)
        );
    }

    #[test]
    fn is_error_maps_per_generation() {
        assert_eq!(TaskStatus::for_tool_result(OLD, true), Failed);
        assert_eq!(TaskStatus::for_tool_result(NEW, true), Completed);
        assert_eq!(TaskStatus::for_tool_result(OLD, false), Completed);
    }
}
