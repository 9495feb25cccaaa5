//! Moving findings out of the text they were found in into a text that holds it (a message in a
//! transcript or in a log): a [`Placement`] says where the inner text stands in the outer one,
//! [`Diagnostic::moved`] moves a finding through it: its spans, its fix, its JSON Pointers, its
//! children's. Two kinds of placement exist: [`Verbatim`], a text that stands as it is from a
//! known position (a message in a transcript), spans moved by plain offsets
//! ([`Span::moved_to`]); and a text decoded on its way (a message in a JSON string of a log), its
//! spans mapped through a source map, which its reader places (`host::logs`).

use super::{ByteRange, Diagnostic, Fix, Span};

/// Where a text that findings were found in stands in another text: how their spans and
/// pointers move there (see the module doc).
pub trait Placement {
    /// `span`, in the inner text, in the outer text.
    fn span(&self, span: Span) -> Span;

    /// JSON Pointer `pointer`, into the inner document, into the outer one.
    fn pointer(&self, pointer: &str) -> String;

    /// Whether a fix's replacement applies to the outer text as it does to the inner one: yes
    /// unless the inner text was decoded on its way (escapes); then fixes are dropped.
    fn keeps_fixes(&self) -> bool {
        true
    }
}

impl Diagnostic {
    /// This finding and its children moved into the outer text: its span, fix and instance path
    /// through `place` (where the text it is about stands), its schema span and keyword location
    /// through `schema` (where the text of the schema that judged it stands). Without `schema`
    /// (its place is not known) the schema span is dropped: it would point into a text not there.
    pub fn moved<P: Placement>(mut self, place: &P, schema: Option<&P>) -> Self {
        self.instance_path = place.pointer(&self.instance_path);
        self.span = self.span.map(|span| place.span(span));
        self.fix = self.fix.filter(|_| place.keeps_fixes()).map(|fix| Fix {
            span: place.span(fix.span),
            ..fix
        });
        match (schema, self.schema_span) {
            (Some(schema), Some(span)) => {
                self.schema_span = Some(schema.span(span));
                self.keyword_location = self.keyword_location.map(|at| schema.pointer(&at));
            }
            _ => self.schema_span = None,
        }
        self.children = std::mem::take(&mut self.children)
            .into_iter()
            .map(|child| child.moved(place, schema))
            .collect();
        self
    }

    /// This finding and its children with no place in the outer text (the text they were found
    /// in is no longer known there): every span, schema span and fix dropped, since each would
    /// point into a text not there; pointers and messages kept.
    pub fn unplaced(mut self) -> Self {
        self.span = None;
        self.schema_span = None;
        self.fix = None;
        self.children = std::mem::take(&mut self.children)
            .into_iter()
            .map(Diagnostic::unplaced)
            .collect();
        self
    }
}

impl Span {
    /// This span, of a text that stands as it is in another text from `at` (its start; the rest
    /// of `at` is not read), in that other text: offsets added, lines counted on from `at`'s,
    /// the first line's columns from `at`'s column.
    pub fn moved_to(self, at: &Span) -> Span {
        let column = |line: usize, column: usize| {
            if line == 1 {
                at.column + column - 1
            } else {
                column
            }
        };
        Span {
            start: at.start + self.start,
            end: at.start + self.end,
            line: at.line + self.line - 1,
            column: column(self.line, self.column),
            end_line: at.line + self.end_line - 1,
            end_column: column(self.end_line, self.end_column),
            bytes: ByteRange::new(
                at.bytes.start + self.bytes.start,
                at.bytes.start + self.bytes.end,
            ),
        }
    }
}

/// A text that stands as it is in another from position `at` (a message in a transcript):
/// spans move by [`Span::moved_to`], pointers get `pointer` before them (in place of their
/// prefix `strip`, when one is given by [`Verbatim::replacing`]).
#[derive(Clone, Copy, Debug)]
pub struct Verbatim<'a> {
    /// Where the text starts in the outer text.
    at: Span,
    /// The pointer to the text in the outer document.
    pointer: &'a str,
    /// The prefix the inner pointers lose ("" by default).
    strip: &'a str,
}

impl<'a> Verbatim<'a> {
    /// The text starting at `at` (the start of this span) in the outer text, at `pointer` in
    /// the outer document.
    pub fn new(at: Span, pointer: &'a str) -> Self {
        Self {
            at,
            pointer,
            strip: "",
        }
    }

    /// The same placement for inner pointers that start with `strip` (the inner document holds
    /// the text at `strip`): `strip` is replaced by the pointer, not kept after it.
    pub fn replacing(self, strip: &'a str) -> Self {
        Self { strip, ..self }
    }
}

impl Placement for Verbatim<'_> {
    fn span(&self, span: Span) -> Span {
        span.moved_to(&self.at)
    }

    fn pointer(&self, pointer: &str) -> String {
        let rest = pointer.strip_prefix(self.strip).unwrap_or(pointer);
        format!("{}{rest}", self.pointer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diagnostic::LineIndex;

    /// A message standing in a transcript, and a finding inside it.
    const OUTER: &str = "[\n  {\"message\": {\"a\": 1,\n   \"é\": [true]}}\n]";

    fn inner() -> &'static str {
        let start = OUTER.find("{\"a\"").unwrap_or_default();
        let end = OUTER.rfind("]}").map_or(0, |i| i + 2);
        OUTER.get(start..end).unwrap_or_default()
    }

    #[test]
    fn a_span_moved_to_where_its_text_stands_is_the_outer_texts_span() {
        let inner = inner();
        let at = OUTER.find(inner).unwrap_or_default();
        let (outer_index, inner_index) = (LineIndex::new(OUTER), LineIndex::new(inner));
        let start = outer_index.span(ByteRange::new(at, at));
        for (from, to) in [(0, 0), (1, 4), (6, 7), (12, 24), (13, 22), (0, inner.len())] {
            let moved = inner_index.span(ByteRange::new(from, to)).moved_to(&start);
            assert_eq!(
                moved,
                outer_index.span(ByteRange::new(at + from, at + to)),
                "{from}..{to}"
            );
        }
    }

    #[test]
    fn a_finding_moves_with_its_children_fix_and_pointers() {
        let inner = inner();
        let index = LineIndex::new(inner);
        let span = |from: usize, to: usize| index.span(ByteRange::new(from, to));
        let child = Diagnostic::error("type", "x")
            .at_pointer("/0/é/0")
            .with_span(Some(span(20, 24)))
            .with_keyword("/properties/é/type", Some(span(1, 4)));
        let mut finding = Diagnostic::warning("unknown-keyword", "y")
            .at_pointer("/0/a")
            .with_span(Some(span(6, 7)))
            .with_fix(Some(Fix {
                span: span(6, 7),
                replacement: "2".into(),
            }));
        finding.children.push(child);
        let outer = LineIndex::new(OUTER);
        let at = OUTER.find(inner).unwrap_or_default();
        let start = outer.span(ByteRange::new(at, at));
        let place = Verbatim::new(start, "/0/message").replacing("/0");
        let schema = Verbatim::new(start, "/9");
        let moved = finding.clone().moved(&place, Some(&schema));
        let shifted = |s: Option<Span>| s.map(|s| s.moved_to(&start));
        assert_eq!(moved.instance_path, "/0/message/a");
        assert_eq!(moved.span, shifted(finding.span));
        assert_eq!(moved.fix.map(|f| f.span), shifted(Some(span(6, 7))));
        let child = &moved.children[0];
        assert_eq!(child.instance_path, "/0/message/é/0");
        assert_eq!(
            child.keyword_location.as_deref(),
            Some("/9/properties/é/type")
        );
        assert_eq!(child.schema_span, shifted(Some(span(1, 4))));
        // Where the schema's text is not known, its span is dropped, its location kept.
        let unplaced = finding.moved(&place, None);
        assert_eq!(unplaced.children[0].schema_span, None);
        assert_eq!(
            unplaced.children[0].keyword_location.as_deref(),
            Some("/properties/é/type")
        );
    }

    #[test]
    fn a_finding_with_no_place_loses_every_span_its_childrens_too() {
        let index = LineIndex::new(OUTER);
        let span = |from: usize, to: usize| Some(index.span(ByteRange::new(from, to)));
        let mut child = Diagnostic::error("type", "x")
            .at_pointer("/a")
            .with_span(span(8, 9))
            .with_keyword("/properties/a/type", span(1, 4));
        child.fix = span(8, 9).map(|span| Fix {
            span,
            replacement: "2".into(),
        });
        let mut finding = Diagnostic::warning("unknown-keyword", "y")
            .at_pointer("/a")
            .with_span(span(6, 7));
        finding.children.push(child);
        let unplaced = finding.unplaced();
        for found in [&unplaced, &unplaced.children[0]] {
            assert_eq!((found.span, found.schema_span), (None, None));
            assert!(found.fix.is_none());
            assert_eq!(found.instance_path, "/a");
        }
        assert_eq!(
            unplaced.children[0].keyword_location.as_deref(),
            Some("/properties/a/type")
        );
    }
}
