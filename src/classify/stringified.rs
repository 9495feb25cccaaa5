//! Payloads sent as a JSON string whose content is the message (or an array of messages), as
//! some hosts and logs do: the content is classified, with an info diagnostic saying so, and
//! every span is mapped back into the text the caller passed.

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};
use crate::json::{parse, Document, NodeKind, ReadOptions};
use crate::validate::{unwrap_root_starting, Unwrapped};

use super::document::{classify_document, Classification};

/// The classification of the content of a root string that holds a JSON object or array, or
/// `None` when the document is not such a string (or its content is not JSON).
pub fn classify_stringified(doc: &Document<'_>) -> Option<Classification> {
    let Unwrapped { text, map } = unwrap_root_starting(doc, &['{', '['])?;
    let inner = parse(&text, ReadOptions::default()).ok()?;
    if !matches!(inner.root.kind, NodeKind::Object(_) | NodeKind::Array(_)) {
        return None;
    }
    let mut classification = classify_document(&inner);
    let remap = |span: &mut Option<Span>| {
        *span = span.map(|s| outer_span(&doc.index, &map, s.bytes));
    };
    remap_classification(&mut classification, &remap);
    let note = Diagnostic::info(
        "stringified-message",
        "the payload is a JSON string containing the message; its content was classified",
    )
    .with_span(Some(doc.span(doc.root.range)));
    classification.diagnostics.insert(0, note);
    Some(classification)
}

/// The span in the outer text of a byte range of the decoded content (`map`: decoded byte ->
/// byte of the outer text, one entry more for the end).
fn outer_span(index: &LineIndex<'_>, map: &[usize], range: ByteRange) -> Span {
    let at = |offset: usize| map.get(offset).or(map.last()).copied().unwrap_or(0);
    index.span(ByteRange::new(at(range.start), at(range.end)))
}

/// Applies `remap` to every span of a classification: its own, its diagnostics' (children
/// included) and its items'.
fn remap_classification(c: &mut Classification, remap: &impl Fn(&mut Option<Span>)) {
    remap(&mut c.span);
    remap_diagnostics(&mut c.diagnostics, remap);
    for item in &mut c.items {
        remap_classification(item, remap);
    }
}

/// Applies `remap` to the instance span of each diagnostic and of its children.
fn remap_diagnostics(diagnostics: &mut [Diagnostic], remap: &impl Fn(&mut Option<Span>)) {
    for d in diagnostics {
        remap(&mut d.span);
        remap_diagnostics(&mut d.children, remap);
    }
}
