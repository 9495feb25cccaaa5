//! Secrets taken out of a pasted log before it is shared (the page's share link and "Copy"):
//! every value below becomes `[REDACTED]`, the rest of the text stays as it is (a HAR or a
//! transcript stays valid JSON: only the inside of string values changes).
//!
//! What is a secret here — credentials, not identifiers:
//! - the value of a header named `Authorization`, `Proxy-Authorization`, `Cookie`, `Set-Cookie`,
//!   or with `token`, `secret`, `api-key`, `apikey` or `x-auth` in its name (HAR `{name, value}`
//!   objects, `Name: value` lines of a header dump); HTTP's credential headers are RFC 9110
//!   §11.6.2 / §11.7.2 and RFC 6265 (https://www.rfc-editor.org/rfc/rfc9110, checked 2026-12-03);
//! - a HAR `cookies` entry's `value`;
//! - a JSON string member named `authorization`, `cookie`, `set-cookie`, `password`, `secret`,
//!   `client_secret`, `token`, `access_token`, `refresh_token`, `id_token`, `api_key`, `apikey`
//!   or `x-api-key` (also inside a JSON string: `\"token\": \"…\"`);
//! - the credentials after `Bearer ` or `Basic ` anywhere;
//! - a URL query parameter `access_token`, `refresh_token`, `id_token`, `token`, `api_key`,
//!   `apikey`, `client_secret`, `password` or `code_verifier`.
//!
//! Not redacted: `Mcp-Session-Id` (it names the session the findings are about), message
//! contents otherwise (tool arguments are the user's to review before sharing).

use serde::Serialize;

use crate::diagnostic::{ByteRange, LineIndex, Span};
use crate::json::{parse, Node, NodeKind, ReadOptions};

/// What [`redact`] returns.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct Redacted {
    /// The text with every secret replaced by `[REDACTED]`.
    pub text: String,
    /// Where each secret was in the original text.
    pub spans: Vec<Span>,
}

/// The replacement of a secret.
pub const REDACTED: &str = "[REDACTED]";

/// JSON member names whose string value is a secret (lowercase).
const SECRET_KEYS: &[&str] = &[
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
    "password",
    "secret",
    "client_secret",
    "token",
    "access_token",
    "refresh_token",
    "id_token",
    "api_key",
    "apikey",
    "x-api-key",
];

/// URL query parameters that are secrets (lowercase).
const SECRET_PARAMS: &[&str] = &[
    "access_token",
    "refresh_token",
    "id_token",
    "token",
    "api_key",
    "apikey",
    "client_secret",
    "password",
    "code_verifier",
];

/// Header names that carry a credential (lowercase).
const SECRET_HEADERS: &[&str] = &[
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
];

/// Parts of a header name that make it carry a credential (lowercase).
const SECRET_HEADER_PARTS: &[&str] = &["token", "secret", "api-key", "apikey", "x-auth"];

/// The authorization schemes whose credentials follow them (lowercase, with their space).
const SCHEMES: &[&str] = &["bearer ", "basic "];

/// Whether a header named `name` carries a credential.
pub fn is_secret_header(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    SECRET_HEADERS.contains(&name.as_str())
        || SECRET_HEADER_PARTS.iter().any(|part| name.contains(part))
}

/// A line of a log as a report may write it: `line` with its secrets replaced (what [`redact`]
/// replaces), without the work of [`redact`] when none of the names and schemes its rules look for
/// is in it (any case): every rule of [`redact`] starts from one of them.
pub fn redact_line(line: &str) -> String {
    let lower = line.to_ascii_lowercase();
    let mut words = SECRET_KEYS
        .iter()
        .chain(SECRET_PARAMS)
        .chain(SECRET_HEADERS)
        .chain(SECRET_HEADER_PARTS)
        .chain(SCHEMES);
    if words.any(|word| lower.contains(word)) {
        redact(line).text
    } else {
        line.to_owned()
    }
}

/// `text` with its secrets replaced (see the module doc).
pub fn redact(text: &str) -> Redacted {
    let lower = text.to_ascii_lowercase();
    let mut ranges = Vec::new();
    if let Ok(doc) = parse(text, ReadOptions::default()) {
        walk(&doc.root, &mut ranges);
    }
    json_members(&lower, &mut ranges);
    schemes(text, &lower, &mut ranges);
    header_lines(text, &mut ranges);
    query_params(&lower, &mut ranges);
    ranges.sort_by_key(|r| (r.start, std::cmp::Reverse(r.end)));
    let index = LineIndex::new(text);
    let mut out = String::with_capacity(text.len());
    let mut spans = Vec::new();
    let mut at = 0;
    for range in ranges {
        if range.start < at || range.end <= range.start {
            continue;
        }
        out.push_str(text.get(at..range.start).unwrap_or_default());
        out.push_str(REDACTED);
        spans.push(index.span(range));
        at = range.end;
    }
    out.push_str(text.get(at..).unwrap_or_default());
    Redacted { text: out, spans }
}

/// Secrets in a parsed JSON text: `{name, value}` headers and cookies, secret members.
fn walk(root: &Node, out: &mut Vec<ByteRange>) {
    let mut stack = vec![(root, false)];
    while let Some((node, in_cookies)) = stack.pop() {
        match &node.kind {
            NodeKind::Array(items) => stack.extend(items.iter().map(|n| (n, in_cookies))),
            NodeKind::Object(members) => {
                let name = node.value_of("name").and_then(Node::as_str);
                if let Some(value) = node.value_of("value").filter(|v| v.as_str().is_some()) {
                    if in_cookies || name.is_some_and(is_secret_header) {
                        out.push(inner(value.range));
                    }
                }
                for member in members {
                    let key = member.key.to_ascii_lowercase();
                    if SECRET_KEYS.contains(&key.as_str()) && member.value.as_str().is_some() {
                        out.push(inner(member.value.range));
                    }
                    stack.push((&member.value, key == "cookies"));
                }
            }
            _ => {}
        }
    }
}

/// A string lexeme's range without its quotes.
fn inner(range: ByteRange) -> ByteRange {
    ByteRange::new(
        range.start + 1,
        range.end.saturating_sub(1).max(range.start + 1),
    )
}

/// `"key": "value"` members with a secret key, plain or escaped inside a JSON string.
fn json_members(lower: &str, out: &mut Vec<ByteRange>) {
    for key in SECRET_KEYS {
        for quote in ["\"", "\\\""] {
            let pattern = format!("{quote}{key}{quote}");
            let mut from = 0;
            while let Some(found) = lower.get(from..).and_then(|s| s.find(&pattern)) {
                let after = from + found + pattern.len();
                from = after;
                if let Some(range) = string_value(lower, after, quote) {
                    out.push(range);
                }
            }
        }
    }
}

/// The inside of the string value after a key ending at `at` (`: "…"`), quoted by `quote`.
fn string_value(lower: &str, at: usize, quote: &str) -> Option<ByteRange> {
    let bytes = lower.as_bytes();
    let skip_ws = |mut i: usize| {
        while bytes.get(i).is_some_and(|b| b.is_ascii_whitespace()) {
            i += 1;
        }
        i
    };
    let colon = skip_ws(at);
    (bytes.get(colon) == Some(&b':')).then_some(())?;
    let open = skip_ws(colon + 1);
    lower.get(open..)?.starts_with(quote).then_some(())?;
    let start = open + quote.len();
    let mut i = start;
    while i < bytes.len() {
        if quote == "\"" {
            match bytes.get(i) {
                Some(b'\\') => i += 2,
                Some(b'"') => return Some(ByteRange::new(start, i)),
                Some(b'\n') => return None,
                _ => i += 1,
            }
        } else if lower.get(i..).is_some_and(|r| r.starts_with("\\\"")) {
            return Some(ByteRange::new(start, i));
        } else if bytes.get(i) == Some(&b'\n') {
            return None;
        } else {
            i += 1;
        }
    }
    None
}

/// The credentials after `Bearer ` / `Basic `.
fn schemes(text: &str, lower: &str, out: &mut Vec<ByteRange>) {
    let bytes = text.as_bytes();
    for scheme in SCHEMES {
        let mut from = 0;
        while let Some(found) = lower.get(from..).and_then(|s| s.find(scheme)) {
            let start = from + found + scheme.len();
            from = start;
            let word_start = from - scheme.len();
            if word_start > 0
                && bytes
                    .get(word_start - 1)
                    .is_some_and(u8::is_ascii_alphanumeric)
            {
                continue;
            }
            let len = bytes
                .get(start..)
                .unwrap_or_default()
                .iter()
                .take_while(|b| b.is_ascii_alphanumeric() || b"-._~+/=".contains(b))
                .count();
            if len >= 8 {
                out.push(ByteRange::new(start, start + len));
            }
        }
    }
}

/// `Name: value` header lines (a header dump, a log) with a secret name: the value.
fn header_lines(text: &str, out: &mut Vec<ByteRange>) {
    for (line_start, body) in super::text_lines::lines_with_offsets(text) {
        let lead = body.len() - body.trim_start().len();
        let Some(colon) = body.find(": ") else {
            continue;
        };
        let name = body.get(lead..colon).unwrap_or_default();
        let token = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if token && is_secret_header(name) && colon + 2 < body.len() {
            out.push(ByteRange::new(
                line_start + colon + 2,
                line_start + body.len(),
            ));
        }
    }
}

/// `?name=value` / `&name=value` query parameters with a secret name: the value.
fn query_params(lower: &str, out: &mut Vec<ByteRange>) {
    let bytes = lower.as_bytes();
    for param in SECRET_PARAMS {
        for lead in ["?", "&"] {
            let pattern = format!("{lead}{param}=");
            let mut from = 0;
            while let Some(found) = lower.get(from..).and_then(|s| s.find(&pattern)) {
                let start = from + found + pattern.len();
                from = start;
                let len = bytes
                    .get(start..)
                    .unwrap_or_default()
                    .iter()
                    .take_while(|b| !b"&#\"\\ \t\r\n".contains(b))
                    .count();
                if len > 0 {
                    out.push(ByteRange::new(start, start + len));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn har_headers_cookies_and_members_are_redacted_and_the_json_stays_valid() {
        let har = r#"{"log": {"entries": [{"request": {"url": "http://127.0.0.1/mcp?access_token=abc123&x=1",
 "headers": [{"name": "Authorization", "value": "Bearer sk-live-0123456789"}, {"name": "Mcp-Session-Id", "value": "s-1"}, {"name": "X-Api-Key", "value": "k-9"}],
 "cookies": [{"name": "sid", "value": "c00kie"}],
 "postData": {"text": "{\"jsonrpc\":\"2.0\",\"method\":\"x\",\"params\":{\"token\":\"t0k\"}}"}}}]}}"#;
        let out = redact(har);
        for secret in ["abc123", "sk-live-0123456789", "k-9", "c00kie", "t0k"] {
            assert!(!out.text.contains(secret), "{secret} left in {}", out.text);
        }
        assert!(out.text.contains("\"s-1\""), "the session id stays");
        assert!(out.text.contains("x=1"));
        assert!(parse(&out.text, ReadOptions::default()).is_ok());
        assert_eq!(out.spans.len(), 5);
    }

    #[test]
    fn log_lines_lose_bearer_tokens_and_header_values() {
        let log = "2025-03-23 16:38:00.970 [info] [Client Says] {\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"a\",\"params\":{\"password\": \"hunter2\"}}\nAuthorization: Basic dXNlcjpwYXNz\ncurl -H 'authorization: bearer abcdefghijkl'\nThe Bearer of bad news\n";
        let out = redact(log);
        assert!(!out.text.contains("hunter2"));
        assert!(!out.text.contains("dXNlcjpwYXNz"));
        assert!(!out.text.contains("abcdefghijkl"));
        assert!(
            out.text.contains("The Bearer of bad news"),
            "short words are no token"
        );
        assert_eq!(out.spans[0].line, 1);
    }
}
