//! The classifier on arbitrary UTF-8: the whole input is the pasted payload. Must never panic or
//! hang; every diagnostic span (children and array items included) and every classified value's
//! span must lie in the input.

use super::{check_diagnostics, check_span};
use mcp_json_toolbox::classify::{classify, Classification};
use mcp_json_toolbox::LineIndex;

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let index = LineIndex::new(text);
    let mut stack = vec![classify(text)];
    while let Some(classification) = stack.pop() {
        let Classification {
            kind,
            span,
            diagnostics,
            items,
            ..
        } = classification;
        assert!(!kind.is_empty());
        if let Some(span) = &span {
            check_span(text, &index, span);
        }
        check_diagnostics(text, None, &diagnostics);
        stack.extend(items);
    }
}
