//! `check_elicitation`: a passing and a failing case for every rule, both generations, and the
//! official examples that are elicitation messages.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use crate::support;

use support::{fixture, list};

use mcp_json_toolbox::host::elicitation::Mode;
use mcp_json_toolbox::host::{check_elicitation, ElicitationReport, Generation};
use mcp_json_toolbox::{Diagnostic, Severity};

/// Nothing but infos in either list.
fn assert_clean(report: &ElicitationReport) {
    let all: Vec<Diagnostic> = report
        .diagnostics
        .iter()
        .chain(&report.response_diagnostics)
        .cloned()
        .collect();
    assert!(
        all.iter().all(|d| d.severity == Severity::Info),
        "unexpected: {}",
        list(&all)
    );
    assert!(report.valid);
}

/// The only diagnostic with `code` in `diagnostics`, at `pointer`.
fn one<'a>(diagnostics: &'a [Diagnostic], code: &str, pointer: &str) -> &'a Diagnostic {
    let found: Vec<&Diagnostic> = diagnostics.iter().filter(|d| d.code == code).collect();
    assert_eq!(
        found.len(),
        1,
        "expected one `{code}` in {}",
        list(diagnostics)
    );
    assert_eq!(found[0].instance_path, pointer, "{}", list(diagnostics));
    assert!(found[0].span.is_some());
    found[0]
}

/// A 2025-11-25 `elicitation/create` request asking for `properties` (JSON text).
fn request(properties: &str, required: &str) -> String {
    format!(
        r#"{{"jsonrpc": "2.0", "id": 7, "method": "elicitation/create", "params": {{
  "mode": "form", "message": "Deploy to staging now?",
  "requestedSchema": {{"type": "object", "properties": {properties}, "required": {required}}}}}}}"#
    )
}

/// A request with one property `p`.
fn with_property(property: &str) -> String {
    request(&format!(r#"{{"p": {property}}}"#), "[]")
}

const DEPLOY: &str = r#"{"target": {"type": "string", "title": "Target", "enum": ["staging", "production"], "default": "staging"},
  "now": {"type": "boolean", "title": "Deploy now?", "default": true},
  "replicas": {"type": "integer", "minimum": 1, "maximum": 10},
  "notify": {"type": "string", "format": "email"},
  "regions": {"type": "array", "items": {"type": "string", "enum": ["eu", "us"]}, "minItems": 1}}"#;

fn deploy() -> String {
    request(DEPLOY, r#"["target", "now"]"#)
}

/// A 2026-07-28 task in `input_required` asking for `deploy` by elicitation.
fn input_required_task() -> String {
    format!(
        r#"{{"taskId": "t1", "status": "input_required", "createdAt": "2026-12-01T00:00:00Z",
  "lastUpdatedAt": "2026-12-01T00:00:01Z", "ttlMs": 60000,
  "inputRequests": {{"deploy": {{"method": "elicitation/create", "params": {{"mode": "form",
    "message": "Deploy?", "requestedSchema": {{"type": "object", "properties": {DEPLOY}, "required": ["target"]}}}}}}}}}}"#
    )
}

// ---- The request: the restricted subset ----

#[test]
fn a_flat_form_of_primitives_passes_in_both_generations() {
    let old = check_elicitation(&deploy(), None);
    assert_clean(&old);
    assert_eq!(old.generation, Some(Generation::V2025_11_25));
    assert_eq!(old.requests.len(), 1);
    assert_eq!(old.requests[0].mode, Mode::Form);
    assert_eq!(old.requests[0].pointer, "/params");
    let new = check_elicitation(&input_required_task(), None);
    assert_clean(&new);
    assert_eq!(new.generation, Some(Generation::V2026_07_28));
    assert_eq!(new.requests[0].key.as_deref(), Some("deploy"));
    assert_eq!(new.requests[0].pointer, "/inputRequests/deploy/params");
}

#[test]
fn nested_objects_are_errors() {
    let report = check_elicitation(
        &with_property(r#"{"type": "object", "properties": {"a": {"type": "string"}}}"#),
        None,
    );
    let found = one(
        &report.diagnostics,
        "elicitation-schema-nested",
        "/params/requestedSchema/properties/p/type",
    );
    assert!(found.message.contains("flat object"), "{}", found.message);
    assert!(!report.valid);
    // Nested in 2026-07-28 inputRequests too.
    let new = input_required_task().replace(
        r#""now": {"type": "boolean", "title": "Deploy now?", "default": true}"#,
        r#""now": {"type": "object"}"#,
    );
    let report = check_elicitation(&new, None);
    one(
        &report.diagnostics,
        "elicitation-schema-nested",
        "/inputRequests/deploy/params/requestedSchema/properties/now/type",
    );
}

#[test]
fn arrays_of_objects_are_errors_and_string_multi_selects_pass() {
    let bad = check_elicitation(
        &with_property(r#"{"type": "array", "items": {"type": "object"}}"#),
        None,
    );
    let found = one(
        &bad.diagnostics,
        "elicitation-schema-nested",
        "/params/requestedSchema/properties/p/items/type",
    );
    assert!(found.message.contains("arrays of objects"));
    let titled = with_property(
        r#"{"type": "array", "items": {"anyOf": [{"const": "r", "title": "Red"}, {"const": "g", "title": "Green"}]}, "maxItems": 2}"#,
    );
    assert_clean(&check_elicitation(&titled, None));
}

#[test]
fn refs_and_combinators_are_errors_saying_what_the_subset_allows() {
    for (keyword, property) in [
        ("$ref", r##"{"type": "string", "$ref": "#/$defs/x"}"##),
        (
            "anyOf",
            r#"{"type": "string", "anyOf": [{"minLength": 1}]}"#,
        ),
        (
            "allOf",
            r#"{"type": "string", "allOf": [{"minLength": 1}]}"#,
        ),
        ("not", r#"{"type": "string", "not": {"const": "x"}}"#),
    ] {
        let report = check_elicitation(&with_property(property), None);
        let path = format!(
            "/params/requestedSchema/properties/p/{}",
            keyword.replace('/', "~1")
        );
        let found = one(&report.diagnostics, "elicitation-schema-unsupported", &path);
        assert!(found
            .message
            .contains("flat object whose properties are strings"));
    }
    // `oneOf` of {const, title} is the titled single-select enum, not a combinator.
    let titled = with_property(
        r#"{"type": "string", "oneOf": [{"const": "a", "title": "A"}, {"const": "b", "title": "B"}]}"#,
    );
    assert_clean(&check_elicitation(&titled, None));
    let untitled_option = with_property(r#"{"type": "string", "oneOf": [{"const": "a"}]}"#);
    let report = check_elicitation(&untitled_option, None);
    let found = one(
        &report.diagnostics,
        "required",
        "/params/requestedSchema/properties/p/oneOf/0",
    );
    assert!(found.message.contains("\"title\""), "{}", found.message);
}

#[test]
fn a_type_outside_the_subset_is_an_error() {
    let report = check_elicitation(&with_property(r#"{"type": "null"}"#), None);
    one(
        &report.diagnostics,
        "elicitation-schema-unsupported",
        "/params/requestedSchema/properties/p/type",
    );
    let untyped = check_elicitation(&with_property(r#"{"title": "P"}"#), None);
    one(
        &untyped.diagnostics,
        "elicitation-schema-unsupported",
        "/params/requestedSchema/properties/p",
    );
}

#[test]
fn unknown_formats_are_errors() {
    let report = check_elicitation(
        &with_property(r#"{"type": "string", "format": "uint64"}"#),
        None,
    );
    let found = one(
        &report.diagnostics,
        "elicitation-format-unknown",
        "/params/requestedSchema/properties/p/format",
    );
    assert!(found.message.contains("date, date-time, email or uri"));
    assert_eq!(report.diagnostics.len(), 1, "{}", list(&report.diagnostics));
    for format in ["date", "date-time", "email", "uri"] {
        let good = with_property(&format!(r#"{{"type": "string", "format": "{format}"}}"#));
        assert_clean(&check_elicitation(&good, None));
    }
}

#[test]
fn required_names_only_declared_properties() {
    let report = check_elicitation(
        &request(r#"{"a": {"type": "string"}}"#, r#"["a", "b"]"#),
        None,
    );
    let found = one(
        &report.diagnostics,
        "elicitation-required-undeclared",
        "/params/requestedSchema/required/1",
    );
    assert!(found.message.contains("\"b\""));
    assert_clean(&check_elicitation(
        &request(r#"{"a": {"type": "string"}}"#, r#"["a"]"#),
        None,
    ));
}

#[test]
fn enums_must_be_well_formed() {
    let cases = [
        (r#"{"type": "string", "enum": []}"#, "/enum"),
        (r#"{"type": "string", "enum": ["a", "a"]}"#, "/enum"),
        (
            r#"{"type": "string", "enum": ["a", "b"], "enumNames": ["A"]}"#,
            "/enumNames",
        ),
        (
            r#"{"type": "string", "enum": ["a", "b"], "default": "c"}"#,
            "/default",
        ),
        (
            r#"{"type": "array", "items": {"type": "string", "enum": ["a"]}, "default": ["z"]}"#,
            "/default",
        ),
        (
            r#"{"type": "integer", "minimum": 5, "maximum": 1}"#,
            "/minimum",
        ),
        (
            r#"{"type": "string", "minLength": 5, "maxLength": 1}"#,
            "/minLength",
        ),
    ];
    for (property, at) in cases {
        let report = check_elicitation(&with_property(property), None);
        let path = format!("/params/requestedSchema/properties/p{at}");
        one(&report.diagnostics, "elicitation-enum-invalid", &path);
    }
    let legacy =
        r#"{"type": "string", "enum": ["a", "b"], "enumNames": ["A", "B"], "default": "b"}"#;
    assert_clean(&check_elicitation(&with_property(legacy), None));
}

#[test]
fn variant_keywords_are_checked_against_their_def() {
    let report = check_elicitation(
        &with_property(r#"{"type": "string", "minLength": "3"}"#),
        None,
    );
    one(
        &report.diagnostics,
        "type",
        "/params/requestedSchema/properties/p/minLength",
    );
    let enum_of_numbers = check_elicitation(
        &with_property(r#"{"type": "string", "enum": [1, 2]}"#),
        None,
    );
    assert!(enum_of_numbers
        .diagnostics
        .iter()
        .any(|d| d.code == "type"
            && d.instance_path == "/params/requestedSchema/properties/p/enum/0"));
}

#[test]
fn keywords_outside_the_subset_are_warnings() {
    let report = check_elicitation(
        &with_property(r#"{"type": "string", "pattern": "^a"}"#),
        None,
    );
    let found = one(
        &report.diagnostics,
        "elicitation-keyword-ignored",
        "/params/requestedSchema/properties/p/pattern",
    );
    assert_eq!(found.severity, Severity::Warning);
    assert!(report.valid);
}

#[test]
fn the_params_follow_their_def() {
    let no_message = deploy().replace(r#""message": "Deploy to staging now?","#, "");
    let report = check_elicitation(&no_message, None);
    one(&report.diagnostics, "required", "/params");
    let root_not_object =
        request(r#"{}"#, "[]").replace(r#""type": "object""#, r#""type": "array""#);
    let report = check_elicitation(&root_not_object, None);
    one(&report.diagnostics, "const", "/params/requestedSchema/type");
}

#[test]
fn text_that_is_no_elicitation_is_reported() {
    let report = check_elicitation(
        r#"{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}"#,
        None,
    );
    one(&report.diagnostics, "not-an-elicitation", "");
    let broken = check_elicitation("{\"method\": ", None);
    assert!(!broken.valid);
    assert_eq!(broken.diagnostics[0].span.map(|s| s.line), Some(1));
}

// ---- The response ----

#[test]
fn accepted_content_is_validated_against_requested_schema() {
    let good = r#"{"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {"target": "staging", "now": true, "replicas": 3, "regions": ["eu"]}}}"#;
    assert_clean(&check_elicitation(&deploy(), Some(good)));
    let bad = "{\"action\": \"accept\",\n \"content\": {\"target\": \"moon\", \"now\": true, \"replicas\": 0}}";
    let report = check_elicitation(&deploy(), Some(bad));
    assert!(!report.valid);
    let target = one(&report.response_diagnostics, "enum", "/content/target");
    assert_eq!(target.span.map(|s| s.line), Some(2));
    assert!(
        target.schema_span.is_some(),
        "the schema keyword is located too"
    );
    one(&report.response_diagnostics, "minimum", "/content/replicas");
    let missing = r#"{"action": "accept", "content": {"target": "staging"}}"#;
    let report = check_elicitation(&deploy(), Some(missing));
    let found = one(&report.response_diagnostics, "required", "/content");
    assert!(found.message.contains("\"now\""), "{}", found.message);
}

#[test]
fn accepted_content_uses_the_argument_validator_messages() {
    let schema = r#"{"type":"object","properties":{"replicas":{"type":"integer","minimum":1}}}"#;
    let request = format!(r#"{{"message": "m", "requestedSchema": {schema}}}"#);
    let answer = r#"{"action": "accept", "content": {"replicas": 0}}"#;
    let report = check_elicitation(&request, Some(answer));
    let args =
        mcp_json_toolbox::validate_arguments(schema, r#"{"replicas": 0}"#, &Default::default())
            .unwrap();
    assert_eq!(
        report.response_diagnostics[0].message,
        args.diagnostics[0].message
    );
    assert_eq!(
        report.response_diagnostics[0].code,
        args.diagnostics[0].code
    );
}

#[test]
fn content_goes_with_accept_only() {
    let report = check_elicitation(&deploy(), Some(r#"{"action": "accept"}"#));
    one(
        &report.response_diagnostics,
        "elicitation-content-missing",
        "",
    );
    for action in ["decline", "cancel"] {
        let plain = format!(r#"{{"action": "{action}"}}"#);
        assert_clean(&check_elicitation(&deploy(), Some(&plain)));
        let with = format!(r#"{{"action": "{action}", "content": {{"target": "staging"}}}}"#);
        let report = check_elicitation(&deploy(), Some(&with));
        one(
            &report.response_diagnostics,
            "elicitation-content-unexpected",
            "/content",
        );
    }
    let unknown = check_elicitation(&deploy(), Some(r#"{"action": "maybe"}"#));
    one(&unknown.response_diagnostics, "enum", "/action");
}

#[test]
fn url_mode_is_answered_without_content() {
    let url = r#"{"jsonrpc": "2.0", "id": 1, "method": "elicitation/create", "params": {"mode": "url",
      "elicitationId": "e1", "url": "https://example.com/connect", "message": "Connect your account"}}"#;
    let report = check_elicitation(url, Some(r#"{"action": "accept"}"#));
    assert_clean(&report);
    assert_eq!(report.requests[0].mode, Mode::Url);
    let with = check_elicitation(url, Some(r#"{"action": "accept", "content": {"x": "y"}}"#));
    one(
        &with.response_diagnostics,
        "elicitation-content-unexpected",
        "/content",
    );
    // 2025-11-25 URL elicitations carry an elicitationId.
    let no_id = url.replace(r#""elicitationId": "e1","#, "");
    let report = check_elicitation(&no_id, None);
    one(&report.diagnostics, "required", "/params");
}

#[test]
fn input_responses_answer_input_requests_by_key() {
    let good = r#"{"jsonrpc": "2.0", "id": 9, "method": "tasks/update", "params": {"taskId": "t1",
      "inputResponses": {"deploy": {"action": "accept", "content": {"target": "production", "now": false}}}}}"#;
    assert_clean(&check_elicitation(&input_required_task(), Some(good)));
    let unknown = r#"{"deploy": {"action": "decline"}, "other": {"action": "cancel"}}"#;
    let report = check_elicitation(&input_required_task(), Some(unknown));
    one(
        &report.response_diagnostics,
        "input-response-unknown-key",
        "/other",
    );
    let missing = check_elicitation(&input_required_task(), Some("{}"));
    one(&missing.response_diagnostics, "input-response-missing", "");
    let twice = r#"{"deploy": {"action": "decline"}, "deploy": {"action": "cancel"}}"#;
    let report = check_elicitation(&input_required_task(), Some(twice));
    one(
        &report.response_diagnostics,
        "input-response-duplicate",
        "/deploy",
    );
    let invalid =
        r#"{"inputResponses": {"deploy": {"action": "accept", "content": {"target": 3}}}}"#;
    let report = check_elicitation(&input_required_task(), Some(invalid));
    one(
        &report.response_diagnostics,
        "type",
        "/inputResponses/deploy/content/target",
    );
}

#[test]
fn answers_must_match_what_was_asked() {
    let report = check_elicitation(&input_required_task(), Some(r#"{"action": "decline"}"#));
    one(
        &report.response_diagnostics,
        "elicitation-answer-mismatch",
        "",
    );
    let report = check_elicitation(&deploy(), Some(r#"{"deploy": {"action": "decline"}}"#));
    one(
        &report.response_diagnostics,
        "elicitation-answer-mismatch",
        "",
    );
}

// ---- The official examples ----

/// The official examples that are elicitation messages, by `$defs` folder.
const EXAMPLE_FOLDERS: [&str; 6] = [
    "ElicitRequest",
    "ElicitRequestFormParams",
    "ElicitRequestURLParams",
    "InputRequests",
    "InputRequiredResult",
    "ElicitResult",
];

fn shared_examples() -> Option<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/mcp-schema");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("../shared/mcp-schema is missing: the official examples are not checked");
        None
    }
}

#[test]
fn the_official_elicitation_examples_check_clean() {
    let Some(dir) = shared_examples() else { return };
    let mut checked = 0;
    for version in std::fs::read_dir(&dir).unwrap() {
        let examples = version.unwrap().path().join("examples");
        for folder in EXAMPLE_FOLDERS {
            let Ok(files) = std::fs::read_dir(examples.join(folder)) else {
                continue;
            };
            for file in files {
                let path = file.unwrap().path();
                let text = std::fs::read_to_string(&path).unwrap();
                // Answers are checked below; an InputRequiredResult with only `requestState`
                // asks for nothing.
                let asks = !folder.starts_with("Input") || text.contains("elicitation/create");
                if folder == "ElicitResult" || !asks {
                    continue;
                }
                let report = check_elicitation(&text, None);
                assert_clean(&report);
                assert!(!report.requests.is_empty(), "{}", path.display());
                checked += 1;
            }
        }
        // Each official ElicitResult answers the official request of its kind.
        let results = examples.join("ElicitResult");
        let Ok(files) = std::fs::read_dir(&results) else {
            continue;
        };
        for file in files {
            let path = file.unwrap().path();
            let answer = std::fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let asked = match name.as_str() {
                "accept-url-mode-no-content.json" => {
                    "ElicitRequestURLParams/elicit-sensitive-data.json"
                }
                "input-multiple-fields.json" => {
                    "ElicitRequestFormParams/elicit-multiple-fields.json"
                }
                _ => "ElicitRequestFormParams/elicit-single-field.json",
            };
            let request = std::fs::read_to_string(examples.join(asked)).unwrap();
            let report = check_elicitation(&request, Some(&answer));
            assert_clean(&report);
            checked += 1;
        }
        // The official InputResponses answer the official InputRequests.
        let (Ok(asked), Ok(answers)) = (
            std::fs::read_to_string(
                examples.join("InputRequests/elicitation-and-sampling-input-requests.json"),
            ),
            std::fs::read_to_string(
                examples.join("InputResponses/elicitation-and-sampling-input-responses.json"),
            ),
        ) else {
            continue;
        };
        assert_clean(&check_elicitation(&asked, Some(&answers)));
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} official examples found");
}

// ---- Session replay: input requests and their answers ----

use mcp_json_toolbox::host::{replay_session, TaskStatus};

/// A 2026-07-28 transcript: the task asks for `deploy` input, then `update` answers it.
fn input_session(update: &str, extra_before_update: &str) -> String {
    let ext = r#""_meta": {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}}}"#;
    let task = input_required_task();
    let lines = [
        format!(r#"{{"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {{"name": "deploy", "arguments": {{}}, {ext}}}}}"#),
        r#"{"jsonrpc": "2.0", "id": 1, "result": {"resultType": "task", "taskId": "t1", "status": "working", "createdAt": "2026-12-01T00:00:00Z", "lastUpdatedAt": "2026-12-01T00:00:00Z", "ttlMs": 60000}}"#.to_owned(),
        r#"{"jsonrpc": "2.0", "id": 2, "method": "tasks/get", "params": {"taskId": "t1"}}"#.to_owned(),
        format!(r#"{{"jsonrpc": "2.0", "id": 2, "result": {}}}"#, task.replacen('{', r#"{"resultType": "complete", "#, 1)).replace('\n', " "),
        extra_before_update.to_owned(),
        format!(r#"{{"jsonrpc": "2.0", "id": 3, "method": "tasks/update", "params": {{"taskId": "t1", "inputResponses": {update}}}}}"#),
    ];
    lines
        .iter()
        .filter(|l| !l.is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join("\n")
}

fn codes(diagnostics: &[Diagnostic]) -> Vec<&str> {
    diagnostics
        .iter()
        .filter(|d| d.severity != Severity::Info && d.code != "never-terminal")
        .map(|d| d.code.as_str())
        .collect()
}

#[test]
fn replay_records_input_requests_and_checks_the_answers_by_key() {
    let waiting = replay_session(&input_session("{}", "").replace(
        "\n{\"jsonrpc\": \"2.0\", \"id\": 3, \"method\": \"tasks/update\", \"params\": {\"taskId\": \"t1\", \"inputResponses\": {}}}",
        "",
    ));
    assert_eq!(waiting.tasks["t1"].last_status, TaskStatus::InputRequired);
    assert_eq!(waiting.tasks["t1"].pending_input, ["deploy"]);
    let good = r#"{"deploy": {"action": "accept", "content": {"target": "staging"}}}"#;
    let report = replay_session(&input_session(good, ""));
    assert!(
        codes(&report.diagnostics).is_empty(),
        "{}",
        list(&report.diagnostics)
    );
    assert!(report.tasks["t1"].pending_input.is_empty());
    let json = serde_json::to_value(&report.tasks["t1"]).unwrap();
    assert_eq!(json["pendingInput"], serde_json::json!([]));
    for (update, code, at) in [
        ("{}", "input-response-missing", "/4/params/inputResponses"),
        (
            r#"{"deploy": {"action": "decline"}, "other": {"action": "decline"}}"#,
            "input-response-unknown-key",
            "/4/params/inputResponses/other",
        ),
        (
            r#"{"deploy": {"action": "decline"}, "deploy": {"action": "cancel"}}"#,
            "input-response-duplicate",
            "/4/params/inputResponses/deploy",
        ),
        (
            r#"{"deploy": {"action": "accept", "content": {"target": "moon"}}}"#,
            "enum",
            "/4/params/inputResponses/deploy/content/target",
        ),
    ] {
        let report = replay_session(&input_session(update, ""));
        let found: Vec<&Diagnostic> = report
            .diagnostics
            .iter()
            .filter(|d| d.code == code)
            .collect();
        assert_eq!(found.len(), 1, "{code}: {}", list(&report.diagnostics));
        assert_eq!(found[0].instance_path, at);
        assert_eq!(found[0].span.map(|s| s.line), Some(5));
    }
}

#[test]
fn replay_flags_input_for_a_task_not_waiting_or_finished() {
    let answer = r#"{"deploy": {"action": "decline"}}"#;
    let working = r#"{"jsonrpc": "2.0", "method": "notifications/tasks", "params": {"taskId": "t1", "status": "working", "createdAt": "2026-12-01T00:00:00Z", "lastUpdatedAt": "2026-12-01T00:00:02Z", "ttlMs": 60000}}"#;
    let report = replay_session(&input_session(answer, working));
    assert_eq!(
        codes(&report.diagnostics),
        ["input-not-requested"],
        "{}",
        list(&report.diagnostics)
    );
    let done = working.replace("\"working\"", "\"cancelled\"");
    let report = replay_session(&input_session(answer, &done));
    assert_eq!(
        codes(&report.diagnostics),
        ["input-after-terminal"],
        "{}",
        list(&report.diagnostics)
    );
}

/// The real recording with the server's elicitation answered by `answer` instead.
fn recorded_with_answer(answer: &str) -> String {
    let text = fixture("everything-research-elicitation-2025-11-25.jsonl");
    let recorded = r#""result":{"action":"accept","content":{"interpretation":"technical"}}"#;
    assert!(text.contains(recorded));
    text.replace(recorded, &format!(r#""result":{answer}"#))
}

#[test]
fn replay_checks_the_answer_to_a_real_servers_elicitation() {
    let clean = replay_session(&recorded_with_answer(
        r#"{"action":"accept","content":{"interpretation":"technical"}}"#,
    ));
    assert!(!clean
        .diagnostics
        .iter()
        .any(|d| d.code.starts_with("elicitation") || d.code == "enum"));
    assert!(clean.tasks.values().all(|t| t.pending_input.is_empty()));
    let off_list = replay_session(&recorded_with_answer(
        r#"{"action":"accept","content":{"interpretation":"poetry"}}"#,
    ));
    let found: Vec<&Diagnostic> = off_list
        .diagnostics
        .iter()
        .filter(|d| {
            d.instance_path
                .ends_with("/message/result/content/interpretation")
        })
        .collect();
    assert_eq!(found.len(), 1, "{}", list(&off_list.diagnostics));
    assert!(found[0].is_error());
    let empty = replay_session(&recorded_with_answer(r#"{"action":"accept"}"#));
    assert!(empty
        .diagnostics
        .iter()
        .any(|d| d.code == "elicitation-content-missing"));
}

#[test]
fn odd_inputs_give_reports_not_panics() {
    let odd = [
        "",
        "null",
        "[]",
        "[[[[[[[[[[]]]]]]]]]]",
        r#"{"method": "elicitation/create"}"#,
        r#"{"method": "elicitation/create", "params": 3}"#,
        r#"{"message": 1, "requestedSchema": "x"}"#,
        r#"{"requestedSchema": {"properties": [1, 2], "required": "a"}}"#,
        r#"{"requestedSchema": {"type": "object", "properties": {"a": null, "b": [], "c": {"type": ["string"]}}}}"#,
        r#"{"requestedSchema": {"type": "object", "properties": {"a": {"type": "array", "items": 5, "default": 7}}}}"#,
        r#"{"requestedSchema": {"type": "object", "properties": {"a": {"type": "string", "oneOf": 5, "enum": {}, "default": []}}}}"#,
        r#"{"inputRequests": {"k": {"method": "elicitation/create", "params": null}}}"#,
        r#"{"inputRequests": []}"#,
        r#"{"a": {"method": 1}}"#,
        r#"{"mode": "url"}"#,
    ];
    let answers = [
        None,
        Some(""),
        Some("[]"),
        Some(r#"{"action": 1, "content": []}"#),
        Some(r#"{"k": null, "k": 1}"#),
        Some(r#"{"method": "tasks/update", "params": {"inputResponses": 5}}"#),
    ];
    for request in odd {
        for answer in answers {
            let report = check_elicitation(request, answer);
            let errors = report
                .diagnostics
                .iter()
                .chain(&report.response_diagnostics)
                .any(Diagnostic::is_error);
            assert_eq!(report.valid, !errors, "{request} / {answer:?}");
        }
    }
}
