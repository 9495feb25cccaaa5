//! Tool parameters mirrored into HTTP headers (`x-mcp-header`, 2026-07-28 Streamable HTTP): the
//! rule on a tool's `inputSchema` ([`check`]) and the `Mcp-Param-{Name}` headers a call of it
//! carries ([`param_headers`], the session's check of a recorded request).
//!
//! Sources, checked 2026-12-03:
//! - the 2026-07-28 Streamable HTTP transport, "Custom headers from tool parameters",
//!   <https://modelcontextprotocol.io/specification/2026-07-28/basic/transports/streamable-http>:
//!   a property annotated `"x-mcp-header": "Name"` is mirrored by the client into the header
//!   `Mcp-Param-Name`; the value MUST NOT be empty, MUST be an HTTP field-name token (`1*tchar`,
//!   RFC 9110 §5.6.2), MUST be case-insensitively unique in the `inputSchema`, and MUST only be
//!   applied to properties of type integer, string or boolean (`number` is not permitted); a
//!   client using Streamable HTTP MUST reject a tool whose `x-mcp-header` breaks these: it MUST
//!   exclude the tool from the result of `tools/list`, and SHOULD log why. A value that is not
//!   plain printable ASCII (or has edge whitespace) is sent as `=?base64?<UTF-8 in Base64>?=`; no
//!   header is sent for an argument that is absent or null.
//! - SEP-2243, <https://modelcontextprotocol.io/seps/2243-http-standardization> (Final), and the
//!   spec change that made the name an RFC 9110 token
//!   (modelcontextprotocol/modelcontextprotocol issue 2762).
//! - The reference implementation: the official Python SDK 2.3.0 (PyPI `mcp`),
//!   `mcp/shared/inbound.py` (`find_invalid_x_mcp_header`, `_walk_schema_positions`,
//!   `mcp_param_headers`): an annotation counts where a chain of `properties` keys alone reaches
//!   it from the root (top-level or nested); under any other applicator (`items`, `anyOf`, `$defs`,
//!   `additionalProperties`, …) or on the root itself it makes the tool invalid; `$ref` is not
//!   followed.
//!
//! Unverified, so not flagged: the safe-integer range the spec draft names for integer values.

use crate::diagnostic::{Diagnostic, Severity};
use crate::json::{Document, Node};
use crate::protocol::Generation;

/// The annotation's key.
pub const KEY: &str = "x-mcp-header";
/// The header a parameter goes in: this prefix and the annotation's name.
pub const PREFIX: &str = "Mcp-Param-";
/// Where the rule's source is, for the messages.
const SOURCE: &str =
    "2026-07-28 Streamable HTTP, \"Custom headers from tool parameters\"; SEP-2243";

/// Applicators whose value is one subschema (they leave the `properties` chain).
const SINGLE: [&str; 11] = [
    "items",
    "contains",
    "unevaluatedItems",
    "additionalProperties",
    "propertyNames",
    "unevaluatedProperties",
    "not",
    "if",
    "then",
    "else",
    "contentSchema",
];
/// Applicators whose value is a list of subschemas.
const LIST: [&str; 4] = ["allOf", "anyOf", "oneOf", "prefixItems"];
/// Applicators whose value maps names to subschemas.
const MAP: [&str; 4] = [
    "patternProperties",
    "dependentSchemas",
    "$defs",
    "definitions",
];

/// One `x-mcp-header` annotation found in a schema.
struct Annotation<'d> {
    /// The `properties` keys from the root to the annotated property; `None` off that chain
    /// (under another applicator), empty on the root.
    path: Option<Vec<String>>,
    /// The annotated schema.
    schema: &'d Node,
    /// Its JSON pointer in the document.
    pointer: String,
}

/// Every schema position under `root` (at `pointer`) holding `x-mcp-header`, in document order.
fn annotations<'d>(root: &'d Node, pointer: &str) -> Vec<Annotation<'d>> {
    let mut out = Vec::new();
    let mut stack = vec![(Some(Vec::new()), root, pointer.to_owned())];
    while let Some((path, node, at)) = stack.pop() {
        let Some(members) = node.members() else {
            continue;
        };
        if node.value_of(KEY).is_some() {
            out.push(Annotation {
                path: path.clone(),
                schema: node,
                pointer: at.clone(),
            });
        }
        // Pushed in reverse so that the walk comes out in document order.
        for member in members.iter().rev() {
            let key = member.key.as_str();
            let here = format!("{at}/{}", escape(key));
            if key == "properties" {
                for property in member.value.members().unwrap_or_default().iter().rev() {
                    let below = path.as_ref().map(|p| {
                        let mut p = p.clone();
                        p.push(property.key.clone());
                        p
                    });
                    stack.push((
                        below,
                        &property.value,
                        format!("{here}/{}", escape(&property.key)),
                    ));
                }
            } else if SINGLE.contains(&key) {
                stack.push((None, &member.value, here));
            } else if LIST.contains(&key) {
                if let Some(items) = member.value.elements() {
                    for (i, item) in items.iter().enumerate().rev() {
                        stack.push((None, item, format!("{here}/{i}")));
                    }
                }
            } else if MAP.contains(&key) {
                for entry in member.value.members().unwrap_or_default().iter().rev() {
                    stack.push((None, &entry.value, format!("{here}/{}", escape(&entry.key))));
                }
            }
        }
    }
    out
}

/// Whether `name` is an RFC 9110 token (`1*tchar`, §5.6.2).
fn is_token(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// The findings on the `x-mcp-header` annotations of the `inputSchema` `schema` (at `pointer`)
/// of the tool named `tool`: one `x-mcp-header-invalid` per broken annotation, an error for a
/// 2026-07-28 tool list (its clients over HTTP drop the tool), a warning when the version is not
/// known, nothing before 2026-07-28 (the annotation is then only an unknown keyword).
pub fn check(
    doc: &Document<'_>,
    schema: &Node,
    pointer: &str,
    tool: Option<&str>,
    generation: Option<Generation>,
) -> Vec<Diagnostic> {
    let severity = match generation {
        Some(Generation::V2025_11_25) => return Vec::new(),
        Some(Generation::V2026_07_28) => Severity::Error,
        None => Severity::Warning,
    };
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut out = Vec::new();
    for found in annotations(schema, pointer) {
        let value = found.schema.value_of(KEY);
        let at = format!("{}/{KEY}", found.pointer);
        let name = value.and_then(Node::as_str);
        let problem = match (&found.path, name) {
            (None, _) => Some(format!(
                "`{KEY}` sits where only a chain of `properties` can reach a tool argument: under \
                 another keyword (`items`, `anyOf`, `$defs`, …) no argument is mirrored"
            )),
            (Some(path), _) if path.is_empty() => Some(format!(
                "`{KEY}` on the root of `inputSchema`: only a property can carry it"
            )),
            (_, None) => Some(format!("`{KEY}` must be a string naming the header")),
            (_, Some(name)) if !is_token(name) => Some(format!(
                "`{KEY}` {name:?} is not an HTTP field-name token (RFC 9110 §5.6.2: letters, \
                 digits and !#$%&'*+-.^_`|~, at least one)"
            )),
            (Some(path), Some(name)) => {
                let kind = found.schema.value_of("type").and_then(Node::as_str);
                let lower = name.to_ascii_lowercase();
                if !matches!(kind, Some("string" | "integer" | "boolean")) {
                    Some(format!(
                        "`{KEY}` {name:?} is on a property of type {}: only string, integer and \
                         boolean arguments can be mirrored (`number` is not permitted)",
                        kind.map_or_else(|| "(none)".to_owned(), |k| format!("{k:?}"))
                    ))
                } else if let Some((_, first)) = seen.iter().find(|(n, _)| *n == lower) {
                    Some(format!(
                        "`{KEY}` {name:?} repeats the header of property {first:?} (header names \
                         are compared without regard to case)"
                    ))
                } else {
                    seen.push((lower, path.join(".")));
                    None
                }
            }
        };
        if let Some(problem) = problem {
            let message = format!(
                "{problem}; a 2026-07-28 client over Streamable HTTP MUST drop this tool from its \
                 tools/list ({SOURCE})"
            );
            let mut finding = Diagnostic::new(severity, "x-mcp-header-invalid", message)
                .with_span(doc.span_at(&at))
                .at_pointer(at);
            if let Some(tool) = tool {
                finding = finding.about_tool(tool, found.pointer.clone());
            }
            out.push(finding);
        }
    }
    out
}

/// The annotations of `schema` a client mirrors (a chain of `properties` from the root, a string
/// name): the `properties` path of each and the header's name, in document order.
pub fn annotated(schema: &Node) -> Vec<(Vec<String>, String)> {
    annotations(schema, "")
        .into_iter()
        .filter_map(|found| {
            let path = found.path.filter(|p| !p.is_empty())?;
            let name = found.schema.value_of(KEY).and_then(Node::as_str)?;
            Some((path, name.to_owned()))
        })
        .collect()
}

/// The `Mcp-Param-*` headers a call with the arguments `at` (in `arguments`) carries for the
/// `annotated` parameters of its tool: `(header name, the argument rendered)` for each the
/// arguments give a string, number or boolean (absent or null: no header); the value as sent is
/// [`encode`] of it.
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

/// A scalar argument as its header renders it (`true`/`false`, the number as written, the
/// string), its text in `text`.
fn render(text: &str, value: &Node) -> Option<String> {
    use crate::json::NodeKind;
    match &value.kind {
        NodeKind::String(s) => Some(s.clone()),
        NodeKind::Bool(b) => Some(b.to_string()),
        NodeKind::Number => text
            .get(value.range.start..value.range.end)
            .map(str::to_owned),
        _ => None,
    }
}

/// A header value as the spec encodes it: as it is when printable ASCII without edge whitespace
/// and not itself in the Base64 form, else `=?base64?…?=`.
pub fn encode(value: &str) -> String {
    let plain = value.bytes().all(|b| (0x20..=0x7e).contains(&b))
        && value.trim() == value
        && !(value.starts_with("=?base64?") && value.ends_with("?="));
    if plain {
        return value.to_owned();
    }
    format!("=?base64?{}?=", base64(value.as_bytes()))
}

/// Standard Base64 with padding (RFC 4648 §4).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
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

/// A JSON Pointer token (RFC 6901).
fn escape(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    fn found(schema: &str) -> Vec<String> {
        let doc = parse(schema, ReadOptions::default()).unwrap();
        check(
            &doc,
            &doc.root,
            "",
            Some("t"),
            Some(Generation::V2026_07_28),
        )
        .into_iter()
        .map(|d| d.instance_path)
        .collect()
    }

    #[test]
    fn valid_annotations_pass_and_each_broken_one_is_found() {
        let good = r#"{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"o":{"type":"object","properties":{"n":{"type":"integer","x-mcp-header":"N"}}}}}"#;
        assert!(found(good).is_empty());
        let bad = r#"{"type":"object","x-mcp-header":"Root","properties":{
            "a":{"type":"number","x-mcp-header":"A"},
            "b":{"type":"string","x-mcp-header":"Bad Name"},
            "c":{"type":"string","x-mcp-header":"region"},
            "d":{"type":"string","x-mcp-header":"REGION"},
            "e":{"type":"array","items":{"type":"string","x-mcp-header":"E"}},
            "f":{"type":"string","x-mcp-header":""}}}"#;
        assert_eq!(
            found(bad),
            [
                "/x-mcp-header",
                "/properties/a/x-mcp-header",
                "/properties/b/x-mcp-header",
                "/properties/d/x-mcp-header",
                "/properties/e/items/x-mcp-header",
                "/properties/f/x-mcp-header",
            ]
        );
        // Before 2026-07-28 the annotation is only an unknown keyword.
        let doc = parse(bad, ReadOptions::default()).unwrap();
        assert!(check(&doc, &doc.root, "", None, Some(Generation::V2025_11_25)).is_empty());
    }

    #[test]
    fn headers_of_a_call_with_the_spec_encoding() {
        let schema = r#"{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"},"n":{"type":"integer","x-mcp-header":"N"},"ok":{"type":"boolean","x-mcp-header":"Ok"},"gone":{"type":"string","x-mcp-header":"Gone"}}}"#;
        let args = r#"{"region":"Zürich","n":42,"ok":true,"gone":null}"#;
        let (s, a) = (
            parse(schema, ReadOptions::default()).unwrap(),
            parse(args, ReadOptions::default()).unwrap(),
        );
        let sent: Vec<_> = param_headers(&annotated(&s.root), &a, &a.root)
            .into_iter()
            .map(|(name, value)| (name, encode(&value)))
            .collect();
        let want = [
            ("Mcp-Param-Region", "=?base64?WsO8cmljaA==?="),
            ("Mcp-Param-N", "42"),
            ("Mcp-Param-Ok", "true"),
        ]
        .map(|(n, v)| (n.to_owned(), v.to_owned()));
        assert_eq!(sent, want);
        assert_eq!(encode(" x"), "=?base64?IHg=?=");
        assert_eq!(encode("us-west1"), "us-west1");
    }
}
