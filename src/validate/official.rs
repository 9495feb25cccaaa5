//! Validators of the official MCP definitions ([`crate::protocol::schemas`]), compiled on first use
//! by compiling `{"$ref": "<document uri>#/$defs/<Name>"}` against the document's registry, then
//! cached for the life of the program. Violations are mapped to diagnostics like any other
//! validation, each `anyOf` explained by its closest branch.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::diagnostic::Diagnostic;
use crate::json::Document;
use crate::protocol::schemas::{definition, Definition};
use crate::protocol::Version;

use super::{CompiledSchema, Grouping, TapeJson};

/// The cached validator of `found`, compiled on first use.
fn validator(found: &Definition<'_>) -> Option<Arc<CompiledSchema>> {
    type Cache = Mutex<HashMap<(&'static str, String), Option<Arc<CompiledSchema>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (found.document, found.name.to_owned());
    if let Some(compiled) = cache.lock().ok()?.get(&key) {
        return compiled.clone();
    }
    let compiled = jsonschema::options_for::<TapeJson>()
        .with_registry(found.registry)
        // `format` is an annotation, as the 2020-12 documents have it by default: a draft-07
        // document (2024-11-05 … 2025-06-18) would assert it, and no version's schema says more
        // of a URI than the others.
        .should_validate_formats(false)
        // A `$ref` to an official definition needs no meta-schema check (meta.rs).
        .build_unchecked(&found.reference())
        .ok()
        .map(|compiled| Arc::new(CompiledSchema::from_compiled(compiled)));
    cache.lock().ok()?.insert(key, compiled.clone());
    compiled
}

/// Validates `instance` (the JSON text of the value at `base` in `doc`) against definition `name` of `version`.
///
/// `None` when the version has no such definition; otherwise the violations as diagnostics whose
/// instance paths and spans point into `doc`.
pub fn check(
    version: Version,
    name: &str,
    instance: &str,
    doc: &Document<'_>,
    base: &str,
) -> Option<Vec<Diagnostic>> {
    let validator = validator(&definition(version, name)?)?;
    Some(validator.validate_at(instance, doc, base, Grouping::Closest))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json::{parse, ReadOptions};
    use crate::protocol::schemas::definitions;

    fn check_text(version: Version, name: &str, text: &str) -> Option<Vec<Diagnostic>> {
        let doc = parse(text, ReadOptions::default()).unwrap();
        check(version, name, doc.text, &doc, "")
    }

    #[test]
    fn definitions_resolve_per_version() {
        let defines = |v: Version, name: &str| definitions(v).any(|(n, _)| n == name);
        assert!(defines(Version::V2025_11_25, "ListTasksResult"));
        assert!(!defines(Version::V2026_07_28, "ListTasksResult"));
        // Task messages of 2026-07-28 come from the extension document.
        assert!(defines(Version::V2026_07_28, "CreateTaskResult"));
        assert!(check_text(Version::V2026_07_28, "CreateTaskResult", "{}").is_some());
        assert!(check_text(Version::V2026_07_28, "InitializeResult", "{}").is_none());
    }

    /// What `schema.ts` types as `number` (or with `null`) is not an error, though the published
    /// JSON says `integer` (`protocol::schemas`' corrections); an integer-only place still is.
    #[test]
    fn numbers_that_schema_ts_allows_are_not_errors() {
        let v25 = Version::V2025_11_25;
        let v26 = Version::V2026_07_28;
        let answer = r#"{"action": "accept", "content": {"score": 95.5, "ok": true}}"#;
        assert_eq!(check_text(v25, "ElicitResult", answer), Some(vec![]));
        let answer =
            r#"{"resultType": "complete", "action": "accept", "content": {"score": 95.5}}"#;
        assert_eq!(check_text(v26, "ElicitResult", answer), Some(vec![]));
        let request = r#"{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}"#;
        assert_eq!(check_text(v25, "JSONRPCRequest", request), Some(vec![]));
        let metadata = r#"{"temperature": 0.7, "stop": null, "tags": ["a", 1.5]}"#;
        assert_eq!(check_text(v26, "JSONObject", metadata), Some(vec![]));
        // An error's `code` must be an integer (JSON-RPC 2.0, "5.1 Error object"): still reported.
        let error = r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": 1.5, "message": "m"}}"#;
        let found = check_text(v25, "JSONRPCErrorResponse", error).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].instance_path, "/error/code");
    }

    /// The three draft-07 versions are checked against their own schema: an `initialize`
    /// without `clientInfo` is a `required` error at `/params`, and a valid one is clean.
    #[test]
    fn the_older_versions_check_their_own_definitions() {
        for version in [
            Version::V2024_11_05,
            Version::V2025_03_26,
            Version::V2025_06_18,
        ] {
            let v = version.as_str();
            let missing = format!(
                r#"{{"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {{"protocolVersion": "{v}", "capabilities": {{}}}}}}"#
            );
            let found = check_text(version, "InitializeRequest", &missing).unwrap();
            assert_eq!(found.len(), 1, "{v}: {found:?}");
            assert_eq!(found[0].code, "required");
            assert_eq!(found[0].instance_path, "/params");
            assert!(found[0].message.contains("\"clientInfo\""), "{v}");
            let valid = missing.replace(
                r#""capabilities": {}"#,
                r#""capabilities": {}, "clientInfo": {"name": "c", "version": "1"}"#,
            );
            assert_eq!(
                check_text(version, "InitializeRequest", &valid),
                Some(vec![]),
                "{v}"
            );
            // The corrected request id (`string | number` in schema.ts).
            let request = r#"{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}"#;
            assert_eq!(
                check_text(version, "JSONRPCRequest", request),
                Some(vec![]),
                "{v}"
            );
            // A `format` is an annotation, as in the 2020-12 documents.
            let resource = r#"{"uri": "not a uri", "name": "r"}"#;
            assert_eq!(
                check_text(version, "Resource", resource),
                Some(vec![]),
                "{v}"
            );
        }
        let answer = r#"{"action": "accept", "content": {"score": 95.5}}"#;
        assert_eq!(
            check_text(Version::V2025_06_18, "ElicitResult", answer),
            Some(vec![])
        );
        assert!(check_text(Version::V2025_03_26, "ElicitResult", answer).is_none());
    }

    #[test]
    fn missing_ttl_is_reported_at_the_task() {
        let text = r#"{"task": {"taskId": "t1", "status": "working", "createdAt": "x", "lastUpdatedAt": "y"}}"#;
        let found = check_text(Version::V2025_11_25, "CreateTaskResult", text).unwrap();
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
        let found = check_text(Version::V2026_07_28, "GetTaskResult", text).unwrap();
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].code, "required");
        assert!(found[0].message.contains("\"result\""));
    }

    #[test]
    fn a_bad_status_is_an_any_of_error_at_the_status() {
        let text = r#"{"resultType": "task", "taskId": "t", "status": "running",
            "createdAt": "a", "lastUpdatedAt": "b", "ttlMs": 1000}"#;
        let found = check_text(Version::V2026_07_28, "CreateTaskResult", text).unwrap();
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
