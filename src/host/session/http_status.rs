//! The HTTP status of a 2026-07-28 server's answer over Streamable HTTP, checked against what it
//! answers: entries that record the answer as received, an envelope member
//! `"http": { "status": 400, "headers": { "Content-Type": "application/json", … } }` (written by
//! `proxy --upstream --record`; the proxy's live session gets the same through
//! [`super::Session::push_http`]).
//!
//! Rules, each a MUST of its source, checked 2026-12-03:
//! - A `HeaderMismatch` (-32020), `MissingRequiredClientCapability` (-32021) or
//!   `UnsupportedProtocolVersion` (-32022) error goes with `400 Bad Request`: the 2026-07-28
//!   official schema, the descriptions of `HeaderMismatchError`,
//!   `MissingRequiredClientCapabilityError` and `UnsupportedProtocolVersionError` ("For HTTP, the
//!   response status code MUST be `400 Bad Request`", `schemas/mcp/2026-07-28.schema.json`
//!   and <https://modelcontextprotocol.io/specification/2026-07-28/schema>), and the 2026-07-28
//!   Streamable HTTP page, "Protocol Version Header" and "Server Validation"
//!   (<https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>).
//! - A method the server does not implement: `404 Not Found` with JSON-RPC -32601 (the same page,
//!   "Protocol Version Header": "it MUST respond with `404 Not Found` and a JSON-RPC error with code
//!   `-32601`").
//! - A request whose standard headers or `Mcp-Param-*` the session found missing or different
//!   from its body ([`super::http`]) MUST be rejected with 400 and -32020 ("Server Validation";
//!   "Client omits header but value is in body: Server MUST reject the request"): a success result
//!   to it is `http-mismatch-accepted`. A missing `MCP-Protocol-Version` alone does not count: a
//!   server MAY take such a request as 2025-03-26 ("Protocol Version Header").
//!
//! - On the SSE stream of a request, a 2026-07-28 server "MUST NOT send independent JSON-RPC
//!   _requests_": server-to-client interactions are `inputRequests` of an `InputRequiredResult`
//!   (the same page, "Receiving Messages"): `sse-server-request`, when the client's last request
//!   over HTTP declared 2026-07-28 (a 2025-11-25 session may send them).
//!
//! When it applies: a server's response whose request (by id, earlier in the session) declared
//! 2026-07-28 in `params._meta["io.modelcontextprotocol/protocolVersion"]`, with a `status` in
//! its envelope. The status rules read only a whole JSON answer (`Content-Type:
//! application/json`): once a server has opened an SSE stream (200) its status is sent, and an
//! error event in it is not judged. Not checked (no MUST, or nothing recorded to judge): 202 to a
//! notification (an answer without a body is not a message the session sees), 403 for a bad
//! `Origin`, 405 to GET or DELETE (a SHOULD), a 2025-11-25 session's statuses.

use std::collections::HashMap;

use crate::diagnostic::Diagnostic;
use crate::json::{Document, Node};
use crate::protocol::messages::{meta, request_id, RequestId, PROTOCOL_VERSION};

use super::MAX_PENDING_REQUESTS;

/// The protocol version whose answers are checked.
const VERSION: &str = "2026-07-28";

/// The JSON-RPC error codes whose HTTP status the spec fixes: code, name, status, where it says
/// so.
const ERROR_STATUS: [(i64, &str, u16, &str); 4] = [
    (
        -32020,
        "HeaderMismatch",
        400,
        "2026-07-28 schema, HeaderMismatchError",
    ),
    (
        -32021,
        "MissingRequiredClientCapability",
        400,
        "2026-07-28 schema, MissingRequiredClientCapabilityError",
    ),
    (
        -32022,
        "UnsupportedProtocolVersion",
        400,
        "2026-07-28 schema, UnsupportedProtocolVersionError",
    ),
    (
        -32601,
        "Method not found",
        404,
        "2026-07-28 Streamable HTTP, \"Protocol Version Header\"",
    ),
];

/// What the session keeps of a 2026-07-28 request sent over HTTP until its answer.
#[derive(Clone, Copy, Debug)]
struct Sent {
    /// Its headers were found missing or different from its body in a way the server must
    /// refuse.
    refused: bool,
}

/// The 2026-07-28 requests sent over HTTP that wait for their answer, by id (at most
/// [`MAX_PENDING_REQUESTS`]: past it the table is cleared, and their answers go unjudged).
#[derive(Debug, Default)]
pub(super) struct HttpExchanges {
    /// The requests, by id.
    sent: HashMap<RequestId, Sent>,
    /// The client's last request over HTTP declared 2026-07-28.
    modern: bool,
}

impl HttpExchanges {
    /// Notes the client's request `body` (in `doc`) sent over HTTP with the headers `headers`
    /// (its envelope's `headers` member), `found` the header findings on it.
    pub(super) fn request(
        &mut self,
        doc: &Document<'_>,
        body: &Node,
        headers: Option<&Node>,
        found: &[Diagnostic],
    ) {
        let declared = body
            .value_of("params")
            .and_then(|p| meta(p, PROTOCOL_VERSION))
            .and_then(Node::as_str);
        let id = body.value_of("id").and_then(|id| request_id(doc, id));
        if body.value_of("method").is_some() {
            self.modern = declared == Some(VERSION);
        }
        let (Some(id), Some(VERSION), Some(_)) = (id, declared, body.value_of("method")) else {
            return;
        };
        // A missing `MCP-Protocol-Version` is one finding a server may let pass.
        let version_missing = !headers
            .and_then(Node::members)
            .unwrap_or_default()
            .iter()
            .any(|m| m.key.eq_ignore_ascii_case("MCP-Protocol-Version"));
        let refused = found.len() > usize::from(version_missing);
        if self.sent.len() >= MAX_PENDING_REQUESTS {
            self.sent.clear();
        }
        self.sent.insert(id, Sent { refused });
    }

    /// The findings on the server's message `body` (in `body_doc`, at `body_pointer`) received
    /// with the envelope `http` (in `doc`, at `http_pointer`): an answer's status against what it
    /// answers; a request of the server's on an SSE stream of a 2026-07-28 session.
    pub(super) fn answer(
        &mut self,
        doc: &Document<'_>,
        http: &Node,
        http_pointer: &str,
        (body_doc, body, body_pointer): (&Document<'_>, &Node, &str),
    ) -> Vec<Diagnostic> {
        let Some(id) = body.value_of("id").and_then(|id| request_id(body_doc, id)) else {
            return Vec::new();
        };
        if let Some(method) = body.value_of("method") {
            if !self.modern || !content_type(http).contains("text/event-stream") {
                return Vec::new();
            }
            let message = format!(
                "the server sent a request ({}) on an SSE stream of a 2026-07-28 session: the \
                 server MUST NOT send independent requests on it, server-to-client interactions \
                 go in an InputRequiredResult's `inputRequests` (2026-07-28 Streamable HTTP, \
                 \"Receiving Messages\")",
                body_doc.lexeme(method)
            );
            let pointer = format!("{body_pointer}/method");
            return vec![Diagnostic::error("sse-server-request", message)
                .at_pointer(pointer)
                .with_span(Some(body_doc.span(method.range)))];
        }
        let (Some(sent), Some(status)) = (self.sent.remove(&id), http.value_of("status")) else {
            return Vec::new();
        };
        let Some(code) = doc.lexeme(status).parse::<u16>().ok() else {
            return Vec::new();
        };
        let pointer = format!("{http_pointer}/status");
        let finding = |code: &str, message: String| {
            Diagnostic::error(code, message)
                .at_pointer(pointer.clone())
                .with_span(Some(doc.span(status.range)))
        };
        if body.value_of("result").is_some() {
            if !sent.refused {
                return Vec::new();
            }
            let message = format!(
                "the server answered (HTTP {code}) a request whose MCP headers are missing or \
                 differ from its body (the finding on the request): a 2026-07-28 server MUST \
                 refuse it with HTTP 400 and JSON-RPC -32020 HeaderMismatch (2026-07-28 Streamable \
                 HTTP, \"Server Validation\")"
            );
            return vec![finding("http-mismatch-accepted", message)];
        }
        let error = body
            .value_of("error")
            .and_then(|e| e.value_of("code"))
            .and_then(|c| body_doc.lexeme(c).parse::<i64>().ok());
        let Some((error, name, want, source)) =
            ERROR_STATUS.iter().find(|(c, ..)| Some(*c) == error)
        else {
            return Vec::new();
        };
        if !content_type(http).contains("application/json") || code == *want {
            return Vec::new();
        }
        let message = format!(
            "a JSON-RPC {error} ({name}) error came with HTTP {code}; over HTTP it MUST come with \
             {want} ({source})"
        );
        vec![finding("http-error-status", message)]
    }
}

/// The envelope's `Content-Type`, lowercase (empty when absent): `application/json` for a whole
/// JSON answer, `text/event-stream` for an SSE stream.
fn content_type(http: &Node) -> String {
    let members = http
        .value_of("headers")
        .and_then(Node::members)
        .unwrap_or_default();
    members
        .iter()
        .rev()
        .find(|m| m.key.eq_ignore_ascii_case("Content-Type"))
        .and_then(|m| m.value.as_str())
        .map(str::to_ascii_lowercase)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    const META: &str = r#""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}"#;
    const JSON: &str = r#""headers":{"Content-Type":"application/json"}"#;

    /// The answer findings (code, pointer) of one exchange: the request with its headers (and
    /// the header findings' count), then the answer with its envelope.
    fn judged(
        request: &str,
        headers: &str,
        found: usize,
        answer: &str,
        http: &str,
    ) -> Vec<(String, String)> {
        let mut exchanges = HttpExchanges::default();
        let (r, h) = (
            parse(request, ReadOptions::default()).unwrap(),
            parse(headers, ReadOptions::default()).unwrap(),
        );
        let findings = vec![Diagnostic::error("http-header-mismatch", "x"); found];
        exchanges.request(&r, &r.root, Some(&h.root), &findings);
        let (a, e) = (
            parse(answer, ReadOptions::default()).unwrap(),
            parse(http, ReadOptions::default()).unwrap(),
        );
        exchanges
            .answer(&e, &e.root, "/http", (&a, &a.root, ""))
            .into_iter()
            .map(|d| (d.code, d.instance_path))
            .collect()
    }

    #[test]
    fn error_codes_come_with_their_status() {
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{{"name":"t",{META}}}}}"#
        );
        let headers = r#"{"MCP-Protocol-Version":"2026-07-28"}"#;
        let error = |code: i64| {
            format!(r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":{code},"message":"m"}}}}"#)
        };
        let with = |status: u16| format!(r#"{{"status":{status},{JSON}}}"#);
        let wrong = vec![("http-error-status".to_owned(), "/http/status".to_owned())];
        assert_eq!(judged(&call, headers, 1, &error(-32020), &with(200)), wrong);
        assert!(judged(&call, headers, 1, &error(-32020), &with(400)).is_empty());
        assert_eq!(judged(&call, headers, 0, &error(-32022), &with(404)), wrong);
        assert_eq!(judged(&call, headers, 0, &error(-32601), &with(200)), wrong);
        assert!(judged(&call, headers, 0, &error(-32601), &with(404)).is_empty());
        // Other codes, an SSE answer (its 200 was sent before the event), another version: none.
        assert!(judged(&call, headers, 0, &error(-32602), &with(200)).is_empty());
        let sse = r#"{"status":200,"headers":{"content-type":"text/event-stream"}}"#;
        assert!(judged(&call, headers, 1, &error(-32020), sse).is_empty());
        let old = call.replace("2026-07-28", "2025-11-25");
        assert!(judged(&old, headers, 1, &error(-32020), &with(200)).is_empty());
    }

    #[test]
    fn a_request_the_server_must_refuse_answered_with_a_result() {
        let call = format!(
            r#"{{"jsonrpc":"2.0","id":"a","method":"tools/call","params":{{"name":"t",{META}}}}}"#
        );
        let result = r#"{"jsonrpc":"2.0","id":"a","result":{"content":[]}}"#;
        let ok = format!(r#"{{"status":200,{JSON}}}"#);
        let accepted = vec![(
            "http-mismatch-accepted".to_owned(),
            "/http/status".to_owned(),
        )];
        let full = r#"{"MCP-Protocol-Version":"2026-07-28"}"#;
        assert_eq!(judged(&call, full, 1, result, &ok), accepted);
        assert!(judged(&call, full, 0, result, &ok).is_empty());
        // Only the version header missing: a server may take it as 2025-03-26.
        assert!(judged(&call, "{}", 1, result, &ok).is_empty());
        assert_eq!(judged(&call, "{}", 2, result, &ok), accepted);
    }
}
