//! `invalid-default` and `invalid-example`: a `default` or an `examples` item that its own
//! schema rejects. Both are errors: a client that fills in the default, or a model that copies
//! the example, sends arguments the tool refuses.

use std::collections::BTreeMap;

use crate::diagnostic::Severity;
use crate::json::{Document, Node};
use crate::validate::{Grouping, ValidateOptions, Validator};

use super::{Finding, Schema};

/// The URI the linted schema is registered under, so its subschemas can be `$ref`erenced.
const ROOT_URI: &str = "urn:mcp-json-toolbox:lint";

/// Validates the `default` and `examples` of subschemas against them, in the context of the
/// whole linted schema (so their `$ref`s resolve), with the crate's own validator.
pub struct Checker<'d, 'a> {
    doc: &'d Document<'a>,
    pointer: &'d str,
    options: ValidateOptions,
}

impl<'d, 'a> Checker<'d, 'a> {
    /// A checker for the schema `root`, at `pointer` in `doc`.
    pub fn new(doc: &'d Document<'a>, root: &'d Node, pointer: &'d str) -> Self {
        let schemas = BTreeMap::from([(ROOT_URI.to_owned(), doc.lexeme(root).to_owned())]);
        Self {
            doc,
            pointer,
            options: ValidateOptions {
                schemas,
                ..ValidateOptions::default()
            },
        }
    }

    /// Checks the `default` and every `examples` item of `schema`.
    pub fn check(&self, schema: &Schema<'_>, out: &mut Vec<Finding>) {
        let mut values: Vec<(&Node, String, String)> = Vec::new();
        if let Some(default) = schema.value("default") {
            values.push((default, schema.at("default"), "the default".to_owned()));
        }
        let examples = schema
            .value("examples")
            .and_then(Node::elements)
            .unwrap_or_default();
        for (i, example) in examples.iter().enumerate() {
            values.push((
                example,
                format!("{}/{i}", schema.at("examples")),
                format!("example {i}"),
            ));
        }
        let Some(relative) = schema.pointer.strip_prefix(self.pointer) else {
            return;
        };
        if values.is_empty() {
            return;
        }
        let wrapper = serde_json::json!({ "$ref": format!("{ROOT_URI}#{}", encode(relative)) });
        let Ok(validator) = Validator::new(&wrapper.to_string(), &self.options) else {
            return;
        };
        for (node, pointer, who) in values {
            let text = self.doc.lexeme(node);
            let errors = validator.validate_at(text, self.doc, &pointer, Grouping::Closest);
            let Some(first) = errors.iter().find(|d| d.is_error()) else {
                continue;
            };
            let code = if who == "the default" {
                "invalid-default"
            } else {
                "invalid-example"
            };
            out.push(
                Finding::value(node, pointer, Severity::Error, code).say(format!(
                    "{who} is not valid against its own schema: {}",
                    first.message
                )),
            );
        }
    }
}

/// A JSON Pointer made safe for a URI fragment.
fn encode(pointer: &str) -> String {
    let mut out = String::with_capacity(pointer.len());
    for byte in pointer.bytes() {
        let keep = byte.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&byte);
        if keep {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}
