//! A parsed JSON document that remembers where every value and key sits in its text.
//!
//! Numbers keep their lexeme, object members keep their order and their duplicates, so nothing
//! the user wrote is lost. JSON Pointers resolve to spans for diagnostics.

use std::borrow::Cow;

use serde_json::{Map, Number, Value};

use crate::diagnostic::{cap_with_dropped, ByteRange, Diagnostic, LineIndex, Severity, Span};
use crate::json::error::JsonError;
use crate::json::reader::{ReadOptions, ReadWarning, Reader, Token, TokenKind};
use crate::json::string::decode_string;
use crate::json::utf8::from_utf8;

/// One value of a document and its place in the text.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    /// The bytes of the whole value (brackets and quotes included).
    pub range: ByteRange,
    /// What the value is.
    pub kind: NodeKind,
}

/// The kind and content of a [`Node`].
#[derive(Clone, Debug, PartialEq)]
pub enum NodeKind {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number; its exact lexeme is the node's text.
    Number,
    /// A string, decoded.
    String(String),
    /// An array's elements.
    Array(Vec<Node>),
    /// An object's members in the order written, duplicates included.
    Object(Vec<Member>),
}

/// One `"key": value` of an object.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The decoded key.
    pub key: String,
    /// The key lexeme's bytes, quotes included.
    pub key_range: ByteRange,
    /// The value.
    pub value: Node,
}

impl Node {
    /// The JSON type name: `null`, `boolean`, `number`, `string`, `array` or `object`.
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            NodeKind::Null => "null",
            NodeKind::Bool(_) => "boolean",
            NodeKind::Number => "number",
            NodeKind::String(_) => "string",
            NodeKind::Array(_) => "array",
            NodeKind::Object(_) => "object",
        }
    }

    /// The members if this is an object.
    pub fn members(&self) -> Option<&[Member]> {
        match &self.kind {
            NodeKind::Object(members) => Some(members),
            _ => None,
        }
    }

    /// The elements if this is an array.
    pub fn elements(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::Array(items) => Some(items),
            _ => None,
        }
    }

    /// The decoded string if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.kind {
            NodeKind::String(s) => Some(s),
            _ => None,
        }
    }

    /// The member called `key` (the last one if the key is duplicated, as most parsers do).
    pub fn get(&self, key: &str) -> Option<&Member> {
        self.members()?.iter().rev().find(|m| m.key == key)
    }

    /// The value of member `key`.
    pub fn value_of(&self, key: &str) -> Option<&Node> {
        self.get(key).map(|m| &m.value)
    }
}

/// A parsed text: the tree, the warnings met on the way and a line index for spans.
#[derive(Clone, Debug)]
pub struct Document<'a> {
    /// The text parsed.
    pub text: &'a str,
    /// The root value.
    pub root: Node,
    /// Accepted-but-suspicious findings: duplicate keys, lone surrogates, a byte order mark.
    pub warnings: Vec<Diagnostic>,
    /// Positions in `text`.
    pub index: LineIndex<'a>,
}

/// Deepest nesting a tree may have: trees are built and walked recursively.
pub const MAX_TREE_DEPTH: usize = 2048;

/// Parses `text` into a [`Document`]. Depth is capped at [`MAX_TREE_DEPTH`].
pub fn parse(text: &str, options: ReadOptions) -> Result<Document<'_>, JsonError> {
    let options = ReadOptions {
        max_depth: options.max_depth.min(MAX_TREE_DEPTH),
        ..options
    };
    let mut reader = Reader::new(text, options);
    let root = build(&mut reader)?;
    let index = LineIndex::new(text);
    let warnings = reader_diagnostics(&mut reader, &index);
    Ok(Document {
        text,
        root,
        warnings,
        index,
    })
}

/// Like [`parse`] for bytes that should be UTF-8; invalid UTF-8 is an `invalid-utf8` error.
pub fn parse_bytes(bytes: &[u8], options: ReadOptions) -> Result<Document<'_>, JsonError> {
    parse(from_utf8(bytes)?, options)
}

/// Takes the reader's warnings as diagnostics; if it dropped some over
/// [`ReadOptions::max_warnings`], a final `more-diagnostics` note counts them.
pub fn reader_diagnostics(reader: &mut Reader<'_>, index: &LineIndex<'_>) -> Vec<Diagnostic> {
    let warnings = reader
        .take_warnings()
        .into_iter()
        .map(|w| warning_diagnostic(index, w));
    cap_with_dropped(
        warnings.collect(),
        reader.options().max_warnings,
        reader.dropped_warnings(),
    )
}

/// A reader warning as a [`Diagnostic`].
pub fn warning_diagnostic(index: &LineIndex<'_>, warning: ReadWarning) -> Diagnostic {
    Diagnostic::warning(warning.code, warning.message)
        .at_pointer(warning.pointer)
        .with_span(Some(index.span(warning.range)))
}

/// An open container while building.
enum Open {
    Array(usize, Vec<Node>),
    Object(usize, Vec<Member>, Option<(String, ByteRange)>),
}

/// Builds the tree from the reader's tokens without recursion.
fn build(reader: &mut Reader<'_>) -> Result<Node, JsonError> {
    let first = next(reader)?;
    let root = build_value(reader, first)?;
    // Consume trailing white space and reject trailing data.
    while reader.next_token()?.is_some() {}
    Ok(root)
}

/// The reader's next token (it only ends after a complete root value, never inside one).
fn next(reader: &mut Reader<'_>) -> Result<Token, JsonError> {
    reader.next_token()?.ok_or_else(|| {
        let text = reader.text();
        JsonError::at(text, text.len(), "empty", "expected a JSON value")
    })
}

/// Builds the tree of the value `first` starts (the reader just gave it) without recursion, the
/// reader left just after it: one value of a text read token by token (a HAR's entry), its
/// ranges in the reader's whole text.
pub fn build_value(reader: &mut Reader<'_>, first: Token) -> Result<Node, JsonError> {
    let text = reader.text();
    let mut stack: Vec<Open> = Vec::new();
    let mut first = Some(first);
    loop {
        let token = match first.take() {
            Some(token) => token,
            None => next(reader)?,
        };
        let lexeme = || {
            text.get(token.range.start..token.range.end)
                .unwrap_or_default()
        };
        let kind = match token.kind {
            TokenKind::StartArray => {
                stack.push(Open::Array(token.range.start, Vec::new()));
                continue;
            }
            TokenKind::StartObject => {
                stack.push(Open::Object(token.range.start, Vec::new(), None));
                continue;
            }
            TokenKind::Key => {
                if let Some(Open::Object(_, _, key)) = stack.last_mut() {
                    *key = Some((decode_string(lexeme()).value, token.range));
                }
                continue;
            }
            TokenKind::EndArray | TokenKind::EndObject => match stack.pop() {
                Some(Open::Array(start, items)) => finish(
                    &mut stack,
                    Node {
                        range: ByteRange::new(start, token.range.end),
                        kind: NodeKind::Array(items),
                    },
                ),
                Some(Open::Object(start, members, _)) => finish(
                    &mut stack,
                    Node {
                        range: ByteRange::new(start, token.range.end),
                        kind: NodeKind::Object(members),
                    },
                ),
                None => None,
            },
            TokenKind::String => finish(
                &mut stack,
                Node {
                    range: token.range,
                    kind: NodeKind::String(decode_string(lexeme()).value),
                },
            ),
            TokenKind::Number => finish(
                &mut stack,
                Node {
                    range: token.range,
                    kind: NodeKind::Number,
                },
            ),
            TokenKind::True => finish(
                &mut stack,
                Node {
                    range: token.range,
                    kind: NodeKind::Bool(true),
                },
            ),
            TokenKind::False => finish(
                &mut stack,
                Node {
                    range: token.range,
                    kind: NodeKind::Bool(false),
                },
            ),
            TokenKind::Null => finish(
                &mut stack,
                Node {
                    range: token.range,
                    kind: NodeKind::Null,
                },
            ),
        };
        if let Some(value) = kind {
            return Ok(value);
        }
    }
}

/// Puts a finished value into its parent; returns it when it is the root.
fn finish(stack: &mut [Open], node: Node) -> Option<Node> {
    match stack.last_mut() {
        None => Some(node),
        Some(Open::Array(_, items)) => {
            items.push(node);
            None
        }
        Some(Open::Object(_, members, key)) => {
            let (key, key_range) = key.take().unwrap_or_default();
            members.push(Member {
                key,
                key_range,
                value: node,
            });
            None
        }
    }
}

/// Splits a JSON Pointer into unescaped reference tokens; `None` if it is not a pointer.
pub fn pointer_tokens(pointer: &str) -> Option<Vec<String>> {
    Some(pointer_token_iter(pointer)?.map(Cow::into_owned).collect())
}

/// The unescaped reference tokens of a JSON Pointer, one at a time, each borrowed from `pointer`
/// unless it holds an escape (`~0`, `~1`); `None` if it is not a pointer. What
/// [`Document::deepest`] walks: no allocation for a pointer without escapes.
pub fn pointer_token_iter(pointer: &str) -> Option<impl Iterator<Item = Cow<'_, str>>> {
    let rest = match pointer {
        "" => None,
        _ => Some(pointer.strip_prefix('/')?),
    };
    Some(
        rest.into_iter()
            .flat_map(|rest| rest.split('/'))
            .map(|token| {
                if token.contains('~') {
                    Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
                } else {
                    Cow::Borrowed(token)
                }
            }),
    )
}

/// Escapes one reference token for a JSON Pointer.
pub fn escape_pointer_token(token: &str) -> String {
    token.replace('~', "~0").replace('/', "~1")
}

/// A diagnostic about the value at `path` (a JSON Pointer) of `doc`, with its span there
/// (none when nothing is at `path`).
pub fn diagnostic_at(
    doc: &Document<'_>,
    severity: Severity,
    code: &str,
    message: String,
    path: String,
) -> Diagnostic {
    Diagnostic::new(severity, code, message)
        .with_span(doc.span_at(&path))
        .at_pointer(path)
}

impl<'a> Document<'a> {
    /// The exact text of a node.
    pub fn lexeme(&self, node: &Node) -> &'a str {
        self.text
            .get(node.range.start..node.range.end)
            .unwrap_or_default()
    }

    /// The span of a byte range of this document.
    pub fn span(&self, range: ByteRange) -> Span {
        self.index.span(range)
    }

    /// The node a JSON Pointer names, if any.
    pub fn pointer(&self, pointer: &str) -> Option<&Node> {
        self.deepest(pointer)
            .filter(|(_, rest)| *rest == 0)
            .map(|(node, _)| node)
    }

    /// The deepest existing node along a pointer and how many tokens were left unresolved.
    pub fn deepest(&self, pointer: &str) -> Option<(&Node, usize)> {
        let mut tokens = pointer_token_iter(pointer)?;
        let mut node = &self.root;
        while let Some(token) = tokens.next() {
            let next = match &node.kind {
                NodeKind::Object(_) => node.value_of(&token),
                NodeKind::Array(items) => token.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => return Some((node, 1 + tokens.count())),
            }
        }
        Some((node, 0))
    }

    /// The span of the value a pointer names, or of its deepest existing ancestor.
    pub fn span_at(&self, pointer: &str) -> Option<Span> {
        self.deepest(pointer).map(|(node, _)| self.span(node.range))
    }

    /// The document as a `serde_json::Value` (numbers exact; a duplicated key keeps its last value).
    pub fn to_value(&self) -> Value {
        self.value_of(&self.root)
    }

    /// A node as a `serde_json::Value`.
    pub fn value_of(&self, node: &Node) -> Value {
        match &node.kind {
            NodeKind::Null => Value::Null,
            NodeKind::Bool(b) => Value::Bool(*b),
            NodeKind::Number => self
                .lexeme(node)
                .parse::<Number>()
                .map(Value::Number)
                .unwrap_or(Value::Null),
            NodeKind::String(s) => Value::String(s.clone()),
            NodeKind::Array(items) => {
                Value::Array(items.iter().map(|n| self.value_of(n)).collect())
            }
            NodeKind::Object(members) => {
                let mut map = Map::with_capacity(members.len());
                for m in members {
                    map.insert(m.key.clone(), self.value_of(&m.value));
                }
                Value::Object(map)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_resolve_to_spans() {
        let doc = parse(
            "{\n  \"a/b\": [10, {\"~\": 2.50}]\n}",
            ReadOptions::default(),
        )
        .unwrap();
        let node = doc.pointer("/a~1b/1/~0").unwrap();
        assert_eq!(doc.lexeme(node), "2.50");
        let span = doc.span(node.range);
        assert_eq!((span.line, span.column, span.end_column), (2, 21, 25));
        assert_eq!(
            doc.deepest("/a~1b/7")
                .map(|(n, left)| (n.type_name(), left)),
            Some(("array", 1))
        );
        // Every token past the deepest node counts, escaped or not; the root has none.
        assert_eq!(
            doc.deepest("/a~1b/7/~0/x")
                .map(|(n, left)| (n.type_name(), left)),
            Some(("array", 3))
        );
        assert_eq!(
            doc.deepest("").map(|(n, left)| (n.type_name(), left)),
            Some(("object", 0))
        );
        assert_eq!(
            doc.deepest("/").map(|(n, left)| (n.type_name(), left)),
            Some(("object", 1))
        );
        assert_eq!(
            pointer_tokens("/a~1b/~01/"),
            Some(vec!["a/b".into(), "~1".into(), String::new()])
        );
        assert!(doc.pointer("a").is_none());
    }

    #[test]
    fn values_keep_exact_numbers_and_order() {
        let doc = parse(
            r#"{"z": 1.0, "a": 12345678901234567890123, "e": 1e400}"#,
            ReadOptions::default(),
        )
        .unwrap();
        assert_eq!(
            serde_json::to_string(&doc.to_value()).unwrap(),
            r#"{"z":1.0,"a":12345678901234567890123,"e":1e+400}"#
        );
    }

    #[test]
    fn duplicates_are_kept_in_the_tree_and_warned() {
        let doc = parse(r#"{"a": 1, "a": 2}"#, ReadOptions::default()).unwrap();
        assert_eq!(doc.root.members().map(<[Member]>::len), Some(2));
        assert_eq!(doc.lexeme(doc.root.value_of("a").unwrap()), "2");
        assert_eq!(doc.warnings.len(), 1);
        assert_eq!(doc.warnings[0].span.map(|s| s.column), Some(10));
    }

    #[test]
    fn tree_depth_is_capped() {
        let deep = "[".repeat(3000) + &"]".repeat(3000);
        let err = parse(
            &deep,
            ReadOptions {
                max_depth: 100_000,
                ..Default::default()
            },
        )
        .unwrap_err();
        assert_eq!(err.code, "depth-limit");
    }
}
