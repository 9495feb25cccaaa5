//! [`Session::push_line`]: one line of a stdio stream as a proxy frames it, bytes as text, whatever
//! it holds. The session decides what the line is: a message (checked as [`Session::push_entry`]
//! checks one), a line that is not JSON (`stdout-not-json` from the server, `stdin-not-json` from
//! the client: [`crate::host::transcript::not_json_line`]), or a blank line (nothing). A line that
//! is not JSON counts as a push, so that push numbers stay the entry numbers of a transcript that
//! records it as a `stdout`/`stdin` entry. [`Session::push_http`]: one message that went over
//! Streamable HTTP with its envelope (what the HTTP proxy sees), checked as a message and, from
//! the client, its standard headers against its body (`http.rs`, as `replay` checks a recorded
//! `http` member).

use serde::Serialize;

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex};
use crate::host::session::finding::found_in;
use crate::host::session::{Direction, Entry, Finding, Session};
use crate::host::transcript::not_json_line;
use crate::json::{parse, Document, Node, ReadOptions};

/// What a pushed line was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum LineKind {
    /// JSON text, checked as a message (a transcript records it as its `message`).
    Message,
    /// Not JSON: reported, and recorded as a `stdout` (server) or `stdin` (client) entry.
    NotJson,
    /// Only whitespace: nothing to check nor record, not counted.
    Blank,
}

/// What [`Session::push_line`] returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct LineOutcome {
    /// What the line was.
    pub kind: LineKind,
    /// Its findings (spans into the line's text; see [`Finding::message_index`]).
    pub findings: Vec<Finding>,
}

/// JSON's whitespace (RFC 8259 §2).
fn is_json_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\r' | '\n')
}

impl Session {
    /// Checks one line `direction` wrote to a stdio stream (without its newline), seen at
    /// `time_ms`: a message, a line that is not JSON, or a blank line (see the module doc).
    pub fn push_line(
        &mut self,
        line: &str,
        direction: Direction,
        time_ms: Option<i64>,
    ) -> LineOutcome {
        if line.trim_matches(is_json_space).is_empty() {
            return LineOutcome {
                kind: LineKind::Blank,
                findings: Vec::new(),
            };
        }
        if let Ok(doc) = parse(line, ReadOptions::default()) {
            let mut findings = found_in(doc.warnings.clone(), self.pushed);
            findings.extend(self.push_parsed(&doc, &Entry::Message(Some(direction)), time_ms));
            return LineOutcome {
                kind: LineKind::Message,
                findings,
            };
        }
        let whole = LineIndex::new(line).span(ByteRange::new(0, line.len()));
        let found = not_json_line(direction, line).with_span(Some(whole));
        let findings = found_in(vec![found], self.pushed);
        self.pushed = self.pushed.saturating_add(1);
        LineOutcome {
            kind: LineKind::NotJson,
            findings,
        }
    }
}

impl Session {
    /// The arguments the listed tool `name` mirrors into `Mcp-Param-*` headers (none when the
    /// tool was not listed).
    pub(super) fn header_params(&self, name: &str) -> Vec<(Vec<String>, String)> {
        self.tools
            .get(name)
            .map(|known| known.compiled.info.header_params.clone())
            .unwrap_or_default()
    }

    /// Checks one message `text` that `direction` sent over HTTP, with its envelope `http_text`
    /// (`{"method": "POST", "headers": {…}}` for a request, `{"status": 200, "headers": {…}}` for
    /// an answer, as a recording's `http` member): the message's findings (spans into `text`),
    /// then, for a client's request, the header findings (`http-header-missing`,
    /// `http-header-mismatch`; pointers `/http/headers…` and spans into `http_text`), for a
    /// server's answer its status against what it answers (`http-error-status`,
    /// `http-mismatch-accepted`, `http_status.rs`; pointer `/http/status`) or, for a request of
    /// its own on the SSE stream of a 2026-07-28 session, `sse-server-request` (at `/method`). An
    /// envelope that is not JSON is not checked.
    pub fn push_http(
        &mut self,
        text: &str,
        direction: Direction,
        http_text: &str,
        time_ms: Option<i64>,
    ) -> Vec<Finding> {
        let number = self.pushed;
        let mut found = self.push_entry(text, &Entry::Message(Some(direction)), time_ms);
        let (Ok(body), Ok(http)) = (
            parse(text, ReadOptions::default()),
            parse(http_text, ReadOptions::default()),
        ) else {
            return found;
        };
        if direction != Direction::Client {
            let status = self
                .http
                .answer(&http, &http.root, "/http", (&body, &body.root, ""));
            found.extend(found_in(status, number));
            return found;
        }
        let headers = self.check_sent(&body, &http.root, &http.index, None);
        found.extend(found_in(headers, number));
        found
    }

    /// The header findings of a client's request `body` (just pushed) sent over HTTP with the
    /// envelope `http` (`{"method", "headers"}`, its ranges in a text `index` indexes: pointers
    /// `/http/headers…`, spans into that text), the `Mcp-Param-*` arguments of a tool from
    /// `params` (else the session's tools); the request kept for its answer's status.
    pub(super) fn check_sent(
        &mut self,
        body: &Document<'_>,
        http: &Node,
        index: &LineIndex<'_>,
        params: Option<super::http::HeaderParams<'_>>,
    ) -> Vec<Diagnostic> {
        let sent = super::http::Request {
            index,
            http,
            body_doc: body,
            body: &body.root,
            http_pointer: "/http".to_owned(),
        };
        let headers = match params {
            Some(params) => super::http::check_request(&sent, params),
            None => super::http::check_request(&sent, &|tool| self.header_params(tool)),
        };
        let sent_headers = http.value_of("headers");
        self.http.request(body, &body.root, sent_headers, &headers);
        headers
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_a_message_a_line_that_is_not_json_or_blank() {
        let mut session = Session::new();
        let ping = r#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#;
        let first = session.push_line(ping, Direction::Client, None);
        assert_eq!(first.kind, LineKind::Message);
        assert!(first.findings.is_empty(), "{:?}", first.findings);
        let blank = session.push_line(" \t\r", Direction::Server, None);
        assert_eq!((blank.kind, blank.findings.len()), (LineKind::Blank, 0));
        let log = session.push_line("Server started", Direction::Server, None);
        assert_eq!(log.kind, LineKind::NotJson);
        let [found] = log.findings.as_slice() else {
            panic!("{:?}", log.findings);
        };
        assert_eq!(found.diagnostic.code, "stdout-not-json");
        assert_eq!(found.message_index, 1, "the blank line is not counted");
        let span = found.diagnostic.span.unwrap();
        assert_eq!((span.line, span.column, span.bytes.end), (1, 1, 14));
        let typed = session.push_line("hello", Direction::Client, None);
        assert_eq!(typed.findings[0].diagnostic.code, "stdin-not-json");
        // The answer is matched with the request: the lines between them counted as pushes.
        let pong = session.push_line(
            r#"{"jsonrpc":"2.0","id":1,"result":{}}"#,
            Direction::Server,
            None,
        );
        assert!(pong.findings.is_empty(), "{:?}", pong.findings);
        assert_eq!(session.pushed, 4);
    }

    #[test]
    fn a_request_over_http_is_checked_with_its_headers() {
        let mut session = Session::new();
        let call = r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"book","arguments":{},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let http = r#"{"method":"POST","headers":{"MCP-Protocol-Version":"2026-07-28","Mcp-Method":"tools/call","Mcp-Name":"other"}}"#;
        let found = session.push_http(call, Direction::Client, http, None);
        let codes: Vec<_> = found.iter().map(|f| f.diagnostic.code.as_str()).collect();
        assert!(codes.contains(&"http-header-mismatch"), "{codes:?}");
        let mismatch = found
            .iter()
            .find(|f| f.diagnostic.code == "http-header-mismatch")
            .unwrap();
        assert_eq!(mismatch.diagnostic.instance_path, "/http/headers/Mcp-Name");
        assert_eq!(mismatch.message_index, 0);
        // An answer is checked as a message, and its status against what it answers: this
        // request's headers differ from its body, so a server must refuse it (400, -32020).
        let answer = r#"{"jsonrpc":"2.0","id":2,"result":{"content":[]}}"#;
        let back = session.push_http(answer, Direction::Server, r#"{"status":200}"#, None);
        let http: Vec<_> = back
            .iter()
            .filter(|f| f.diagnostic.code.starts_with("http-"))
            .map(|f| (f.diagnostic.code.as_str(), f.message_index))
            .collect();
        assert_eq!(http, [("http-mismatch-accepted", 1)]);
    }

    #[test]
    fn a_call_over_http_carries_its_mcp_param_headers() {
        let mut session = Session::new();
        let meta = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#;
        let list =
            format!(r#"{{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{{{meta}}}}}"#);
        session.push_line(&list, Direction::Client, None);
        let tools = r#"{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"where","inputSchema":{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"n":{"type":"integer","x-mcp-header":"N"}}}}]}}"#;
        session.push_line(tools, Direction::Server, None);
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{{"name":"where","arguments":{{"region":"Zürich","n":7}},{meta}}}}}"#
        );
        let http = r#"{"method":"POST","headers":{"MCP-Protocol-Version":"2026-07-28","Mcp-Method":"tools/call","Mcp-Name":"where","Mcp-Param-N":"8"}}"#;
        let found: Vec<_> = session
            .push_http(&call, Direction::Client, http, None)
            .into_iter()
            .filter(|f| f.diagnostic.code.starts_with("http-"))
            .map(|f| (f.diagnostic.code, f.diagnostic.instance_path))
            .collect();
        assert_eq!(
            found,
            [
                ("http-header-missing".to_owned(), "/http/headers".to_owned()),
                (
                    "http-header-mismatch".to_owned(),
                    "/http/headers/Mcp-Param-N".to_owned()
                ),
            ]
        );
        // An integer compared as a number ("42.0" is 42, as a server compares it).
        let numeric = http.replace(
            r#""Mcp-Param-N":"8""#,
            r#""Mcp-Param-N":"7.0","Mcp-Param-Region":"=?base64?WsO8cmljaA==?=""#,
        );
        let same = session.push_http(&call, Direction::Client, &numeric, None);
        assert!(
            same.iter().all(|f| !f.diagnostic.code.starts_with("http-")),
            "{same:?}"
        );
        // As sent by a client that follows the spec: nothing.
        let good = r#"{"method":"POST","headers":{"MCP-Protocol-Version":"2026-07-28","Mcp-Method":"tools/call","Mcp-Name":"where","mcp-param-region":"=?base64?WsO8cmljaA==?=","Mcp-Param-N":"7"}}"#;
        let clean = session.push_http(&call, Direction::Client, good, None);
        assert!(
            clean
                .iter()
                .all(|f| !f.diagnostic.code.starts_with("http-")),
            "{clean:?}"
        );
    }
}
