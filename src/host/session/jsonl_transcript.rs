//! [`JsonLinesSession`]: a [`Session`] fed a JSON Lines transcript as it is written, one line at
//! a time (what `check-server` records while it drives a server), with the run's events
//! ([`RunEvent`]). Each finding is placed as [`super::replay_session`] places it in the whole
//! transcript (line, column, UTF-16 offsets, `/N/message…` pointers: the session counts the
//! lines it was given), and carries `place`, where it is for a reader without the transcript:
//! `tool "x" /inputSchema`, or `message 3 (the answer to initialize) /result/…`.
//!
//! Memory stays bounded: where the last [`MAX_PLACED`] messages sit is kept (a finding about an
//! older one, such as a `never-terminal` task's last report, keeps its pointer but loses its
//! span), and at most [`super::MAX_PENDING_REQUESTS`] unanswered requests' methods (an answer to
//! an older one is `a server message`).

use std::collections::{HashMap, VecDeque};

use serde::Serialize;

use crate::diagnostic::{utf16_len, ByteRange, Diagnostic, Span, Verbatim};
use crate::host::session::authorization::AuthorizationPath;
use crate::host::session::events::RunEvent;
use crate::host::session::{
    http, Direction, Finding, Session, SessionOptions, MAX_PENDING_REQUESTS,
};
use crate::host::transcript::{read_line, take_message};
use crate::json::{Document, Node};

/// Messages whose place in the transcript is kept.
pub const MAX_PLACED: usize = 100_000;

/// A finding of a [`JsonLinesSession`]: spans and pointers into the transcript, and `place`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct PlacedFinding {
    /// The finding, placed in the transcript.
    #[serde(flatten)]
    pub diagnostic: Diagnostic,
    /// Where it is in words: its tool and the pointer in it, or the message (1-based entry
    /// number, what it is) and the pointer in it; `the session` when no message is known.
    pub place: String,
}

/// Where a pushed message sits in the transcript.
#[derive(Debug)]
struct Placed {
    /// Its push number in the session.
    push: usize,
    /// Its entry (0-based non-blank line).
    entry: usize,
    /// Pointer to the message in the transcript (`/3/message`, or `/3` for a bare message).
    pointer: String,
    /// The transcript position of the message's first character.
    at: Span,
    /// The span of the whole entry.
    whole: Option<Span>,
    /// What the message is (`the client's initialize`, `the answer to tools/list`).
    what: String,
}

impl Placed {
    /// Where the message's text stands in the transcript's.
    fn verbatim(&self) -> Verbatim<'_> {
        Verbatim::new(self.at, &self.pointer)
    }
}

/// A session fed a JSON Lines transcript line by line (see the module doc).
#[derive(Debug, Default)]
pub struct JsonLinesSession {
    /// The session checker.
    session: Session,
    /// Lines read (blank ones too).
    lines: usize,
    /// Bytes read.
    bytes: usize,
    /// UTF-16 code units read.
    utf16: usize,
    /// Entries read (non-blank lines).
    entries: usize,
    /// The last [`MAX_PLACED`] messages' places, oldest first.
    placed: VecDeque<Placed>,
    /// The method of each request not answered yet, by who sent it and its id's JSON text.
    asked: HashMap<(Direction, String), String>,
}

impl JsonLinesSession {
    /// An empty session judging tools with `options`.
    pub fn with_options(options: SessionOptions) -> Self {
        Self {
            session: Session::with_options(options),
            ..Self::default()
        }
    }

    /// The session fed (its tools, [`Session::check_call`], [`Session::check_answer`]: what a
    /// host asks it between lines).
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The next lines of the transcript (`text` holds whole lines; a last line without its
    /// newline is complete too): the findings they cause, placed in the transcript.
    pub fn push_lines(&mut self, text: &str) -> Vec<PlacedFinding> {
        let mut out = Vec::new();
        for raw in text.split_inclusive('\n') {
            let line = raw.strip_suffix('\n').unwrap_or(raw);
            let start = self.start();
            if !line.trim().is_empty() {
                self.push_line(line, &start, &mut out);
                self.entries = self.entries.saturating_add(1);
            }
            // A last line without its newline is complete: the next text starts a new line.
            let implied = usize::from(!raw.ends_with('\n'));
            self.lines = self.lines.saturating_add(1);
            self.bytes = self.bytes.saturating_add(raw.len() + implied);
            self.utf16 = self
                .utf16
                .saturating_add(utf16_len(raw.as_bytes()) + implied);
        }
        out
    }

    /// The transcript position of the next line's first character.
    fn start(&self) -> Span {
        let at = |offset| ByteRange::new(offset, offset);
        Span {
            start: self.utf16,
            end: self.utf16,
            line: self.lines + 1,
            column: 1,
            end_line: self.lines + 1,
            end_column: 1,
            bytes: at(self.bytes),
        }
    }

    /// One non-blank line starting at `start`.
    fn push_line(&mut self, line: &str, start: &Span, out: &mut Vec<PlacedFinding>) {
        let entry_pointer = format!("/{}", self.entries);
        let mut read = match read_line(line) {
            Ok(read) => read,
            Err(error) => {
                let found = error.diagnostic();
                let found = found.moved(&Verbatim::new(*start, &entry_pointer), None);
                out.push(self.placed_finding(found, None));
                return;
            }
        };
        // The line's own findings (reader warnings, envelope, stdout line), pointers `/0…`.
        let in_entry = Verbatim::new(*start, &entry_pointer).replacing("/0");
        let mut own = std::mem::take(&mut read.doc.warnings);
        own.append(&mut read.diagnostics);
        let Some(entry) = read.entries.first() else {
            return;
        };
        let node = read.doc.pointer(&entry.pointer).filter(|_| !entry.stdout);
        let Some(node) = node else {
            let what = format!("entry {} (a line on the server's stdout)", self.entries + 1);
            for found in own {
                let found = found.moved(&in_entry, None);
                out.push(PlacedFinding {
                    place: place_of(&found, &what, ""),
                    diagnostic: found,
                });
            }
            return;
        };
        let message_at = read
            .doc
            .span(ByteRange::new(node.range.start, node.range.start))
            .moved_to(start);
        let placed = Placed {
            push: self.session.pushed,
            entry: self.entries,
            pointer: format!(
                "{entry_pointer}{}",
                entry.pointer.strip_prefix("/0").unwrap_or_default()
            ),
            at: message_at,
            whole: read.doc.span_at("/0").map(|s| s.moved_to(start)),
            what: self.describe(&read.doc, node, entry.direction),
        };
        if self.placed.len() >= MAX_PLACED {
            self.placed.pop_front();
        }
        self.placed.push_back(placed);
        for found in own {
            let found = found.moved(&in_entry, None);
            out.push(self.placed_finding(found, Some(self.entries)));
        }
        // The headers of a request sent over HTTP, read while the message is in the line's tree
        // (pushing a request changes no tool's header arguments); said after its own findings.
        let session = &self.session;
        let headers = http::check_entry(&read.doc, "/0", &entry.pointer, &|tool| {
            session.header_params(tool)
        });
        // The message taken out of the line's tree: parsed once.
        let kind = super::replay::push_kind(entry);
        let time = entry.time;
        if let Some(doc) = take_message(&mut read.doc, 0, entry) {
            for finding in self.session.push_parsed(&doc, &kind, time) {
                out.push(self.finding(finding));
            }
        }
        for found in headers {
            let found = found.moved(&in_entry, None);
            out.push(self.placed_finding(found, Some(self.entries)));
        }
    }

    /// What the message at `node` is, and the request it records for its answer's sake.
    fn describe(
        &mut self,
        doc: &Document<'_>,
        node: &Node,
        direction: Option<Direction>,
    ) -> String {
        let id = node
            .value_of("id")
            .and_then(|id| doc.text.get(id.range.start..id.range.end));
        let side = |d: Option<Direction>| match d {
            Some(Direction::Client) => "the client's",
            Some(Direction::Server) => "the server's",
            None => "a",
        };
        if let Some(method) = node.value_of("method").and_then(Node::as_str) {
            if let (Some(id), Some(from)) = (id, direction) {
                if self.asked.len() < MAX_PENDING_REQUESTS {
                    self.asked.insert((from, id.to_owned()), method.to_owned());
                }
            }
            return format!("{} {method}", side(direction));
        }
        let answered = id.and_then(|id| {
            let sides = direction.map_or([Direction::Client, Direction::Server], |d| {
                [d.other(), d.other()]
            });
            sides
                .iter()
                .find_map(|from| self.asked.remove(&(*from, id.to_owned())))
        });
        match (answered, direction) {
            (Some(method), _) => format!("the answer to {method}"),
            (None, Some(Direction::Client)) => "a client message".to_owned(),
            (None, Some(Direction::Server)) => "a server message".to_owned(),
            (None, None) => "a message".to_owned(),
        }
    }

    /// The end-of-session findings (`never-terminal`), placed; the session can go on after it.
    pub fn finish(&self) -> Vec<PlacedFinding> {
        self.session
            .finish_findings()
            .into_iter()
            .map(|f| self.finding(f))
            .collect()
    }

    /// The finding for `event` about transcript entry `entry` (0-based; none: the session).
    pub fn event(&self, event: &RunEvent, entry: Option<usize>) -> PlacedFinding {
        let placed = entry.and_then(|e| self.placed.iter().rev().find(|p| p.entry == e));
        match placed {
            Some(placed) => self.finding(self.session.event(event, placed.push)),
            None => self.placed_finding(event.diagnostic(), None),
        }
    }

    /// The findings about the authorization path of the server (what a host that signed in
    /// fetched: [`AuthorizationPath`]), about the session as a whole (no message).
    pub fn authorization(&self, path: &AuthorizationPath) -> Vec<PlacedFinding> {
        path.findings()
            .into_iter()
            .map(|d| self.placed_finding(d, None))
            .collect()
    }

    /// Where push `push` sits, if it is still kept.
    fn place(&self, push: usize) -> Option<&Placed> {
        let first = self.placed.front()?.push;
        self.placed
            .get(push.checked_sub(first)?)
            .filter(|p| p.push == push)
    }

    /// A session finding placed in the transcript.
    fn finding(&self, finding: Finding) -> PlacedFinding {
        let Some(place) = self.place(finding.message_index) else {
            return self.placed_finding(finding.diagnostic.unplaced(), None);
        };
        let entry = format!("/{}", place.entry);
        let diagnostic = if finding.whole_entry {
            finding.diagnostic.at_pointer(entry).with_span(place.whole)
        } else {
            let schema = finding
                .schema_message_index
                .map_or(Some(place), |push| self.place(push));
            let schema = schema.map(Placed::verbatim);
            finding.diagnostic.moved(&place.verbatim(), schema.as_ref())
        };
        self.placed_finding(diagnostic, Some(place.entry))
    }

    /// `diagnostic` (placed) with its `place`, about transcript entry `entry`.
    fn placed_finding(&self, diagnostic: Diagnostic, entry: Option<usize>) -> PlacedFinding {
        let placed = entry.and_then(|e| self.placed.iter().rev().find(|p| p.entry == e));
        let place = match placed {
            Some(p) => place_of(
                &diagnostic,
                &format!("message {} ({})", p.entry + 1, p.what),
                &p.pointer,
            ),
            None => place_of(&diagnostic, "the session", ""),
        };
        PlacedFinding { diagnostic, place }
    }
}

/// `found`'s place in words: its tool and pointer, else `message` and the pointer within it
/// (its instance path past `prefix`).
fn place_of(found: &Diagnostic, message: &str, prefix: &str) -> String {
    if let Some(tool) = &found.tool {
        let pointer = if tool.pointer.is_empty() {
            String::new()
        } else {
            format!(" {}", tool.pointer)
        };
        return format!("tool {:?}{pointer}", tool.name);
    }
    let within = found
        .instance_path
        .strip_prefix(prefix)
        .filter(|_| !prefix.is_empty())
        .unwrap_or("");
    if within.is_empty() {
        message.to_owned()
    } else {
        format!("{message} {within}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::session::replay_session_with;

    /// A transcript's findings from the lines session, one line per push, with `finish`.
    fn streamed(text: &str, options: SessionOptions) -> Vec<Diagnostic> {
        let mut session = JsonLinesSession::with_options(options);
        let mut found: Vec<_> = text
            .split_inclusive('\n')
            .flat_map(|line| session.push_lines(line))
            .collect();
        found.extend(session.finish());
        found.into_iter().map(|f| f.diagnostic).collect()
    }

    /// Findings in a comparable order.
    fn sorted(mut list: Vec<Diagnostic>) -> Vec<String> {
        list.sort_by_key(|d| d.span.map(|s| (s.start, s.end)));
        list.iter()
            .map(|d| serde_json::to_string(d).unwrap())
            .collect()
    }

    const RECORDING: &str = concat!(
        r#"{"timestamp":"2026-01-01T00:00:00Z","direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}}"#,
        "\n",
        r#"{"timestamp":"2026-01-01T00:00:01Z","direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"tasks":{"requests":{"tools":{"call":{}}}}},"serverInfo":{"name":"s","version":"1"}}}}"#,
        "\n",
        r#"{"timestamp":"2026-01-01T00:00:02Z","direction":"server","stdout":"hello, ä"}"#,
        "\n",
        r#"{"timestamp":"2026-01-01T00:00:03Z","direction":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/list"}}"#,
        "\n",
        r#"{"timestamp":"2026-01-01T00:00:04Z","direction":"server","message":{"jsonrpc":"2.0","id":2,"result":{"tools":[{"name":"née","inputSchema":{"type":"string"}},{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}},"execution":{"taskSupport":"optional"}}]}}}"#,
        "\n",
        "\n",
        r#"{"timestamp":"2026-01-01T00:00:05Z","direction":"client","message":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t","arguments":{"n":"x"},"task":{}}}}"#,
        "\n",
        r#"{"timestamp":"bad","direction":"server","message":{"jsonrpc":"2.0","id":3,"result":{"task":{"taskId":"k","status":"working","createdAt":"2026-01-01T00:00:05Z","lastUpdatedAt":"2026-01-01T00:00:05Z","ttl":null}}}}"#,
        "\n",
        r#"{"timestamp":"2026-01-01T00:00:07Z","direction":"server","message":{"jsonrpc":"2.0","id":99,"result":{}}}"#,
        "\n",
    );

    /// A 2026-07-28 call POSTed with a header that differs from its body and one missing, with
    /// an argument of the wrong type: its own findings and its header findings.
    const SENT: &str = concat!(
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}},"http":{"method":"POST","headers":{"MCP-Protocol-Version":"2026-07-28","Mcp-Method":"tools/list"}}}"#,
        "\n",
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":2,"result":{"resultType":"complete","tools":[{"name":"t","inputSchema":{"type":"object","properties":{"n":{"type":"integer"}}}}]}},"http":{"status":200,"headers":{"Content-Type":"application/json"}}}"#,
        "\n",
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"t","arguments":{"n":"x"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}},"http":{"method":"POST","headers":{"MCP-Protocol-Version":"2025-11-25","Mcp-Method":"tools/call"}}}"#,
        "\n",
    );

    #[test]
    fn a_request_sent_over_http_gives_its_header_findings_as_the_replay_does() {
        let options = SessionOptions::default();
        let replayed = replay_session_with(SENT, options.clone()).diagnostics;
        let streamed = streamed(SENT, options);
        let codes: Vec<&str> = streamed.iter().map(|d| d.code.as_str()).collect();
        assert!(codes.contains(&"http-header-mismatch"), "{codes:?}");
        assert!(codes.contains(&"http-header-missing"), "{codes:?}");
        assert!(codes.len() > 2, "the call's own findings too: {codes:?}");
        assert_eq!(sorted(streamed), sorted(replayed));
    }

    #[test]
    fn lines_give_what_the_replay_of_the_whole_transcript_gives() {
        let options = SessionOptions::default();
        let replayed = replay_session_with(RECORDING, options.clone()).diagnostics;
        let streamed = streamed(RECORDING, options);
        assert!(replayed.len() > 5, "{replayed:?}");
        assert_eq!(sorted(streamed), sorted(replayed));
    }

    #[test]
    fn a_finding_says_its_tool_or_its_message() {
        let mut session = JsonLinesSession::default();
        let found = session.push_lines(RECORDING);
        let place = |code: &str| {
            found
                .iter()
                .find(|f| f.diagnostic.code == code)
                .map(|f| f.place.clone())
        };
        assert_eq!(
            place("stdout-not-json").unwrap(),
            "entry 3 (a line on the server's stdout)"
        );
        assert_eq!(
            place("unmatched-response").unwrap(),
            "message 8 (a server message) /id"
        );
        assert_eq!(
            place("invalid-timestamp").unwrap(),
            "message 7 (the answer to tools/call)"
        );
        let schema = place("official-schema").unwrap_or_default();
        assert!(
            schema.starts_with("message 5 (the answer to tools/list) /result/tools/0"),
            "{schema}"
        );
        assert!(place("schema-root-not-object")
            .unwrap()
            .starts_with("tool \"née\""));
    }

    #[test]
    fn an_event_is_placed_at_its_entry() {
        let mut session = JsonLinesSession::default();
        session.push_lines(RECORDING);
        let event = RunEvent::TaskTimeout {
            task_id: "k".into(),
            tool: "t".into(),
            timeout_ms: 10,
        };
        let found = session.event(&event, Some(5));
        let span = found.diagnostic.span.unwrap();
        // Entry 5 is line 7 (line 6 is blank).
        assert_eq!((span.line, span.column), (7, 1));
        assert_eq!(found.diagnostic.instance_path, "/5");
        assert_eq!(found.place, "message 6 (the client's tools/call)");
        let nowhere = session.event(&RunEvent::ElicitationCancelled, None);
        assert_eq!(
            (nowhere.diagnostic.span, nowhere.place.as_str()),
            (None, "the session")
        );
    }

    #[test]
    fn bad_lines_never_panic_and_lines_without_newlines_are_counted_alike() {
        let mut session = JsonLinesSession::default();
        for text in [
            "",
            "\n",
            "\r\n",
            "[1, 2]\n",
            "\"\\ud800\"",
            "{\"message\": 5}\r\n",
            "null",
            "{\"direction\":\"server\",\"stdout\":\"ä😀\"}",
            "{\"toModel\": {}}",
            "\u{feff}{}",
        ] {
            session.push_lines(text);
        }
        let nowhere = session.event(&RunEvent::ElicitationCancelled, Some(usize::MAX));
        assert_eq!(nowhere.place, "the session");
        session.finish();
        // "a" and "b" pushed as two texts without newlines sit where one text with them puts them.
        let bad = "{\"jsonrpc\":\"2.0\",\"id\":9,\"result\":{}}";
        let mut parts = JsonLinesSession::default();
        parts.push_lines("{}");
        let split = parts.push_lines(bad);
        let mut whole = JsonLinesSession::default();
        let joined = whole.push_lines(&format!("{{}}\n{bad}\n"));
        let span = |f: &[PlacedFinding]| f.last().and_then(|f| f.diagnostic.span);
        assert_eq!(span(&split), span(&joined));
        assert_eq!(span(&split).map(|s| s.line), Some(2));
    }

    #[test]
    fn a_line_that_is_not_json_is_an_error_at_its_place_and_the_session_goes_on() {
        let mut session = JsonLinesSession::default();
        let found = session.push_lines("{\"a\": }\n{\"jsonrpc\":\"2.0\",\"id\":5,\"result\":{}}\n");
        let codes: Vec<_> = found.iter().map(|f| f.diagnostic.code.as_str()).collect();
        assert_eq!(codes.len(), 2, "{codes:?}");
        let span = found[0].diagnostic.span.unwrap();
        assert_eq!(span.line, 1);
        assert_eq!(found[1].diagnostic.span.unwrap().line, 2);
        assert_eq!(found[1].diagnostic.code, "unmatched-response");
    }
}
