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
//! Parts: `dispatch.rs` (one message, by what it is), `pending.rs` (the requests waiting for
//! their answers), `tasks.rs` (each tracked task's state machine, timestamps, poll timing),
//! `input.rs` (elicitations and `inputRequests` matched with their answers) and `replay.rs`
//! (a whole transcript pushed entry by entry), `official.rs` (the negotiated version, and each
//! message against its official definition), `jsonl_transcript.rs` ([`JsonLinesSession`]: a JSON Lines
//! transcript pushed line by line as it is written, each finding placed in it as the replay
//! places it) and `events.rs` ([`RunEvent`]: what a host tells the session about the run outside
//! the messages, [`Session::event`] its finding).
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
//!   session's protocol version, 2025-11-25 or 2026-07-28 (see `session/official.rs`: the version
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

mod dispatch;
mod events;
mod http;
mod http_status;
mod input;
mod jsonl_transcript;
mod listing;
mod official;
mod pending;
mod progress;
mod replay;
mod sequence;
mod stdio_line;
mod tasks;
mod tools;

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::rc::Rc;

use serde::Serialize;

use crate::diagnostic::Diagnostic;
use crate::host::task_state::TaskState;
use crate::host::tool::CompiledTool;
use crate::json::{parse, Document, ReadOptions};

use dispatch::{Dispatch, EarlyNotification};
use official::Negotiation;
use pending::PendingRequests;
use tasks::TrackedTask;

pub use crate::host::transcript::Direction;
pub use events::{AnswerCut, RunEvent};
pub use jsonl_transcript::{JsonLinesSession, PlacedFinding, MAX_PLACED};
pub use progress::{Progress, PROGRESS_STEP};
pub(crate) use replay::Pushes;
pub use replay::{
    replay_session, replay_session_with, replay_transcript, Counts, SequenceEntry, SessionReport,
};
pub use sequence::{Step, StepKind};
pub use stdio_line::{LineKind, LineOutcome};
pub use tools::{ToolTable, ToolVerdict, Verdicts};

/// What a session checks against (from JavaScript `{ targets?, serverName? }`): the
/// compatibility targets each `tools/list` page is judged for (none: the compatibility default)
/// and the server's name as the host knows it (else the `initialize` result's `serverInfo.name`,
/// or the 2026-07-28 `server/discover` result's `_meta["io.modelcontextprotocol/serverInfo"].name`).
pub type SessionOptions = crate::compat::CompatOptions;

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

/// What one push is: a message on the wire or what the host handed the model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// A JSON-RPC message (or a tool list); `None` when who sent it is unknown (then
    /// `elicitation/create`, `sampling/createMessage` and `roots/list` are taken as the server's
    /// requests, and a response as answering the side its result fits).
    Message(Option<Direction>),
    /// What the host handed the model as a tool's answer (a transcript's `toModel` entry), for
    /// the task named (or the one its `_meta["io.modelcontextprotocol/related-task"]` names).
    ToModel {
        /// The task it answers, when the entry says.
        task_id: Option<String>,
    },
}

/// One finding and the pushed message it is about (serialized as the diagnostic's fields plus
/// `messageIndex`, and `schemaMessageIndex` / `wholeEntry` when set).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Finding {
    /// The finding; `span`, `instance_path` and `fix` point into message `message_index`.
    #[serde(flatten)]
    pub diagnostic: Diagnostic,
    /// The push (0-based) whose text the finding points into: the message just pushed, except
    /// for an early status notification applied when its task is created, and `never-terminal`.
    pub message_index: usize,
    /// The push whose text `schema_span` and `keyword_location` point into (the tool list, the
    /// elicitation request, the report with the `inputRequests`), when it is another text.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub schema_message_index: Option<usize>,
    /// The finding is about the whole transcript entry of `message` (`never-terminal`), not
    /// about a place inside it.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub whole_entry: bool,
}

/// A message kept as text for a later check (a tool list, an elicitation request, a report with
/// `inputRequests`, an early notification): parsed again when needed.
#[derive(Debug)]
struct KeptMessage {
    /// Its text.
    text: String,
    /// Its push number.
    number: usize,
}

impl KeptMessage {
    /// Parses the text again (it parsed when it was pushed).
    fn doc(&self) -> Option<Document<'_>> {
        parse(&self.text, ReadOptions::default()).ok()
    }
}

/// A tool listed so far, compiled, with the push number of the message that listed it.
#[derive(Clone, Debug)]
struct KnownTool {
    /// What the checks need about it, schemas compiled (their spans are into `source`'s text).
    compiled: Rc<CompiledTool>,
    /// Push number of the tool list's message.
    source: usize,
}

/// A session checker: feed it the messages of one MCP session in order (see the module doc).
#[derive(Debug, Default)]
pub struct Session {
    /// Tools listed so far, by name.
    tools: BTreeMap<String, KnownTool>,
    /// The text of every tool definition checked so far (at most [`MAX_TOOLS`]).
    checked_tools: HashSet<String>,
    /// Whether the last `tools/list` answer was a complete list (or the last page of one: no
    /// `nextCursor`) and every tool listed is kept: only then is a call of another tool an
    /// `unknown-tool`.
    tools_complete: bool,
    /// Whether tools were dropped past [`MAX_TOOLS`].
    tools_dropped: bool,
    /// The protocol version messages are checked against (`official-schema`).
    negotiation: Negotiation,
    /// Whether the server declared task-augmented `tools/call` (unknown without `initialize`).
    server_declares: Option<bool>,
    /// Requests waiting for their response, by the side that sent them and their id.
    pending: PendingRequests,
    /// Status notifications about tasks whose creating response is still pending.
    early: Vec<EarlyNotification>,
    /// Every task kept, by id.
    tasks: BTreeMap<String, TrackedTask>,
    /// Ids of the tasks in the order they became terminal (some may have been forgotten).
    finished: VecDeque<String>,
    /// Messages pushed so far.
    pushed: usize,
    /// The targets and server name the tools are judged with.
    options: SessionOptions,
    /// The server's name from the `initialize` (or `server/discover`) result.
    server_name: Option<String>,
    /// Every listed tool's verdicts.
    table: ToolTable,
    /// The `nextCursor`s each paginated list method gave in its current listing, as
    /// `"<method> <cursor>"` (one set for all: a listing's are dropped when it starts again).
    cursors: HashSet<String>,
    /// 2026-07-28 `input_required` answers to `tools/call`, waiting for the retry that answers
    /// their `inputRequests` (the newest last; at most [`MAX_PENDING_REQUESTS`]).
    rounds: Vec<pending::PendingRound>,
    /// The text of the last tool listing's tools, joined: the same listing again is not checked
    /// again.
    last_listing: Option<String>,
    /// What the last message pushed is in the sequence ([`Session::take_step`]).
    step: Option<Step>,
    /// The 2026-07-28 requests sent over HTTP waiting for their answer ([`Session::push_http`]).
    http: http_status::HttpExchanges,
}

impl Session {
    /// An empty session.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty session judging tools with `options`.
    pub fn with_options(options: SessionOptions) -> Self {
        Self {
            options,
            ..Self::default()
        }
    }

    /// Every tool listed so far, with its verdicts, and the list's verdict per target.
    pub fn tools(&self) -> &ToolTable {
        &self.table
    }

    /// Checks arguments (`arguments_text`, a JSON object) for a call of the listed tool `name`
    /// against its `inputSchema`, before the call is sent: the findings, spans into
    /// `arguments_text`, each about the tool (`unknown-tool` when none of that name was listed).
    pub fn check_call(&self, name: &str, arguments_text: &str) -> Vec<Diagnostic> {
        let doc = match parse(arguments_text, ReadOptions::default()) {
            Ok(doc) => doc,
            Err(error) => return vec![error.diagnostic()],
        };
        let mut found = doc.warnings.clone();
        match self.tools.get(name) {
            Some(known) => {
                let compiled = &known.compiled;
                let checked = compiled
                    .input_schema
                    .as_ref()
                    .map_or_else(Vec::new, |schema| {
                        crate::host::schema::validate_compiled(schema, &doc, "")
                    });
                let pointer = compiled.info.pointer.as_str();
                let checked = tools::tag_call(checked, name, pointer);
                // The keyword spans are in the tool list's text, not in the arguments.
                found.extend(checked.into_iter().map(|d| Diagnostic {
                    schema_span: None,
                    ..d
                }));
            }
            None => {
                let message = format!("no tool named {name:?} in the tools/list answers so far");
                let span = Some(doc.span(doc.root.range));
                found.push(
                    Diagnostic::error("unknown-tool", message)
                        .with_span(span)
                        .about_tool(name, ""),
                );
            }
        }
        found
    }

    /// Checks one JSON-RPC message `text` sent by `direction`; returns the findings, spans into
    /// `text` (see [`Finding::message_index`] for the exceptions).
    pub fn push(&mut self, text: &str, direction: Direction) -> Vec<Diagnostic> {
        self.push_at(text, direction, None)
    }

    /// [`Session::push`] with the time the host saw the message (milliseconds since the epoch),
    /// which times polls (`poll-too-fast`) and the next poll.
    pub fn push_at(
        &mut self,
        text: &str,
        direction: Direction,
        time_ms: Option<i64>,
    ) -> Vec<Diagnostic> {
        let entry = Entry::Message(Some(direction));
        diagnostics_of(self.push_entry(text, &entry, time_ms))
    }

    /// What the host handed the model as a tool's answer (`toModel`), for `task_id` or the task
    /// its related-task `_meta` names: a tool result while that task is unfinished is a
    /// `fake-result-while-working`.
    pub fn push_to_model(
        &mut self,
        text: &str,
        task_id: Option<&str>,
        time_ms: Option<i64>,
    ) -> Vec<Diagnostic> {
        let entry = Entry::ToModel {
            task_id: task_id.map(str::to_owned),
        };
        diagnostics_of(self.push_entry(text, &entry, time_ms))
    }

    /// Any transcript entry: the findings with the message each points into. Text that is not
    /// JSON gives one `JsonError` finding (and still counts as a message).
    pub fn push_entry(&mut self, text: &str, entry: &Entry, time_ms: Option<i64>) -> Vec<Finding> {
        match parse(text, ReadOptions::default()) {
            Ok(doc) => {
                let mut out = found_in(doc.warnings.clone(), self.pushed);
                out.extend(self.push_parsed(&doc, entry, time_ms));
                out
            }
            Err(error) => {
                let found = error.diagnostic();
                let out = found_in(vec![found], self.pushed);
                self.pushed = self.pushed.saturating_add(1);
                out
            }
        }
    }

    /// Checks a message already parsed (its reader warnings are the caller's).
    fn push_parsed(
        &mut self,
        doc: &Document<'_>,
        entry: &Entry,
        time_ms: Option<i64>,
    ) -> Vec<Finding> {
        let number = self.pushed;
        self.pushed = self.pushed.saturating_add(1);
        let mut out = Vec::new();
        Dispatch::new(self, doc, number, time_ms, &mut out).entry(entry);
        self.forget_finished_tasks();
        out
    }

    /// The tasks kept, by `taskId`, as [`replay_session`] reports them (history spans point into
    /// each entry's message text; `messageIndex` is its push number).
    pub fn state(&self) -> BTreeMap<String, TaskState> {
        self.tasks
            .iter()
            .map(|(id, t)| (id.clone(), t.state().clone()))
            .collect()
    }

    /// What the last message pushed is in the session's sequence (who sent it, request, answer,
    /// notification or error, its method, the push number of the request it answers, its task
    /// and status), once: `None` when taken already or nothing was pushed since.
    pub fn take_step(&mut self) -> Option<Step> {
        self.step.take()
    }

    /// How many tasks are kept (at most [`MAX_TASKS`]).
    pub fn task_count(&self) -> usize {
        self.tasks.len()
    }

    /// How many requests wait for an answer (at most [`MAX_PENDING_REQUESTS`]).
    pub fn pending_count(&self) -> usize {
        self.pending.len()
    }

    /// The end-of-session findings: `never-terminal` for every task not seen terminal, about the
    /// last message that reported it. The session can go on after it.
    pub fn finish(&self) -> Vec<Diagnostic> {
        diagnostics_of(self.finish_findings())
    }

    /// [`Session::finish`] with the message each finding is about.
    pub fn finish_findings(&self) -> Vec<Finding> {
        self.tasks
            .iter()
            .filter_map(|(id, task)| task.never_terminal(id))
            .collect()
    }

    /// Forgets the oldest terminal tasks past [`MAX_FINISHED_TASKS`].
    fn forget_finished_tasks(&mut self) {
        while self.finished.len() > MAX_FINISHED_TASKS {
            let Some(id) = self.finished.pop_front() else {
                break;
            };
            if self.tasks.get(&id).is_some_and(TrackedTask::is_terminal) {
                self.tasks.remove(&id);
            }
        }
    }
}

/// Findings about message `number`.
fn found_in(diagnostics: Vec<Diagnostic>, number: usize) -> Vec<Finding> {
    diagnostics
        .into_iter()
        .map(|diagnostic| Finding {
            diagnostic,
            message_index: number,
            schema_message_index: None,
            whole_entry: false,
        })
        .collect()
}

/// The diagnostics of `findings`.
fn diagnostics_of(findings: Vec<Finding>) -> Vec<Diagnostic> {
    findings.into_iter().map(|f| f.diagnostic).collect()
}
