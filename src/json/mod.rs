//! The JSON layer every feature stands on: a streaming reader with exact lexemes and positions,
//! a positioned tree, string decoding and the parse error type.

pub mod error;
pub mod reader;
pub mod string;
pub mod tree;

pub use error::JsonError;
pub use reader::{ReadOptions, ReadWarning, Reader, Token, TokenKind, DEFAULT_MAX_DEPTH};
pub use tree::{parse, Document, Member, Node, NodeKind};
