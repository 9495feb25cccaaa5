//! The embedded official MCP schemas and lazily compiled validators for single `$defs` entries.
//!
//! Each schema document is parsed and indexed into a `referencing` registry the first time it is
//! needed; a validator for one `(document, definition)` pair is compiled on first use by
//! compiling `{"$ref": "<document uri>#/$defs/<Name>"}` against that registry, then cached for
//! the life of the program. Nothing is ever retrieved over the network. Violations are mapped to
//! diagnostics by the crate's validator ([`crate::validate`]), each `anyOf` explained by its
//! closest branch.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::Registry;
use serde_json::Value;

use crate::diagnostic::Diagnostic;
use crate::host::Generation;
use crate::json::tree::escape_pointer_token;
use crate::json::Document;
use crate::validate::{Grouping, Validator};

/// Every generation checked, oldest first.
pub const GENERATIONS: [Generation; 2] = [Generation::V2025_11_25, Generation::V2026_07_28];

/// The schema documents holding a generation's definitions, searched in order: the core schema,
/// then (2026-07-28) the tasks extension.
fn documents(generation: Generation) -> &'static [SchemaDoc] {
    match generation {
        Generation::V2025_11_25 => &[SchemaDoc::Core2025],
        Generation::V2026_07_28 => &[SchemaDoc::Core2026, SchemaDoc::ExtTasks],
    }
}

/// One embedded schema document (see `schemas/mcp/PROVENANCE.md`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum SchemaDoc {
    Core2025,
    Core2026,
    ExtTasks,
}

impl SchemaDoc {
    /// The document's text, byte-for-byte as published.
    fn text(self) -> &'static str {
        match self {
            SchemaDoc::Core2025 => include_str!("../../schemas/mcp/2025-11-25.schema.json"),
            SchemaDoc::Core2026 => include_str!("../../schemas/mcp/2026-07-28.schema.json"),
            SchemaDoc::ExtTasks => include_str!("../../schemas/mcp/ext-tasks-draft.schema.json"),
        }
    }

    /// The URI the document is registered under (its own `$id` for the extension).
    fn uri(self) -> &'static str {
        match self {
            SchemaDoc::Core2025 => {
                "https://mcp-json-toolbox.invalid/schemas/mcp/2025-11-25.schema.json"
            }
            SchemaDoc::Core2026 => {
                "https://mcp-json-toolbox.invalid/schemas/mcp/2026-07-28.schema.json"
            }
            SchemaDoc::ExtTasks => "https://modelcontextprotocol.io/ext-tasks/schema.json",
        }
    }

    /// The parsed document, parsed once.
    fn value(self) -> Option<&'static Value> {
        static CORE_2025: OnceLock<Option<Value>> = OnceLock::new();
        static CORE_2026: OnceLock<Option<Value>> = OnceLock::new();
        static EXT_TASKS: OnceLock<Option<Value>> = OnceLock::new();
        let cell = match self {
            SchemaDoc::Core2025 => &CORE_2025,
            SchemaDoc::Core2026 => &CORE_2026,
            SchemaDoc::ExtTasks => &EXT_TASKS,
        };
        cell.get_or_init(|| serde_json::from_str(self.text()).ok())
            .as_ref()
    }

    /// The registry holding just this document, built once.
    fn registry(self) -> Option<&'static Registry<'static>> {
        static CORE_2025: OnceLock<Option<Registry<'static>>> = OnceLock::new();
        static CORE_2026: OnceLock<Option<Registry<'static>>> = OnceLock::new();
        static EXT_TASKS: OnceLock<Option<Registry<'static>>> = OnceLock::new();
        let cell = match self {
            SchemaDoc::Core2025 => &CORE_2025,
            SchemaDoc::Core2026 => &CORE_2026,
            SchemaDoc::ExtTasks => &EXT_TASKS,
        };
        cell.get_or_init(|| {
            let value = self.value()?;
            Registry::new().add(self.uri(), value).ok()?.prepare().ok()
        })
        .as_ref()
    }

    /// The definition `name` of this document.
    fn definition(self, name: &str) -> Option<&'static Value> {
        self.value()?.get("$defs")?.get(name)
    }
}

/// Every definition of `version` (core first, then the extension), by name.
pub fn definitions(version: Generation) -> impl Iterator<Item = (&'static str, &'static Value)> {
    documents(version)
        .iter()
        .filter_map(|doc| doc.value()?.get("$defs")?.as_object())
        .flat_map(|defs| defs.iter().map(|(name, schema)| (name.as_str(), schema)))
}

/// The cached validator of definition `name` in `doc`, compiled on first use.
fn validator(doc: SchemaDoc, name: &str) -> Option<Arc<Validator>> {
    type Cache = Mutex<HashMap<(SchemaDoc, String), Option<Arc<Validator>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (doc, name.to_owned());
    if let Some(found) = cache.lock().ok()?.get(&key) {
        return found.clone();
    }
    let compiled = doc.definition(name).and_then(|_| {
        let reference = serde_json::json!({
            "$ref": format!("{}#/$defs/{}", doc.uri(), escape_pointer_token(name))
        });
        jsonschema::options_for::<crate::validate::TapeJson>()
            .with_registry(doc.registry()?)
            // A `$ref` to an official definition needs no meta-schema check (src/validate/meta.rs).
            .build_unchecked(&reference)
            .ok()
            .map(|compiled| Arc::new(Validator::from_compiled(compiled)))
    });
    cache.lock().ok()?.insert(key, compiled.clone());
    compiled
}

/// Validates `instance` (the JSON text of the value at `base` in `doc`) against definition `name` of `version`.
///
/// `None` when the version has no such definition; otherwise the violations as diagnostics whose
/// instance paths and spans point into `doc`.
pub fn check(
    version: Generation,
    name: &str,
    instance: &str,
    doc: &Document<'_>,
    base: &str,
) -> Option<Vec<Diagnostic>> {
    let schema_doc = documents(version)
        .iter()
        .copied()
        .find(|d| d.definition(name).is_some())?;
    let validator = validator(schema_doc, name)?;
    Some(validator.validate_at(instance, doc, base, Grouping::Closest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};

    fn check_text(version: Generation, name: &str, text: &str) -> Option<Vec<Diagnostic>> {
        let doc = parse(text, ReadOptions::default()).unwrap();
        check(version, name, doc.text, &doc, "")
    }

    #[test]
    fn definitions_resolve_per_version() {
        let defines = |v: Generation, name: &str| definitions(v).any(|(n, _)| n == name);
        assert!(defines(Generation::V2025_11_25, "ListTasksResult"));
        assert!(!defines(Generation::V2026_07_28, "ListTasksResult"));
        // Task messages of 2026-07-28 come from the extension document.
        assert!(defines(Generation::V2026_07_28, "CreateTaskResult"));
        assert!(check_text(Generation::V2026_07_28, "CreateTaskResult", "{}").is_some());
        assert!(check_text(Generation::V2026_07_28, "InitializeResult", "{}").is_none());
    }

    #[test]
    fn missing_ttl_is_reported_at_the_task() {
        let text = r#"{"task": {"taskId": "t1", "status": "working", "createdAt": "x", "lastUpdatedAt": "y"}}"#;
        let found = check_text(Generation::V2025_11_25, "CreateTaskResult", text).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, "required");
        assert_eq!(found[0].instance_path, "/task");
        assert!(found[0].message.contains("\"ttl\""));
        assert_eq!(found[0].span.map(|s| s.start), Some(9));
    }

    #[test]
    fn the_matching_any_of_branch_explains_the_failure() {
        let text = r#"{"resultType": "complete", "taskId": "t", "status": "completed",
            "createdAt": "a", "lastUpdatedAt": "b", "ttlMs": null}"#;
        let found = check_text(Generation::V2026_07_28, "GetTaskResult", text).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, "required");
        assert!(found[0].message.contains("\"result\""));
    }

    #[test]
    fn a_bad_status_is_an_any_of_error_at_the_status() {
        let text = r#"{"resultType": "task", "taskId": "t", "status": "running",
            "createdAt": "a", "lastUpdatedAt": "b", "ttlMs": 1000}"#;
        let found = check_text(Generation::V2026_07_28, "CreateTaskResult", text).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].instance_path, "/status");
        assert_eq!(found[0].code, "enum");
        assert!(
            found[0].message.contains("\"working\", \"input_required\""),
            "{}",
            found[0].message
        );
    }
}
