//! The [`Check`] enum, one variant per detector kind, expanded from the kinds table in `mod.rs`
//! (`kinds_table!`): a file of its own, so that the kinds' files, which name it, do not import
//! `mod.rs`, which names them.

use super::super::params::{ArrayScope, Field, NameRule};

kinds_table!(enum_check);
