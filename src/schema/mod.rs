//! The JSON Schema vocabulary every schema reader shares: which keywords each draft has
//! ([`vocabulary`]: the keyword-by-draft tables, the annotations, the instance types a keyword
//! applies to, the drafts a `$schema` URI names) and which keywords hold subschemas, with the one
//! walk over them ([`walk`]), for the positioned tree of [`crate::json`] and for
//! `serde_json::Value` alike.
//!
//! Pure vocabulary: nothing here validates or reports. The engine ([`crate::validate`]), the
//! lint ([`crate::lint`]) and the compatibility checks ([`crate::compat`]) read schemas through it.

pub mod vocabulary;
pub mod walk;

pub use vocabulary::{
    applies_to, builtin_draft, defined_in_other, draft_name, is_keyword, keywords, ANNOTATIONS,
    DRAFTS,
};
pub use walk::{
    declared_types, holds, is_object_schema, is_unusual_boolean, subschemas, value_subschemas,
    Holds, SchemaTree, Sub,
};
