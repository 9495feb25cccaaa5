//! The JSON layer every feature stands on: a streaming reader with exact lexemes and positions,
//! a positioned tree, string decoding and the parse error type.

pub mod error;
pub(crate) mod lex;
pub mod reader;
pub mod scan;
pub mod string;
pub mod tree;
pub mod utf8;

pub use error::JsonError;
pub use reader::{
    ReadOptions, ReadWarning, Reader, Token, TokenKind, DEFAULT_MAX_DEPTH, DEFAULT_MAX_INPUT_BYTES,
};
pub use scan::{scan, Scanned};
pub use tree::{build_value, diagnostic_at, parse, parse_bytes, Document, Member, Node, NodeKind};
pub use utf8::from_utf8;

/// The JSONTestSuite files (`../shared/jsontestsuite/test_parsing`) that are UTF-8, as
/// (name, text); panics naming the directory if it is missing.
#[cfg(test)]
pub(crate) fn test_suite_texts() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/jsontestsuite/test_parsing");
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("JSONTestSuite not found at {}: {e}", dir.display()));
    entries
        .filter_map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name()?.to_string_lossy().into_owned();
            // A file that is not UTF-8 cannot be a `&str`.
            let text = std::fs::read_to_string(&path).ok()?;
            Some((name, text))
        })
        .collect()
}
