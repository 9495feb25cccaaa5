#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]
//! JSONTestSuite (../shared/jsontestsuite/test_parsing) through the reader and the formatter:
//! every `y_` file must be UTF-8 and format, every `n_` file must be rejected (invalid UTF-8 counts
//! as a rejection: a Rust `&str` cannot hold it), and no `i_` file may panic.

use std::path::PathBuf;

use mcp_json_toolbox::{format, FormatOptions};

/// The suite's files as (name, bytes), sorted by name; panics naming the path if it is missing.
fn suite() -> Vec<(String, Vec<u8>)> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/jsontestsuite/test_parsing");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "JSONTestSuite not found at {}: {e} (the shared data must sit beside the repository)",
            dir.display()
        )
    });
    let mut files: Vec<_> = entries
        .map(|entry| {
            let path = entry.expect("readable directory entry").path();
            let name = path
                .file_name()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            let bytes = std::fs::read(&path).expect("readable test file");
            (name, bytes)
        })
        .filter(|(name, _)| name.ends_with(".json"))
        .collect();
    files.sort();
    files
}

/// Formats bytes: `Err` for invalid UTF-8 or invalid JSON.
fn format_bytes(bytes: &[u8]) -> Result<String, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not UTF-8: {e}"))?;
    format(text, &FormatOptions::default()).map_err(|e| e.to_string())
}

#[test]
fn y_files_format_and_n_files_are_rejected() {
    let files = suite();
    let (mut accepted, mut rejected, mut not_utf8, mut implementation_defined) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for (name, bytes) in &files {
        let result = format_bytes(bytes);
        match name.get(..2) {
            Some("y_") => match result {
                Ok(out) => {
                    // The output is JSON again and formatting is idempotent.
                    assert_eq!(
                        format_bytes(out.as_bytes()).as_deref(),
                        Ok(out.as_str()),
                        "{name}"
                    );
                    accepted += 1;
                }
                Err(e) => wrong.push(format!("{name}: rejected: {e}")),
            },
            Some("n_") => match result {
                Ok(out) => wrong.push(format!("{name}: accepted as {out:?}")),
                Err(e) if e.starts_with("not UTF-8") => not_utf8 += 1,
                Err(_) => rejected += 1,
            },
            _ => implementation_defined += 1,
        }
    }
    println!(
        "JSONTestSuite: {accepted} y_ formatted, {rejected} n_ rejected by the reader + {not_utf8} n_ not UTF-8, \
         {implementation_defined} i_ without a crash, {} files",
        files.len()
    );
    assert!(
        wrong.is_empty(),
        "files that disagree with the suite:\n{}",
        wrong.join("\n")
    );
    assert!(
        accepted > 90 && rejected > 150,
        "suite looks incomplete: {accepted} y_, {rejected} n_"
    );
}

#[test]
fn n_file_errors_carry_a_position() {
    for (name, bytes) in suite() {
        let Ok(text) = std::str::from_utf8(&bytes) else {
            continue;
        };
        if !name.starts_with("n_") {
            continue;
        }
        let err = format(text, &FormatOptions::default()).expect_err(&name);
        assert!(err.line >= 1 && err.column >= 1, "{name}: {err:?}");
        assert!(err.byte_offset <= text.len(), "{name}: {err:?}");
        assert!(err.snippet.contains('^'), "{name}: {err:?}");
    }
}
