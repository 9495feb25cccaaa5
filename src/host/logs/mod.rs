//! Logs as developers hold them, read as session transcripts: detect the format of a pasted text,
//! extract its JSON-RPC messages with who sent them and when, and replay them with
//! [`crate::host::replay_session`], every finding moved back to its line and column in the
//! pasted text.
//!
//! Formats ([`LogFormat`], detected by [`detect_format`]):
//! - `transcript`: this project's transcripts and proxy recordings (a JSON array of messages or
//!   envelopes `{timestamp, direction, message}`, or JSON Lines of them), replayed as they are;
//! - `vscode`: VS Code's MCP output channel (`vscode.rs`);
//! - `har`: an HTTP Archive (HAR 1.2) of a Streamable HTTP session (`har.rs`);
//! - `mcp-debugger`: the JSON export of another MCP proxy, mcp-debugger (`mcp_debugger.rs`);
//! - `jsonl`: JSON Lines with other lines among them — server stderr, log text — reported as
//!   `log-line-skipped` and skipped (`lines.rs`).
//!
//! Each extracted message keeps a [`SourceMap`] back to the pasted text (a HAR body is a JSON
//! string: its escapes move every later byte). The messages become one transcript (a JSON array
//! of envelopes, each message's text inside it as extracted), replayed by
//! [`crate::host::replay_session`]; each finding's spans (in that transcript) are then mapped to
//! the pasted text through the map of the message they fall in; a span outside any message (an
//! envelope field) covers the whole message.
//!
//! Findings of the readers: `log-line-skipped` (info; a line that is no message), `log-not-json`
//! (warning; a message that does not parse, e.g. a line cut short), `har-invalid` (error; a HAR
//! that does not parse or lacks `log.entries`), `export-invalid` (error; the same for an export), `log-empty` (warning; no message found).
//! A pasted text larger than [`MAX_LOG_BYTES`] is refused with one error (`log-too-large`).

mod cassette;
mod har;
mod lines;
mod map;
mod mcp_debugger;
pub mod redact;
mod unreadable;
mod vscode;

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};
use crate::host::session::{
    replay_session_with, replay_transcript, Counts, Direction, Entry, Finding, Progress, Pushes,
    SequenceEntry, SessionOptions, SessionReport, Step, StepKind, ToolTable,
};
use crate::host::task_state::TaskState;
use crate::host::time::format_rfc3339;
use crate::host::transcript::{read_transcript, Transcript};
use crate::json::string::write_json_string;
use crate::json::tree::MAX_TREE_DEPTH;
use crate::json::{parse, Document, JsonError, ReadOptions, Reader};

pub use map::SourceMap;
pub use redact::{redact, Redacted};

/// The largest pasted text read (64 MiB): past it, one `log-too-large` error.
pub const MAX_LOG_BYTES: usize = 64 << 20;

/// At most this many `log-line-skipped` findings; one more says how many were not listed.
pub const MAX_SKIPPED_REPORTED: usize = 100;

/// The format of a pasted log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// This project's transcript or proxy recording.
    Transcript,
    /// VS Code's MCP output channel.
    Vscode,
    /// An HTTP Archive of a Streamable HTTP session.
    Har,
    /// JSON Lines among other lines.
    Jsonl,
    /// mcp-debugger's JSON export.
    #[serde(rename = "mcp-debugger")]
    McpDebugger,
    /// An mcp-recorder cassette.
    #[serde(rename = "mcp-recorder")]
    McpRecorder,
}

impl LogFormat {
    /// The format named `name` (`transcript`, `vscode`, `har`, `jsonl`, `mcp-debugger`,
    /// `mcp-recorder`).
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "transcript" => Some(Self::Transcript),
            "vscode" => Some(Self::Vscode),
            "har" => Some(Self::Har),
            "jsonl" => Some(Self::Jsonl),
            "mcp-debugger" => Some(Self::McpDebugger),
            "mcp-recorder" => Some(Self::McpRecorder),
            _ => None,
        }
    }
}

/// The options of [`read_log`] and [`replay_log_with`] as JavaScript passes them:
/// `{format?, targets?, serverName?}` (the last two as `replaySession` takes them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct LogOptions {
    /// Read the text as this format instead of detecting it.
    pub format: Option<LogFormat>,
    /// What the session judges the tools with.
    pub session: SessionOptions,
}

impl LogOptions {
    /// Reads `{"format"?: "<name>" | null, "targets"?: …, "serverName"?: …}`; another key, or a
    /// name that is no format, is an error saying so (read by hand: a serde derive would weigh
    /// more in the wasm build).
    pub fn from_json(value: serde_json::Value) -> Result<Self, String> {
        use serde_json::Value;
        let Value::Object(mut members) = value else {
            return Err(format!("expected an object, found {value}"));
        };
        let mut options = Self::default();
        match members.remove("format") {
            None | Some(Value::Null) => {}
            Some(Value::String(name)) => {
                options.format = Some(LogFormat::from_name(&name).ok_or_else(|| {
                    format!("unknown format `{name}`, expected one of {FORMAT_NAMES}")
                })?);
            }
            Some(other) => return Err(format!("`format` is a string, found {other}")),
        }
        options.session = SessionOptions::from_json(Value::Object(members))
            .map_err(|e| format!("{e} (or `format`)"))?;
        Ok(options)
    }
}

/// The format names, for messages.
const FORMAT_NAMES: &str = "`transcript`, `vscode`, `har`, `jsonl`, `mcp-debugger`, `mcp-recorder`";

/// The HTTP request that carried a client's message (a HAR entry's), as the transcript entry's
/// `http` member: `{"method": "POST", "headers": {"Name": "value", …}}`, headers as sent (a name
/// sent twice: its values joined with `, `).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Http {
    /// The request method.
    pub method: String,
    /// The request headers, by name as sent.
    #[serde(serialize_with = "headers_object")]
    pub headers: Vec<(String, String)>,
}

/// One message found in a log.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    /// Who sent it, when the log says.
    pub direction: Option<Direction>,
    /// When it was seen (milliseconds since the epoch), when the log says.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<i64>,
    /// The message's JSON text as extracted (a HAR body decoded).
    pub message: String,
    /// The HTTP request that carried it (client messages of a HAR).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http: Option<Http>,
    /// Where the message sits in the pasted text.
    pub span: Span,
    /// Its source map.
    #[serde(skip)]
    pub map: SourceMap,
}

/// A line of a log that is no message, kept as context (a connection state, the server's
/// stderr): shown in the sequence, never a finding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ContextLine {
    /// The log's level for it, when the log says.
    pub level: Option<String>,
    /// Its text (after the log's prefix).
    pub text: String,
    /// Where it sits in the pasted text.
    pub span: Span,
}

/// What [`read_log`] returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Log {
    /// The format read.
    pub format: LogFormat,
    /// What the reader saw, in words ("VS Code output log, 2026 form ([editor -> server])").
    pub detected: String,
    /// The messages, in order.
    pub entries: Vec<LogEntry>,
    /// The log's other lines kept as context.
    pub context: Vec<ContextLine>,
    /// The readers' findings, spans into the pasted text.
    pub diagnostics: Vec<Diagnostic>,
}

/// What [`replay_log`] returns: [`crate::host::SessionReport`] with the format, every span into
/// the pasted text.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LogReport {
    /// The format read.
    pub format: Option<LogFormat>,
    /// What the reader saw, in words.
    pub detected: String,
    /// The messages replayed and the log's context lines, in the order of the text: each
    /// message's `index` counts the messages, `answers` counts the rows of this sequence.
    pub sequence: Vec<SequenceEntry>,
    /// How many rows of each kind the sequence has.
    pub counts: Counts,
    /// The host's session state, by `taskId`; `messageIndex` counts the messages.
    pub tasks: BTreeMap<String, TaskState>,
    /// Every tool listed, with its verdicts.
    pub tools: ToolTable,
    /// The readers' findings, then the session's.
    pub diagnostics: Vec<Diagnostic>,
}

/// The format of `text`: a HAR (an object whose first member is `log`), an mcp-debugger export,
/// an mcp-recorder cassette, VS Code's output (a message line of either form), a transcript (it
/// reads as one), else JSON Lines.
pub fn detect_format(text: &str) -> LogFormat {
    match shape_of(text) {
        LogFormat::Transcript if text.len() > MAX_LOG_BYTES || read_transcript(text).is_err() => {
            LogFormat::Jsonl
        }
        format => format,
    }
}

/// [`detect_format`] without reading a transcript through: a text that starts like JSON and is
/// no other format is taken for a transcript (its reader falls back to JSON Lines).
fn shape_of(text: &str) -> LogFormat {
    if har::looks_like(text) {
        LogFormat::Har
    } else if mcp_debugger::looks_like(text) {
        LogFormat::McpDebugger
    } else if cassette::looks_like(text) {
        LogFormat::McpRecorder
    } else if vscode::looks_like(text) {
        LogFormat::Vscode
    } else if text.trim_start().starts_with(['[', '{']) {
        LogFormat::Transcript
    } else {
        LogFormat::Jsonl
    }
}

/// What each format is called in [`Log::detected`] when its reader says no more.
fn format_words(format: LogFormat) -> &'static str {
    match format {
        LogFormat::Transcript => "transcript (a JSON array of entries, or JSON Lines)",
        LogFormat::Vscode => "VS Code output log",
        LogFormat::Har => "HTTP Archive (HAR 1.2)",
        LogFormat::Jsonl => "JSON Lines among other lines",
        LogFormat::McpDebugger => "mcp-debugger export",
        LogFormat::McpRecorder => "mcp-recorder cassette",
    }
}

/// Reads the messages of `text` in `format` (detected when `None`).
pub fn read_log(text: &str, format: Option<LogFormat>) -> Log {
    let index = LineIndex::new(text);
    let mut found = Found::new(text, &index, None);
    let format = found.read(format.unwrap_or_else(|| shape_of(text)), format.is_some());
    let found = found.done();
    Log {
        format,
        detected: found
            .detected
            .unwrap_or_else(|| format_words(format).to_owned()),
        entries: found.entries,
        context: found.context,
        diagnostics: found.diagnostics,
    }
}

/// Replays the messages of `text` in `format` (detected when `None`) as a session; every span
/// points into `text`.
pub fn replay_log(text: &str, format: Option<LogFormat>) -> LogReport {
    replay_log_with(
        text,
        LogOptions {
            format,
            ..LogOptions::default()
        },
    )
}

/// [`replay_log`] with the session's options. Each message is parsed once, by its reader, and
/// pushed into the session as it is read; a transcript is replayed as it is
/// ([`replay_session_with`]); a HAR through a transcript of its messages in envelopes that keep
/// each request's HTTP headers (the header checks read them).
pub fn replay_log_with(text: &str, options: LogOptions) -> LogReport {
    replay_log_reporting(text, options, Progress::default())
}

/// [`replay_log_with`] telling `progress` how far it has read (the offset of each message
/// pushed; a HAR only when it is done).
pub fn replay_log_reporting(text: &str, options: LogOptions, mut progress: Progress) -> LogReport {
    let guessed = options.format.unwrap_or_else(|| shape_of(text));
    if text.len() <= MAX_LOG_BYTES && guessed == LogFormat::Transcript {
        // Text that does not read as a transcript is read as JSON Lines among other lines,
        // unless the format was forced or the text is one JSON array.
        let forced = options.format.is_some() || text.trim_start().starts_with('[');
        let report = match replay_transcript(text, options.session.clone(), &mut progress) {
            Ok(report) => Some(report),
            Err(error) if forced => Some(SessionReport {
                diagnostics: vec![error.diagnostic()],
                ..SessionReport::default()
            }),
            Err(_) => None,
        };
        if let Some(report) = report {
            return LogReport {
                format: Some(LogFormat::Transcript),
                detected: format_words(LogFormat::Transcript).to_owned(),
                counts: report.counts,
                sequence: report.sequence,
                tasks: report.tasks,
                tools: report.tools,
                diagnostics: report.diagnostics,
            };
        }
    }
    let format = match guessed {
        LogFormat::Transcript if options.format.is_none() => LogFormat::Jsonl,
        other => other,
    };
    if format == LogFormat::Har {
        let report = replay_har(text, options.session);
        progress.done();
        return report;
    }
    let index = LineIndex::new(text);
    let mut found = Found::new(text, &index, Some(Pushes::new(options.session)));
    found.progress = progress;
    let format = found.read(format, true);
    let mut found = found.done();
    let Some(pushes) = found.pushes.take() else {
        return LogReport::default();
    };
    let (session, findings, steps) = pushes.finish();
    let placed = std::mem::take(&mut found.placed);
    let mut diagnostics = std::mem::take(&mut found.diagnostics);
    diagnostics.extend(
        findings
            .into_iter()
            .map(|f| place_finding(f, &placed, &index)),
    );
    let tasks = session
        .state()
        .into_iter()
        .map(|(id, mut task)| {
            for step in &mut task.history {
                step.span = step
                    .span
                    .zip(placed.get(step.message_index))
                    .map(|(s, p)| p.span_of(s, &index));
            }
            (id, task)
        })
        .collect();
    let sequence = sequence_of(steps, &placed, std::mem::take(&mut found.context));
    LogReport {
        format: Some(format),
        detected: found
            .detected
            .unwrap_or_else(|| format_words(format).to_owned()),
        counts: Counts::of(&sequence),
        sequence,
        tasks,
        tools: session.tools().clone(),
        diagnostics,
    }
}

/// A finding about a message read from the log, its spans moved to the text through the
/// message's map (the whole message when it covers the whole entry); a fix only where the
/// message is the text as it is.
fn place_finding(finding: Finding, placed: &[Placed], index: &LineIndex<'_>) -> Diagnostic {
    let Some(place) = placed.get(finding.message_index) else {
        return finding.diagnostic;
    };
    let mut diagnostic = finding.diagnostic;
    if finding.whole_entry {
        diagnostic.span = Some(place.span);
        return diagnostic;
    }
    let schema = placed.get(
        finding
            .schema_message_index
            .unwrap_or(finding.message_index),
    );
    place.diagnostic(diagnostic, schema, index)
}

/// The rows of a replayed log: each message's step at its span, and the context lines between
/// them, in the order of the text; each answer's `answers` moved from push numbers to rows.
fn sequence_of(
    steps: Vec<Step>,
    placed: &[Placed],
    context: Vec<ContextLine>,
) -> Vec<SequenceEntry> {
    let mut rows = Vec::with_capacity(steps.len() + context.len());
    let mut row_of = Vec::with_capacity(steps.len());
    let mut context = context.into_iter().peekable();
    for (number, (mut step, place)) in steps.into_iter().zip(placed).enumerate() {
        while let Some(line) = context.next_if(|c| c.span.bytes.start < place.span.bytes.start) {
            rows.push(context_row(line));
        }
        step.answers = step.answers.and_then(|a| row_of.get(a).copied());
        row_of.push(rows.len());
        rows.push(SequenceEntry {
            index: Some(number),
            span: Some(place.span),
            step,
        });
    }
    rows.extend(context.map(context_row));
    rows
}

/// A context line as a row of the sequence.
fn context_row(line: ContextLine) -> SequenceEntry {
    let mut step = Step::new(StepKind::Context, None);
    step.detail = match line.level {
        Some(level) => format!("[{level}] {}", line.text),
        None => line.text,
    };
    SequenceEntry {
        index: None,
        span: Some(line.span),
        step,
    }
}

/// A HAR replayed through a transcript of its messages in envelopes with their `http` requests.
fn replay_har(text: &str, options: SessionOptions) -> LogReport {
    let mut log = read_log(text, Some(LogFormat::Har));
    if log.diagnostics.iter().any(Diagnostic::is_error) || text.len() > MAX_LOG_BYTES {
        return LogReport {
            format: Some(LogFormat::Har),
            detected: log.detected,
            diagnostics: log.diagnostics,
            ..LogReport::default()
        };
    }
    let (transcript, placed) = transcript_of(&log.entries);
    let report = replay_session_with(&transcript, options);
    let index = LineIndex::new(text);
    let back = Back {
        placed: &placed,
        entries: &log.entries,
        index: &index,
    };
    let mut diagnostics = std::mem::take(&mut log.diagnostics);
    diagnostics.extend(report.diagnostics.into_iter().map(|d| back.diagnostic(d)));
    let tasks = report
        .tasks
        .into_iter()
        .map(|(id, mut task)| {
            for step in &mut task.history {
                step.span = step.span.and_then(|s| back.span(s));
            }
            (id, task)
        })
        .collect();
    let sequence = report
        .sequence
        .into_iter()
        .map(|mut row| {
            row.span = row.index.and_then(|i| log.entries.get(i)).map(|e| e.span);
            row
        })
        .collect();
    LogReport {
        format: Some(LogFormat::Har),
        detected: log.detected,
        counts: report.counts,
        sequence,
        tasks,
        tools: report.tools,
        diagnostics,
    }
}

/// Where a message read from the log sits: its number, its span and its map to the text.
struct Placed {
    /// Its number among the messages (pointers are `/<number>/message/…`, as in a transcript).
    number: usize,
    /// Its span in the text.
    span: Span,
    /// Its source map.
    map: SourceMap,
}

impl Placed {
    /// `span` (in the message) in the text.
    fn span_of(&self, span: Span, index: &LineIndex<'_>) -> Span {
        let from = self.map.offset(span.bytes.start);
        let to = self
            .map
            .offset(span.bytes.end.max(span.bytes.start))
            .max(from);
        index.span(ByteRange::new(from, to))
    }

    /// `diagnostic` (and its children) with its spans in the text, its schema spans through
    /// `schema`'s map, its pointers as in the transcript of the messages (`/<number>/message…`).
    fn diagnostic(
        &self,
        mut diagnostic: Diagnostic,
        schema: Option<&Placed>,
        index: &LineIndex<'_>,
    ) -> Diagnostic {
        diagnostic.instance_path = format!("/{}/message{}", self.number, diagnostic.instance_path);
        if let (Some(schema), Some(location), true) = (
            schema,
            &mut diagnostic.keyword_location,
            diagnostic.schema_span.is_some(),
        ) {
            *location = format!("/{}/message{location}", schema.number);
        }
        diagnostic.span = diagnostic.span.map(|s| self.span_of(s, index));
        diagnostic.schema_span = diagnostic
            .schema_span
            .zip(schema)
            .map(|(s, place)| place.span_of(s, index));
        let verbatim = self.map.is_verbatim();
        diagnostic.fix = diagnostic.fix.take().filter(|_| verbatim).map(|mut fix| {
            fix.span = self.span_of(fix.span, index);
            fix
        });
        diagnostic.children = std::mem::take(&mut diagnostic.children)
            .into_iter()
            .map(|child| self.diagnostic(child, schema, index))
            .collect();
        diagnostic
    }
}

/// What a reader collects: the messages (kept for [`read_log`], or pushed into the session as
/// they are read for [`replay_log`]), the context lines and the findings.
struct Found<'t> {
    /// The pasted text.
    text: &'t str,
    /// Its line index.
    index: &'t LineIndex<'t>,
    /// The messages so far (when reading).
    entries: Vec<LogEntry>,
    /// The session the messages go to (when replaying).
    pushes: Option<Pushes>,
    /// Where each message pushed sits (when replaying).
    placed: Vec<Placed>,
    /// The lines kept as context.
    context: Vec<ContextLine>,
    /// What the reader saw, when it says more than the format's name.
    detected: Option<String>,
    /// The readers' findings.
    diagnostics: Vec<Diagnostic>,
    /// Lines skipped so far (the first [`MAX_SKIPPED_REPORTED`] are reported).
    skipped: usize,
    /// Told the offset of each message read.
    progress: Progress,
}

impl<'t> Found<'t> {
    /// A reader of `text`, replaying into `pushes` when given.
    fn new(text: &'t str, index: &'t LineIndex<'t>, pushes: Option<Pushes>) -> Self {
        Self {
            text,
            index,
            entries: Vec::new(),
            pushes,
            placed: Vec::new(),
            context: Vec::new(),
            detected: None,
            diagnostics: Vec::new(),
            skipped: 0,
            progress: Progress::default(),
        }
    }

    /// Reads the text as `format` (a text past [`MAX_LOG_BYTES`]: one `log-too-large`); returns
    /// the format read: a transcript that does not read as one is read as JSON Lines among other
    /// lines unless `forced` or one JSON array.
    fn read(&mut self, format: LogFormat, forced: bool) -> LogFormat {
        let fallback = !forced && !self.text.trim_start().starts_with('[');
        if self.text.len() > MAX_LOG_BYTES {
            self.diagnostics.push(
                Diagnostic::error(
                    "log-too-large",
                    format!(
                        "the log is {} bytes; at most {MAX_LOG_BYTES} are read",
                        self.text.len()
                    ),
                )
                .with_span(Some(
                    self.index
                        .span(ByteRange::new(MAX_LOG_BYTES, MAX_LOG_BYTES)),
                )),
            );
            return match format {
                LogFormat::Transcript if !forced => LogFormat::Jsonl,
                other => other,
            };
        }
        let mut read = format;
        match format {
            LogFormat::Har => har::read(self),
            LogFormat::Vscode => vscode::read(self),
            LogFormat::Transcript => match read_transcript(self.text) {
                Ok(transcript) => transcript_entries(self, &transcript),
                Err(_) if fallback => {
                    lines::read(self);
                    read = LogFormat::Jsonl;
                }
                Err(error) => self.diagnostics.push(error.diagnostic()),
            },
            LogFormat::Jsonl => lines::read(self),
            LogFormat::McpDebugger => mcp_debugger::read(self),
            LogFormat::McpRecorder => cassette::read(self),
        }
        if self.entries.is_empty() && self.placed.is_empty() {
            if let Some(guess) = unreadable::guess(self.text) {
                self.diagnostics.push(guess);
            }
        }
        read
    }

    /// The findings completed: how many skipped lines were not listed, `log-empty`.
    fn done(mut self) -> Self {
        self.progress.done();
        if self.skipped > MAX_SKIPPED_REPORTED {
            self.diagnostics.push(Diagnostic::info(
                "log-line-skipped",
                format!(
                    "{} more lines that are no message were skipped",
                    self.skipped - MAX_SKIPPED_REPORTED
                ),
            ));
        }
        let none = self.entries.is_empty() && self.placed.is_empty();
        if none && !self.diagnostics.iter().any(Diagnostic::is_error) {
            self.diagnostics.push(Diagnostic::warning(
                "log-empty",
                "no JSON-RPC message found in the log",
            ));
        }
        self
    }

    /// A message extracted as `message` with its source map: parsed and pushed when replaying,
    /// else checked (without building its tree) and kept; a `log-not-json` warning at the place
    /// it fails.
    fn message(
        &mut self,
        message: String,
        map: SourceMap,
        direction: Option<Direction>,
        time_ms: Option<i64>,
        http: Option<Http>,
    ) {
        let read = if self.pushes.is_some() {
            parse(&message, ReadOptions::default()).map(Some)
        } else {
            let options = ReadOptions::default();
            let options = ReadOptions {
                max_depth: options.max_depth.min(MAX_TREE_DEPTH),
                ..options
            };
            Reader::new(&message, options).check_all().map(|_| None)
        };
        match read {
            Ok(Some(doc)) => self.parsed(&doc, map, direction, time_ms, http),
            Ok(None) => {
                let span = self.span_of(&map, message.len());
                self.entries.push(LogEntry {
                    direction,
                    time_ms,
                    message,
                    http,
                    span,
                    map,
                });
            }
            Err(error) => {
                let at = map.offset(error.byte_offset);
                self.diagnostics.push(
                    Diagnostic::warning(
                        "log-not-json",
                        format!("this message is not JSON ({}); skipped", error.message),
                    )
                    .with_span(Some(self.index.span(ByteRange::new(at, at)))),
                );
            }
        }
    }

    /// A message already parsed (`doc`, over the message's text) with its source map: pushed
    /// into the session when replaying, else kept.
    fn parsed(
        &mut self,
        doc: &Document<'_>,
        map: SourceMap,
        direction: Option<Direction>,
        time_ms: Option<i64>,
        http: Option<Http>,
    ) {
        if self.pushes.is_none() {
            // Reading (a cassette's messages come parsed): kept as `message` keeps it.
            return self.message(doc.text.to_owned(), map, direction, time_ms, http);
        }
        let span = self.span_of(&map, doc.text.len());
        if let Some(pushes) = &mut self.pushes {
            // Its reader warnings (a duplicate key) at their places in the text.
            let place = Placed {
                number: self.placed.len(),
                span,
                map,
            };
            for warning in &doc.warnings {
                self.diagnostics
                    .push(place.diagnostic(warning.clone(), None, self.index));
            }
            pushes.push(doc, &Entry::Message(direction), time_ms);
            self.placed.push(place);
        }
    }

    /// The span in the text of a message of `len` bytes through its `map`; the progress told.
    fn span_of(&mut self, map: &SourceMap, len: usize) -> Span {
        let start = map.offset(0);
        let end = map.offset(len).max(start);
        self.progress.at(start);
        self.index.span(ByteRange::new(start, end))
    }

    /// A whole-text format (a HAR, an export) that does not parse: `code` at the error's place.
    fn unparsable(&mut self, code: &str, what: &str, error: &JsonError) {
        let at = error.byte_offset;
        self.diagnostics.push(
            Diagnostic::error(
                code,
                format!(
                    "{what} does not parse at line {}, column {} ({}): is it cut short?",
                    error.line, error.column, error.message
                ),
            )
            .with_span(Some(self.index.span(ByteRange::new(at, at)))),
        );
    }

    /// A line (bytes `start..end`) that is no message: `log-line-skipped`.
    fn skip(&mut self, start: usize, end: usize, why: &str) {
        self.skipped += 1;
        if self.skipped <= MAX_SKIPPED_REPORTED {
            self.diagnostics.push(
                Diagnostic::info("log-line-skipped", format!("{why}; skipped"))
                    .with_span(Some(self.index.span(ByteRange::new(start, end)))),
            );
        }
    }
}

/// The entries of a transcript read as a log ([`read_log`]; [`replay_log`] replays a
/// transcript as it is): its messages, verbatim.
fn transcript_entries(found: &mut Found<'_>, transcript: &Transcript<'_>) {
    for entry in &transcript.entries {
        let Some(node) = transcript.doc.pointer(&entry.pointer) else {
            continue;
        };
        let range = node.range;
        let message = found.text.get(range.start..range.end).unwrap_or_default();
        found.entries.push(LogEntry {
            direction: entry.direction,
            time_ms: entry.time,
            message: message.to_owned(),
            http: None,
            span: found.index.span(range),
            map: SourceMap::verbatim(range.start, range.end - range.start),
        });
    }
}

/// Where an entry sits in the generated transcript of a HAR.
struct InTranscript {
    /// Its envelope's first byte.
    envelope: usize,
    /// Its message's first byte.
    message: usize,
}

/// The transcript of `entries`: a JSON array of envelopes, each message's text as it is.
fn transcript_of(entries: &[LogEntry]) -> (String, Vec<InTranscript>) {
    let mut out = String::from("[\n");
    let mut placed = Vec::with_capacity(entries.len());
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(",\n");
        }
        let envelope = out.len();
        out.push('{');
        if let Some(ms) = entry.time_ms {
            out.push_str("\"timestamp\": ");
            write_json_string(&mut out, &format_rfc3339(ms), false);
            out.push_str(", ");
        }
        if let Some(direction) = entry.direction {
            out.push_str("\"direction\": ");
            out.push_str(match direction {
                Direction::Client => "\"client\", ",
                Direction::Server => "\"server\", ",
            });
        }
        if let Some(http) = &entry.http {
            out.push_str("\"http\": ");
            out.push_str(&serde_json::to_string(http).unwrap_or_else(|_| "null".into()));
            out.push_str(", ");
        }
        out.push_str("\"message\": ");
        let message = out.len();
        out.push_str(&entry.message);
        out.push('}');
        placed.push(InTranscript { envelope, message });
    }
    out.push_str("\n]\n");
    (out, placed)
}

/// Moves spans from the generated transcript back to the pasted text.
struct Back<'b> {
    /// Where each entry sits in the transcript.
    placed: &'b [InTranscript],
    /// The entries.
    entries: &'b [LogEntry],
    /// The pasted text's line index.
    index: &'b LineIndex<'b>,
}

impl Back<'_> {
    /// The entry a transcript byte offset falls in.
    fn entry_at(&self, at: usize) -> Option<usize> {
        self.placed
            .partition_point(|p| p.envelope <= at)
            .checked_sub(1)
    }

    /// `span` (in the transcript) in the pasted text: through the message's map when it lies in
    /// one message, the whole message when it lies in its envelope, `None` outside any entry.
    fn span(&self, span: Span) -> Option<Span> {
        let (start, end) = (span.bytes.start, span.bytes.end.max(span.bytes.start));
        let i = self.entry_at(start)?;
        let (place, entry) = (self.placed.get(i)?, self.entries.get(i)?);
        let inside = |at: usize| at >= place.message && at <= place.message + entry.message.len();
        if inside(start) && inside(end) {
            let from = entry.map.offset(start - place.message);
            let to = entry.map.offset(end - place.message).max(from);
            Some(self.index.span(ByteRange::new(from, to)))
        } else {
            Some(entry.span)
        }
    }

    /// `diagnostic` (and its children) with its spans in the pasted text; a fix is kept only
    /// where the message is the pasted text as it is.
    fn diagnostic(&self, mut diagnostic: Diagnostic) -> Diagnostic {
        let entry = diagnostic
            .span
            .and_then(|s| self.entry_at(s.bytes.start))
            .and_then(|i| self.entries.get(i));
        diagnostic.span = diagnostic.span.and_then(|s| self.span(s));
        diagnostic.schema_span = diagnostic.schema_span.and_then(|s| self.span(s));
        diagnostic.fix = diagnostic.fix.take().and_then(|mut fix| {
            entry.filter(|e| e.map.is_verbatim())?;
            fix.span = self.span(fix.span)?;
            Some(fix)
        });
        diagnostic.children = std::mem::take(&mut diagnostic.children)
            .into_iter()
            .map(|child| self.diagnostic(child))
            .collect();
        diagnostic
    }
}

/// Each line of `text` without its line break, with the byte offset it starts at.
fn lines_with_offsets(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.split_inclusive('\n').scan(0, |start, line| {
        let at = *start;
        *start += line.len();
        Some((at, line.trim_end_matches(['\n', '\r'])))
    })
}

/// Serializes headers as one object, in the order sent.
fn headers_object<S: Serializer>(headers: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(Some(headers.len()))?;
    for (name, value) in headers {
        map.serialize_entry(name, value)?;
    }
    map.end()
}

#[cfg(test)]
mod tests;
