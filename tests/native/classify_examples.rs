//! Every official 2026-07-28 example classifies as the definition its folder is named after, or
//! as a listed, justified exception.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use std::path::{Path, PathBuf};

use mcp_json_toolbox::classify::{classify, Classification, EnvelopeKind};
use mcp_json_toolbox::host::Generation;
use mcp_json_toolbox::Severity;

/// Folders holding pieces of messages rather than messages: they are reported as `Unknown` with
/// an `unrecognised` warning, and why.
const NOT_MESSAGES: &[(&str, &str)] = &[
    (
        "BlobResourceContents",
        "an item of ReadResourceResult.contents, not a message",
    ),
    (
        "TextResourceContents",
        "an item of ReadResourceResult.contents, not a message",
    ),
    (
        "Resource",
        "an item of ListResourcesResult.resources; {uri, name} is also the shape of Root",
    ),
    (
        "Root",
        "an item of ListRootsResult.roots; {uri, name} is also the shape of Resource",
    ),
    (
        "BooleanSchema",
        "a field schema inside an elicitation requestedSchema, not a message",
    ),
    (
        "NumberSchema",
        "a field schema inside an elicitation requestedSchema, not a message",
    ),
    (
        "StringSchema",
        "a field schema inside an elicitation requestedSchema, not a message",
    ),
    (
        "TitledMultiSelectEnumSchema",
        "a field schema inside an elicitation requestedSchema",
    ),
    (
        "TitledSingleSelectEnumSchema",
        "a field schema inside an elicitation requestedSchema",
    ),
    (
        "UntitledMultiSelectEnumSchema",
        "a field schema inside an elicitation requestedSchema",
    ),
    (
        "UntitledSingleSelectEnumSchema",
        "a field schema inside an elicitation requestedSchema",
    ),
    (
        "ClientCapabilities",
        "a capability object inside request _meta, not a message",
    ),
    (
        "ServerCapabilities",
        "a capability object inside DiscoverResult, not a message",
    ),
    (
        "ModelPreferences",
        "a member of sampling params, not a message",
    ),
    (
        "InputRequests",
        "a map keyed by server-chosen names inside InputRequiredResult",
    ),
    (
        "InputResponses",
        "a map keyed by server-chosen names inside request params",
    ),
    (
        "CallToolRequestParams",
        "params alone; {name, arguments} is also GetPromptRequestParams",
    ),
    (
        "GetPromptRequestParams",
        "params alone; {name, arguments} is also CallToolRequestParams",
    ),
    (
        "CancelledNotificationParams",
        "params alone, without the method that names them",
    ),
    (
        "CompleteRequestParams",
        "params alone, without the method that names them",
    ),
    (
        "ElicitRequestFormParams",
        "params alone, without the method that names them",
    ),
    (
        "ElicitRequestURLParams",
        "params alone, without the method that names them",
    ),
    (
        "LoggingMessageNotificationParams",
        "params alone, without the method that names them",
    ),
    (
        "PaginatedRequestParams",
        "params alone ({cursor}), shared by every list request",
    ),
    (
        "ProgressNotificationParams",
        "params alone, without the method that names them",
    ),
    (
        "ResourceUpdatedNotificationParams",
        "params alone ({uri}), without the method that names them",
    ),
];

/// Folders named `<X>ResultResponse` hold a whole JSON-RPC response: the kind names the payload
/// (`<X>Result`) and the envelope says it is a result response.
const RESPONSE_SUFFIX: &str = "Response";

/// Files whose payload the official definition of its kind rejects, with the diagnostic we give.
/// `read-resource-result-response.json` satisfies `ReadResourceResultResponse` only through that
/// definition's `InputRequiredResult` branch: as a ReadResourceResult of 2026-07-28 it lacks the
/// required `cacheScope` and `ttlMs` (it is a valid 2025-11-25 ReadResourceResult).
const REJECTED: &[(&str, &str, &str)] = &[(
    "ReadResourceResultResponse/read-resource-result-response.json",
    "required",
    "/result",
)];

fn examples_dir() -> PathBuf {
    let dir =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/mcp-schema/2026-07-28/examples");
    assert!(
        dir.is_dir(),
        "missing test data: {} (the shared MCP schema examples)",
        dir.display()
    );
    dir
}

fn sorted(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    entries
}

/// Checks one example; returns which rule it was held to.
fn check(folder: &str, file: &str, c: &Classification) -> &'static str {
    let case = format!("{folder}/{file}");
    if let Some((_, why)) = NOT_MESSAGES.iter().find(|(f, _)| *f == folder) {
        assert_eq!(c.kind, "Unknown", "{case} ({why}): {c:#?}");
        assert!(
            c.diagnostics.iter().any(|d| d.code == "unrecognised"),
            "{case}: {c:#?}"
        );
        return "not a message";
    }
    let expected = match folder
        .strip_suffix(RESPONSE_SUFFIX)
        .filter(|f| f.ends_with("Result"))
    {
        Some(result) => {
            assert_eq!(c.envelope.kind, EnvelopeKind::ResultResponse, "{case}");
            result
        }
        None => folder,
    };
    assert_eq!(c.kind, expected, "{case}: {c:#?}");
    if let Some((_, code, path)) = REJECTED.iter().find(|(f, ..)| *f == case) {
        assert!(!c.versions.contains(&Generation::V2026_07_28), "{case}");
        assert_eq!(c.generation, Some(Generation::V2026_07_28), "{case}");
        assert!(
            c.diagnostics
                .iter()
                .any(|d| d.code == *code && d.instance_path == *path),
            "{case}: {c:#?}"
        );
        return "rejected by its definition";
    }
    assert!(
        c.versions.contains(&Generation::V2026_07_28),
        "{case}: {c:#?}"
    );
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .collect();
    assert!(errors.is_empty(), "{case}: {errors:#?}");
    if expected == folder {
        "named as its folder"
    } else {
        "result inside a response"
    }
}

#[test]
fn official_examples_classify_as_their_folder() {
    let mut counts: std::collections::BTreeMap<&str, usize> = Default::default();
    for folder in sorted(&examples_dir()) {
        let name = folder.file_name().unwrap().to_str().unwrap().to_owned();
        for file in sorted(&folder) {
            let text = std::fs::read_to_string(&file).unwrap();
            let c = classify(&text);
            *counts
                .entry(check(
                    &name,
                    file.file_name().unwrap().to_str().unwrap(),
                    &c,
                ))
                .or_default() += 1;
        }
    }
    let total: usize = counts.values().sum();
    println!("{total} examples: {counts:?}");
    assert_eq!(total, 129, "the shared examples changed: {counts:?}");
    // Every exception is used, so the tables cannot silently go stale.
    for (folder, _) in NOT_MESSAGES {
        assert!(
            examples_dir().join(folder).is_dir(),
            "{folder} is listed but has no examples"
        );
    }
}

/// JSON Pointers of the first `limit` values of `value`, parents first.
fn pointers(value: &serde_json::Value, limit: usize) -> Vec<String> {
    let mut found = Vec::new();
    let mut queue = std::collections::VecDeque::from([(String::new(), value)]);
    while let Some((pointer, v)) = queue.pop_front() {
        if found.len() == limit {
            break;
        }
        let children: Vec<(String, &serde_json::Value)> = match v {
            serde_json::Value::Object(map) => map
                .iter()
                .map(|(k, v)| (k.replace('~', "~0").replace('/', "~1"), v))
                .collect(),
            serde_json::Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), v))
                .collect(),
            _ => Vec::new(),
        };
        queue.extend(
            children
                .into_iter()
                .map(|(token, child)| (format!("{pointer}/{token}"), child)),
        );
        found.push(pointer);
    }
    found
}

#[test]
fn broken_examples_never_panic_and_stay_located() {
    let mut classified = 0;
    for folder in sorted(&examples_dir()) {
        for file in sorted(&folder) {
            let original: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
            for pointer in pointers(&original, 40).into_iter().skip(1) {
                for replacement in [
                    serde_json::Value::Null,
                    serde_json::json!("x y"),
                    serde_json::json!([1.5]),
                ] {
                    let mut broken = original.clone();
                    *broken.pointer_mut(&pointer).unwrap() = replacement;
                    let text = serde_json::to_string_pretty(&broken).unwrap();
                    let c = classify(&text);
                    classified += 1;
                    let utf16_len = text.encode_utf16().count();
                    for d in &c.diagnostics {
                        let span = d.span.unwrap_or_else(|| {
                            panic!("{}: {} has no span", file.display(), d.code)
                        });
                        assert!(
                            span.start <= span.end && span.end <= utf16_len,
                            "{}: {d:?}",
                            file.display()
                        );
                    }
                }
            }
        }
    }
    println!("{classified} broken examples classified");
}

/// The page's worked examples for the Classify tab (`www/examples/*.json`, `"tab": "classify"`)
/// get the kind, generation and severity the page promises.
#[test]
fn page_examples_classify_as_the_page_expects() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/examples");
    assert!(dir.is_dir(), "missing {}", dir.display());
    let mut checked = 0;
    for file in sorted(&dir) {
        let example: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let expect = &example["expect"];
        if expect["fn"] != "classify" {
            continue;
        }
        let text = match &example["a"] {
            serde_json::Value::String(text) => text.clone(),
            value => serde_json::to_string_pretty(value).unwrap(),
        };
        let c = classify(&text);
        let name = file.display();
        if let Some(kind) = expect["kind"].as_str() {
            assert_eq!(c.kind, kind, "{name}");
        }
        if let Some(generation) = expect["generation"].as_str() {
            assert_eq!(c.generation.map(|g| g.as_str()), Some(generation), "{name}");
        }
        let errors = c.diagnostics.iter().any(|d| d.severity == Severity::Error);
        match expect["severity"].as_str() {
            Some("error") => assert!(errors, "{name}: {:#?}", c.diagnostics),
            Some("none") | None => assert!(!errors, "{name}: {:#?}", c.diagnostics),
            Some(other) => assert!(
                c.diagnostics
                    .iter()
                    .any(|d| format!("{:?}", d.severity).eq_ignore_ascii_case(other)),
                "{name}"
            ),
        }
        checked += 1;
    }
    assert!(
        checked >= 5,
        "only {checked} classify examples in {}",
        dir.display()
    );
}
