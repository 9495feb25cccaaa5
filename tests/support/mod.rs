//! Helpers shared by the integration tests of the host checks.
#![allow(dead_code)]

use mcp_json_toolbox::Diagnostic;

/// One line per diagnostic, for failure messages.
pub fn list(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| {
            format!(
                "\n  {:?} {} {} {}",
                d.severity, d.code, d.instance_path, d.message
            )
        })
        .collect()
}

/// A worked example from `tests/fixtures/sessions`.
pub fn fixture(name: &str) -> String {
    let path = format!(
        "{}/tests/fixtures/sessions/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("missing fixture {path}: {e}"))
}
