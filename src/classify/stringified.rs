//! Payloads sent as a JSON string whose content is the message (or an array of messages), as
//! some hosts and logs do: the content is classified, with an info diagnostic saying so, and
//! every span is mapped back into the text the caller passed.

use crate::diagnostic::{ByteRange, Diagnostic, LineIndex, Span};
use crate::json::{parse, Document, NodeKind, ReadOptions};
use crate::validate::{unwrap_root_starting, Unwrapped};

use super::{classify_document, Classification};

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

#[cfg(test)]
mod tests {
    use super::super::classify;

    const CALL: &str =
        r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}"#;

    #[test]
    fn a_stringified_message_is_classified_with_an_info_note() {
        let text = serde_json::to_string(CALL).unwrap();
        let plain = classify(CALL);
        let wrapped = classify(&text);
        assert_eq!(wrapped.kind, plain.kind);
        assert_eq!(wrapped.kind, "CallToolRequest");
        assert_eq!(wrapped.diagnostics[0].code, "stringified-message");
        assert_eq!(wrapped.diagnostics[0].severity, crate::Severity::Info);
        assert_eq!(wrapped.diagnostics.len(), plain.diagnostics.len() + 1);
    }

    #[test]
    fn spans_point_into_the_text_passed() {
        // The bad field sits after escaped quotes: its span must count them in the outer text.
        let bad = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}}"#;
        let text = serde_json::to_string(bad).unwrap();
        let wrapped = classify(&text);
        let error = wrapped.diagnostics.iter().find(|d| d.is_error()).unwrap();
        let span = error.span.unwrap();
        let outer = text.get(span.bytes.start..span.bytes.end).unwrap();
        let plain = classify(bad);
        let plain_error = plain.diagnostics.iter().find(|d| d.is_error()).unwrap();
        let plain_span = plain_error.span.unwrap();
        let inner = bad
            .get(plain_span.bytes.start..plain_span.bytes.end)
            .unwrap();
        assert_eq!(error.code, plain_error.code);
        assert_eq!(outer.replace("\\\"", "\""), inner, "{outer} vs {inner}");
        assert_eq!(
            wrapped.span.unwrap().start,
            1,
            "the message starts after the quote"
        );
    }

    #[test]
    fn a_stringified_batch_is_classified_item_by_item() {
        let text = serde_json::to_string(&format!("[{CALL},{CALL}]")).unwrap();
        let wrapped = classify(&text);
        assert_eq!(wrapped.items.len(), 2);
        assert!(wrapped.items.iter().all(|i| i.kind == "CallToolRequest"));
        let second = wrapped.items[1].span.unwrap();
        assert!(
            second.start > CALL.len(),
            "the second item's span is in the outer text"
        );
    }

    #[test]
    fn strings_that_hold_no_json_stay_not_a_message() {
        for text in [r#""hello""#, r#""{not json""#, r#""[1,""#, r#""42""#] {
            let c = classify(text);
            assert_eq!(c.kind, "Unknown", "{text}");
            assert_eq!(c.diagnostics[0].code, "not-a-message", "{text}");
        }
    }
}
