//! The session checker itself ([`Session`]): what it keeps between messages (the types of its
//! fields are the lower files' own: `tracked_task.rs`, `pending.rs`, `negotiation.rs`,
//! `tools.rs`, `sequence.rs`, `http_status.rs`), what one push is ([`Entry`]), and what it
//! answers without a message (its tools, its tasks, a call's arguments, the end of the session).
//! The pushes are `push.rs`'s, and every other file adds its part of the checks.

use std::collections::{BTreeMap, HashSet, VecDeque};
use std::rc::Rc;

use crate::diagnostic::Diagnostic;
use crate::host::session::finding::{diagnostics_of, Finding};
use crate::host::session::http_status::HttpExchanges;
use crate::host::session::negotiation::{Negotiation, ProtocolCheck};
use crate::host::session::pending::{EarlyNotification, PendingRequests, PendingRound};
use crate::host::session::sequence::Step;
use crate::host::session::tools::{self, ToolTable};
use crate::host::session::tracked_task::TrackedTask;
use crate::host::task_state::TaskState;
use crate::host::tool::CompiledTool;
use crate::host::transcript::Direction;
use crate::json::{parse, ReadOptions};

/// What a session checks against (from JavaScript `{ targets?, serverName? }`): the
/// compatibility targets each `tools/list` page is judged for (none: the compatibility default)
/// and the server's name as the host knows it (else the `initialize` result's `serverInfo.name`,
/// or the 2026-07-28 `server/discover` result's `_meta["io.modelcontextprotocol/serverInfo"].name`).
pub type SessionOptions = crate::compat::CompatOptions;

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

/// A tool listed so far, compiled, with the push number of the message that listed it.
#[derive(Clone, Debug)]
pub(super) struct KnownTool {
    /// What the checks need about it, schemas compiled (their spans are into `source`'s text).
    pub(super) compiled: Rc<CompiledTool>,
    /// Push number of the tool list's message.
    pub(super) source: usize,
}

/// A session checker: feed it the messages of one MCP session in order (see the module doc of
/// [`crate::host::session`]).
#[derive(Debug, Default)]
pub struct Session {
    /// Tools listed so far, by name.
    pub(super) tools: BTreeMap<String, KnownTool>,
    /// The text of every tool definition checked so far (at most [`MAX_TOOLS`](super::MAX_TOOLS)).
    pub(super) checked_tools: HashSet<String>,
    /// Whether the last `tools/list` answer was a complete list (or the last page of one: no
    /// `nextCursor`) and every tool listed is kept: only then is a call of another tool an
    /// `unknown-tool`.
    pub(super) tools_complete: bool,
    /// Whether tools were dropped past [`MAX_TOOLS`](super::MAX_TOOLS).
    pub(super) tools_dropped: bool,
    /// The protocol version messages are checked against (`official-schema`).
    pub(super) negotiation: Negotiation,
    /// Whether the server declared task-augmented `tools/call` (unknown without `initialize`).
    pub(super) server_declares: Option<bool>,
    /// Requests waiting for their response, by the side that sent them and their id.
    pub(super) pending: PendingRequests,
    /// Status notifications about tasks whose creating response is still pending.
    pub(super) early: Vec<EarlyNotification>,
    /// Every task kept, by id.
    pub(super) tasks: BTreeMap<String, TrackedTask>,
    /// Ids of the tasks in the order they became terminal (some may have been forgotten).
    pub(super) finished: VecDeque<String>,
    /// Messages pushed so far.
    pub(super) pushed: usize,
    /// The targets and server name the tools are judged with.
    pub(super) options: SessionOptions,
    /// The server's name from the `initialize` (or `server/discover`) result.
    pub(super) server_name: Option<String>,
    /// Every listed tool's verdicts.
    pub(super) table: ToolTable,
    /// The `nextCursor`s each paginated list method gave in its current listing, as
    /// `"<method> <cursor>"` (one set for all: a listing's are dropped when it starts again).
    pub(super) cursors: HashSet<String>,
    /// 2026-07-28 `input_required` answers to `tools/call`, waiting for the retry that answers
    /// their `inputRequests` (the newest last; at most [`MAX_PENDING_REQUESTS`](super::MAX_PENDING_REQUESTS)).
    pub(super) rounds: Vec<PendingRound>,
    /// The text of the last tool listing's tools, joined: the same listing again is not checked
    /// again.
    pub(super) last_listing: Option<String>,
    /// What the last message pushed is in the sequence ([`Session::take_step`]).
    pub(super) step: Option<Step>,
    /// The 2026-07-28 requests sent over HTTP waiting for their answer ([`Session::push_http`]).
    pub(super) http: HttpExchanges,
    /// Requests the HTTP proxy refused so far ([`Session::run_event`]).
    pub(super) refusals: usize,
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

    /// The protocol version the messages so far were checked against, or why none was.
    pub fn protocol(&self) -> ProtocolCheck {
        self.negotiation.report()
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

    /// The tasks kept, by `taskId`, as [`replay_session`](super::replay_session) reports them (history spans point into
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

    /// How many tasks are kept (at most [`MAX_TASKS`](super::MAX_TASKS)).
    pub fn task_count(&self) -> usize {
        self.tasks.len()
    }

    /// How many requests wait for an answer (at most [`MAX_PENDING_REQUESTS`](super::MAX_PENDING_REQUESTS)).
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
}
