//! The statuses a task reports (both generations spell them alike).

use serde::Serialize;

/// The status of a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TaskStatus {
    /// Being processed.
    Working,
    /// Waiting for input from the client.
    InputRequired,
    /// Finished; the result is available (2026-07-28: also tool results with `isError: true`).
    Completed,
    /// Finished unsuccessfully (2025-11-25: also tool results with `isError: true`).
    Failed,
    /// Cancelled before completion.
    Cancelled,
}

impl TaskStatus {
    /// Reads a status value, e.g. `input_required`.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "working" => Some(Self::Working),
            "input_required" => Some(Self::InputRequired),
            "completed" => Some(Self::Completed),
            "failed" => Some(Self::Failed),
            "cancelled" => Some(Self::Cancelled),
            _ => None,
        }
    }

    /// The status value as written in messages.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Working => "working",
            Self::InputRequired => "input_required",
            Self::Completed => "completed",
            Self::Failed => "failed",
            Self::Cancelled => "cancelled",
        }
    }

    /// Whether the task can no longer change.
    pub fn is_terminal(self) -> bool {
        matches!(self, Self::Completed | Self::Failed | Self::Cancelled)
    }
}
