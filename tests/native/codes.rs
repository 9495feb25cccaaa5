//! The finding-code registry (`src/diagnostic/codes.rs`) held to the crate and the docs: every
//! code written as a literal where `src/` emits a finding is registered; a finding of an
//! unregistered code, or more severe than registered, panics where it is made (a debug build, as
//! every test runs); `docs/codes.md` and `runtime/codes.json` are generated from the registry
//! (`UPDATE_DOCS=1 cargo test --test native codes::` rewrites them); the hand-written tables of `docs/api.md` (the lint's) and
//! `docs/robustness.md` (each error's reason) agree with it.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]
// The slices are at the positions of ASCII text found in the same string.
#![allow(clippy::string_slice)]

use std::collections::BTreeSet;
use std::path::Path;

use mcp_json_toolbox::diagnostic::codes::{code_info, is_registered, Code, CODES};
use mcp_json_toolbox::{Diagnostic, Severity};

/// Where `src/` writes a finding's code as a literal: after one of these, the next string.
const EMITTERS: [&str; 9] = [
    "Diagnostic::error(",
    "Diagnostic::warning(",
    "Diagnostic::info(",
    "with_code(",
    "Severity::Error,",
    "Severity::Warning,",
    "Severity::Info,",
    "CODE: &str =",
    "_SCHEMA: &str =",
];

/// The string literals right after an emitter in `source` (whitespace and newlines between).
fn literal_codes(source: &str) -> Vec<String> {
    let mut found = Vec::new();
    for emitter in EMITTERS {
        for (at, _) in source.match_indices(emitter) {
            let rest = source[at + emitter.len()..].trim_start();
            if let Some(literal) = rest.strip_prefix('"') {
                let end = literal.find('"').unwrap_or_default();
                // A code is one word of letters, digits, `-` and `$` (a message is not).
                let word = &literal[..end];
                if word
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '$')
                {
                    found.push(word.to_owned());
                }
            }
        }
    }
    found
}

/// Every `.rs` file under `dir`, with its text.
fn rust_files(dir: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("a source folder")
        .flatten()
        .map(|e| e.path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.push((path.display().to_string(), text));
        }
    }
}

#[test]
fn every_code_src_writes_as_a_literal_is_registered() {
    let mut files = Vec::new();
    rust_files(Path::new("src"), &mut files);
    let mut seen = 0;
    let mut unregistered = Vec::new();
    for (path, text) in &files {
        for code in literal_codes(text) {
            seen += 1;
            if !is_registered(&code) {
                unregistered.push(format!("{path}: {code:?}"));
            }
        }
    }
    assert!(seen > 150, "the scan found only {seen} literal codes");
    assert!(
        unregistered.is_empty(),
        "not in src/diagnostic/codes.rs: {unregistered:#?}"
    );
}

#[test]
fn the_scan_finds_a_planted_literal() {
    let planted = "let d = Diagnostic::warning(\n    \"planted-code\",\n    \"m\");\nreport(Severity::Error, \"another-one\", m)";
    assert_eq!(literal_codes(planted), ["planted-code", "another-one"]);
    assert!(!is_registered("planted-code"));
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "`planted-code` is not in src/diagnostic/codes.rs")]
fn a_finding_of_an_unregistered_code_panics_where_it_is_made() {
    let _ = Diagnostic::warning("planted-code", "a code nobody registered");
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "emitted as Error, registered as Warning")]
fn a_finding_more_severe_than_registered_panics_where_it_is_made() {
    let _ = Diagnostic::error("unknown-keyword", "registered as a warning");
}

#[test]
#[cfg(debug_assertions)]
#[should_panic(expected = "`planted-code` is not in src/diagnostic/codes.rs")]
fn a_finding_recoded_to_an_unregistered_code_panics() {
    let _ = Diagnostic::error("type", "x").with_code("planted-code");
}

#[test]
fn a_consumer_rule_is_registered_by_its_data() {
    assert!(is_registered("anthropic/name"));
    assert!(code_info("anthropic/name").is_none());
    let _ = Diagnostic::error("anthropic/name", "a consumer's rule");
}

#[test]
fn each_code_is_registered_once_with_a_short_summary_and_a_public_source() {
    let mut codes = BTreeSet::new();
    for row in CODES {
        assert!(codes.insert(row.code), "{} registered twice", row.code);
        assert!(
            !row.code.contains('/'),
            "{}: a consumer's rule is its data's",
            row.code
        );
        assert!(
            !row.summary.is_empty() && row.summary.len() <= 64,
            "{}: a summary of one short line",
            row.code
        );
        assert!(
            row.source.is_empty() || row.source.starts_with("https://"),
            "{}: {}",
            row.code,
            row.source
        );
    }
}

const BEGIN: &str =
    "<!-- begin: codes table generated from src/diagnostic/codes.rs by tests/native/codes.rs -->";
const END: &str = "<!-- end: codes table -->";

/// A source's link text: the last segment of its path (its fragment left out), else its host.
fn label(url: &str) -> &str {
    let path = url.split('#').next().unwrap_or(url);
    let path = path.strip_prefix("https://").unwrap_or(path);
    match path.rsplit_once('/') {
        Some((_, last)) if !last.is_empty() => last,
        _ => path,
    }
}

/// The severity as the docs write it.
fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "info",
    }
}

/// The generated table: one row per registered code, in registry order.
fn table(codes: &[Code]) -> String {
    let mut out = String::from(
        "| code | severity | layer | finding | rule | fix |\n|---|---|---|---|---|---|\n",
    );
    for row in codes {
        let source = match row.source {
            "" => "the toolbox's".to_owned(),
            url => format!("[{}]({url})", label(url)),
        };
        let fix = if row.fix { "yes" } else { "" };
        out.push_str(&format!(
            "| `{}` | {} | {} | {} | {source} | {fix} |\n",
            row.code,
            severity(row.severity),
            row.layer,
            row.summary.replace('|', "\\|"),
        ));
    }
    out
}

/// Holds the file at `path` to `want` (between `markers` when given), or rewrites it with
/// `UPDATE_DOCS` set.
fn generated(path: &str, markers: Option<(&str, &str)>, want: &str) {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let (start, end) = match markers {
        Some((begin, end)) => (
            text.find(begin).expect("the begin marker") + begin.len() + 1,
            text.find(end).expect("the end marker"),
        ),
        None => (0, text.len()),
    };
    if text.get(start..end) == Some(want) {
        return;
    }
    if std::env::var_os("UPDATE_DOCS").is_some() {
        let updated = format!("{}{want}{}", &text[..start], &text[end..]);
        std::fs::write(path, updated).expect("the generated file written");
        return;
    }
    panic!("{path} is not the registry's: UPDATE_DOCS=1 cargo test --test native codes::");
}

#[test]
fn docs_codes_md_is_the_registry() {
    generated("docs/codes.md", Some((BEGIN, END)), &table(CODES));
}

/// `runtime/codes.json`, shipped beside the `.wasm` (`mcp-json-toolbox/codes.json`; SARIF's rules).
#[test]
fn runtime_codes_json_is_the_registry() {
    let json = serde_json::to_string(CODES).expect("the registry serialized");
    generated("runtime/codes.json", None, &format!("{json}\n"));
    let read: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(read.as_array().map(Vec::len), Some(CODES.len()));
}

/// The rows of the table under `header` in `doc`: its cells, the header and rule lines left out.
fn rows<'a>(doc: &'a str, header: &str) -> Vec<Vec<&'a str>> {
    let start = doc.find(header).expect("the table's header");
    doc[start..]
        .lines()
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.trim_matches('|').split(" | ").map(str::trim).collect())
        .collect()
}

/// The backquoted codes of a cell.
fn quoted(cell: &str) -> Vec<&str> {
    cell.split('`').skip(1).step_by(2).collect()
}

#[test]
fn the_lint_table_of_api_md_lists_the_lint_codes_at_their_severities() {
    let doc = std::fs::read_to_string("docs/api.md").expect("docs/api.md");
    let mut listed = BTreeSet::new();
    for cells in rows(&doc, "| code | severity | finding | hint / fix |") {
        let code = quoted(cells[0])[0];
        let row = code_info(code).unwrap_or_else(|| panic!("{code} unregistered"));
        assert_eq!(severity(row.severity), cells[1], "{code}");
        listed.insert(code);
    }
    let lint: BTreeSet<_> = CODES
        .iter()
        .filter(|c| c.layer == "lint")
        .map(|c| c.code)
        .collect();
    assert_eq!(listed, lint);
}

#[test]
fn the_reasons_of_robustness_md_are_for_registered_codes_at_their_severities() {
    let doc = std::fs::read_to_string("docs/robustness.md").expect("docs/robustness.md");
    let mut checked = 0;
    for cells in rows(&doc, "| code | severity | why |") {
        let want = if cells[1].starts_with("error") {
            Severity::Error
        } else if cells[1].ends_with("warning") {
            Severity::Warning
        } else {
            continue; // a heading row
        };
        for code in quoted(cells[0]) {
            // `input-response-*`: each code of that family.
            let family = code.strip_suffix('*');
            let rows: Vec<_> = CODES
                .iter()
                .filter(|c| family.map_or(c.code == code, |f| c.code.starts_with(f)))
                .collect();
            assert!(!rows.is_empty(), "{code} unregistered");
            for row in rows {
                assert_eq!(row.severity, want, "{}", row.code);
                checked += 1;
            }
        }
    }
    assert!(checked > 30, "only {checked} codes read");
}
