//! Replays arbitrary text as a session transcript. Must never panic or hang; every finding's span
//! must lie in the transcript.

use super::check_diagnostics;
use mcp_json_toolbox::host::replay_session;

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let report = replay_session(text);
    check_diagnostics(text, None, &report.diagnostics);
}
