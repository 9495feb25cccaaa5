//! Reads a session transcript (its forms are described in [`crate::host::session`]) into one
//! [`Document`] whose root is the array of entries, so every span points into the original text
//! whichever form it had. Two more envelopes are read here: `{"timestamp"?: ..., "direction":
//! "server", "stdout": "<line>"}`, a line a stdio server wrote to its stdout that is not JSON (how
//! check-server and the proxy record one), and `{..., "direction": "client", "stdin": "<line>"}`,
//! such a line the client wrote to the server's stdin (the proxy records it): no message to push,
//! but a `stdout-not-json` / `stdin-not-json` error at the line ([`not_json_line`]).

use serde::Serialize;

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex};
use crate::host::time::parse_rfc3339;
use crate::json::{parse, Document, JsonError, Node, NodeKind, ReadOptions};

/// One entry of a transcript.
#[derive(Clone, Debug)]
pub struct Entry {
    /// Pointer to the message (or to what was handed to the model) in the transcript document.
    pub pointer: String,
    /// The envelope member holding it (`message` or `toModel`), `None` for a bare message.
    pub member: Option<&'static str>,
    /// When the host saw it, in milliseconds since the epoch.
    pub time: Option<i64>,
    /// Whether this is what the host handed the model rather than a wire message.
    pub to_model: bool,
    /// The task a `toModel` entry names with `taskId`.
    pub task_id: Option<String>,
    /// Who sent the message, when the envelope says (`"direction": "client"` or `"server"`).
    pub direction: Option<Direction>,
    /// Whether this entry is a line written to a stdio stream that is not JSON (a `stdout` or
    /// `stdin` envelope): reported by [`raw_line`], not a message to push.
    pub stdout: bool,
}

/// One end of an MCP session (serialized `"client"` or `"server"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// The host's MCP client.
    Client,
    /// The MCP server.
    Server,
}

impl Direction {
    /// The other end.
    pub fn other(self) -> Self {
        match self {
            Self::Client => Self::Server,
            Self::Server => Self::Client,
        }
    }
}

/// A parsed transcript.
#[derive(Clone, Debug)]
pub struct Transcript<'a> {
    /// All entries as one array document over the original text.
    pub doc: Document<'a>,
    /// The entries in order.
    pub entries: Vec<Entry>,
    /// Envelope problems (an unreadable `timestamp`).
    pub diagnostics: Vec<Diagnostic>,
}

/// Reads `text` as a JSON array of entries, a single entry, or JSON Lines.
pub fn read_transcript(text: &str) -> Result<Transcript<'_>, JsonError> {
    let doc = match parse(text, ReadOptions::default()) {
        Ok(doc) if doc.root.elements().is_some() => doc,
        Ok(doc) => one_entry(doc),
        Err(error) if text.trim_start().starts_with('[') => return Err(error),
        Err(_) => read_lines(text)?,
    };
    Ok(entries_of(doc))
}

/// Reads one line of a JSON Lines transcript as a transcript of one entry (`/0`), whatever JSON
/// value it holds (as [`read_transcript`] reads each line of JSON Lines).
pub fn read_line(line: &str) -> Result<Transcript<'_>, JsonError> {
    parse(line, ReadOptions::default()).map(|doc| entries_of(one_entry(doc)))
}

/// `doc` as the array of its one entry (its reader warnings under `/0`).
fn one_entry(mut doc: Document<'_>) -> Document<'_> {
    let range = doc.root.range;
    let root = std::mem::replace(
        &mut doc.root,
        Node {
            range,
            kind: NodeKind::Null,
        },
    );
    doc.warnings = doc
        .warnings
        .into_iter()
        .map(|w| prefix_pointer(w, 0))
        .collect();
    Document {
        root: Node {
            range,
            kind: NodeKind::Array(vec![root]),
        },
        ..doc
    }
}

/// The transcript whose entries are the elements of `doc`'s root array.
fn entries_of(doc: Document<'_>) -> Transcript<'_> {
    let mut diagnostics = Vec::new();
    let entries = doc
        .root
        .elements()
        .unwrap_or_default()
        .iter()
        .enumerate()
        .map(|(i, node)| read_entry(&doc, i, node, &mut diagnostics))
        .collect();
    Transcript {
        doc,
        entries,
        diagnostics,
    }
}

/// Reads JSON Lines: each non-blank line is parsed alone and its ranges moved to the whole text.
fn read_lines(text: &str) -> Result<Document<'_>, JsonError> {
    let index = LineIndex::new(text);
    let mut roots = Vec::new();
    let mut warnings = Vec::new();
    let mut base = 0;
    for line in text.split_inclusive('\n') {
        let start = base;
        base += line.len();
        if line.trim().is_empty() {
            continue;
        }
        let doc = parse(line, ReadOptions::default())
            .map_err(|e| JsonError::with_index(&index, start + e.byte_offset, e.code, e.message))?;
        for warning in doc.warnings {
            let span = warning
                .span
                .map(|s| index.span(ByteRange::new(s.bytes.start + start, s.bytes.end + start)));
            warnings.push(prefix_pointer(warning.with_span(span), roots.len()));
        }
        let mut root = doc.root;
        move_ranges(&mut root, |at| at + start);
        roots.push(root);
    }
    let root = Node {
        range: ByteRange::new(0, text.len()),
        kind: NodeKind::Array(roots),
    };
    Ok(Document {
        text,
        root,
        warnings,
        index,
    })
}

/// Puts a message's index in front of a diagnostic's pointer.
fn prefix_pointer(mut diagnostic: Diagnostic, index: usize) -> Diagnostic {
    diagnostic.instance_path = format!("/{index}{}", diagnostic.instance_path);
    diagnostic
}

/// Moves every range of a tree by `to` (each offset `at` becomes `to(at)`), without recursion.
pub(crate) fn move_ranges(node: &mut Node, to: impl Fn(usize) -> usize) {
    let range = |r: ByteRange| ByteRange::new(to(r.start), to(r.end));
    let mut stack = vec![node];
    while let Some(node) = stack.pop() {
        node.range = range(node.range);
        match &mut node.kind {
            NodeKind::Array(items) => stack.extend(items.iter_mut()),
            NodeKind::Object(members) => {
                for member in members.iter_mut() {
                    member.key_range = range(member.key_range);
                    stack.push(&mut member.value);
                }
            }
            _ => {}
        }
    }
}

/// The message of entry `entry` (at element `i`) taken out of `doc` as a document of its own
/// over its text (ranges moved there; no reader warnings: the transcript's cover it), leaving
/// `null` with the same range in its place; `None` when the entry has no such node.
pub(crate) fn take_message<'a>(
    doc: &mut Document<'a>,
    i: usize,
    entry: &Entry,
) -> Option<Document<'a>> {
    let element = match &mut doc.root.kind {
        NodeKind::Array(items) => items.get_mut(i)?,
        _ => return None,
    };
    let slot = match (entry.member, &mut element.kind) {
        (None, _) => element,
        (Some(key), NodeKind::Object(members)) => {
            &mut members.iter_mut().rev().find(|m| m.key == key)?.value
        }
        _ => return None,
    };
    take_node(doc.text, slot)
}

/// The node in `slot` (ranges into `text`) taken out as a document of its own over its text
/// (ranges moved there; no reader warnings), leaving `null` with the same range in its place.
pub(crate) fn take_node<'a>(text: &'a str, slot: &mut Node) -> Option<Document<'a>> {
    let range = slot.range;
    let text = text.get(range.start..range.end)?;
    let null = Node {
        range,
        kind: NodeKind::Null,
    };
    let mut root = std::mem::replace(slot, null);
    move_ranges(&mut root, |at| at - range.start);
    Some(Document {
        text,
        root,
        warnings: Vec::new(),
        index: LineIndex::new(text),
    })
}

/// Reads entry `i`: unwraps an envelope and its timestamp.
fn read_entry(
    doc: &Document<'_>,
    i: usize,
    node: &Node,
    diagnostics: &mut Vec<Diagnostic>,
) -> Entry {
    let envelope = ["message", "toModel"]
        .into_iter()
        .find(|k| node.value_of(k).is_some_and(|m| m.members().is_some()));
    let Some(key) = envelope else {
        let stdout = match raw_line(doc, i, node) {
            Some(found) => {
                diagnostics.push(found);
                true
            }
            None => false,
        };
        return Entry {
            pointer: format!("/{i}"),
            member: None,
            time: None,
            to_model: false,
            task_id: None,
            direction: None,
            stdout,
        };
    };
    let time = node.value_of("timestamp").and_then(|stamp| {
        let parsed = stamp.as_str().and_then(parse_rfc3339);
        if parsed.is_none() {
            diagnostics.push(
                Diagnostic::warning(
                    "invalid-timestamp",
                    "`timestamp` is not an RFC 3339 date-time; ignored",
                )
                .at_pointer(format!("/{i}/timestamp"))
                .with_span(Some(doc.span(stamp.range))),
            );
        }
        parsed
    });
    Entry {
        pointer: format!("/{i}/{key}"),
        member: Some(key),
        time,
        to_model: key == "toModel",
        task_id: node
            .value_of("taskId")
            .and_then(Node::as_str)
            .map(str::to_owned),
        direction: match node.value_of("direction").and_then(Node::as_str) {
            Some("client") => Some(Direction::Client),
            Some("server") => Some(Direction::Server),
            _ => None,
        },
        stdout: false,
    }
}

/// The longest part of a line a `stdout-not-json` / `stdin-not-json` message quotes (in
/// characters).
const LINE_QUOTE: usize = 120;

/// The stream member of a line that is not JSON, by who wrote it: the server's `stdout`, the
/// client's `stdin` (the server's standard input).
fn stream_of(direction: Direction) -> &'static str {
    match direction {
        Direction::Server => "stdout",
        Direction::Client => "stdin",
    }
}

/// The error for a line that `direction` wrote to a stdio stream and that is not a JSON-RPC
/// message (`stdout-not-json` from the server, `stdin-not-json` from the client), without a
/// place: the transcript's `stdout`/`stdin` entries and [`crate::host::Session::push_line`] place it.
///
/// Source: the stdio transport, <https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio>
/// (checked 2026-12-03): "The server **MUST NOT** write anything to its `stdout` that is not a
/// valid MCP message." and "The client **MUST NOT** write anything to the server's `stdin` that
/// is not a valid MCP message." (the same sentences at 2025-03-26, 2025-06-18 and in the draft's
/// stdio page).
pub fn not_json_line(direction: Direction, text: &str) -> Diagnostic {
    let quoted: String = text.chars().take(LINE_QUOTE).collect();
    let cut = if quoted.len() < text.len() { "…" } else { "" };
    let message = match direction {
        Direction::Server => format!(
            "the server wrote a line to stdout that is not a JSON-RPC message: {quoted:?}{cut}; \
             over stdio the server MUST NOT write anything to its stdout that is not a valid MCP \
             message (MCP 2025-11-25, Transports, stdio): log to stderr"
        ),
        Direction::Client => format!(
            "the client wrote a line to the server's stdin that is not a JSON-RPC message: \
             {quoted:?}{cut}; over stdio the client MUST NOT write anything to the server's stdin \
             that is not a valid MCP message (MCP 2025-11-25, Transports, stdio)"
        ),
    };
    Diagnostic::error(format!("{}-not-json", stream_of(direction)), message)
}

/// The error of entry `i` when it is `{ "direction": "server", "stdout": "<line>" }` or
/// `{ "direction": "client", "stdin": "<line>" }` (a line that is not JSON, as check-server and
/// the proxy record one), at the span of the line.
fn raw_line(doc: &Document<'_>, i: usize, node: &Node) -> Option<Diagnostic> {
    let direction = match node.value_of("direction").and_then(Node::as_str)? {
        "server" => Direction::Server,
        "client" => Direction::Client,
        _ => return None,
    };
    let member = stream_of(direction);
    let line = node.value_of(member)?;
    let text = line.as_str()?;
    Some(
        not_json_line(direction, text)
            .at_pointer(format!("/{i}/{member}"))
            .with_span(Some(doc.span(line.range))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_lines_keep_positions_in_the_whole_text() {
        let text = "{\"a\": 1}\n\n  {\"timestamp\": \"2026-01-01T00:00:00Z\", \"message\": {\"b\": [2]}}\n";
        let transcript = read_transcript(text).unwrap();
        assert_eq!(transcript.entries.len(), 2);
        assert_eq!(transcript.entries[1].pointer, "/1/message");
        assert_eq!(transcript.entries[1].time, Some(1_767_225_600_000));
        let node = transcript.doc.pointer("/1/message/b/0").unwrap();
        assert_eq!(transcript.doc.lexeme(node), "2");
        assert_eq!(transcript.doc.span(node.range).line, 3);
    }

    #[test]
    fn a_bad_line_is_an_error_at_its_place() {
        let err = read_transcript("{\"a\": 1}\n{\"b\": }\n").unwrap_err();
        assert_eq!((err.line, err.column), (2, 7));
    }

    #[test]
    fn a_stdout_line_is_reported_at_its_place_and_is_no_message() {
        let text = "{\"direction\":\"server\",\"message\":{\"id\":1}}\n{\"timestamp\":\"2026-01-01T00:00:00Z\",\"direction\":\"server\",\"stdout\":\"Server started\"}\n";
        let transcript = read_transcript(text).unwrap();
        assert!(!transcript.entries[0].stdout);
        assert!(transcript.entries[1].stdout);
        let [found] = transcript.diagnostics.as_slice() else {
            panic!("{:?}", transcript.diagnostics);
        };
        assert_eq!(found.code, "stdout-not-json");
        assert!(
            found.message.contains("\"Server started\""),
            "{}",
            found.message
        );
        assert_eq!(found.instance_path, "/1/stdout");
        let span = found.span.unwrap();
        assert_eq!(
            text.get(span.bytes.start..span.bytes.end),
            Some("\"Server started\"")
        );
        assert_eq!(span.line, 2);
        // A `stdout` member on a client entry, or a message entry, is not a stdout line.
        let other = read_transcript("{\"direction\":\"client\",\"stdout\":\"x\"}\n").unwrap();
        assert!(other.diagnostics.is_empty() && !other.entries[0].stdout);
        // The client's line on the server's stdin is its own entry.
        let stdin = read_transcript("{\"direction\":\"client\",\"stdin\":\"hello\"}\n").unwrap();
        assert!(stdin.entries[0].stdout);
        assert_eq!(stdin.diagnostics[0].code, "stdin-not-json");
        assert_eq!(stdin.diagnostics[0].instance_path, "/0/stdin");
    }

    #[test]
    fn a_single_message_is_one_entry() {
        let transcript = read_transcript("{\n \"id\": 1,\n \"a\": 1, \"a\": 2\n}").unwrap();
        assert_eq!(transcript.entries.len(), 1);
        assert_eq!(transcript.doc.warnings[0].instance_path, "/0/a");
    }
}
