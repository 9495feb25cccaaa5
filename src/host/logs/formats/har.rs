//! An HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/, checked
//! 2026-12-03) of a Streamable HTTP session (MCP 2025-11-25 "Transports",
//! https://modelcontextprotocol.io/specification/2025-11-25/basic/transports, checked
//! 2026-12-03): each entry's `request.postData.text` is what the client sent (a message, or a
//! batch array), its `response.content.text` what the server answered — JSON, or an SSE stream
//! (`text/event-stream`) whose events' `data:` lines are messages. Entries that carry no
//! JSON-RPC (pages, OAuth) are skipped silently.
//!
//! Times: a request's is the entry's `startedDateTime`; its answer's is that plus the timings
//! up to the first byte (`blocked`, `dns`, `connect`, `send`, `wait`, those not -1), the earliest
//! an answer can have been seen (an SSE stream's later events arrive later: times are never
//! later than the truth, so `poll-too-fast` cannot be found where it did not happen).
//! A client message carries its request's method and headers (`http`).

use std::borrow::Cow;

use super::har_entry::{self, string};
use crate::diagnostic::{ByteRange, Diagnostic};
use crate::host::logs::entry::Http;
use crate::host::logs::envelope;
use crate::host::logs::found::Found;
use crate::host::logs::map::{decode_with_map, SourceMap};
use crate::host::session::Direction;
use crate::host::time::parse_rfc3339;
use crate::json::{parse, JsonError, ReadOptions, Reader, Token, TokenKind};

/// Whether `text` is a JSON object whose first member is `log`.
pub(super) fn looks_like(text: &str) -> bool {
    let rest = text.trim_start_matches('\u{feff}').trim_start();
    rest.strip_prefix('{')
        .is_some_and(|r| r.trim_start().starts_with("\"log\""))
}

/// Reads every entry of the HAR, token by token: each entry of `log.entries` read as it comes,
/// without a tree ([`har_entry`]: its messages pushed into the session at once when replaying,
/// the progress told at each), the rest of the text only checked. What a tree of the whole HAR
/// would give: the last `log` member's last `entries` array (what an earlier one gave is
/// forgotten), and nothing but the error where the text does not parse.
pub(super) fn read(found: &mut Found<'_>) {
    let mut reader = Reader::new(found.text, envelope::options());
    match read_root(found, &mut reader) {
        Ok((_, true)) => {}
        Ok((root, false)) => {
            found.restart();
            let span = found.index.span(root);
            found.diagnostics.push(
                Diagnostic::error("har-invalid", "a HAR has `log.entries`; this one has none")
                    .with_span(Some(span)),
            );
        }
        Err(error) => {
            found.restart();
            found.unparsable("har-invalid", "the HAR", &error);
        }
    }
}

/// Reads the whole text: the root value's range, and whether its `log` had an `entries` array.
fn read_root(
    found: &mut Found<'_>,
    reader: &mut Reader<'_>,
) -> Result<(ByteRange, bool), JsonError> {
    let first = envelope::next(reader)?;
    let mut read = false;
    let end = if first.kind == TokenKind::StartObject {
        loop {
            let key = envelope::next(reader)?;
            if key.kind == TokenKind::EndObject {
                break key.range.end;
            }
            let value = envelope::next(reader)?;
            if envelope::key_name(reader.text(), key.range) == "log" {
                found.restart();
                read = read_log(found, reader, value)?;
            } else {
                envelope::skip(reader, value)?;
            }
        }
    } else {
        envelope::skip(reader, first)?
    };
    // The rest of the text is checked (a HAR that does not parse gives no message).
    while reader.next_token()?.is_some() {}
    Ok((ByteRange::new(first.range.start, end), read))
}

/// Reads the `log` value `first` starts: each entry of its `entries` array; whether it had one.
fn read_log(
    found: &mut Found<'_>,
    reader: &mut Reader<'_>,
    first: Token,
) -> Result<bool, JsonError> {
    if first.kind != TokenKind::StartObject {
        envelope::skip(reader, first)?;
        return Ok(false);
    }
    let mut read = false;
    loop {
        let key = envelope::next(reader)?;
        if key.kind == TokenKind::EndObject {
            return Ok(read);
        }
        let value = envelope::next(reader)?;
        if envelope::key_name(reader.text(), key.range) != "entries" {
            envelope::skip(reader, value)?;
            continue;
        }
        found.restart();
        read = value.kind == TokenKind::StartArray;
        if !read {
            envelope::skip(reader, value)?;
            continue;
        }
        loop {
            let token = envelope::next(reader)?;
            if token.kind == TokenKind::EndArray {
                break;
            }
            read_entry(found, &har_entry::read(reader, token)?);
        }
    }
}

/// Reads one entry: the request's messages, then the response's.
fn read_entry(found: &mut Found<'_>, entry: &har_entry::Entry) {
    let har = found.text;
    let started = string(har, entry.started).and_then(|t| parse_rfc3339(&t));
    let answered = started.map(|t| t.saturating_add(first_byte(har, &entry.timings)));
    if let Some(request) = &entry.request {
        if let Some((text, map)) = decoded(har, request.body) {
            let http = Http {
                method: string(har, request.method)
                    .map_or_else(|| "POST".to_owned(), Cow::into_owned),
                headers: headers(har, &request.headers),
            };
            json_messages(found, &text, &map, Direction::Client, started, Some(&http));
        }
    }
    let Some(content) = &entry.content else {
        return;
    };
    let Some(body) = content.text else {
        return;
    };
    if string(har, content.encoding).as_deref() == Some("base64") {
        let span = found.index.span(body.range);
        found.diagnostics.push(
            Diagnostic::info(
                "log-line-skipped",
                "this response body is base64-encoded; skipped",
            )
            .with_span(Some(span)),
        );
        return;
    }
    let Some((text, map)) = decoded(har, Some(body)) else {
        return;
    };
    let mime = string(har, content.mime).unwrap_or_default();
    if mime.starts_with("text/event-stream") {
        sse_messages(found, &text, &map, answered);
    } else {
        json_messages(found, &text, &map, Direction::Server, answered, None);
    }
}

/// Milliseconds from an entry's start to the first byte of its answer, from its `timings` (a
/// [`har_entry::FIRST_BYTE_TIMINGS`] member of the HAR `har`; unknown timings: 0).
fn first_byte(har: &str, timings: &[Option<Token>]) -> i64 {
    timings
        .iter()
        .flatten()
        .filter(|t| t.kind == TokenKind::Number)
        .filter_map(|t| har.get(t.range.start..t.range.end)?.parse::<f64>().ok())
        .filter(|ms| *ms > 0.0)
        .map(|ms| ms.min(1e12) as i64)
        .sum()
}

/// A string body (its token in `text`) decoded with its map, when its decoded text mentions
/// `jsonrpc`: a body that mentions it as written does (no escape stands for those letters), one
/// without any escape does not, and only the rest is decoded to look.
fn decoded(text: &str, body: Option<Token>) -> Option<(String, SourceMap)> {
    let body = body.filter(|b| b.kind == TokenKind::String)?;
    let raw = text.get(body.range.start..body.range.end)?;
    let mentions = raw.contains("jsonrpc")
        || (raw.contains('\\') && string(text, Some(body)).is_some_and(|s| s.contains("jsonrpc")));
    mentions.then(|| decode_with_map(text, body.range.start, body.range.end))
}

/// The `{name, value}` headers of a request (their tokens in `har`), a name sent twice joined with
/// `, `.
fn headers(har: &str, sent: &[har_entry::Header]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for &(name, value) in sent {
        let (Some(name), Some(value)) = (string(har, name), string(har, value)) else {
            continue;
        };
        match out.iter_mut().find(|(n, _)| *n == name) {
            Some((_, v)) => {
                v.push_str(", ");
                v.push_str(&value);
            }
            None => out.push((name.into_owned(), value.into_owned())),
        }
    }
    out
}

/// The messages of a JSON body: one message (parsed once, here), or each element of a batch array.
fn json_messages(
    found: &mut Found<'_>,
    text: &str,
    map: &SourceMap,
    direction: Direction,
    time: Option<i64>,
    http: Option<&Http>,
) {
    let trimmed_start = text.len() - text.trim_start().len();
    let body = text.trim();
    let doc = match parse(body, ReadOptions::default()) {
        Ok(doc) => doc,
        Err(_) => {
            // Not JSON: `log-not-json` where it fails.
            let map = map.slice(trimmed_start, body.len());
            return found.message(body.to_owned(), map, Some(direction), time, http.cloned());
        }
    };
    let parts: Vec<ByteRange> = match doc.root.elements() {
        Some(items) => items.iter().map(|n| n.range).collect(),
        None if doc.root.range == ByteRange::new(0, body.len()) => {
            let map = map.slice(trimmed_start, body.len());
            return found.parsed(&doc, map, Some(direction), time, http.cloned());
        }
        None => vec![doc.root.range],
    };
    for range in parts {
        let at = trimmed_start + range.start;
        found.message(
            body.get(range.start..range.end)
                .unwrap_or_default()
                .to_owned(),
            map.slice(at, range.end - range.start),
            Some(direction),
            time,
            http.cloned(),
        );
    }
}

/// The messages of an SSE stream: each event's `data:` lines joined with `\n` (WHATWG HTML
/// "Server-sent events", https://html.spec.whatwg.org/multipage/server-sent-events.html, checked
/// 2026-12-03); events without data (a priming event) are skipped.
fn sse_messages(found: &mut Found<'_>, text: &str, map: &SourceMap, time: Option<i64>) {
    let mut data: Vec<(usize, usize)> = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    while start <= text.len() {
        let end = bytes
            .iter()
            .skip(start)
            .position(|&b| b == b'\n' || b == b'\r')
            .map_or(text.len(), |p| start + p);
        let line = text.get(start..end).unwrap_or_default();
        if line.is_empty() {
            dispatch(found, text, map, &mut data, time);
        } else if let Some(value) = line.strip_prefix("data") {
            let field_end = start + 4;
            match value.strip_prefix(':') {
                Some(v) => {
                    let skip = 1 + usize::from(v.starts_with(' '));
                    data.push((field_end + skip, end - field_end - skip));
                }
                None if value.is_empty() => data.push((end, 0)),
                None => {}
            }
        }
        if end >= text.len() {
            break;
        }
        start = end
            + if text.get(end..end + 2) == Some("\r\n") {
                2
            } else {
                1
            };
    }
    dispatch(found, text, map, &mut data, time);
}

/// One SSE event's data as a server message (when it has any).
fn dispatch(
    found: &mut Found<'_>,
    text: &str,
    map: &SourceMap,
    data: &mut Vec<(usize, usize)>,
    time: Option<i64>,
) {
    let part = |&(s, l): &(usize, usize)| text.get(s..s + l).unwrap_or_default();
    let blank = data.iter().all(|p| part(p).trim().is_empty());
    if !blank {
        let mut message = String::with_capacity(data.iter().map(|&(_, l)| l + 1).sum());
        for (i, p) in data.iter().enumerate() {
            if i > 0 {
                message.push('\n');
            }
            message.push_str(part(p));
        }
        found.message(message, map.join(data), Some(Direction::Server), time, None);
    }
    data.clear();
}
