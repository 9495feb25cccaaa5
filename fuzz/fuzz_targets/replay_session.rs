//! Replays arbitrary text as a session transcript. Must never panic or hang; every finding's span
//! must lie in the transcript.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mcp_json_toolbox::host::replay_session;
use mcp_json_toolbox_fuzz::check_diagnostics;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let report = replay_session(text);
    check_diagnostics(text, None, &report.diagnostics);
});
