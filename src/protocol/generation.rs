//! The two generations of the MCP task protocol, and in one table per generation ([`Rules`])
//! everything the checks treat differently between them.
//!
//! Sources (checked 2026-12-02): 2025-11-25 —
//! <https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks> and
//! <https://modelcontextprotocol.io/specification/2025-11-25/server/tools>, with
//! `schemas/mcp/2025-11-25.schema.json`; 2026-07-28 — the tasks extension
//! <https://github.com/modelcontextprotocol/ext-tasks> (`io.modelcontextprotocol/tasks`, SEP-2663)
//! and <https://modelcontextprotocol.io/specification/2026-07-28/server/tools>, with
//! `schemas/mcp/2026-07-28.schema.json` and `schemas/mcp/ext-tasks-draft.schema.json`.

use serde::Serialize;

use super::TaskStatus;

/// The two generations of the MCP task protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub enum Generation {
    /// 2025-11-25: experimental tasks; nested `task`, `ttl`, `pollInterval`, `tasks/result`.
    #[serde(rename = "2025-11-25")]
    V2025_11_25,
    /// 2026-07-28 with the `io.modelcontextprotocol/tasks` extension: flat `resultType: "task"`,
    /// `ttlMs`, `pollIntervalMs`, results inside the completed `tasks/get`.
    #[serde(rename = "2026-07-28")]
    V2026_07_28,
}

/// Every generation checked, oldest first.
pub const GENERATIONS: [Generation; 2] = [Generation::V2025_11_25, Generation::V2026_07_28];

/// How a `tools/call` asks for task execution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TaskRequest {
    /// A `task` parameter in the call's `params` (2025-11-25).
    Param,
    /// The `io.modelcontextprotocol/tasks` extension declared in the request's client
    /// capabilities (2026-07-28); there is no `task` parameter.
    Extension,
}

/// What one generation says where the generations differ (sources: the module's doc).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The protocol version string, e.g. `2025-11-25`.
    pub version: &'static str,
    /// The key of a task's time to live: `ttl` (2025-11-25) or `ttlMs`.
    pub ttl: &'static str,
    /// The key of a task's suggested polling interval: `pollInterval` or `pollIntervalMs`.
    pub poll_interval: &'static str,
    /// The key only this generation's task results have: a nested `task` (2025-11-25) or
    /// `resultType` (2026-07-28).
    pub result_marker: &'static str,
    /// The status a task running a tool call ends in when the result has `isError: true`:
    /// `failed` in 2025-11-25, `completed` (the error is in the result) in 2026-07-28.
    pub tool_error_status: TaskStatus,
    /// The statuses a task may be created in: `working`, and in 2026-07-28 also `input_required`.
    pub initial_statuses: &'static [TaskStatus],
    /// How a call asks for a task.
    pub task_request: TaskRequest,
    /// Whether a tool's `outputSchema` root must be `type: "object"` (up to 2025-11-25; from
    /// 2026-07-28 any schema goes).
    pub object_output_schema: bool,
    /// Whether `structuredContent` must be an object (up to 2025-11-25; 2026-07-28 allows any
    /// JSON value).
    pub object_structured_content: bool,
    /// Whether a tool definition may have `execution` (2025-11-25 only: in 2026-07-28 tasks are
    /// an extension and tools have none).
    pub tool_execution: bool,
}

const V2025_11_25: Rules = Rules {
    version: "2025-11-25",
    ttl: "ttl",
    poll_interval: "pollInterval",
    result_marker: "task",
    tool_error_status: TaskStatus::Failed,
    initial_statuses: &[TaskStatus::Working],
    task_request: TaskRequest::Param,
    object_output_schema: true,
    object_structured_content: true,
    tool_execution: true,
};

const V2026_07_28: Rules = Rules {
    version: "2026-07-28",
    ttl: "ttlMs",
    poll_interval: "pollIntervalMs",
    result_marker: "resultType",
    tool_error_status: TaskStatus::Completed,
    initial_statuses: &[TaskStatus::Working, TaskStatus::InputRequired],
    task_request: TaskRequest::Extension,
    object_output_schema: false,
    object_structured_content: false,
    tool_execution: false,
};

impl Generation {
    /// What this generation says where the generations differ.
    pub fn rules(self) -> &'static Rules {
        match self {
            Self::V2025_11_25 => &V2025_11_25,
            Self::V2026_07_28 => &V2026_07_28,
        }
    }

    /// The protocol version string, e.g. `2025-11-25`.
    pub fn as_str(self) -> &'static str {
        self.rules().version
    }

    /// The other generation.
    pub fn other(self) -> Self {
        match self {
            Self::V2025_11_25 => Self::V2026_07_28,
            Self::V2026_07_28 => Self::V2025_11_25,
        }
    }

    /// The generation whose version string is `version`.
    pub fn from_version(version: &str) -> Option<Self> {
        GENERATIONS.into_iter().find(|g| g.as_str() == version)
    }
}

// Where the generations differ, so here rather than in task_status.rs (which the generations'
// rules use).
impl TaskStatus {
    /// The terminal status a finished tool call must have: `completed`, or with `isError: true`
    /// the generation's [`Rules::tool_error_status`].
    pub fn for_tool_result(generation: Generation, is_error: bool) -> Self {
        if is_error {
            generation.rules().tool_error_status
        } else {
            Self::Completed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_generation_names_its_keys_and_the_other_its_counterparts() {
        for generation in GENERATIONS {
            let (own, other) = (generation.rules(), generation.other().rules());
            assert_ne!(own.ttl, other.ttl);
            assert_ne!(own.poll_interval, other.poll_interval);
            assert_eq!(Generation::from_version(own.version), Some(generation));
            assert!(own.initial_statuses.contains(&TaskStatus::Working));
        }
        assert_eq!(Generation::from_version("2024-11-05"), None);
    }
}
