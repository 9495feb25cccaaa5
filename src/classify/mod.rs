//! Classify pasted MCP payloads: name the message (an official `$defs` definition), tell the
//! protocol generation, check it against the official schemas and explain it.
//!
//! The kind is decided by discriminating keys and values first ([`kind`]); the payload is then
//! validated against that definition in each embedded protocol version
//! ([`crate::protocol::schemas`], [`crate::validate::official`]); findings
//! the schemas cannot express come from [`checks`]; [`summary`] builds the card.
//!
//! Two generations are told apart:
//! - **2025-11-25**: experimental tasks in the core schema (`CreateTaskResult = {task: {…, ttl}}`,
//!   `tasks/get`/`tasks/cancel` answer the task flat, `tasks/result`, `tasks/list`).
//! - **2026-07-28** with the tasks extension: every result has `resultType`; the task handle is
//!   flat `{resultType: "task", taskId, status, …, ttlMs}`; task messages are validated against the
//!   extension schema.

pub mod checks;
mod document;
pub mod envelope;
pub mod kind;
pub mod stringified;
pub mod summary;

use crate::json::{parse, ReadOptions};
pub use document::{classify_document, Classification};
pub use envelope::{Envelope, EnvelopeKind, IdKind};
pub use summary::Summary;

/// Classifies pasted text. Text that is not JSON gives an `Unknown` classification whose only
/// diagnostic is the parse error (it does not fail). A JSON string whose content is a message
/// (or an array of them) is classified by its content, with a `stringified-message` note.
pub fn classify(text: &str) -> Classification {
    match parse(text, ReadOptions::default()) {
        Ok(doc) => {
            stringified::classify_stringified(&doc).unwrap_or_else(|| classify_document(&doc))
        }
        Err(error) => Classification::unknown(None, vec![error.diagnostic()]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn responses_are_matched_to_requests_by_id_value() {
        let request = r#"{"jsonrpc":"2.0","id":"1","method":"tools/list"}"#;
        let escaped = r#"{"jsonrpc":"2.0","id":"\u0031","result":{}}"#;
        let number = r#"{"jsonrpc":"2.0","id":1,"result":{}}"#;
        let list = classify(&format!("[{request}, {escaped}, {number}]"));
        let methods: Vec<Option<&str>> = list.items.iter().map(|c| c.method.as_deref()).collect();
        assert_eq!(methods, [Some("tools/list"), Some("tools/list"), None]);
    }

    mod stringified {
        use super::super::classify;

        const CALL: &str = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","arguments":{}}}"#;

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
}
