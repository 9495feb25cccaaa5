//! Check 4: a session checker fed one message at a time ([`Session`]), and the replay of a whole
//! transcript over it ([`replay_session`]); every task is tracked as a state machine, producing
//! the host's session state.
//!
//! [`Session::push`] takes one JSON-RPC message text and who sent it ([`Direction`]) and returns
//! the findings it causes, spans into that text; [`Session::push_at`] adds when the host saw it
//! (poll timing needs it), [`Session::push_entry`] takes any transcript entry ([`Entry`]: a
//! message, possibly of unknown direction, or what the host handed the model),
//! [`Session::push_line`] one line of a stdio stream, whatever it holds (`stdio_line.rs`). [`Session::state`]
//! is the tasks as the replay reports them and [`Session::finish`] the end-of-session findings
//! (`never-terminal`). The session owns what it keeps (each message is parsed into its own
//! document; a listed tool is kept compiled, an elicitation request or a report's
//! `inputRequests` as text).
//!
//! Parts: `checker.rs` (the [`Session`] struct, what it keeps, and what it answers without a
//! message), `push.rs` (a message pushed), `dispatch.rs` (one message, by what it is),
//! `pending.rs` (the requests waiting for their answers, and the messages kept for later checks),
//! `tracked_task.rs` (a tracked task) and `tasks.rs` (its state machine, timestamps, poll timing),
//! `input.rs` (elicitations and `inputRequests` matched with their answers) and `replay.rs`
//! (a whole transcript pushed entry by entry), `negotiation.rs` and `official.rs` (the negotiated
//! version, and each message against its official definition), `jsonl_transcript.rs`
//! ([`JsonLinesSession`]: a JSON Lines transcript pushed line by line as it is written, each
//! finding placed in it as the replay places it), `events.rs` ([`RunEvent`]: what a host tells
//! the session about the run outside the messages, [`Session::event`] its finding), `finding.rs`
//! ([`Finding`]) and `limits.rs` (the caps below). The files depend one way (`tests/native/layers.rs`):
//! the `Session` struct and the types of its fields sit below the files that add `impl Session`
//! blocks and checks, and this file only declares the files and re-exports their public names.
//!
//! Memory stays bounded over a long session (a `session-limit` warning says what was dropped):
//! - at most [`MAX_FINISHED_TASKS`] (1,000) terminal tasks are kept; older ones are forgotten
//!   silently (a later message naming one gets `unknown-task`), at most [`MAX_TASKS`] (10,000)
//!   tasks in all (the oldest live task is forgotten past it, with a `session-limit` warning);
//! - at most [`MAX_PENDING_REQUESTS`] (10,000) requests wait for an answer: past it the oldest is
//!   dropped with a `session-limit` warning (its answer is then an `unmatched-response`);
//! - a task keeps its last [`MAX_HISTORY`] (1,000) history entries; at most [`MAX_TOOLS`]
//!   (10,000) tools and [`MAX_EARLY_NOTIFICATIONS`] (1,000) early status notifications are kept.
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
//! - `last-updated-backwards` (warning: no MUST orders it): `lastUpdatedAt` earlier than the previous one.
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
//! - Input (see `session/input.rs`): `input-after-terminal`, `input-not-requested`,
//!   and the [`crate::host::elicitation`] findings on each `elicitation/create`, its answer and
//!   each `tasks/update`'s `inputResponses` against the task's `inputRequests`.
//! - `unknown-task` (warning): a task message naming a task no CreateTaskResult created.
//! - `not-a-message` (warning): an entry that is neither a JSON-RPC message nor a tool list.
//! - Check 1-3 findings on the `tools/list` results, `tools/call` requests and their results.
//! - `unknown-tool` (error, [`crate::host::call::unknown_tool`]): a `tools/call` naming a tool
//!   absent from the `tools/list` answers so far, once the last of them was complete (no
//!   `nextCursor`: a tool may be on a later page) and no tool was dropped past [`MAX_TOOLS`].
//! - `official-schema` (error): the message breaks its definition in the official schema of the
//!   session's protocol version, any published one from 2024-11-05 to 2026-07-28 (the report's
//!   [`ProtocolCheck`] says which, or why none; see `session/official.rs`: the version
//!   from `initialize`, else each request's `_meta` declaration or a `server/discover` result, and
//!   which definition);
//!   one finding per violation, at the offending value, the failing keyword's place in the
//!   official schema in `keyword_location`.
//! - `cursor-loop` (error): a list page repeats a `nextCursor` of its listing (`dispatch.rs`).
//! - `task-support-unavailable` (error), and each tool's compatibility verdicts for the
//!   session's targets (codes `target/rule`), on every `tools/list` page (`session/tools.rs`),
//!   each finding naming its tool (`Diagnostic::tool`); [`Session::tools`] the verdict table.
//! - `null-id`, `schema-version` (error): hints folded into `official-schema` (`official.rs`).
//! - The answers of a 2026-07-28 `input_required` `tools/call`, in its retry (`input.rs`).
//! - Over Streamable HTTP (`http.rs`, `http_status.rs`: entries with an `http` envelope, and
//!   [`Session::push_http`]): `http-header-missing`, `http-header-mismatch` (error) on a
//!   2026-07-28 request's headers; `http-error-status` (error) on an answer whose JSON-RPC error
//!   came with another status than the spec's, `http-mismatch-accepted` (error) on an answer to
//!   a request the server had to refuse, `sse-server-request` (error) on a server's request on
//!   the SSE stream of a 2026-07-28 session.
//! - `stdout-not-json`, `stdin-not-json` (error): a stdio line that is not JSON
//!   ([`Session::push_line`], `stdio_line.rs`).
//! - `session-limit` (warning): something was dropped to keep memory bounded (see above).
//! - Run events (`events.rs`): `initialize-refused`, `list-refused`, `too-many-pages`,
//!   `task-timeout` (errors), `input-rounds-exceeded`, `elicitation-cancelled` (warnings), and
//!   `elicit-not-json` (error, [`Session::check_answer`]: the answer a host was given to send).

mod authorization;
mod checker;
mod dispatch;
mod events;
mod finding;
mod http;
mod http_status;
mod input;
mod jsonl_transcript;
mod limits;
mod listing;
mod negotiation;
mod official;
mod pending;
mod progress;
mod push;
mod replay;
mod sequence;
mod stdio_line;
mod tasks;
mod tools;
mod tracked_task;

pub use crate::host::transcript::Direction;
pub use authorization::{AuthorizationPath, Fetched};
pub use checker::{Entry, Session, SessionOptions};
pub use events::{AnswerCut, Refusal, RunEvent};
pub use finding::Finding;
pub use jsonl_transcript::{JsonLinesSession, PlacedFinding, MAX_PLACED};
pub use limits::{
    MAX_EARLY_NOTIFICATIONS, MAX_FINISHED_TASKS, MAX_HISTORY, MAX_PENDING_REQUESTS, MAX_TASKS,
    MAX_TOOLS,
};
pub use negotiation::{How, ProtocolCheck};
pub use progress::{Progress, PROGRESS_STEP};
pub(crate) use replay::{link_rows, Pushes};
pub use replay::{
    replay_session, replay_session_with, replay_transcript, Counts, SequenceEntry, SessionReport,
};
pub use sequence::{Step, StepKind};
pub use stdio_line::{LineKind, LineOutcome};
pub use tools::{ToolTable, ToolVerdict, Verdicts};
