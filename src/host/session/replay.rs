//! [`replay_session`]: a whole transcript pushed into a [`Session`] entry by entry, each finding's
//! position moved from its message's text to the transcript's.

use std::collections::{BTreeMap, HashMap, VecDeque};

use serde::Serialize;

use crate::diagnostic::{Diagnostic, LineIndex, Span, Verbatim};
use crate::host::session::progress::Progress;
use crate::host::session::sequence::{Step, StepKind};
use crate::host::session::{
    Direction, Entry, Finding, ProtocolCheck, Session, SessionOptions, ToolTable,
};
use crate::host::task_state::TaskState;
use crate::host::transcript::{self, read_transcript, take_message};
use crate::json::{Document, JsonError, Node};

/// What [`replay_session`] returns.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct SessionReport {
    /// The host's session state: every task by `taskId` (terminal tasks past
    /// [`super::MAX_FINISHED_TASKS`] forgotten).
    pub tasks: BTreeMap<String, TaskState>,
    /// Everything found, in transcript order; spans point into the transcript text.
    pub diagnostics: Vec<Diagnostic>,
    /// Every tool listed, with its verdicts, and the list's verdict per target.
    pub tools: ToolTable,
    /// Every entry replayed, in order: what it is in the session's sequence, at its span.
    pub sequence: Vec<SequenceEntry>,
    /// How many entries of each kind the sequence has.
    pub counts: Counts,
    /// The protocol version the messages were checked against, or why none was.
    pub protocol: ProtocolCheck,
}

/// One entry of a replayed transcript or log in the session's sequence.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct SequenceEntry {
    /// The entry's index (a transcript's entry, a log's message; `None` for a log's context
    /// line); `step.answers` counts the rows of the sequence.
    pub index: Option<usize>,
    /// Where the message sits in the text replayed.
    pub span: Option<Span>,
    /// What it is.
    #[serde(flatten)]
    pub step: Step,
    /// Every task the row belongs to ([`link_rows`]): the one it names, the one named by the
    /// request it answers or by the answer it got, and each task whose status it reported.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub task_ids: Vec<String>,
    /// The findings in this row ([`link_rows`]): their indexes in the report's `diagnostics`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(test, ts(as = "Option<_>", optional))]
    pub findings: Vec<usize>,
}

impl SequenceEntry {
    /// Row `index` at `span`, `step`, not linked yet ([`link_rows`]).
    pub(crate) fn new(index: Option<usize>, span: Option<Span>, step: Step) -> Self {
        Self {
            index,
            span,
            step,
            task_ids: Vec::new(),
            findings: Vec::new(),
        }
    }
}

/// Links a replay's rows to its tasks and findings: each row's `task_ids`, each task's
/// `first_row` and `last_row`, each row's `findings` (a finding is in the last row starting at
/// or before its span: the rows are in the order of the text, a finding about a message is
/// inside it). A request and its answer share their tasks (the call that created one); a
/// status report (not stale) belongs to the task it reported.
pub(crate) fn link_rows(
    sequence: &mut [SequenceEntry],
    tasks: &mut BTreeMap<String, TaskState>,
    diagnostics: &[Diagnostic],
) {
    fn add(ids: &mut Vec<String>, id: &str) {
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_owned());
        }
    }
    for row in sequence.iter_mut() {
        row.task_ids.extend(row.step.task_id.clone());
    }
    for at in 0..sequence.len() {
        let Some(request) = sequence.get(at).and_then(|row| row.step.answers) else {
            continue;
        };
        let (Some(answer), Some(asked)) = (sequence.get(at), sequence.get(request)) else {
            continue;
        };
        let (answer_ids, asked_ids) = (answer.task_ids.clone(), asked.task_ids.clone());
        for (row, ids) in [(request, answer_ids), (at, asked_ids)] {
            if let Some(row) = sequence.get_mut(row) {
                ids.iter().for_each(|id| add(&mut row.task_ids, id));
            }
        }
    }
    // The row of each message (their indexes ascend with the rows).
    let messages: Vec<(usize, usize)> = sequence
        .iter()
        .enumerate()
        .filter_map(|(at, row)| Some((row.index?, at)))
        .collect();
    let row_of = |index: usize| {
        let found = messages.binary_search_by_key(&index, |&(i, _)| i).ok()?;
        messages.get(found).map(|&(_, at)| at)
    };
    let mut reported = Vec::with_capacity(tasks.len());
    for (id, task) in tasks.iter() {
        let reports = task.history.iter().filter(|step| !step.stale);
        let rows: Vec<usize> = reports
            .filter_map(|step| row_of(step.message_index))
            .collect();
        for &at in &rows {
            if let Some(row) = sequence.get_mut(at) {
                add(&mut row.task_ids, id);
            }
        }
        reported.push(!rows.is_empty());
    }
    for (at, row) in sequence.iter().enumerate() {
        for id in &row.task_ids {
            if let Some(task) = tasks.get_mut(id) {
                task.first_row.get_or_insert(at);
                task.last_row = Some(at);
            }
        }
    }
    let end = sequence.len().saturating_sub(1);
    for (task, reported) in tasks.values_mut().zip(reported) {
        if task.first_row.is_some() && !(task.ended && reported) {
            task.last_row = Some(end);
        }
    }
    let start = |row: &SequenceEntry| row.span.map_or(0, |s| s.start);
    for (index, diagnostic) in diagnostics.iter().enumerate() {
        let Some(span) = diagnostic.span else {
            continue;
        };
        let after = sequence.partition_point(|row| start(row) <= span.start);
        if let Some(row) = after.checked_sub(1).and_then(|at| sequence.get_mut(at)) {
            row.findings.push(index);
        }
    }
}

/// How many entries of each kind a sequence has.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "SequenceCounts"))]
#[serde(rename_all = "camelCase")]
pub struct Counts {
    /// JSON-RPC messages (requests, answers, notifications, errors).
    pub messages: usize,
    /// Requests.
    pub requests: usize,
    /// Successful answers.
    pub answers: usize,
    /// Notifications.
    pub notifications: usize,
    /// Error responses.
    pub errors: usize,
    /// Answers and errors that answer no request seen.
    pub unanswered: usize,
    /// Other entries: what the host handed the model, tool lists, a log's context lines.
    pub other: usize,
}

impl Counts {
    /// The counts of `sequence`.
    pub fn of(sequence: &[SequenceEntry]) -> Self {
        let mut counts = Self::default();
        for entry in sequence {
            let step = &entry.step;
            let count = match step.kind {
                StepKind::Request => &mut counts.requests,
                StepKind::Answer => &mut counts.answers,
                StepKind::Notification => &mut counts.notifications,
                StepKind::Error => &mut counts.errors,
                StepKind::ToModel | StepKind::Other | StepKind::Context => &mut counts.other,
            };
            *count += 1;
            if matches!(step.kind, StepKind::Answer | StepKind::Error) && step.answers.is_none() {
                counts.unanswered += 1;
            }
        }
        counts.messages = counts.requests + counts.answers + counts.notifications + counts.errors;
        counts
    }
}

/// Messages already parsed, pushed one by one into a [`Session`]: the findings and each push's
/// step, by push number.
pub(crate) struct Pushes {
    /// The session.
    session: Session,
    /// Every finding so far.
    findings: Vec<Finding>,
    /// Each push's step.
    steps: Vec<Step>,
    /// The header findings of the requests sent over HTTP, by push number ([`Pushes::push_sent`]).
    headers: VecDeque<(usize, Vec<Finding>)>,
    /// The `Mcp-Param-*` arguments of every tool listed so far, by name.
    listed: ListedParams,
}

impl Pushes {
    /// An empty session judging tools with `options`.
    pub(crate) fn new(options: SessionOptions) -> Self {
        Self {
            session: Session::with_options(options),
            findings: Vec::new(),
            steps: Vec::new(),
            headers: VecDeque::new(),
            listed: ListedParams::new(),
        }
    }

    /// Every push forgotten: an empty session with the same options.
    pub(crate) fn restart(&mut self) {
        *self = Self::new(std::mem::take(&mut self.session.options));
    }

    /// Pushes one message (`doc`, its reader warnings already reported).
    pub(crate) fn push(&mut self, doc: &Document<'_>, entry: &Entry, time: Option<i64>) {
        self.findings
            .extend(self.session.push_parsed(doc, entry, time));
        let mut step = self
            .session
            .take_step()
            .unwrap_or_else(|| Step::new(StepKind::Other, None));
        step.time_ms = time;
        self.steps.push(step);
        note_listed(&mut self.listed, &doc.root);
    }

    /// Pushes a client's request (`doc`) sent over HTTP with `http`, its `http` member
    /// (`{"method", "headers"}` as a tree, its ranges in a text `index` indexes): its standard
    /// headers checked against it as a transcript's replay checks a recorded one (`http.rs`, the
    /// `Mcp-Param-*` of the tools listed so far), each header finding about the whole entry
    /// (pointer `/http/headers…`), placed among the findings as the replay places them.
    pub(crate) fn push_sent(
        &mut self,
        doc: &Document<'_>,
        http: &Node,
        index: &LineIndex<'_>,
        time: Option<i64>,
    ) {
        let number = self.steps.len();
        self.push(doc, &Entry::Message(Some(Direction::Client)), time);
        let listed = &self.listed;
        let params = |tool: &str| listed.get(tool).cloned().unwrap_or_default();
        let found = self.session.check_sent(doc, http, index, Some(&params));
        if !found.is_empty() {
            let whole = |diagnostic| Finding {
                diagnostic,
                message_index: number,
                schema_message_index: None,
                whole_entry: true,
            };
            self.headers
                .push_back((number, found.into_iter().map(whole).collect()));
        }
    }

    /// The session, every finding (the end-of-session ones, then the header findings not yet
    /// placed, last) and each push's step.
    pub(crate) fn finish(mut self) -> (Session, Vec<Finding>, Vec<Step>) {
        self.findings.extend(self.session.finish_findings());
        let found = self
            .findings
            .into_iter()
            .map(|f| (Some(f.message_index), f));
        let findings = super::http::with_header_findings(self.headers, found);
        (self.session, findings, self.steps)
    }
}

/// Replays a transcript (a JSON array of entries, or JSON Lines) and returns the session state
/// and the findings. Text that is not JSON gives one `JsonError` diagnostic and no tasks.
pub fn replay_session(transcript_text: &str) -> SessionReport {
    replay_session_with(transcript_text, SessionOptions::default())
}

/// [`replay_session`] judging the tools with `options` (the compatibility targets, the server's
/// name). The text is parsed once: each message is taken out of the transcript's tree and pushed
/// as a document of its own.
pub fn replay_session_with(transcript_text: &str, options: SessionOptions) -> SessionReport {
    replay_transcript(transcript_text, options, &mut Progress::default()).unwrap_or_else(|error| {
        SessionReport {
            diagnostics: vec![error.diagnostic()],
            ..SessionReport::default()
        }
    })
}

/// The `Mcp-Param-*` arguments (`x-mcp-header`, [`crate::host::x_mcp_header::annotated`]) of
/// listed tools, by the tool's name: what a request's `Mcp-Param-*` headers are checked against.
type ListedParams = HashMap<String, Vec<(Vec<String>, String)>>;

/// The arguments of every tool the transcript's `tools/list` answers name, read before the
/// messages are taken out of `doc` for the replay.
fn listed_header_params(doc: &Document<'_>, placed: &[Placed]) -> ListedParams {
    let mut listed = HashMap::new();
    for message in placed
        .iter()
        .filter_map(|place| doc.pointer(&place.pointer))
    {
        note_listed(&mut listed, message);
    }
    listed
}

/// Notes the arguments of each tool `message`'s `result.tools` lists (a tool without any keeps
/// what an earlier listing gave).
fn note_listed(listed: &mut ListedParams, message: &Node) {
    let tools = message
        .value_of("result")
        .and_then(|r| r.value_of("tools"))
        .and_then(Node::elements)
        .unwrap_or_default();
    for tool in tools {
        let (Some(name), Some(schema)) = (
            tool.value_of("name").and_then(Node::as_str),
            tool.value_of("inputSchema"),
        ) else {
            continue;
        };
        let params = crate::host::x_mcp_header::annotated(schema);
        if !params.is_empty() {
            listed.insert(name.to_owned(), params);
        }
    }
}

/// [`replay_session_with`], or the error that keeps the text from reading as a transcript;
/// `progress` is told the offset of each message pushed.
pub fn replay_transcript(
    transcript_text: &str,
    options: SessionOptions,
    progress: &mut Progress,
) -> Result<SessionReport, JsonError> {
    let mut transcript = read_transcript(transcript_text)?;
    // The transcript's reader warnings cover every message's: a message's own are not repeated.
    let mut diagnostics = std::mem::take(&mut transcript.doc.warnings);
    diagnostics.append(&mut transcript.diagnostics);
    let entries = std::mem::take(&mut transcript.entries);
    let placed: Vec<Placed> = entries
        .iter()
        .enumerate()
        .filter(|(_, entry)| !entry.stdout) // not a message: transcript.rs reported the line
        .filter_map(|(index, entry)| {
            let node = transcript.doc.pointer(&entry.pointer)?;
            Some(Placed {
                entry: index,
                pointer: entry.pointer.clone(),
                offset: node.range.start,
                span: transcript.doc.span(node.range),
            })
        })
        .collect();
    let sent = placed.iter().map(|p| (p.entry, p.pointer.as_str()));
    let listed = listed_header_params(&transcript.doc, &placed);
    let params = |tool: &str| listed.get(tool).cloned().unwrap_or_default();
    let headers = super::http::header_findings(&transcript.doc, sent, &params);
    let mut pushes = Pushes::new(options);
    for place in &placed {
        let Some(entry) = entries.get(place.entry) else {
            continue;
        };
        progress.at(place.offset);
        if let Some(doc) = take_message(&mut transcript.doc, place.entry, entry) {
            pushes.push(&doc, &push_kind(entry), entry.time);
        }
    }
    progress.done();
    let (session, findings, steps) = pushes.finish();
    let mapper = Mapper {
        doc: &transcript.doc,
        placed: &placed,
    };
    // With the header findings of requests sent over HTTP (http.rs), in entry order.
    let entry_of = |f: &Finding| placed.get(f.message_index).map(|p| p.entry);
    let mapped = findings
        .into_iter()
        .map(|f| (entry_of(&f), mapper.finding(f)));
    diagnostics.extend(super::http::with_header_findings(headers, mapped));
    let mut tasks: BTreeMap<String, TaskState> = session
        .state()
        .into_iter()
        .map(|(id, mut task)| {
            for entry in &mut task.history {
                if let Some(place) = placed.get(entry.message_index) {
                    entry.span = entry.span.map(|s| s.moved_to(&place.span));
                    entry.message_index = place.entry;
                }
            }
            (id, task)
        })
        .collect();
    // One row per push: an answer's push number is its request's row.
    let mut sequence: Vec<SequenceEntry> = steps
        .into_iter()
        .zip(&placed)
        .map(|(step, place)| SequenceEntry::new(Some(place.entry), Some(place.span), step))
        .collect();
    link_rows(&mut sequence, &mut tasks, &diagnostics);
    Ok(SessionReport {
        tasks,
        diagnostics,
        tools: session.tools().clone(),
        counts: Counts::of(&sequence),
        sequence,
        protocol: session.protocol(),
    })
}

/// The push a transcript entry is (the replay's and `JsonLinesSession`'s).
pub(super) fn push_kind(entry: &transcript::Entry) -> Entry {
    if entry.to_model {
        Entry::ToModel {
            task_id: entry.task_id.clone(),
        }
    } else {
        Entry::Message(entry.direction)
    }
}

/// Where a pushed message sits in the transcript.
struct Placed {
    /// Its entry index.
    entry: usize,
    /// Pointer to the message in the transcript document.
    pointer: String,
    /// Byte offset of its text in the transcript text.
    offset: usize,
    /// Its span in the transcript text.
    span: Span,
}

impl Placed {
    /// Where the message's text stands in the transcript's.
    fn verbatim(&self) -> Verbatim<'_> {
        Verbatim::new(self.span, &self.pointer)
    }
}

/// Moves findings from their messages' texts into the transcript's.
struct Mapper<'m, 'a> {
    /// The transcript.
    doc: &'m Document<'a>,
    /// Every push, by push number.
    placed: &'m [Placed],
}

impl Mapper<'_, '_> {
    /// A finding with its pointers and spans in the transcript.
    fn finding(&self, finding: Finding) -> Diagnostic {
        let Some(place) = self.placed.get(finding.message_index) else {
            return finding.diagnostic;
        };
        if finding.whole_entry {
            let pointer = format!("/{}", place.entry);
            let span = self.doc.span_at(&pointer);
            return finding.diagnostic.at_pointer(pointer).with_span(span);
        }
        let schema = self.placed.get(
            finding
                .schema_message_index
                .unwrap_or(finding.message_index),
        );
        let schema = schema.map(Placed::verbatim);
        finding.diagnostic.moved(&place.verbatim(), schema.as_ref())
    }
}
