//! libFuzzer entry of the `session_push` target: the checks are `mcp_json_toolbox_fuzz::session_push::run`
//! (fuzz/src/session_push.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::session_push::run(data));
