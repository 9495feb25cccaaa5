//! What a check reads (one tool, read once for every target) and what it finds (a [`Spot`]).

use serde_json::Value;

use crate::diagnostic::Fix;
use crate::protocol::Generation;

use super::super::params::Field;
use crate::schema::{value_subschemas, Sub};

/// One tool of the document, read once for every target.
pub(in crate::compat) struct ToolView<'v> {
    /// Pointer to the tool object.
    pub pointer: &'v str,
    /// The tool as a value (`Null` when the pointer names nothing).
    pub value: &'v Value,
    /// Its string name.
    pub name: Option<&'v str>,
    /// The subschemas of `inputSchema`.
    pub input: Vec<Sub<'v, Value>>,
    /// The subschemas of `outputSchema`.
    pub output: Vec<Sub<'v, Value>>,
    /// The protocol generation the document shows, if any.
    pub generation: Option<Generation>,
}

impl<'v> ToolView<'v> {
    /// The tool `value` at `pointer`, its schemas walked once.
    #[inline(never)]
    pub fn new(pointer: &'v str, value: &'v Value, generation: Option<Generation>) -> Self {
        let walk = |key: &str| value.get(key).map(value_subschemas).unwrap_or_default();
        Self {
            pointer,
            value,
            name: value.get("name").and_then(Value::as_str),
            input: walk("inputSchema"),
            output: walk("outputSchema"),
            generation,
        }
    }

    /// The subschemas of `field`.
    #[inline(never)]
    pub fn subs(&self, field: Field) -> &[Sub<'v, Value>] {
        match field {
            Field::Input => &self.input,
            Field::Output => &self.output,
        }
    }

    /// One finding per `inputSchema` subschema object (that `walk` keeps) for which `test` gives
    /// (pointer suffix, detail).
    #[inline(never)]
    pub fn schema_spots(
        &self,
        walk: &dyn Fn(&Sub<'_, Value>) -> bool,
        test: &dyn Fn(&Value) -> Option<(String, String)>,
    ) -> Vec<Spot> {
        self.subs(Field::Input)
            .iter()
            .filter(|sub| sub.value.is_object() && walk(sub))
            .filter_map(|sub| {
                let (suffix, detail) = test(sub.value)?;
                Some(Spot::new(
                    self.at(Field::Input, &sub.pointer, &suffix),
                    detail,
                ))
            })
            .collect()
    }

    /// The pointer of `field`'s subschema `sub` plus `rest` (a pointer suffix, or "").
    #[inline(never)]
    pub fn at(&self, field: Field, sub: &str, rest: &str) -> String {
        format!("{}/{}{sub}{rest}", self.pointer, field.key())
    }
}

/// The place and words of one finding, before the rule adds its code, effect and advice.
#[derive(Clone)]
pub(in crate::compat) struct Spot {
    /// JSON Pointer of the offending value in the document.
    pub pointer: String,
    /// What is wrong, in a sentence.
    pub detail: String,
    /// A text edit that fixes it, if one is obvious.
    pub fix: Option<Fix>,
    /// The keyword the finding is about, if any (fills the rule's `{keyword}`).
    pub keyword: Option<String>,
    /// Advice that fits this finding better than the rule's own `fix`.
    pub advice: Option<String>,
}

impl Spot {
    /// A finding at `pointer`.
    #[inline]
    pub fn new(pointer: String, detail: impl Into<String>) -> Self {
        Self::with_detail(pointer, detail.into())
    }

    /// A finding at `pointer` (one copy for every detail type).
    #[inline(never)]
    pub fn with_detail(pointer: String, detail: String) -> Self {
        Self {
            pointer,
            detail,
            fix: None,
            keyword: None,
            advice: None,
        }
    }

    /// The finding about `keyword`.
    #[inline(never)]
    pub fn about(mut self, keyword: &str) -> Self {
        self.keyword = Some(keyword.to_owned());
        self
    }
}
