//! `invalid-default` and `invalid-example`: a `default` or an `examples` item that its own
//! schema rejects. Both are warnings: a client that fills in the default, or a model that copies
//! the example, sends arguments the tool refuses, but JSON Schema 2020-12 only RECOMMENDS that a
//! default be valid (https://json-schema.org/draft/2020-12/json-schema-validation#section-9.2,
//! checked 2026-12-03) and no consumer is shown refusing such a tool (issue 43:
//! `{"type":"string","default":null}`, a common workaround for Vertex AI).
//!
//! All of a schema's defaults and examples are checked with one compile, of a tuple schema
//! against the array of the values: the values' subschemas inlined when none has a reference,
//! else `$ref`s to them in the linted schema (registered under [`ROOT_URI`], so their own
//! `$ref`s resolve).

use std::collections::BTreeMap;

use crate::diagnostic::Severity;
use crate::json::{Document, Node};
use jsonschema::Draft;

use crate::validate::{CompiledSchema, SchemaErrors, ValidateOptions};

use super::finding::{Finding, Schema};

/// The URI the linted schema is registered under, so its subschemas can be `$ref`erenced.
const ROOT_URI: &str = "urn:mcp-json-toolbox:lint";

/// One value to check: the node, its pointer, how messages name it, and the pointer of its
/// subschema relative to the linted schema.
struct Value<'d> {
    node: &'d Node,
    pointer: String,
    who: String,
    schema: String,
}

/// Collects the `default` and `examples` values of every subschema, then checks them at once.
pub struct Checker<'d, 'a> {
    doc: &'d Document<'a>,
    root: &'d Node,
    pointer: &'d str,
    draft: Draft,
    values: Vec<Value<'d>>,
}

impl<'d, 'a> Checker<'d, 'a> {
    /// A checker for the schema `root`, at `pointer` in `doc`.
    pub fn new(doc: &'d Document<'a>, root: &'d Node, pointer: &'d str, draft: Draft) -> Self {
        Self {
            doc,
            root,
            pointer,
            draft,
            values: Vec::new(),
        }
    }

    /// Notes the `default` and every `examples` item of `schema`.
    pub fn collect(&mut self, schema: &Schema<'d>) {
        let Some(relative) = schema.pointer.strip_prefix(self.pointer) else {
            return;
        };
        let mut add = |node, pointer, who| {
            self.values.push(Value {
                node,
                pointer,
                who,
                schema: relative.to_owned(),
            });
        };
        if let Some(default) = schema.value("default") {
            add(default, schema.at("default"), "the default".to_owned());
        }
        let examples = schema
            .value("examples")
            .and_then(Node::elements)
            .unwrap_or_default();
        for (i, example) in examples.iter().enumerate() {
            let pointer = format!("{}/{i}", schema.at("examples"));
            add(example, pointer, format!("example {i}"));
        }
    }

    /// Checks every value collected; a value its subschema rejects is a finding.
    pub fn finish(self, out: &mut Vec<Finding>) {
        if self.values.is_empty() {
            return;
        }
        let Ok(validator) = self.wrapper() else {
            return;
        };
        let lexemes: Vec<&str> = self
            .values
            .iter()
            .map(|v| self.doc.lexeme(v.node))
            .collect();
        let report = validator.validate(&format!("[{}]", lexemes.join(",")));
        for (i, value) in self.values.into_iter().enumerate() {
            let own = format!("/{i}");
            let first = report.diagnostics.iter().find(|d| {
                d.is_error()
                    && (d.instance_path == own || d.instance_path.starts_with(&format!("{own}/")))
            });
            let Some(first) = first else {
                continue;
            };
            // The value itself is "item i" of the array checked; name it as the schema does.
            let message = match first.message.strip_prefix(&format!("item {i} ")) {
                Some(rest) if first.instance_path == own => format!("it {rest}"),
                _ => first.message.clone(),
            };
            let code = if value.who == "the default" {
                "invalid-default"
            } else {
                "invalid-example"
            };
            out.push(
                Finding::value(value.node, value.pointer, Severity::Warning, code).say(format!(
                    "{} is not valid against its own schema: {message}",
                    value.who
                )),
            );
        }
    }
}

impl Checker<'_, '_> {
    /// The validator of the array of collected values: the subschemas inlined when none has a
    /// reference (the common case, one small compile), else `$ref`s into the linted schema.
    fn wrapper(&self) -> Result<CompiledSchema, SchemaErrors> {
        let subschemas: Vec<&str> = self
            .values
            .iter()
            .map(|v| {
                let at = format!("{}{}", self.pointer, v.schema);
                self.doc.pointer(&at).map_or("true", |n| self.doc.lexeme(n))
            })
            .collect();
        let references = ["\"$ref\"", "\"$dynamicRef\"", "\"$recursiveRef\""];
        let self_contained = subschemas
            .iter()
            .all(|text| !references.iter().any(|r| text.contains(r)));
        if self_contained {
            let tuple = if self.draft == Draft::Draft202012 {
                "prefixItems"
            } else {
                "items"
            };
            let dialect = self
                .root
                .value_of("$schema")
                .map(|s| format!("\"$schema\":{},", self.doc.lexeme(s)))
                .unwrap_or_default();
            let text = format!("{{{dialect}\"{tuple}\":[{}]}}", subschemas.join(","));
            return CompiledSchema::new(&text, &ValidateOptions::default());
        }
        let refs: Vec<serde_json::Value> = self
            .values
            .iter()
            .map(|v| serde_json::json!({ "$ref": format!("{ROOT_URI}#{}", encode(&v.schema)) }))
            .collect();
        let wrapper = serde_json::json!({ "prefixItems": refs }).to_string();
        let root = self.doc.lexeme(self.root).to_owned();
        let options = ValidateOptions {
            schemas: BTreeMap::from([(ROOT_URI.to_owned(), root)]),
            ..ValidateOptions::default()
        };
        CompiledSchema::new(&wrapper, &options)
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
