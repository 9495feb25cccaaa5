//! The MCP headers of a 2026-07-28 request over Streamable HTTP, as a client builds them
//! ([`request_headers`]: `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name`, and the
//! `Mcp-Param-{Name}` of each argument the tool's `inputSchema` annotates with `x-mcp-header`),
//! and what the session compares a recorded request's headers with ([`param_headers`],
//! [`decode`]). The rule on the annotations themselves is
//! [`crate::compat::x_mcp_header`] (`check_tool`, the `mcp` target and the session report it).
//!
//! Sources, checked 2026-12-03: the 2026-07-28 Streamable HTTP transport,
//! <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>
//! ("Standard Request Headers", "Custom Headers from Tool Parameters", "Value Encoding"): a value
//! is its string (a string as it is, an integer in decimal, a boolean `true`/`false`); one that
//! is not printable ASCII, has leading or trailing whitespace, or is itself in the sentinel form is
//! sent as `=?base64?{Base64 of its UTF-8}?=`, which a server decodes before comparing; no header
//! for an argument absent or null. SEP-2243,
//! <https://modelcontextprotocol.io/seps/2243-http-standardization>. The reference
//! implementation: the official Python SDK 2.3.0 (PyPI `mcp`), `mcp/shared/inbound.py`
//! (`NAME_BEARING_METHODS`, `mcp_param_headers`, `encode_header_value`).

use serde::Serialize;

use crate::json::{parse, Document, JsonError, Node, NodeKind, ReadOptions};
use crate::protocol::messages::{meta, PROTOCOL_VERSION};

pub use crate::compat::x_mcp_header::annotated;

/// The header a parameter goes in: this prefix and the annotation's name.
pub const PREFIX: &str = "Mcp-Param-";

/// Methods mirrored in `Mcp-Name`, and the `params` member mirrored (SEP-2243; the Python SDK's
/// `NAME_BEARING_METHODS`).
pub const NAME_BEARING: [(&str, &str); 3] = [
    ("tools/call", "name"),
    ("prompts/get", "name"),
    ("resources/read", "uri"),
];

/// The prefix and suffix of a Base64-wrapped value.
const SENTINEL: (&str, &str) = ("=?base64?", "?=");

/// One header of a request, its value as sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct RequestHeader {
    /// The header's name (`Mcp-Param-Region`).
    pub name: String,
    /// Its value, encoded.
    pub value: String,
}

/// The MCP headers a client sends with the request `message_text` over Streamable HTTP, values
/// encoded as sent: for a request that declares its protocol version in
/// `params._meta["io.modelcontextprotocol/protocolVersion"]` (2026-07-28 and later),
/// `MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` for the methods that name a target, and for a
/// `tools/call` the `Mcp-Param-*` of the arguments `input_schema_text` (the called tool's
/// `inputSchema`, when the tool was listed) annotates; none for a message that declares no
/// version (before 2026-07-28 the negotiated version's header is the transport's own).
pub fn request_headers(
    message_text: &str,
    input_schema_text: Option<&str>,
) -> Result<Vec<RequestHeader>, JsonError> {
    let message = parse(message_text, ReadOptions::default())?;
    let schema = input_schema_text
        .map(|text| parse(text, ReadOptions::default()))
        .transpose()?;
    let root = &message.root;
    let params = root.value_of("params");
    let declared = params.and_then(|p| meta(p, PROTOCOL_VERSION));
    let (Some(method), Some(version)) = (
        root.value_of("method").and_then(Node::as_str),
        declared.and_then(Node::as_str),
    ) else {
        return Ok(Vec::new());
    };
    let mut out: Vec<(String, String)> = vec![
        ("MCP-Protocol-Version".to_owned(), version.to_owned()),
        ("Mcp-Method".to_owned(), method.to_owned()),
    ];
    let named = NAME_BEARING.iter().find(|(m, _)| *m == method);
    if let Some(name) = named.and_then(|(_, key)| params?.value_of(key)?.as_str()) {
        out.push(("Mcp-Name".to_owned(), encode(name)));
    }
    let arguments = params.and_then(|p| p.value_of("arguments"));
    if let (Some(schema), Some(arguments), "tools/call") = (&schema, arguments, method) {
        let mirrored = param_headers(&annotated(&schema.root), &message, arguments);
        out.extend(
            mirrored
                .into_iter()
                .map(|(name, value)| (name, encode(&value))),
        );
    }
    Ok(out
        .into_iter()
        .map(|(name, value)| RequestHeader { name, value })
        .collect())
}

/// The `Mcp-Param-*` headers a call with the arguments `at` (in `arguments`) carries for the
/// `annotated` parameters of its tool: `(header name, the argument rendered)` for each the
/// arguments give a string, an integer or a boolean (absent, null or anything else: no header);
/// the value as sent is [`encode`] of it.
pub fn param_headers(
    annotated: &[(Vec<String>, String)],
    arguments: &Document<'_>,
    at: &Node,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (path, name) in annotated {
        let mut value = Some(at);
        for key in path {
            value = value.and_then(|v| v.value_of(key));
        }
        if let Some(rendered) = value.and_then(|v| render(arguments.text, v)) {
            out.push((format!("{PREFIX}{name}"), rendered));
        }
    }
    out
}

/// Largest integer a header carries exactly (2^53 - 1, the spec's safe range).
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

/// A scalar argument as its header renders it (`true`/`false`, an integer in decimal — `42.0`
/// and `4.2e1` as `42` — or the string), its text in `text`; `None` for anything else.
fn render(text: &str, value: &Node) -> Option<String> {
    match &value.kind {
        NodeKind::String(s) => Some(s.clone()),
        NodeKind::Bool(b) => Some(b.to_string()),
        NodeKind::Number => {
            let lexeme = text.get(value.range.start..value.range.end)?;
            let number: f64 = lexeme.parse().ok()?;
            if number.fract() != 0.0 || number.abs() > MAX_SAFE {
                return None;
            }
            // Exact: an integer within 2^53.
            #[allow(clippy::cast_possible_truncation)]
            let integer = number as i64;
            Some(integer.to_string())
        }
        _ => None,
    }
}

/// A header value as the spec encodes it: as it is when printable ASCII without edge whitespace
/// and not itself in the Base64 form, else `=?base64?…?=`.
pub fn encode(value: &str) -> String {
    let plain = value.bytes().all(|b| (0x20..=0x7e).contains(&b))
        && value.trim() == value
        && !is_wrapped(value);
    if plain {
        return value.to_owned();
    }
    format!("{}{}{}", SENTINEL.0, base64(value.as_bytes()), SENTINEL.1)
}

/// Whether a header value is in the Base64 sentinel form.
fn is_wrapped(value: &str) -> bool {
    value.starts_with(SENTINEL.0) && value.ends_with(SENTINEL.1) && value.len() >= 11
}

/// The value a header carries: a sentinel-wrapped one decoded (`None` when its Base64 or UTF-8
/// is broken), any other as it is.
pub fn decode(value: &str) -> Option<String> {
    if !is_wrapped(value) {
        return Some(value.to_owned());
    }
    let inner = value.get(SENTINEL.0.len()..value.len() - SENTINEL.1.len())?;
    String::from_utf8(unbase64(inner)?).ok()
}

/// The Base64 alphabet (RFC 4648 §4).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Standard Base64 with padding (RFC 4648 §4).
fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            if i <= chunk.len() {
                let sextet = ((n >> (18 - 6 * i)) & 63) as usize;
                out.extend(ALPHABET.get(sextet).map(|b| char::from(*b)));
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Standard Base64 decoded (padding optional); `None` for a character outside the alphabet or a
/// length no encoding gives.
fn unbase64(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u32> = text
        .trim_end_matches('=')
        .bytes()
        .map(|c| ALPHABET.iter().position(|a| *a == c).map(|p| p as u32))
        .collect::<Option<_>>()?;
    if digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, d)| n | (d << (18 - 6 * i)));
        let bytes = n.to_be_bytes();
        out.extend(bytes.iter().skip(1).take(chunk.len() - 1));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_headers_of_a_call_with_the_spec_encoding() {
        let schema = r#"{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"n":{"type":"integer","x-mcp-header":"N"},"ok":{"type":"boolean","x-mcp-header":"Ok"},"gone":{"type":"string","x-mcp-header":"Gone"},"f":{"type":"integer","x-mcp-header":"F"}}}"#;
        let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wetter-zürich","arguments":{"region":"Zürich","n":42.0,"ok":true,"gone":null,"f":1.5},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
        let want = [
            ("MCP-Protocol-Version", "2026-07-28"),
            ("Mcp-Method", "tools/call"),
            ("Mcp-Name", "=?base64?d2V0dGVyLXrDvHJpY2g=?="),
            ("Mcp-Param-Region", "=?base64?WsO8cmljaA==?="),
            ("Mcp-Param-N", "42"),
            ("Mcp-Param-Ok", "true"),
        ]
        .map(|(name, value)| RequestHeader {
            name: name.to_owned(),
            value: value.to_owned(),
        });
        assert_eq!(request_headers(call, Some(schema)).unwrap(), want);
        // The tool not listed: the standard headers only; a request of no declared version: none.
        assert_eq!(request_headers(call, None).unwrap().len(), 3);
        let old = r#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#;
        assert!(request_headers(old, None).unwrap().is_empty());
        assert!(request_headers("{", None).is_err());
    }

    #[test]
    fn the_spec_s_encoding_examples_round_trip() {
        // "Value Encoding", the encoding examples of the 2026-07-28 page.
        for (value, sent) in [
            ("us-west1", "us-west1"),
            ("Hello, 世界", "=?base64?SGVsbG8sIOS4lueVjA==?="),
            (" padded ", "=?base64?IHBhZGRlZCA=?="),
            ("line1\nline2", "=?base64?bGluZTEKbGluZTI=?="),
            ("=?base64?literal?=", "=?base64?PT9iYXNlNjQ/bGl0ZXJhbD89?="),
        ] {
            assert_eq!(encode(value), sent);
            assert_eq!(decode(sent).as_deref(), Some(value));
        }
        assert_eq!(decode("=?base64?*?="), None);
    }
}
