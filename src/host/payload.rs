//! A pasted payload named and, given the tool it belongs to, checked against that tool
//! ([`classify_against_tool`]): what the page's classify tab and the docs check show. Which host
//! check a kind gets, and what counts as a tool, are decided here, not by a front end.

use crate::classify::{classify, Classification};
use crate::host::{check_tool_call, check_tool_result};
use crate::json::{parse, ReadOptions};

/// The kinds a tool's `outputSchema` applies to: a tool result, bare or as a task's payload.
const RESULT_KINDS: &[&str] = &["CallToolResult", "GetTaskPayloadResult"];

/// The kind [`check_tool_call`] checks against its tool.
const CALL_KIND: &str = "CallToolRequest";

/// Whether `tool_text` is a tool definition: a JSON object with an `inputSchema` object (a bare
/// schema, or a `tools/list` result, is not the one tool a payload belongs to).
fn is_tool(tool_text: &str) -> bool {
    parse(tool_text, ReadOptions::default()).is_ok_and(|doc| {
        doc.root
            .value_of("inputSchema")
            .is_some_and(|schema| schema.members().is_some())
    })
}

/// Classifies `text` ([`classify`]) and, when `tool_text` is a tool definition, checks the
/// payload against it as its kind asks: a tool result ([`RESULT_KINDS`]) with
/// [`check_tool_result`], a `tools/call` request with [`check_tool_call`]; another kind has no
/// check against a tool. Those findings (spans into `text`) follow the classification's, except
/// one the classification already gives (the same message): each is said once. The tool's own
/// findings are not the payload's and are left to [`crate::host::check_tool`].
pub fn classify_against_tool(text: &str, tool_text: Option<&str>) -> Classification {
    let mut classification = classify(text);
    let Some(tool_text) = tool_text.filter(|tool| is_tool(tool)) else {
        return classification;
    };
    let kind = classification.kind.as_str();
    let report = if RESULT_KINDS.contains(&kind) {
        check_tool_result(tool_text, text)
    } else if kind == CALL_KIND {
        check_tool_call(tool_text, text, None)
    } else {
        return classification;
    };
    let said: Vec<String> = classification
        .diagnostics
        .iter()
        .map(|d| d.message.clone())
        .collect();
    classification.diagnostics.extend(
        report
            .diagnostics
            .into_iter()
            .filter(|d| !said.contains(&d.message)),
    );
    classification
}

#[cfg(test)]
mod tests {
    use super::*;

    const TOOL: &str = r#"{"name": "weather", "inputSchema": {"type": "object"},
        "outputSchema": {"type": "object", "required": ["temperature"]}}"#;

    fn codes(classification: &Classification) -> Vec<&str> {
        classification
            .diagnostics
            .iter()
            .map(|d| d.code.as_str())
            .collect()
    }

    #[test]
    fn a_result_is_checked_against_its_tools_output_schema() {
        let result = r#"{"content": [], "structuredContent": {"humidity": 3}}"#;
        let alone = classify_against_tool(result, None);
        assert_eq!(alone.kind, "CallToolResult");
        let against = classify_against_tool(result, Some(TOOL));
        let added: Vec<_> = against.diagnostics[alone.diagnostics.len()..].to_vec();
        assert!(!added.is_empty(), "{:?}", codes(&against));
        assert!(added
            .iter()
            .all(|d| d.span.is_some_and(|s| s.end <= result.len())));
    }

    #[test]
    fn a_call_is_checked_against_its_tools_input_schema() {
        let call = r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/call",
            "params": {"name": "weather", "arguments": 5}}"#;
        let alone = classify_against_tool(call, None);
        assert_eq!(alone.kind, CALL_KIND);
        let against = classify_against_tool(call, Some(TOOL));
        assert!(against.diagnostics.len() > alone.diagnostics.len());
    }

    #[test]
    fn no_tool_or_another_kind_adds_nothing() {
        let result = r#"{"content": [], "structuredContent": {"humidity": 3}}"#;
        let schema = r#"{"type": "object", "required": ["temperature"]}"#;
        assert_eq!(
            classify_against_tool(result, Some(schema)),
            classify_against_tool(result, None)
        );
        assert_eq!(
            classify_against_tool(result, Some("{not json")),
            classify_against_tool(result, None)
        );
        let ping = r#"{"jsonrpc": "2.0", "id": 1, "method": "ping"}"#;
        assert_eq!(
            classify_against_tool(ping, Some(TOOL)),
            classify_against_tool(ping, None)
        );
    }

    #[test]
    fn a_finding_the_classification_gives_is_not_repeated() {
        let result = r#"{"content": [], "structuredContent": {"humidity": 3}}"#;
        let against = classify_against_tool(result, Some(TOOL));
        let mut messages: Vec<_> = against.diagnostics.iter().map(|d| &d.message).collect();
        let all = messages.len();
        messages.sort();
        messages.dedup();
        assert_eq!(messages.len(), all);
    }
}
