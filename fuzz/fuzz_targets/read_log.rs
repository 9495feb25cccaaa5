//! libFuzzer entry of the `read_log` target: the checks are `mcp_json_toolbox_fuzz::read_log::run`
//! (fuzz/src/read_log.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::read_log::run(data));
