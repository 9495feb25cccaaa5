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
pub use tree::{parse, parse_bytes, Document, Member, Node, NodeKind};
pub use utf8::from_utf8;
