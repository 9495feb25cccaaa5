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

mod har;
mod lines;
mod map;
mod mcp_debugger;
pub mod redact;
mod vscode;

use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};
use crate::host::session::{replay_session, Direction};
use crate::host::task_state::TaskState;
use crate::host::time::format_rfc3339;
use crate::host::transcript::read_transcript;
use crate::json::string::write_json_string;
use crate::json::{parse, JsonError, ReadOptions};

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
}

impl LogFormat {
    /// The format named `name` (`transcript`, `vscode`, `har`, `jsonl`, `mcp-debugger`).
    pub fn from_name(name: &str) -> Option<Self> {
        match name {
            "transcript" => Some(Self::Transcript),
            "vscode" => Some(Self::Vscode),
            "har" => Some(Self::Har),
            "jsonl" => Some(Self::Jsonl),
            "mcp-debugger" => Some(Self::McpDebugger),
            _ => None,
        }
    }
}

/// The options of [`read_log`] and [`replay_log`] as JavaScript passes them: `{format?}`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LogOptions {
    /// Read the text as this format instead of detecting it.
    pub format: Option<LogFormat>,
}

impl LogOptions {
    /// Reads `{"format"?: "<name>" | null}`; another key, or a name that is no format, is an
    /// error saying so (read by hand: a serde derive would weigh more in the wasm build).
    pub fn from_json(value: serde_json::Value) -> Result<Self, String> {
        use serde_json::Value;
        let Value::Object(members) = value else {
            return Err(format!("expected an object, found {value}"));
        };
        let mut options = Self::default();
        for (key, value) in members {
            match (key.as_str(), value) {
                ("format", Value::Null) => {}
                ("format", Value::String(name)) => {
                    options.format = Some(LogFormat::from_name(&name).ok_or_else(|| {
                        format!("unknown format `{name}`, expected one of {FORMAT_NAMES}")
                    })?);
                }
                ("format", other) => return Err(format!("`format` is a string, found {other}")),
                (other, _) => return Err(format!("unknown field `{other}`, expected `format`")),
            }
        }
        Ok(options)
    }
}

/// The format names, for messages.
const FORMAT_NAMES: &str = "`transcript`, `vscode`, `har`, `jsonl`, `mcp-debugger`";

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
    #[serde(serialize_with = "direction_name")]
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

/// What [`read_log`] returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Log {
    /// The format read.
    pub format: LogFormat,
    /// The messages, in order.
    pub entries: Vec<LogEntry>,
    /// The readers' findings, spans into the pasted text.
    pub diagnostics: Vec<Diagnostic>,
}

/// What [`replay_log`] returns: [`crate::host::SessionReport`] with the format and the entries,
/// every span into the pasted text.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LogReport {
    /// The format read.
    pub format: LogFormat,
    /// The messages (empty for `transcript`, whose entries are the text's own).
    pub entries: Vec<LogEntry>,
    /// The host's session state, by `taskId`; `messageIndex` counts the entries.
    pub tasks: BTreeMap<String, TaskState>,
    /// The readers' findings, then the session's.
    pub diagnostics: Vec<Diagnostic>,
}

/// The format of `text`: a HAR (an object whose first member is `log`), VS Code's output (a
/// `[Client Says]` / `[Server Says]` line), a transcript (it reads as one), else JSON Lines.
pub fn detect_format(text: &str) -> LogFormat {
    if har::looks_like(text) {
        LogFormat::Har
    } else if mcp_debugger::looks_like(text) {
        LogFormat::McpDebugger
    } else if vscode::looks_like(text) {
        LogFormat::Vscode
    } else if text.len() <= MAX_LOG_BYTES && read_transcript(text).is_ok() {
        LogFormat::Transcript
    } else {
        LogFormat::Jsonl
    }
}

/// Reads the messages of `text` in `format` (detected when `None`).
pub fn read_log(text: &str, format: Option<LogFormat>) -> Log {
    let format = format.unwrap_or_else(|| detect_format(text));
    let index = LineIndex::new(text);
    let mut log = Log {
        format,
        entries: Vec::new(),
        diagnostics: Vec::new(),
    };
    if text.len() > MAX_LOG_BYTES {
        log.diagnostics.push(
            Diagnostic::error(
                "log-too-large",
                format!(
                    "the log is {} bytes; at most {MAX_LOG_BYTES} are read",
                    text.len()
                ),
            )
            .with_span(Some(
                index.span(ByteRange::new(MAX_LOG_BYTES, MAX_LOG_BYTES)),
            )),
        );
        return log;
    }
    let mut found = Found {
        text,
        index: &index,
        entries: Vec::new(),
        diagnostics: Vec::new(),
        skipped: 0,
    };
    match format {
        LogFormat::Har => har::read(&mut found),
        LogFormat::Vscode => vscode::read(&mut found),
        LogFormat::Transcript => transcript_entries(&mut found),
        LogFormat::Jsonl => lines::read(&mut found),
        LogFormat::McpDebugger => mcp_debugger::read(&mut found),
    }
    if found.skipped > MAX_SKIPPED_REPORTED {
        found.diagnostics.push(Diagnostic::info(
            "log-line-skipped",
            format!(
                "{} more lines that are no message were skipped",
                found.skipped - MAX_SKIPPED_REPORTED
            ),
        ));
    }
    if found.entries.is_empty() && !found.diagnostics.iter().any(Diagnostic::is_error) {
        found.diagnostics.push(Diagnostic::warning(
            "log-empty",
            "no JSON-RPC message found in the log",
        ));
    }
    log.entries = found.entries;
    log.diagnostics = found.diagnostics;
    log
}

/// Replays the messages of `text` in `format` (detected when `None`) as a session; every span
/// points into `text`.
pub fn replay_log(text: &str, format: Option<LogFormat>) -> LogReport {
    let mut log = read_log(text, format);
    if log.format == LogFormat::Transcript && !log.diagnostics.iter().any(Diagnostic::is_error) {
        let report = replay_session(text);
        return LogReport {
            format: log.format,
            entries: Vec::new(),
            tasks: report.tasks,
            diagnostics: report.diagnostics,
        };
    }
    let (transcript, placed) = transcript_of(&log.entries);
    let report = replay_session(&transcript);
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
    LogReport {
        format: log.format,
        entries: log.entries,
        tasks,
        diagnostics,
    }
}

/// What a reader collects.
struct Found<'t> {
    /// The pasted text.
    text: &'t str,
    /// Its line index.
    index: &'t LineIndex<'t>,
    /// The messages so far.
    entries: Vec<LogEntry>,
    /// The readers' findings.
    diagnostics: Vec<Diagnostic>,
    /// Lines skipped so far (the first [`MAX_SKIPPED_REPORTED`] are reported).
    skipped: usize,
}

impl Found<'_> {
    /// A message extracted as `message` with its source map: kept if it parses as JSON, else a
    /// `log-not-json` warning at the place it fails.
    fn message(
        &mut self,
        message: String,
        map: SourceMap,
        direction: Option<Direction>,
        time_ms: Option<i64>,
        http: Option<Http>,
    ) {
        let start = map.offset(0);
        let end = map.offset(message.len()).max(start);
        if let Err(error) = parse(&message, ReadOptions::default()) {
            let at = map.offset(error.byte_offset);
            self.diagnostics.push(
                Diagnostic::warning(
                    "log-not-json",
                    format!("this message is not JSON ({}); skipped", error.message),
                )
                .with_span(Some(self.index.span(ByteRange::new(at, at)))),
            );
            return;
        }
        self.entries.push(LogEntry {
            direction,
            time_ms,
            message,
            http,
            span: self.index.span(ByteRange::new(start, end)),
            map,
        });
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

/// The entries of a transcript (its messages, verbatim); it is replayed as it is.
fn transcript_entries(found: &mut Found<'_>) {
    let transcript = match read_transcript(found.text) {
        Ok(transcript) => transcript,
        Err(error) => {
            found.diagnostics.push(error.to_diagnostic(found.index));
            return;
        }
    };
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

/// Where an entry sits in the generated transcript.
struct Placed {
    /// Its envelope's first byte.
    envelope: usize,
    /// Its message's first byte.
    message: usize,
}

/// The transcript of `entries`: a JSON array of envelopes, each message's text as it is.
fn transcript_of(entries: &[LogEntry]) -> (String, Vec<Placed>) {
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
        placed.push(Placed { envelope, message });
    }
    out.push_str("\n]\n");
    (out, placed)
}

/// Moves spans from the generated transcript back to the pasted text.
struct Back<'b> {
    /// Where each entry sits in the transcript.
    placed: &'b [Placed],
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

/// Serializes a direction as `"client"`, `"server"` or `null`.
fn direction_name<S: Serializer>(direction: &Option<Direction>, s: S) -> Result<S::Ok, S::Error> {
    match direction {
        Some(Direction::Client) => s.serialize_str("client"),
        Some(Direction::Server) => s.serialize_str("server"),
        None => s.serialize_none(),
    }
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
