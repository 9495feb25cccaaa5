//! The fast path of `is_valid`: a schema compiled into checks that run while the text is
//! scanned, for the subset of JSON Schema real MCP tools use (module `schema` lists it). The
//! `jsonschema` engine stays the single source of truth: a schema with any keyword outside the
//! subset gets no fast path; `pattern`, `format` and numbers other than plain integers under
//! integer limits are asked of the engine itself (validators built from those keywords alone,
//! with the same options); and whenever the fast path cannot be sure (a repeated key, a string
//! at the root that may be stringified arguments, a byte order mark, deep nesting) it says
//! [`Verdict::Unknown`] and the engine decides. The `fast_path` fuzz target compares the two.

pub(super) mod pattern;
mod run;
mod schema;

use jsonschema::Draft;
use serde_json::Value;

use crate::json::{lex, ReadOptions};
use run::{Run, Stop};
pub use schema::Build;
use schema::Program;

/// A schema compiled for the fast path.
pub struct FastPath {
    program: Program,
}

/// What the fast path says about a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Valid. `remarkable`: the full parse might have something to say (a lone surrogate, or
    /// an object the run did not look into that may repeat a key).
    Valid {
        /// See [`Verdict::Valid`].
        remarkable: bool,
    },
    /// Invalid (not JSON, or against the schema).
    Invalid,
    /// The engine must decide.
    Unknown,
}

impl FastPath {
    /// Compiles `schema` (of `draft`; `engine` builds validators with the options of its own),
    /// or `None` if it uses a keyword outside the subset.
    pub fn compile(schema: &Value, draft: Draft, engine: Build<'_>) -> Option<Self> {
        schema::compile(schema, draft, engine).map(|program| Self { program })
    }

    /// The verdict on an arguments text.
    pub fn check(&self, text: &str) -> Verdict {
        let bytes = text.as_bytes();
        if bytes.len() > ReadOptions::default().max_input_bytes {
            return Verdict::Unknown;
        }
        let start = lex::skip_ws(bytes, 0);
        // A string at the root may hold stringified arguments; a byte order mark is a warning.
        if matches!(bytes.get(start), Some(b'"') | Some(0xEF)) {
            return Verdict::Unknown;
        }
        let mut run = Run::new(&self.program, text);
        match run.root(start) {
            Ok(true) => Verdict::Valid {
                remarkable: run.remarkable,
            },
            Ok(false) | Err(Stop::Syntax) => Verdict::Invalid,
            Err(Stop::Unknown) => Verdict::Unknown,
        }
    }
}
