//! libFuzzer entry of the `replay_session` target: the checks are `mcp_json_toolbox_fuzz::replay_session::run`
//! (fuzz/src/replay_session.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::replay_session::run(data));
