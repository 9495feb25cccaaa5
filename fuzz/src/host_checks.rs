//! The host checks with both texts fuzzed: the input is split at its first `0xFF` byte into a
//! tool text and a request/result text (without a separator the input is both). Checks a tool,
//! a `tools/call` request against it (schema validation of the arguments) and a result against
//! it. Must never panic or hang (regex backtracking, `$ref` cycles); spans must lie in the text
//! their list names and schema spans in the tool text.

use super::{check_diagnostics, split_utf8};
use mcp_json_toolbox::host::{check_tool, check_tool_call, check_tool_result};

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Some((tool, other)) = split_utf8(data) else {
        return;
    };
    let report = check_tool(tool);
    check_diagnostics(tool, Some(tool), &report.diagnostics);
    let capabilities = r#"{"tasks": {"requests": {"tools": {"call": {}}}}}"#;
    for caps in [None, Some(capabilities)] {
        let call = check_tool_call(tool, other, caps);
        check_diagnostics(other, Some(tool), &call.diagnostics);
        check_diagnostics(tool, Some(tool), &call.tool_diagnostics);
        if let Some(caps) = caps {
            check_diagnostics(caps, None, &call.capabilities_diagnostics);
        }
    }
    let result = check_tool_result(tool, other);
    check_diagnostics(other, Some(tool), &result.diagnostics);
    check_diagnostics(tool, Some(tool), &result.tool_diagnostics);
}
