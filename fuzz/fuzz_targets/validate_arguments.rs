//! libFuzzer entry of the `validate_arguments` target: the checks are `mcp_json_toolbox_fuzz::validate_arguments::run`
//! (fuzz/src/validate_arguments.rs), which the corpus replay (fuzz/replay.rs) runs too.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mcp_json_toolbox_fuzz::validate_arguments::run(data));
