//! How much a session keeps: the caps that bound its memory over a long session (past each, a
//! `session-limit` warning says what was dropped; see the module doc of the session).

/// Terminal tasks kept; older terminal tasks are forgotten.
pub const MAX_FINISHED_TASKS: usize = 1_000;
/// Tasks kept in all; past it the oldest live task is forgotten (`session-limit`).
pub const MAX_TASKS: usize = 10_000;
/// Requests waiting for an answer; past it the oldest is dropped (`session-limit`).
pub const MAX_PENDING_REQUESTS: usize = 10_000;
/// History entries kept per task (the newest).
pub const MAX_HISTORY: usize = 1_000;
/// Tools kept (by name); tools past it are not checked against (`session-limit`).
pub const MAX_TOOLS: usize = 10_000;
/// Status notifications kept while they wait for their task's CreateTaskResult.
pub const MAX_EARLY_NOTIFICATIONS: usize = 1_000;
