//! What a log reading gives: its format, its messages with their maps back to the pasted text,
//! its context lines, and the report of its replay.

use super::map::SourceMap;
use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use super::formats::{LogFormat, LOG_FORMATS};

use crate::diagnostic::{ByteRange, Diagnostic, Span};
use crate::host::session::{
    Counts, Direction, ProtocolCheck, SequenceEntry, SessionOptions, ToolTable,
};
use crate::host::task_state::TaskState;
use crate::json::{Member, Node, NodeKind};

/// The largest pasted text read (64 MiB): past it, one `log-too-large` error.
pub const MAX_LOG_BYTES: usize = 64 << 20;

/// At most this many `log-line-skipped` findings; one more says how many were not listed.
pub const MAX_SKIPPED_REPORTED: usize = 100;

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
                    let names: Vec<String> = LOG_FORMATS
                        .iter()
                        .map(|f| format!("`{}`", f.name()))
                        .collect();
                    format!(
                        "unknown format `{name}`, expected one of {}",
                        names.join(", ")
                    )
                })?);
            }
            Some(other) => return Err(format!("`format` is a string, found {other}")),
        }
        options.session = SessionOptions::from_json(Value::Object(members))
            .map_err(|e| format!("{e} (or `format`)"))?;
        Ok(options)
    }
}

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

impl Http {
    /// The request as a transcript entry's `http` member's tree (what parsing its JSON text would
    /// give), every node at `range` (where the request sits in the pasted text): what the header
    /// checks read, without writing a text to parse it back.
    pub(super) fn envelope(&self, range: ByteRange) -> Node {
        let string = |value: &str| Node {
            range,
            kind: NodeKind::String(value.to_owned()),
        };
        let member = |key: &str, value: Node| Member {
            key: key.to_owned(),
            key_range: range,
            value,
        };
        let headers = self
            .headers
            .iter()
            .map(|(name, value)| member(name, string(value)))
            .collect();
        let headers = Node {
            range,
            kind: NodeKind::Object(headers),
        };
        Node {
            range,
            kind: NodeKind::Object(vec![
                member("method", string(&self.method)),
                member("headers", headers),
            ]),
        }
    }
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
    /// The protocol version the messages were checked against, or why none was.
    pub protocol: ProtocolCheck,
    /// The host's session state, by `taskId`; `messageIndex` counts the messages.
    pub tasks: BTreeMap<String, TaskState>,
    /// Every tool listed, with its verdicts.
    pub tools: ToolTable,
    /// The readers' findings, then the session's.
    pub diagnostics: Vec<Diagnostic>,
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
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    /// Every node's range set to `range`, to compare trees whatever their text.
    fn at(mut node: Node, range: ByteRange) -> Node {
        node.range = range;
        node.kind = match node.kind {
            NodeKind::Object(members) => NodeKind::Object(
                members
                    .into_iter()
                    .map(|m| Member {
                        key: m.key,
                        key_range: range,
                        value: at(m.value, range),
                    })
                    .collect(),
            ),
            other => other,
        };
        node
    }

    #[test]
    fn a_request_envelope_is_the_tree_its_json_text_parses_to() {
        let http = Http {
            method: "POST".to_owned(),
            headers: vec![
                ("Mcp-Method".to_owned(), "tools/call".to_owned()),
                (
                    "X-Odd \"name\"".to_owned(),
                    "a\u{0}b\\c, é\u{1F600}".to_owned(),
                ),
                ("mcp-method".to_owned(), String::new()),
            ],
        };
        let text = serde_json::to_string(&http).unwrap();
        let parsed = parse(&text, ReadOptions::default()).unwrap();
        let range = ByteRange::new(3, 9);
        assert_eq!(http.envelope(range), at(parsed.root, range));
        assert!(parsed.warnings.is_empty());
    }
}
