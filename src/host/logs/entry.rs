//! What the readers find in a log: each message ([`LogEntry`], with the HTTP request that
//! carried it, [`Http`]) and each other line kept as context ([`ContextLine`]), and the caps on a
//! reading. Below the format table ([`super::formats`]), whose readers produce them.

use serde::{Serialize, Serializer};

use super::map::SourceMap;
use super::redact::{is_secret_header, redact_line, REDACTED};
use crate::diagnostic::{ByteRange, Span};
use crate::host::session::Direction;
use crate::json::{Member, Node, NodeKind};

/// The largest pasted text read (64 MiB): past it, one `log-too-large` error.
pub const MAX_LOG_BYTES: usize = 64 << 20;

/// At most this many `log-line-skipped` notes; one more says how many were not listed.
pub const MAX_SKIPPED_REPORTED: usize = 100;

/// The HTTP request that carried a client's message (a HAR entry's), as the transcript entry's
/// `http` member: `{"method": "POST", "headers": {"Name": "value", …}}`, headers as sent (a name
/// sent twice: its values joined with `, `).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LogHttp"))]
pub struct Http {
    /// The request method.
    pub method: String,
    /// The request headers, by name as sent.
    #[serde(with = "headers_object")]
    // A custom `Serialize` (pairs as one object, a name sent twice joined) no derive can express.
    #[cfg_attr(test, ts(type = "Record<string, string>"))]
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
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LogEntry {
    /// Who sent it, when the log says.
    pub direction: Option<Direction>,
    /// When it was seen (milliseconds since the epoch), when the log says.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub time_ms: Option<i64>,
    /// The message's JSON text as extracted (a HAR body decoded).
    pub message: String,
    /// The HTTP request that carried it (client messages of a HAR).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(test, ts(optional))]
    pub http: Option<Http>,
    /// Where the message sits in the pasted text.
    pub span: Span,
    /// Its source map.
    #[serde(skip)]
    pub map: SourceMap,
}

/// A line of a log that is no message, kept as context (a connection state, the server's
/// stderr): shown in the sequence, never a finding. Its text carries no credential: what
/// [`super::redact`] finds in it (a bearer token a host logged with its transport options, a
/// cookie) is `[REDACTED]` from the start, so no report, recording or output can write it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LogContextLine"))]
pub struct ContextLine {
    /// The log's level for it, when the log says.
    pub level: Option<String>,
    /// Its text (after the log's prefix), its secrets replaced.
    text: String,
    /// Where it sits in the pasted text.
    pub span: Span,
}

impl ContextLine {
    /// The context row of `text` (its secrets replaced) at `span`.
    pub fn new(level: Option<String>, text: &str, span: Span) -> Self {
        Self {
            level,
            text: redact_line(text),
            span,
        }
    }

    /// Its text, its secrets replaced.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The row grown to `text` (its secrets replaced) at `span`: a line a log continues.
    pub(super) fn extend(&mut self, text: &str, span: Span) {
        self.text = redact_line(text);
        self.span = span;
    }
}

/// `Http::headers` as JSON (serde's `with`): one object, in the order sent.
mod headers_object {
    use super::{is_secret_header, Serializer, REDACTED};

    /// Serializes headers as one object, in the order sent, a credential header's value `[REDACTED]`.
    pub(super) fn serialize<S: Serializer>(
        headers: &[(String, String)],
        s: S,
    ) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = s.serialize_map(Some(headers.len()))?;
        for (name, value) in headers {
            // No credential is written: the value of `Authorization`, a cookie, an API key header.
            let value = if is_secret_header(name) {
                REDACTED
            } else {
                value.as_str()
            };
            map.serialize_entry(name, value)?;
        }
        map.end()
    }
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
