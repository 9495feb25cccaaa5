//! libFuzzer entry of the `classify` target: the checks are `mcp_json_toolbox_fuzz::classify::run`
//! (fuzz/src/classify.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::classify::run(data));
