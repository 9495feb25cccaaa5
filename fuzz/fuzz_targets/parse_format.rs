//! libFuzzer entry of the `parse_format` target: the checks are `mcp_json_toolbox_fuzz::parse_format::run`
//! (fuzz/src/parse_format.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::parse_format::run(data));
