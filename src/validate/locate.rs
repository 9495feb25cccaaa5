//! Turning JSON Pointers into spans: instance locations in the arguments text (through the
//! decoding of stringified arguments) and keyword locations in the schema text.

use crate::diagnostic::{ByteRange, LineIndex, Span};
use std::collections::HashMap;

use crate::json::tree::escape_pointer_token;
use crate::json::{Document, Node, NodeKind};

/// Where the validated value sits in the text the caller passed.
///
/// For stringified arguments the parsed document is the *decoded* string content, and `outer`
/// maps every decoded byte back to the source byte in the caller's text, so spans always point
/// into the text the caller passed (an escape like `\"` maps to its two source characters).
/// For a value inside a larger document, `base` is its pointer there: instance paths are
/// prefixed with it, so they and their spans are in that document.
pub struct InstanceLocator<'a> {
    doc: &'a Document<'a>,
    outer: Option<(&'a LineIndex<'a>, &'a [usize])>,
    base: &'a str,
}

impl<'a> InstanceLocator<'a> {
    /// Spans of `doc` in its own text.
    pub fn direct(doc: &'a Document<'a>) -> Self {
        Self::at(doc, "")
    }

    /// Spans of the value at `base` in `doc` (or of where it would be), in `doc`'s text.
    pub fn at(doc: &'a Document<'a>, base: &'a str) -> Self {
        Self {
            doc,
            outer: None,
            base,
        }
    }

    /// Spans of `doc` mapped through `map` (decoded byte -> byte of the outer text, one entry
    /// per decoded byte plus one for the end) into the text `outer` indexes.
    pub fn mapped(doc: &'a Document<'a>, outer: &'a LineIndex<'a>, map: &'a [usize]) -> Self {
        Self {
            doc,
            outer: Some((outer, map)),
            base: "",
        }
    }

    /// The pointer in the document of a path relative to the validated value.
    pub fn absolute(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The span of a byte range of the parsed document, in the caller's text.
    pub fn span(&self, range: ByteRange) -> Span {
        match self.outer {
            None => self.doc.span(range),
            Some((index, map)) => {
                let at = |offset: usize| map.get(offset).or(map.last()).copied().unwrap_or(0);
                index.span(ByteRange::new(at(range.start), at(range.end)))
            }
        }
    }

    /// The span of the value at `pointer`, or of its deepest existing ancestor (so a missing
    /// property points at the object that lacks it).
    pub fn span_at(&self, pointer: &str) -> Option<Span> {
        self.doc
            .deepest(pointer)
            .map(|(node, _)| self.span(node.range))
    }

    /// The span of the member `key` of the object at `pointer`, key and value together.
    pub fn member_span(&self, pointer: &str, key: &str) -> Option<Span> {
        let member = self.doc.pointer(pointer)?.get(key)?;
        Some(self.span(ByteRange::new(
            member.key_range.start,
            member.value.range.end,
        )))
    }
}

/// The span of every keyword and subschema of a schema, by JSON Pointer, computed once when the
/// schema is compiled so that reports need not parse the schema again.
///
/// The schema is the value at `base` in its document (`""` for a whole schema text); pointers
/// given to [`SchemaSpans::get`] are pointers in that document ([`SchemaSpans::location`]).
/// An object member spans its key and value (`"minimum": 0`); an array element spans the element.
#[derive(Clone, Debug, Default)]
pub struct SchemaSpans {
    spans: HashMap<String, Span>,
    base: String,
}

impl SchemaSpans {
    /// Indexes every value of `schema`, the node at `base` in `doc` (without recursion).
    pub fn at(doc: &Document<'_>, schema: &Node, base: &str) -> Self {
        let mut spans = HashMap::new();
        spans.insert(base.to_owned(), doc.span(schema.range));
        let mut stack: Vec<(String, &Node)> = vec![(base.to_owned(), schema)];
        while let Some((pointer, node)) = stack.pop() {
            match &node.kind {
                NodeKind::Object(members) => {
                    for member in members {
                        let child = format!("{pointer}/{}", escape_pointer_token(&member.key));
                        let range = ByteRange::new(member.key_range.start, member.value.range.end);
                        spans.insert(child.clone(), doc.span(range));
                        stack.push((child, &member.value));
                    }
                }
                NodeKind::Array(items) => {
                    for (i, item) in items.iter().enumerate() {
                        let child = format!("{pointer}/{i}");
                        spans.insert(child.clone(), doc.span(item.range));
                        stack.push((child, item));
                    }
                }
                _ => {}
            }
        }
        Self {
            spans,
            base: base.to_owned(),
        }
    }

    /// The pointer in the document of a location relative to the schema.
    pub fn location(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// The span of the keyword or subschema at `pointer` (in the document).
    pub fn get(&self, pointer: &str) -> Option<Span> {
        self.spans.get(pointer).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    #[test]
    fn keyword_spans_cover_key_and_value() {
        let text = "{\n  \"properties\": {\"n\": {\"minimum\": 0}},\n  \"anyOf\": [true, {\"type\": \"string\"}]\n}";
        let doc = parse(text, ReadOptions::default()).unwrap();
        let spans = SchemaSpans::at(&doc, &doc.root, "");
        let span = spans.get("/properties/n/minimum").unwrap();
        assert_eq!(
            text.get(span.bytes.start..span.bytes.end),
            Some("\"minimum\": 0")
        );
        let span = spans.get("/anyOf/1").unwrap();
        assert_eq!(
            text.get(span.bytes.start..span.bytes.end),
            Some("{\"type\": \"string\"}")
        );
        assert_eq!(span.line, 3);
        assert!(spans.get("/properties/x/type").is_none());
        assert_eq!(spans.get("").map(|s| s.bytes.end), Some(text.len()));
    }

    #[test]
    fn mapped_spans_point_into_the_outer_text() {
        let inner = "{\"a\":1}";
        let doc = parse(inner, ReadOptions::default()).unwrap();
        let outer = "\"{\\\"a\\\":1}\"";
        let index = LineIndex::new(outer);
        // Decoded bytes `{ " a " : 1 }` come from outer offsets 1, 2, 4, 5, 7, 8, 9 and end at 10.
        let map = [1, 2, 4, 5, 7, 8, 9, 10];
        let locator = InstanceLocator::mapped(&doc, &index, &map);
        let span = locator.span_at("/a").unwrap();
        assert_eq!(outer.get(span.bytes.start..span.bytes.end), Some("1"));
        let member = locator.member_span("", "a").unwrap();
        assert_eq!(
            outer.get(member.bytes.start..member.bytes.end),
            Some("\\\"a\\\":1")
        );
    }
}
