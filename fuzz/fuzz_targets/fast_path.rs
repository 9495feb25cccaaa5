//! libFuzzer entry of the `fast_path` target: the checks are `mcp_json_toolbox_fuzz::fast_path::run`
//! (fuzz/src/fast_path.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::fast_path::run(data));
