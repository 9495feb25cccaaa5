//! The standard HTTP headers of a 2026-07-28 request sent over Streamable HTTP, checked against
//! its body, for transcript entries that record the request as sent: an envelope member
//! `"http": { "method": "POST", "headers": { "<Name>": "<value>", … } }` (written by
//! `check-server --url --record` and read from HAR files; any other entry is not checked).
//!
//! Source: the 2026-07-28 Streamable HTTP transport,
//! <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>, and
//! SEP-2243 "HTTP Header Standardization for Streamable HTTP Transport" (Final),
//! <https://modelcontextprotocol.io/seps/2243-http-standardization>: every POST carries
//! `MCP-Protocol-Version` and `Mcp-Method` (the body's `method`); `tools/call` and `prompts/get`
//! carry `Mcp-Name` (their `params.name`), `resources/read` too (its `params.uri`); a server
//! rejects a request whose standard header is missing or differs from the body (HTTP 400,
//! JSON-RPC -32020). The reference implementation read: the official Python SDK 2.3.0 (PyPI
//! `mcp`), `mcp/shared/inbound.py` (`NAME_BEARING_METHODS`, `classify_inbound_request` rung 2:
//! the version header must equal the request's `_meta` version, `Mcp-Method` the method,
//! `Mcp-Name` the named parameter) and `mcp/client/session.py` (the client's stamp). All checked
//! 2026-12-03.
//!
//! When it applies: the entry is a client message with an `http` member whose `method` is `POST`
//! (or absent), and the message declares 2026-07-28 in
//! `params._meta["io.modelcontextprotocol/protocolVersion"]` — the per-request declaration every
//! 2026-07-28 request carries, and the version the header must equal. Header names are compared
//! without regard to case (HTTP field names are case-insensitive, RFC 9110 §5.1).
//!
//! A `tools/call` of a listed tool whose `inputSchema` annotates arguments with `x-mcp-header`
//! also carries `Mcp-Param-{Name}` for each such argument it gives (not null), equal to it
//! ([`crate::host::x_mcp_header`], the same sources): a missing one is `http-header-missing`, a
//! different one `http-header-mismatch` (a 2026-07-28 server rejects both, 400 with -32020).
//!
//! An `Mcp-Name` or `Mcp-Param-*` value in the `=?base64?…?=` form is decoded before it is
//! compared (a server MUST decode it, "Value Encoding"; broken Base64 is a mismatch); an integer
//! argument is compared as a number (`42.0` in the body or the header is `42`: a server SHOULD
//! compare integers numerically, "Server Validation"). Not checked: requests before
//! 2026-07-28 (the 2025-11-25 `MCP-Protocol-Version` header rule has a backwards-compatibility
//! default).

use std::collections::VecDeque;

use super::http_status::HttpExchanges;
use crate::diagnostic::{Diagnostic, LineIndex};
use crate::host::x_mcp_header::{self, NAME_BEARING, PREFIX};
use crate::json::{Document, Node};
use crate::protocol::messages::{meta, PROTOCOL_VERSION};

/// The protocol version whose requests carry the standard headers.
const VERSION: &str = "2026-07-28";

/// Where the rule's source is, for the messages.
const SOURCE: &str = "2026-07-28 Streamable HTTP, SEP-2243";

/// The arguments a listed tool mirrors into `Mcp-Param-*` headers, by the tool's name.
pub(super) type HeaderParams<'t> = &'t dyn Fn(&str) -> Vec<(Vec<String>, String)>;

/// The HTTP findings of every entry in `sent` (its index and its message's pointer) that has
/// any, in entry order: a request's headers against its body, an answer's status against what it
/// answers (`http_status.rs`); read before the messages are taken out of `doc` for the replay.
pub(super) fn header_findings<'p>(
    doc: &Document<'_>,
    sent: impl Iterator<Item = (usize, &'p str)>,
    params: HeaderParams<'_>,
) -> VecDeque<(usize, Vec<Diagnostic>)> {
    let mut exchanges = HttpExchanges::default();
    sent.map(|(entry, message)| {
        let envelope = format!("/{entry}");
        let mut found = check_entry(doc, &envelope, message, params);
        let http = doc.pointer(&format!("{envelope}/http"));
        let direction = doc
            .pointer(&format!("{envelope}/direction"))
            .and_then(Node::as_str);
        if let (Some(http), Some(body)) = (http, doc.pointer(message)) {
            if direction == Some("server") {
                let at = format!("{envelope}/http");
                found.extend(exchanges.answer(doc, http, &at, (doc, body, message)));
            } else {
                exchanges.request(doc, body, http.value_of("headers"), &found);
            }
        }
        (entry, found)
    })
    .filter(|(_, found)| !found.is_empty())
    .collect()
}

/// `found` (each finding with the transcript entry it is about, in order) with `headers` (from
/// [`header_findings`], or a log's requests pushed with their headers) placed after the findings
/// of the entries before theirs.
pub(super) fn with_header_findings<T>(
    mut headers: VecDeque<(usize, Vec<T>)>,
    found: impl Iterator<Item = (Option<usize>, T)>,
) -> Vec<T> {
    let mut out = Vec::new();
    for (entry, diagnostic) in found {
        while headers
            .front()
            .is_some_and(|(next, _)| entry.is_some_and(|e| *next < e))
        {
            if let Some((_, found)) = headers.pop_front() {
                out.extend(found);
            }
        }
        out.push(diagnostic);
    }
    out.extend(headers.into_iter().flat_map(|(_, found)| found));
    out
}

/// The header findings of the transcript entry at `envelope` (a pointer to the entry, e.g. `/3`)
/// whose message is at `message` (e.g. `/3/message`), pointers and spans into `doc`.
pub(super) fn check_entry(
    doc: &Document<'_>,
    envelope: &str,
    message: &str,
    params: HeaderParams<'_>,
) -> Vec<Diagnostic> {
    let (Some(entry), Some(body)) = (doc.pointer(envelope), doc.pointer(message)) else {
        return Vec::new();
    };
    let Some(http) = entry.value_of("http") else {
        return Vec::new();
    };
    let client = entry
        .value_of("direction")
        .and_then(Node::as_str)
        .is_none_or(|d| d == "client");
    if !client {
        return Vec::new();
    }
    let sent = Request {
        index: &doc.index,
        http,
        body_doc: doc,
        body,
        http_pointer: format!("{envelope}/http"),
    };
    check_request(&sent, params)
}

/// One client message sent over HTTP: its envelope `http` (`{ method, headers }`, at
/// `http_pointer` in a text `index` indexes, its ranges in that text) and its `body` (a node of
/// `body_doc`).
pub(super) struct Request<'r, 'a, 'b> {
    /// The line index of the envelope's text (spans of its findings).
    pub index: &'r LineIndex<'a>,
    /// The envelope.
    pub http: &'r Node,
    /// The document of the body.
    pub body_doc: &'r Document<'b>,
    /// The body: the JSON-RPC message.
    pub body: &'r Node,
    /// The envelope's pointer in its text.
    pub http_pointer: String,
}

/// The header findings of one client request, pointers and spans into its envelope's text;
/// `params` gives the `Mcp-Param-*` arguments of the tool a `tools/call` names.
pub(super) fn check_request(
    sent: &Request<'_, '_, '_>,
    params: HeaderParams<'_>,
) -> Vec<Diagnostic> {
    let Request {
        index,
        http,
        body_doc,
        body,
        ..
    } = *sent;
    let http_pointer = sent.http_pointer.as_str();
    let post = http
        .value_of("method")
        .and_then(Node::as_str)
        .is_none_or(|m| m.eq_ignore_ascii_case("POST"));
    let Some(method) = body.value_of("method").and_then(Node::as_str) else {
        return Vec::new();
    };
    let arguments = body.value_of("params");
    let declared = arguments
        .and_then(|p| meta(p, PROTOCOL_VERSION))
        .and_then(Node::as_str);
    if !post || declared != Some(VERSION) {
        return Vec::new();
    }
    let headers_pointer = format!("{http_pointer}/headers");
    let headers = http.value_of("headers");
    let header = |name: &str| {
        headers
            .and_then(Node::members)?
            .iter()
            .rev()
            .find(|m| m.key.eq_ignore_ascii_case(name))
    };
    let mut out = Vec::new();
    let mut expect = |name: &str, want: &str| match header(name) {
        None => out.push(
            Diagnostic::error(
                "http-header-missing",
                format!(
                    "this {method} request went over HTTP without the `{name}` header ({want:?} \
                     expected); a 2026-07-28 server rejects it ({SOURCE})"
                ),
            )
            .at_pointer(headers_pointer.clone())
            .with_span(Some(index.span(headers.unwrap_or(http).range))),
        ),
        Some(found) => {
            let value = found.value.as_str();
            // `Mcp-Name` and `Mcp-Param-*` may come Base64-wrapped: compared once decoded.
            let encoded = name == "Mcp-Name" || name.starts_with(PREFIX);
            let sent = match value {
                Some(v) if encoded => x_mcp_header::decode(v),
                other => other.map(str::to_owned),
            };
            let same = sent.as_deref() == Some(want)
                || (name.starts_with(PREFIX) && same_integer(sent.as_deref(), want));
            if !same {
                let pointer = format!("{headers_pointer}/{}", escape(&found.key));
                out.push(
                    Diagnostic::error(
                        "http-header-mismatch",
                        format!(
                            "the `{name}` header says {} but the body says {want:?}; a 2026-07-28 \
                             server rejects it ({SOURCE})",
                            value.map_or_else(|| "no string".to_owned(), |v| format!("{v:?}")),
                        ),
                    )
                    .at_pointer(pointer)
                    .with_span(Some(index.span(found.value.range))),
                );
            }
        }
    };
    expect("MCP-Protocol-Version", VERSION);
    expect("Mcp-Method", method);
    if let Some((_, key)) = NAME_BEARING.iter().find(|(m, _)| *m == method) {
        if let Some(name) = arguments
            .and_then(|p| p.value_of(key))
            .and_then(Node::as_str)
        {
            expect("Mcp-Name", name);
        }
    }
    let tool = arguments
        .and_then(|p| p.value_of("name"))
        .and_then(Node::as_str);
    if let (Some(tool), Some(given)) = (tool, arguments.and_then(|p| p.value_of("arguments"))) {
        if method == "tools/call" {
            for (header, value) in x_mcp_header::param_headers(&params(tool), body_doc, given) {
                expect(&header, &value);
            }
        }
    }
    out
}

/// Whether a header value and an integer argument (`want`, in decimal) are the same number: a
/// server SHOULD compare integers numerically ("Server Validation": `42.0` and `42` are equal),
/// so a value a server takes is not called a mismatch.
fn same_integer(sent: Option<&str>, want: &str) -> bool {
    let canonical = want.parse::<i64>().is_ok_and(|n| n.to_string() == want);
    let (Some(sent), true) = (sent.and_then(|s| s.trim().parse::<f64>().ok()), canonical) else {
        return false;
    };
    want.parse::<f64>().is_ok_and(|w| w == sent)
}

/// A JSON Pointer token (RFC 6901: `~` as `~0`, `/` as `~1`).
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}
