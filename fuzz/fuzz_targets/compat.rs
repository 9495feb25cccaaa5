//! libFuzzer entry of the `compat` target: the checks are `mcp_json_toolbox_fuzz::compat::run`
//! (fuzz/src/compat.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::compat::run(data));
