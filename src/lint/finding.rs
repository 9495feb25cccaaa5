//! What every lint rule works with: one schema object of the document ([`Schema`]), a finding
//! before it is placed ([`Finding`]), and how messages show types and strings.

use jsonschema::Draft;

use crate::diagnostic::{ByteRange, Diagnostic, Fix, Severity};
use crate::json::tree::escape_pointer_token;
use crate::json::{Document, Member, Node, NodeKind};

/// One schema object of the document being linted.
pub struct Schema<'n> {
    /// Its members.
    pub members: &'n [Member],
    /// Its pointer in the document.
    pub pointer: String,
    /// The dialect it is read in.
    pub draft: Draft,
    /// The pointer of the linted schema's root (what `#` in a local `$ref` names).
    pub root: String,
}

impl<'n> Schema<'n> {
    /// The member `key` (the last one if duplicated).
    pub fn get(&self, key: &str) -> Option<&'n Member> {
        self.members.iter().rev().find(|m| m.key == key)
    }

    /// The value of member `key`.
    pub fn value(&self, key: &str) -> Option<&'n Node> {
        self.get(key).map(|m| &m.value)
    }

    /// The pointer of member `key`.
    pub fn at(&self, key: &str) -> String {
        format!("{}/{}", self.pointer, escape_pointer_token(key))
    }

    /// The declared `type` names (a string or an array of strings), or `None` without `type`.
    pub fn types(&self) -> Option<Vec<&'n str>> {
        let value = self.value("type")?;
        match &value.kind {
            NodeKind::String(name) => Some(vec![name.as_str()]),
            NodeKind::Array(items) => items.iter().map(Node::as_str).collect(),
            _ => None,
        }
    }
}

/// A finding before it is placed: what, where (a pointer and a byte range of the document) and
/// the fix, if any.
pub struct Finding {
    severity: Severity,
    code: &'static str,
    message: String,
    pointer: String,
    range: ByteRange,
    fix: Option<(ByteRange, String)>,
}

impl Finding {
    /// A finding at the key of `member` of `schema`.
    pub fn key(
        schema: &Schema<'_>,
        member: &Member,
        severity: Severity,
        code: &'static str,
    ) -> Self {
        Self::range(member.key_range, schema.at(&member.key), severity, code)
    }

    /// A finding at the key `key` of the object `node` at `pointer`, if it has one.
    pub(super) fn key_of(
        node: &Node,
        pointer: &str,
        key: &str,
        severity: Severity,
        code: &'static str,
    ) -> Option<Self> {
        let member = node.get(key)?;
        let at = format!("{pointer}/{}", escape_pointer_token(key));
        Some(Self::range(member.key_range, at, severity, code))
    }

    /// A finding at the value `node`, whose pointer is `pointer`.
    pub fn value(node: &Node, pointer: String, severity: Severity, code: &'static str) -> Self {
        Self::range(node.range, pointer, severity, code)
    }

    /// A finding at `range` of the document, about the value at `pointer`.
    pub fn range(
        range: ByteRange,
        pointer: String,
        severity: Severity,
        code: &'static str,
    ) -> Self {
        Self {
            severity,
            code,
            message: String::new(),
            pointer,
            range,
            fix: None,
        }
    }

    /// Sets the message.
    pub fn say(mut self, message: impl Into<String>) -> Self {
        self.message = message.into();
        self
    }

    /// Sets the fix: `replacement` in place of the finding's range.
    pub fn replace_with(self, replacement: impl Into<String>) -> Self {
        let range = self.range;
        self.replace_range(range, replacement)
    }

    /// Sets the fix: `replacement` in place of `range`.
    pub fn replace_range(mut self, range: ByteRange, replacement: impl Into<String>) -> Self {
        self.fix = Some((range, replacement.into()));
        self
    }

    /// The finding placed in `doc`.
    pub(super) fn diagnostic(self, doc: &Document<'_>) -> Diagnostic {
        let span = doc.span(self.range);
        let fix = self.fix.map(|(range, replacement)| Fix {
            span: doc.span(range),
            replacement,
        });
        Diagnostic::new(self.severity, self.code, self.message)
            .at_pointer(self.pointer.clone())
            .with_span(Some(span))
            .with_keyword(self.pointer, Some(span))
            .with_fix(fix)
    }
}

/// Declared types as messages show them: `"string"` or `["string", "null"]`.
pub(super) fn show_types(types: &[&str]) -> String {
    match types {
        [one] => format!("\"{one}\""),
        many => format!("{many:?}"),
    }
}

/// A string as JSON text (with its quotes), for fixes.
pub(super) fn quoted(text: &str) -> String {
    serde_json::Value::String(text.to_owned()).to_string()
}
