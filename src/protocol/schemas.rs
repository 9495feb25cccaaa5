//! The embedded official MCP schemas, and where each version's definitions are.
//!
//! Each schema document is parsed and indexed into a `referencing` registry the first time it is
//! needed. Nothing is ever retrieved over the network. Validating against a definition is the
//! engine's job ([`crate::validate::official`]). The three draft-07 documents (2024-11-05 …
//! 2025-06-18) keep their definitions under `definitions`, the 2020-12 ones under `$defs`.

use std::sync::OnceLock;

use jsonschema::Registry;
use serde_json::Value;

use super::Version;
use crate::json::tree::escape_pointer_token;

mod corrections;

/// The schema documents holding a version's definitions, searched in order: the core schema,
/// then (2026-07-28) the tasks extension.
fn documents(version: Version) -> &'static [SchemaDoc] {
    match version {
        Version::V2024_11_05 => &[SchemaDoc::Core2024_11],
        Version::V2025_03_26 => &[SchemaDoc::Core2025_03],
        Version::V2025_06_18 => &[SchemaDoc::Core2025_06],
        Version::V2025_11_25 => &[SchemaDoc::Core2025],
        Version::V2026_07_28 => &[SchemaDoc::Core2026, SchemaDoc::ExtTasks],
    }
}

/// One embedded schema document (see `schemas/mcp/PROVENANCE.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum SchemaDoc {
    Core2024_11,
    Core2025_03,
    Core2025_06,
    Core2025,
    Core2026,
    ExtTasks,
}

/// Every embedded document.
const DOCS: [SchemaDoc; 6] = [
    SchemaDoc::Core2024_11,
    SchemaDoc::Core2025_03,
    SchemaDoc::Core2025_06,
    SchemaDoc::Core2025,
    SchemaDoc::Core2026,
    SchemaDoc::ExtTasks,
];

/// `include_str!` of a document prepared by `build.rs`.
macro_rules! prepared {
    ($file:literal) => {
        include_str!(concat!(env!("OUT_DIR"), "/", $file))
    };
}

impl SchemaDoc {
    /// The document's text as published, without whitespace and without its `description`
    /// texts, which nothing reads (prepared by `build.rs`).
    fn text(self) -> &'static str {
        match self {
            SchemaDoc::Core2024_11 => prepared!("2024-11-05.schema.json"),
            SchemaDoc::Core2025_03 => prepared!("2025-03-26.schema.json"),
            SchemaDoc::Core2025_06 => prepared!("2025-06-18.schema.json"),
            SchemaDoc::Core2025 => prepared!("2025-11-25.schema.json"),
            SchemaDoc::Core2026 => prepared!("2026-07-28.schema.json"),
            SchemaDoc::ExtTasks => prepared!("ext-tasks-draft.schema.json"),
        }
    }

    /// The URI the document is registered under (its own `$id` for the extension).
    fn uri(self) -> &'static str {
        match self {
            SchemaDoc::Core2024_11 => {
                "https://mcp-json-toolbox.invalid/schemas/mcp/2024-11-05.schema.json"
            }
            SchemaDoc::Core2025_03 => {
                "https://mcp-json-toolbox.invalid/schemas/mcp/2025-03-26.schema.json"
            }
            SchemaDoc::Core2025_06 => {
                "https://mcp-json-toolbox.invalid/schemas/mcp/2025-06-18.schema.json"
            }
            SchemaDoc::Core2025 => {
                "https://mcp-json-toolbox.invalid/schemas/mcp/2025-11-25.schema.json"
            }
            SchemaDoc::Core2026 => {
                "https://mcp-json-toolbox.invalid/schemas/mcp/2026-07-28.schema.json"
            }
            SchemaDoc::ExtTasks => "https://modelcontextprotocol.io/ext-tasks/schema.json",
        }
    }

    /// The member holding the document's definitions: `definitions` (draft-07) or `$defs`.
    fn defs_key(self) -> &'static str {
        match self {
            SchemaDoc::Core2024_11 | SchemaDoc::Core2025_03 | SchemaDoc::Core2025_06 => {
                "definitions"
            }
            SchemaDoc::Core2025 | SchemaDoc::Core2026 | SchemaDoc::ExtTasks => "$defs",
        }
    }

    /// The document's slot in per-document tables (its place in [`DOCS`]).
    fn slot(self) -> usize {
        self as usize
    }

    /// The parsed document, parsed once, with the corrections of [`corrections`].
    fn value(self) -> Option<&'static Value> {
        static VALUES: [OnceLock<Option<Value>>; DOCS.len()] =
            [const { OnceLock::new() }; DOCS.len()];
        VALUES
            .get(self.slot())?
            .get_or_init(|| {
                let mut value = serde_json::from_str(self.text()).ok()?;
                corrections::apply(self, &mut value);
                Some(value)
            })
            .as_ref()
    }

    /// The registry holding just this document, built once.
    fn registry(self) -> Option<&'static Registry<'static>> {
        static REGISTRIES: [OnceLock<Option<Registry<'static>>>; DOCS.len()] =
            [const { OnceLock::new() }; DOCS.len()];
        REGISTRIES
            .get(self.slot())?
            .get_or_init(|| {
                let value = self.value()?;
                Registry::new().add(self.uri(), value).ok()?.prepare().ok()
            })
            .as_ref()
    }

    /// The definition `name` of this document.
    fn definition(self, name: &str) -> Option<&'static Value> {
        self.value()?.get(self.defs_key())?.get(name)
    }
}

/// Every definition of `version` (core first, then the extension), by name.
pub fn definitions(version: Version) -> impl Iterator<Item = (&'static str, &'static Value)> {
    documents(version)
        .iter()
        .filter_map(|doc| doc.value()?.get(doc.defs_key())?.as_object())
        .flat_map(|defs| defs.iter().map(|(name, schema)| (name.as_str(), schema)))
}

/// One official definition: the registry of its document and the `$ref` that names it there.
#[derive(Clone, Copy, Debug)]
pub struct Definition<'a> {
    /// The registry holding the definition's document.
    pub registry: &'static Registry<'static>,
    /// The URI the document is registered under.
    pub document: &'static str,
    /// The member of the document holding its definitions: `definitions` or `$defs`.
    pub defs: &'static str,
    /// The definition's name in the document's definitions.
    pub name: &'a str,
}

impl Definition<'_> {
    /// `{"$ref": "<document>#/$defs/<name>"}` (or `#/definitions/`): the schema a validator of
    /// the definition compiles.
    pub fn reference(&self) -> Value {
        let name = escape_pointer_token(self.name);
        serde_json::json!({ "$ref": format!("{}#/{}/{name}", self.document, self.defs) })
    }
}

/// Definition `name` of `version` (the first document of the version that has it), `None`
/// when the version has no such definition.
pub fn definition(version: Version, name: &str) -> Option<Definition<'_>> {
    let doc = documents(version)
        .iter()
        .copied()
        .find(|d| d.definition(name).is_some())?;
    Some(Definition {
        registry: doc.registry()?,
        document: doc.uri(),
        defs: doc.defs_key(),
        name,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The committed copy of a document, byte-for-byte as published.
    fn published(doc: SchemaDoc) -> &'static str {
        match doc {
            SchemaDoc::Core2024_11 => include_str!("../../schemas/mcp/2024-11-05.schema.json"),
            SchemaDoc::Core2025_03 => include_str!("../../schemas/mcp/2025-03-26.schema.json"),
            SchemaDoc::Core2025_06 => include_str!("../../schemas/mcp/2025-06-18.schema.json"),
            SchemaDoc::Core2025 => include_str!("../../schemas/mcp/2025-11-25.schema.json"),
            SchemaDoc::Core2026 => include_str!("../../schemas/mcp/2026-07-28.schema.json"),
            SchemaDoc::ExtTasks => include_str!("../../schemas/mcp/ext-tasks-draft.schema.json"),
        }
    }

    /// Removes every string-valued `description` member, returning the paths of those inside
    /// instance data (a `default`, `const`, `enum` or `examples` keyword's value).
    fn strip_descriptions(value: &mut Value, path: &mut Vec<String>, in_data: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if map.get("description").is_some_and(Value::is_string) {
                    let keyword = |i: usize| {
                        let parent = i.checked_sub(1).and_then(|p| path.get(p));
                        ["default", "const", "enum", "examples"].contains(&path[i].as_str())
                            && !parent.is_some_and(|p| {
                                matches!(p.as_str(), "properties" | "$defs" | "definitions")
                            })
                    };
                    if (0..path.len()).any(keyword) {
                        in_data.push(path.join("/"));
                    }
                    map.shift_remove("description");
                }
                for (key, child) in map.iter_mut() {
                    path.push(key.clone());
                    strip_descriptions(child, path, in_data);
                    path.pop();
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter_mut().enumerate() {
                    path.push(i.to_string());
                    strip_descriptions(child, path, in_data);
                    path.pop();
                }
            }
            _ => {}
        }
    }

    /// Each correction replaces a value the published document really has (when an upstream
    /// release fixes it, this fails and the correction goes) with a different one.
    #[test]
    fn every_correction_replaces_a_published_value() {
        for c in corrections::CORRECTIONS {
            let published: Value = serde_json::from_str(published(c.doc)).unwrap();
            let expected: Value = serde_json::from_str(c.published).unwrap();
            assert_eq!(
                published.pointer(c.pointer),
                Some(&expected),
                "{:?} {}",
                c.doc,
                c.pointer
            );
            let corrected: Value = serde_json::from_str(c.corrected).unwrap();
            assert_ne!(expected, corrected);
            assert_eq!(
                c.doc.value().unwrap().pointer(c.pointer),
                Some(&corrected),
                "{}",
                c.pointer
            );
        }
    }

    #[test]
    fn the_embedded_documents_are_the_published_ones_without_descriptions() {
        for doc in DOCS {
            let mut expected: Value = serde_json::from_str(published(doc)).unwrap();
            let mut in_data = Vec::new();
            strip_descriptions(&mut expected, &mut Vec::new(), &mut in_data);
            assert_eq!(
                in_data,
                Vec::<String>::new(),
                "{doc:?}: a description in instance data"
            );
            corrections::apply(doc, &mut expected);
            assert_eq!(doc.value(), Some(&expected), "{doc:?}");
            assert!(doc.text().len() * 2 < published(doc).len(), "{doc:?}");
        }
        assert!(DOCS.iter().enumerate().all(|(i, d)| d.slot() == i));
    }
}
