//! How a row of the kinds table (`checks/mod.rs`) reads a data entry's `with`, the parameters of
//! its feature: each reader names the member it needs, and a missing one is an error that says
//! so (`compat-data/schema.json` asks for the same members, so data the schema accepts reads).

use std::cell::Cell;

use serde_json::{Map, Value};

use super::super::params::{Field, NameRule};

/// An entry's `with` object, as a row's `read` sees it.
pub struct With<'a> {
    members: &'a Map<String, Value>,
    /// The schema field [`With::field`] read, if a reader asked for it.
    field: Cell<Option<Field>>,
}

impl<'a> With<'a> {
    /// The parameters `members`.
    pub fn new(members: &'a Map<String, Value>) -> Self {
        Self {
            members,
            field: Cell::new(None),
        }
    }

    /// The string member `key`, if there is one.
    #[inline(never)]
    pub fn optional(&self, key: &str) -> Option<String> {
        self.members
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
    }

    /// The string member `key`.
    pub fn text(&self, key: &str) -> Result<String, String> {
        self.optional(key).ok_or_else(|| needed(key))
    }

    /// The list of strings member `key`.
    #[inline(never)]
    pub fn strings(&self, key: &str) -> Result<Vec<String>, String> {
        self.members
            .get(key)
            .and_then(Value::as_array)
            .map(|items| {
                items
                    .iter()
                    .filter_map(Value::as_str)
                    .map(str::to_owned)
                    .collect()
            })
            .ok_or_else(|| needed(key))
    }

    /// The count member `key`.
    #[inline(never)]
    pub fn count(&self, key: &str) -> Result<usize, String> {
        self.members
            .get(key)
            .and_then(Value::as_u64)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| needed(key))
    }

    /// Whether the boolean member `key` is `true`.
    pub fn flag(&self, key: &str) -> bool {
        self.members.get(key) == Some(&Value::Bool(true))
    }

    /// The tool field member `field` (`inputSchema` or `outputSchema`). A feature that reads it
    /// is about that field: two entries of one rule are about the same one ([`With::field_read`]).
    #[inline(never)]
    pub fn field(&self) -> Result<Field, String> {
        let field = match self.members.get("field").and_then(Value::as_str) {
            Some("outputSchema") => Field::Output,
            Some("inputSchema") => Field::Input,
            _ => return Err(needed("field")),
        };
        self.field.set(Some(field));
        Ok(field)
    }

    /// The field [`With::field`] read (`None`: the feature reads none, or none was given).
    pub fn field_read(&self) -> Option<Field> {
        self.field.get()
    }

    /// The name rule of the members `chars`, `first`, `max` and `allowed`.
    #[inline(never)]
    pub fn name_rule(&self) -> Result<NameRule, String> {
        Ok(NameRule {
            max: self.count("max").unwrap_or(usize::MAX),
            first: self.optional("first"),
            rest: self.text("chars")?,
            allowed: self.optional("allowed").unwrap_or_default(),
        })
    }
}

/// The error for the missing member `key`.
fn needed(key: &str) -> String {
    format!("`with.{key}` is needed")
}
