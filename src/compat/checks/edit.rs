//! The state of one lowering (the profile's checks, the changes and lost constraints so far) and
//! the small edits every lowering pass shares.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::json::tree::escape_pointer_token;

use super::check::Check;
use crate::schema::value_subschemas;

/// One change lowering made.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LoweringChange"))]
pub struct Change {
    /// JSON Pointer, in the lowered tool, of what changed.
    pub pointer: String,
    /// What changed, in a sentence.
    pub message: String,
}

/// One constraint the consumer no longer enforces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[cfg_attr(test, ts(rename = "LoweringLoss"))]
pub struct Lost {
    /// JSON Pointer, in the original tool, of the constraint.
    pub pointer: String,
    /// The keyword (or member) it was.
    pub keyword: String,
    /// What the server must now check itself.
    pub message: String,
}

/// The state of one lowering.
pub(in crate::compat) struct Lowering {
    /// The checks of the target's rules (notes left out: lowering acts on what a source shows).
    pub checks: Vec<Check>,
    /// Changes so far.
    pub changes: Vec<Change>,
    /// Lost constraints so far.
    pub lost: Vec<Lost>,
    /// The server's name, when given (a cap on server name + tool name leaves the tool the rest).
    pub server: Option<String>,
}

impl Lowering {
    /// Whether the profile has a check `test` accepts.
    #[inline(never)]
    pub fn has(&self, test: fn(&Check) -> bool) -> bool {
        self.checks.iter().any(test)
    }

    /// Whether the profile refuses `keyword` in `inputSchema` subschemas.
    #[inline(never)]
    pub fn forbids(&self, keyword: &str) -> bool {
        self.checks.iter().any(|check| match check {
            Check::Keywords(list) => list.iter().any(|k| k == keyword),
            Check::OnlyKeywords(allowed) => !allowed.iter().any(|k| k == keyword),
            _ => false,
        })
    }

    /// Records a change.
    #[inline]
    pub fn change(&mut self, pointer: String, message: impl Into<String>) {
        self.push_change(pointer, message.into());
    }

    /// Records a change (one copy of the push for every message type).
    #[inline(never)]
    fn push_change(&mut self, pointer: String, message: String) {
        self.changes.push(Change { pointer, message });
    }

    /// Records a lost constraint.
    #[inline]
    pub fn lose(&mut self, pointer: String, keyword: &str, message: impl Into<String>) {
        self.push_lost(pointer, keyword, message.into());
    }

    /// Records a lost constraint (one copy of the push for every message type).
    #[inline(never)]
    fn push_lost(&mut self, pointer: String, keyword: &str, message: String) {
        self.lost.push(Lost {
            pointer,
            keyword: keyword.to_owned(),
            message,
        });
    }
}

/// Calls `f` on every object subschema of `root`, root first, in document order (a subschema an
/// earlier call removed is skipped).
#[inline(never)]
pub(in crate::compat) fn each_schema(
    root: &mut Value,
    f: &mut dyn FnMut(&str, &mut Map<String, Value>),
) {
    let pointers: Vec<String> = value_subschemas(root)
        .into_iter()
        .filter(|s| s.value.is_object())
        .map(|s| s.pointer)
        .collect();
    for pointer in pointers {
        if let Some(Value::Object(schema)) = root.pointer_mut(&pointer) {
            f(&pointer, schema);
        }
    }
}

/// `map[key] = value`: one out-of-line copy of the map insertion (and of the drop of what it
/// replaces) for every pass, instead of one inlined at each call site (this crate is built at
/// opt-level 3).
#[inline(never)]
pub(in crate::compat) fn put(map: &mut Map<String, Value>, key: &str, value: Value) {
    map.insert(key.to_owned(), value);
}

/// `map[key] = value`, returning what it replaces (out of line, like [`put`]).
#[inline(never)]
pub(in crate::compat) fn replace(
    map: &mut Map<String, Value>,
    key: &str,
    value: Value,
) -> Option<Value> {
    map.insert(key.to_owned(), value)
}

/// Removes `key` from `map` and returns its value (out of line, like [`put`]).
#[inline(never)]
pub(in crate::compat) fn take(map: &mut Map<String, Value>, key: &str) -> Option<Value> {
    map.remove(key)
}

/// Removes `key` from `map`; whether it was there (out of line, like [`put`]).
#[inline(never)]
pub(in crate::compat) fn discard(map: &mut Map<String, Value>, key: &str) -> bool {
    map.remove(key).is_some()
}

/// `/inputSchema` + `pointer` + `/key`.
#[inline(never)]
pub(in crate::compat) fn input_at(pointer: &str, key: &str) -> String {
    format!("/inputSchema{pointer}/{}", escape_pointer_token(key))
}
