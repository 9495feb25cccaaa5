//! libFuzzer entry of the `host_checks` target: the checks are `mcp_json_toolbox_fuzz::host_checks::run`
//! (fuzz/src/host_checks.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::host_checks::run(data));
