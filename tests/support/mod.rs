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

/// The compatibility targets that take a tool without opt-in (issue 30's default), named here so
/// that the session tests judge tools the same way before and after the default changes.
pub const DEFAULT_TARGETS: [&str; 7] = [
    "anthropic",
    "openai",
    "gemini-json-schema",
    "claude-code",
    "cursor",
    "vscode",
    "mcp",
];

/// The built-in target called `name` (`anthropic`, `claude-code`…).
pub fn builtin(name: &str) -> mcp_json_toolbox::compat::Target {
    mcp_json_toolbox::compat::Target::parse(name).expect("a built-in target")
}

/// The session options with [`DEFAULT_TARGETS`].
pub fn default_options() -> mcp_json_toolbox::host::session::SessionOptions {
    let targets = DEFAULT_TARGETS.map(builtin).to_vec();
    mcp_json_toolbox::host::session::SessionOptions {
        targets,
        server_name: None,
        ..Default::default()
    }
}

/// Replays a transcript with [`DEFAULT_TARGETS`].
pub fn replay_session(text: &str) -> mcp_json_toolbox::host::SessionReport {
    mcp_json_toolbox::host::session::replay_session_with(text, default_options())
}

/// A session judging tools with [`DEFAULT_TARGETS`].
pub fn session() -> mcp_json_toolbox::host::Session {
    mcp_json_toolbox::host::Session::with_options(default_options())
}
