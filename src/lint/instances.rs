//! `invalid-default` and `invalid-example`: a `default` or an `examples` item that its own
//! schema rejects. Both are errors: a client that fills in the default, or a model that copies
//! the example, sends arguments the tool refuses.

use crate::diagnostic::Severity;
use crate::json::{Document, Node};
use crate::validate::messages::{message, subject};
use jsonschema::Registry;

use super::{Finding, Schema};

/// The URI the linted schema is registered under, so its subschemas can be `$ref`erenced.
const ROOT_URI: &str = "urn:mcp-json-toolbox:lint";

/// Validates the `default` and `examples` of subschemas against them, in the context of the
/// whole linted schema (so their `$ref`s resolve). The registry is built on first use.
pub struct Checker<'d, 'a> {
    doc: &'d Document<'a>,
    root: &'d Node,
    pointer: &'d str,
    registry: Option<Option<Registry<'static>>>,
}

impl<'d, 'a> Checker<'d, 'a> {
    /// A checker for the schema `root`, at `pointer` in `doc`.
    pub fn new(doc: &'d Document<'a>, root: &'d Node, pointer: &'d str) -> Self {
        Self {
            doc,
            root,
            pointer,
            registry: None,
        }
    }

    /// Checks the `default` and every `examples` item of `schema`.
    pub fn check(&mut self, schema: &Schema<'_>, out: &mut Vec<Finding>) {
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
        if values.is_empty() {
            return;
        }
        let Some(relative) = schema.pointer.strip_prefix(self.pointer) else {
            return;
        };
        let Some(registry) = self.registry() else {
            return;
        };
        let wrapper = serde_json::json!({ "$ref": format!("{ROOT_URI}#{}", encode(relative)) });
        let Ok(validator) = jsonschema::options()
            .offline()
            .with_registry(registry)
            .build(&wrapper)
        else {
            return;
        };
        for (node, pointer, who) in values {
            let value = self.doc.value_of(node);
            let Some(error) = validator.iter_errors(&value).next() else {
                continue;
            };
            let path = error.instance_path().as_str();
            let named = if path.is_empty() {
                who.clone()
            } else {
                format!("{} of {who}", subject(path))
            };
            let code = if who == "the default" {
                "invalid-default"
            } else {
                "invalid-example"
            };
            out.push(
                Finding::value(node, pointer, Severity::Error, code).say(format!(
                    "{who} is not valid against its own schema: {}",
                    message(&error, &named)
                )),
            );
        }
    }

    /// The registry holding the linted schema, built once; `None` if it cannot be built.
    fn registry(&mut self) -> Option<&Registry<'static>> {
        if self.registry.is_none() {
            let root = self.doc.value_of(self.root);
            let built = Registry::new()
                .extend([(ROOT_URI.to_owned(), root)])
                .and_then(|builder| builder.prepare())
                .ok();
            self.registry = Some(built);
        }
        self.registry.as_ref().and_then(Option::as_ref)
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
