//! libFuzzer entry of the `reader` target: the checks are `mcp_json_toolbox_fuzz::reader::run`
//! (fuzz/src/reader.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::reader::run(data));
