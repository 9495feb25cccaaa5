//! The TypeScript declarations of the wasm API held to what the Rust serialises, where only the
//! values can tell. The declarations are derived from the Rust types (`ts-rs`, src/ts_types.rs,
//! which writes src/wasm/core.d.ts, validator.d.ts and full.d.ts), but for two things the derive
//! cannot see: the fields of derived types whose TypeScript type is written by hand
//! (`#[ts(type = "…")]`: a map with a custom `Serialize`, a `serde_json::Value` of a known shape),
//! and what JavaScript passes in that no Rust type has the shape of (the
//! `typescript_custom_section` of src/wasm/full.rs: options and run events read by a hand-written
//! `from_json`, the open target names). The exports hand JavaScript the serde_json text of Rust
//! values (`to_js`) and declare their shapes (`unchecked_return_type = "…"`). This test
//! serialises the results of the same Rust functions on every example and fixture of the
//! repository and checks each object against its declared type: a key the TypeScript does not
//! declare, a required field missing, or a value of another type fails. A new export with an
//! `unchecked_return_type` needs its samples in `samples` below.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]
// The slices are at the positions of ASCII text found in the same string.
#![allow(clippy::string_slice)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use mcp_json_toolbox::compat::{
    check_compatibility, data_report_of, lower_tool, CompatOptions, Target,
};
use mcp_json_toolbox::docs_example::{judge_example, unknown_schema, ExampleVerdict};
use mcp_json_toolbox::format::check_formatted;
use mcp_json_toolbox::host::logs;
use mcp_json_toolbox::host::session::{AuthorizationPath, JsonLinesSession, RunEvent};
use mcp_json_toolbox::host::{
    check_elicitation, check_tool, check_tool_call, check_tool_result, lint_file, replay_session,
    Direction, Entry, Session,
};
use mcp_json_toolbox::validator::{check_schema, validate_tool_arguments, Validator};
use mcp_json_toolbox::{classify::classify, format_document, lint_schema, validate_arguments};
use mcp_json_toolbox::{FormatOptions, ValidateOptions};

/// The Rust sources whose exports' results are checked.
const SOURCES: [(&str, &str); 3] = [
    ("src/wasm/core.rs", include_str!("../../src/wasm/core.rs")),
    (
        "src/wasm/validator.rs",
        include_str!("../../src/wasm/validator.rs"),
    ),
    ("src/wasm/full.rs", include_str!("../../src/wasm/full.rs")),
];

/// The declarations derived from the Rust types (src/ts_types.rs holds them to the derive).
const DERIVED: [(&str, &str); 3] = [
    (
        "src/wasm/core.d.ts",
        include_str!("../../src/wasm/core.d.ts"),
    ),
    (
        "src/wasm/validator.d.ts",
        include_str!("../../src/wasm/validator.d.ts"),
    ),
    (
        "src/wasm/full.d.ts",
        include_str!("../../src/wasm/full.d.ts"),
    ),
];

/// A declared field: whether it may be left out, and its type as written.
#[derive(Clone, Debug)]
struct Field {
    optional: bool,
    ty: String,
}

/// The declarations of the TypeScript blocks: interfaces by name, type aliases by name.
#[derive(Default)]
struct Declarations {
    interfaces: BTreeMap<String, BTreeMap<String, Field>>,
    aliases: BTreeMap<String, String>,
}

/// The text of the `typescript_custom_section` string in a Rust source (src/wasm/full.rs: the
/// declarations written by hand).
fn ts_block(source: &str) -> &str {
    let section = source
        .find("typescript_custom_section")
        .expect("a typescript_custom_section");
    let start = section + source[section..].find("r#\"").expect("its r#\" string") + 3;
    let end = start + source[start..].find("\"#;").expect("the end of the string");
    &source[start..end]
}

/// `text` without `/* … */` and `// …` comments.
fn strip_comments(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix("/*") {
            rest = after.find("*/").map_or("", |end| &after[end + 2..]);
        } else if rest.starts_with("//") {
            rest = rest.find('\n').map_or("", |end| &rest[end..]);
        } else {
            let c = rest.chars().next().expect("not empty");
            out.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    out
}

/// The index just past the bracket that closes the one opening `text` (`{`, `[`, `(` or `<`).
fn closing(text: &str) -> usize {
    let mut depth = 0usize;
    for (i, c) in text.char_indices() {
        match c {
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    panic!("unbalanced brackets in {text}")
}

/// `text` split at `separators` outside brackets, each part trimmed, empty parts left out.
fn split_top(text: &str, separators: &[char]) -> Vec<String> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut current = String::new();
    for c in text.chars() {
        match c {
            '{' | '[' | '(' | '<' => depth += 1,
            '}' | ']' | ')' | '>' => depth -= 1,
            _ => {}
        }
        if depth == 0 && separators.contains(&c) {
            parts.push(std::mem::take(&mut current));
        } else {
            current.push(c);
        }
    }
    parts.push(current);
    parts
        .into_iter()
        .map(|p| p.trim().to_owned())
        .filter(|p| !p.is_empty())
        .collect()
}

/// The members of an object type's body (`a: T; b?: U`), by name.
fn members(body: &str) -> BTreeMap<String, Field> {
    split_top(body, &[';', '\n', ','])
        .into_iter()
        .map(|member| {
            let (name, ty) = member
                .split_once(':')
                .unwrap_or_else(|| panic!("a member `name: type`: {member}"));
            let (name, optional) = match name.trim().strip_suffix('?') {
                Some(name) => (name.trim(), true),
                None => (name.trim(), false),
            };
            // A quoted name (`"type"`, as ts-rs writes a tag) is the name.
            let name = name.trim_matches('"');
            let field = Field {
                optional,
                ty: ty.trim().to_owned(),
            };
            (name.to_owned(), field)
        })
        .collect()
}

/// The interfaces and type aliases of every TypeScript block: those written by hand and those derived.
fn declarations() -> Declarations {
    let mut found = Declarations::default();
    let mut extends = Vec::new();
    let hand_written = ts_block(include_str!("../../src/wasm/full.rs"));
    for block in std::iter::once(hand_written).chain(DERIVED.iter().map(|(_, text)| *text)) {
        let text = strip_comments(block);
        let mut rest = text.as_str();
        while let Some(at) = rest.find("export ") {
            rest = &rest[at + "export ".len()..];
            if let Some(after) = rest.strip_prefix("interface ") {
                let name: String = after.chars().take_while(|c| c.is_alphanumeric()).collect();
                let open = after.find('{').expect("an interface body");
                let end = open + closing(&after[open..]);
                let fields = members(&after[open + 1..end - 1]);
                // `interface X extends A, B {`: A's and B's fields are added once all are read.
                if let Some((_, bases)) = after[..open].split_once(" extends ") {
                    let bases = bases.split(',').map(|base| base.trim().to_owned());
                    extends.push((name.clone(), bases.collect::<Vec<_>>()));
                }
                found.interfaces.insert(name, fields);
                rest = &after[end..];
            } else if let Some(after) = rest.strip_prefix("type ") {
                let (name, definition) = after.split_once('=').expect("type X = …");
                let end = split_top(definition, &[';'])
                    .into_iter()
                    .next()
                    .expect("a type");
                found.aliases.insert(name.trim().to_owned(), end);
            }
        }
    }
    for (name, bases) in extends {
        // `Error` is JavaScript's own (thrown errors, not results): its fields are not declared here.
        for base in bases.into_iter().filter(|base| base != "Error") {
            let inherited = found
                .interfaces
                .get(&base)
                .expect("a declared base")
                .clone();
            let fields = found.interfaces.get_mut(&name).expect("the interface");
            for (field, declared) in inherited {
                fields.entry(field).or_insert(declared);
            }
        }
    }
    found
}

/// The declared return type of each export that has one, by its JavaScript name (`validate` for
/// `Validator.validate`), from the `unchecked_return_type` of its `#[wasm_bindgen]` attribute.
fn return_types() -> BTreeMap<String, String> {
    let mut types = BTreeMap::new();
    for (_, source) in SOURCES {
        let mut rest = source;
        while let Some(at) = rest.find("unchecked_return_type = \"") {
            let attribute_start = rest[..at].rfind("#[wasm_bindgen(").expect("its attribute");
            let attribute = &rest[attribute_start..at];
            let after = &rest[at + "unchecked_return_type = \"".len()..];
            let ty = &after[..after.find('"').expect("the type's closing quote")];
            let js_name = attribute
                .split_once("js_name = ")
                .map(|(_, name)| name.split([',', ')']).next().unwrap_or(name).trim());
            let function = after.split_once("fn ").expect("the exported fn").1;
            let rust_name: &str = function
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .next()
                .unwrap_or_default();
            types.insert(js_name.unwrap_or(rust_name).to_owned(), ty.to_owned());
            rest = after;
        }
    }
    types
}

/// The fields of an object type: written inline (`{ a: T }`), an interface, or an alias of one.
fn fields_of(decl: &Declarations, ty: &str) -> BTreeMap<String, Field> {
    if let Some(body) = ty.strip_prefix('{').and_then(|t| t.strip_suffix('}')) {
        return members(body);
    }
    if let Some(fields) = decl.interfaces.get(ty) {
        return fields.clone();
    }
    let alias = decl
        .aliases
        .get(ty)
        .unwrap_or_else(|| panic!("`{ty}` is not declared"));
    fields_of(decl, alias)
}

/// What the checks found: the problems.
#[derive(Default)]
struct Checked {
    problems: BTreeSet<String>,
}

impl Checked {
    /// Checks `value` (at `path`, for messages) against the type written `ty`, returning the
    /// problems (a union tries each member).
    fn value(&mut self, decl: &Declarations, value: &Value, ty: &str, path: &str) -> Vec<String> {
        let alternatives = split_top(ty, &['|']);
        if let [only] = alternatives.as_slice() {
            return self.one(decl, value, only, path);
        }
        let mut problems = Vec::new();
        for alternative in &alternatives {
            let found = self.one(decl, value, alternative, path);
            if found.is_empty() {
                return Vec::new();
            }
            problems.extend(found);
        }
        vec![format!(
            "{path}: {value} is none of `{ty}`: {}",
            problems.join("; ")
        )]
    }

    /// Checks `value` against one member of a union.
    fn one(&mut self, decl: &Declarations, value: &Value, ty: &str, path: &str) -> Vec<String> {
        let mismatch = || vec![format!("{path}: {value} is not `{ty}`")];
        // `A & B` (a variant of a tagged enum, as ts-rs writes it): one object with the fields of both.
        let parts = split_top(ty, &['&']);
        if parts.len() > 1 {
            let fields = parts
                .iter()
                .flat_map(|part| fields_of(decl, part))
                .collect();
            return self.object(decl, value, &fields, None, path);
        }
        // `Array<T>` (as ts-rs writes it) is `T[]`.
        let array = ty
            .strip_prefix("Array<")
            .and_then(|t| t.strip_suffix('>'))
            .map(|element| format!("{element}[]"));
        if let Some(element) = array.as_deref().unwrap_or(ty).strip_suffix("[]") {
            let Value::Array(items) = value else {
                return mismatch();
            };
            let element = element.trim_start_matches('(').trim_end_matches(')');
            return items
                .iter()
                .enumerate()
                .flat_map(|(i, item)| self.value(decl, item, element, &format!("{path}/{i}")))
                .collect();
        }
        // `Record<K, V>` and `Partial<Record<K, V>>`: every key a K, every value a V.
        let record = ty
            .strip_prefix("Partial<")
            .and_then(|t| t.strip_suffix('>'));
        // `{ [key in K]: V }` (a map, as ts-rs writes it) is `Record<K, V>`.
        let mapped = ty
            .strip_prefix("{ [key in ")
            .and_then(|t| t.strip_suffix('}'))
            .and_then(|t| t.trim().trim_end_matches(',').split_once("]: "))
            .map(|(key, item)| format!("{key}, {item}>"));
        if let Some(inner) = mapped
            .as_deref()
            .or_else(|| record.unwrap_or(ty).strip_prefix("Record<"))
        {
            let Value::Object(entries) = value else {
                return mismatch();
            };
            let inner = inner.strip_suffix('>').unwrap_or(inner);
            let (key_type, item_type) = inner.split_once(',').expect("Record<K, V>");
            let (key_type, item_type) = (key_type.trim(), item_type.trim());
            return entries
                .iter()
                .flat_map(|(key, item)| {
                    let at = format!("{path}/{key}");
                    let mut problems = self.value(decl, &Value::String(key.clone()), key_type, &at);
                    problems.extend(self.value(decl, item, item_type, &at));
                    problems
                })
                .collect();
        }
        if ty.starts_with('{') {
            return self.object(decl, value, &members(&ty[1..ty.len() - 1]), None, path);
        }
        if let Some(literal) = ty.strip_prefix('"') {
            return if value.as_str() == literal.strip_suffix('"') {
                Vec::new()
            } else {
                mismatch()
            };
        }
        let fits = match ty {
            "string" => value.is_string(),
            "number" => value.is_number(),
            "boolean" => value.is_boolean(),
            "null" => value.is_null(),
            // Any JSON at all (its declaration is the recursive union of every JSON value).
            "JsonValue" => true,
            _ => {
                if let Some(fields) = decl.interfaces.get(ty) {
                    return self.object(decl, value, fields, Some(ty), path);
                }
                if let Some(alias) = decl.aliases.get(ty) {
                    let alias = alias.clone();
                    return self.value(decl, value, &alias, path);
                }
                return vec![format!("{path}: `{ty}` is not declared")];
            }
        };
        if fits {
            Vec::new()
        } else {
            mismatch()
        }
    }

    /// Checks an object against declared `fields` (of interface `name`, if it has one).
    fn object(
        &mut self,
        decl: &Declarations,
        value: &Value,
        fields: &BTreeMap<String, Field>,
        name: Option<&str>,
        path: &str,
    ) -> Vec<String> {
        let what = name.unwrap_or("the inline object type");
        let Value::Object(object) = value else {
            return vec![format!("{path}: {value} is not an object ({what})")];
        };
        let mut problems = Vec::new();
        for key in object.keys() {
            if !fields.contains_key(key) {
                problems.push(format!("{path}: key `{key}` is not declared in {what}"));
            }
        }
        for (key, field) in fields {
            match object.get(key) {
                None if !field.optional => {
                    problems.push(format!(
                        "{path}: required field `{key}` of {what} is missing"
                    ));
                }
                None => {}
                Some(item) => {
                    problems.extend(self.value(decl, item, &field.ty, &format!("{path}/{key}")));
                }
            }
        }
        problems
    }
}

/// Every file of `dir` (relative to the crate) whose name ends with one of `extensions`, with its text.
fn files(dir: &str, extensions: &[&str]) -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut found: Vec<(String, String)> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("{}: {e}", root.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| {
            extensions
                .iter()
                .any(|ext| path.to_string_lossy().ends_with(ext))
        })
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("a readable file");
            (path.display().to_string(), text)
        })
        .collect();
    found.sort();
    found
}

/// A field of a page example as JSON text (it holds either the text or the value itself).
fn example_text(example: &Value, key: &str) -> Option<String> {
    match example.get(key)? {
        Value::String(text) => Some(text.clone()),
        value => Some(value.to_string()),
    }
}

/// The JSON value of a serialisable result.
fn json<T: serde::Serialize>(result: &T) -> Value {
    serde_json::to_value(result).expect("a result serialises")
}

/// Results of each export on the repository's examples and fixtures, by the export's JavaScript name.
fn samples() -> BTreeMap<&'static str, Vec<(String, Value)>> {
    let mut samples: BTreeMap<&'static str, Vec<(String, Value)>> = BTreeMap::new();
    let mut add = |export: &'static str, source: &str, value: Value| {
        samples
            .entry(export)
            .or_default()
            .push((source.to_owned(), value));
    };
    let basic: ValidateOptions = serde_json::from_str(r#"{"output": "basic"}"#).expect("options");
    let validate = |schema: &str, args: &str, options: &ValidateOptions| {
        validate_arguments(schema, args, options).map_or_else(
            |schema_error| json(&schema_error.diagnostics),
            |report| json(&report),
        )
    };
    let cli = |name: &str| {
        let path = format!("{}/tests/fixtures/cli/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };

    // The command line's fixtures: one per check.
    let (tool, call, result) = (cli("tool.json"), cli("call.json"), cli("result.json"));
    let schema = cli("schema.json");
    for args in [
        cli("good-args.json"),
        cli("bad-args.json"),
        cli("broken.json"),
    ] {
        for options in [&ValidateOptions::default(), &basic] {
            match validate_arguments(&schema, &args, options) {
                Ok(report) => {
                    add("validateArguments", "cli/schema.json", json(&report));
                    add("validate", "cli/schema.json", json(&report));
                    let validator = Validator::new(&schema, options).expect("it compiled");
                    add(
                        "validateAlone",
                        "cli/schema.json",
                        json(&validator.validate_alone(&args)),
                    );
                }
                Err(error) => add("SchemaError.diagnostics", "cli", json(&error.diagnostics)),
            }
        }
    }
    // A schema checked: usable (its warnings), broken against its meta-schema, not JSON.
    for (name, text) in [
        ("cli/schema.json", schema.as_str()),
        (
            "a warning",
            r#"{"type": "string", "format": "no-such-format"}"#,
        ),
        ("broken", r#"{"type": "objct"}"#),
        ("not JSON", "{"),
    ] {
        add(
            "checkSchema",
            name,
            json(&check_schema(text, &ValidateOptions::default())),
        );
    }
    add("checkTool", "cli/tool.json", json(&check_tool(&tool)));
    // A tool, its inputSchema, and none: the docs' and the page's validate mode.
    for (source, against) in [
        ("cli/tool.json", Some(&tool)),
        ("cli/schema.json", Some(&schema)),
        ("none", None),
    ] {
        for args in [cli("good-args.json"), cli("bad-args.json")] {
            let report = validate_tool_arguments(
                against.map(String::as_str),
                &args,
                &ValidateOptions::default(),
            );
            add(
                "validateToolArguments",
                source,
                report.map_or_else(|e| json(&e.diagnostics), |r| json(&r)),
            );
        }
    }
    add("unknownSchema", "docs", json(&unknown_schema("tool")));
    for (expect, severities) in [(Some("valid"), 1), (Some("invalid"), 1), (None, 0)] {
        let verdict = ExampleVerdict {
            mode: "validate".into(),
            kind: None,
            summary: "invalid".into(),
            severities: vec!["error".to_owned(); severities],
        };
        add(
            "judgeExample",
            "docs",
            json(&judge_example(expect, &verdict)),
        );
    }
    let capabilities = r#"{"tasks": {"requests": {"tools": {"call": {}}}}}"#;
    for capabilities in [None, Some(capabilities), Some("{")] {
        add(
            "checkToolCall",
            "cli/call.json",
            json(&check_tool_call(&tool, &call, capabilities)),
        );
    }
    add(
        "checkToolResult",
        "cli/result.json",
        json(&check_tool_result(&tool, &result)),
    );
    let elicitation = cli("elicit-request.json");
    for answer in [
        None,
        Some(cli("elicit-good-answer.json")),
        Some(cli("elicit-bad-answer.json")),
    ] {
        let report = check_elicitation(&elicitation, answer.as_deref());
        add("checkElicitation", "cli/elicit-*.json", json(&report));
    }
    for name in ["lint-schema.json", "lint-tool.json", "broken.json"] {
        add("lintSchema", name, json(&lint_schema(&cli(name))));
    }
    let unformatted = cli("unformatted.json");
    for options in [r#"{}"#, r#"{"unwrapString": true}"#] {
        let options: FormatOptions = serde_json::from_str(options).expect("options");
        if let Ok(formatted) = format_document(&unformatted, &options) {
            add("formatDocument", "cli/unformatted.json", json(&formatted));
        }
        if let Ok(checked) = check_formatted(&unformatted, &options) {
            add("checkFormatted", "cli/unformatted.json", json(&checked));
        }
    }
    // A schema that is no schema, and a failing anyOf (children).
    add(
        "SchemaError.diagnostics",
        "inline",
        validate(r#"{"type": 5}"#, "{}", &basic),
    );
    add(
        "validateArguments",
        "inline anyOf",
        validate(
            r#"{"anyOf": [{"type": "string"}, {"minimum": 3}]}"#,
            "1",
            &basic,
        ),
    );

    // The page's examples, each by its tab; every text also classified.
    for (path, text) in files("www/examples", &[".json"]) {
        let example: Value = serde_json::from_str(&text).expect("an example is JSON");
        let (Some(a), b) = (example_text(&example, "a"), example_text(&example, "b")) else {
            continue;
        };
        match example.get("tab").and_then(Value::as_str) {
            Some("validate") => {
                let b = b.as_deref().unwrap_or("{}");
                add("validateArguments", &path, validate(&a, b, &basic));
            }
            Some("session") => {
                add("replaySession", &path, json(&replay_session(&a)));
                pushed(&a, &mut |export, value| add(export, &path, value));
                if let Some(b) = &b {
                    add("checkTool", &path, json(&check_tool(b)));
                }
            }
            Some("elicit") => {
                add(
                    "checkElicitation",
                    &path,
                    json(&check_elicitation(&a, b.as_deref())),
                );
            }
            _ => {}
        }
        for text in [Some(a), b].into_iter().flatten() {
            add("classify", &path, json(&classify(&text)));
        }
    }

    // The recorded sessions: each replayed, each message classified.
    for (path, text) in files("tests/fixtures/sessions", &[".json", ".jsonl"]) {
        if path.ends_with("index.json") {
            continue;
        }
        add("replaySession", &path, json(&replay_session(&text)));
        add("classify", &path, json(&classify(&text)));
        pushed(&text, &mut |export, value| add(export, &path, value));
        for line in text.lines() {
            if let Ok(entry) = serde_json::from_str::<Value>(line) {
                let message = entry.get("message").unwrap_or(&entry).to_string();
                add("classify", &path, json(&classify(&message)));
            }
        }
    }
    for (path, text) in files("tests/fixtures/lint", &[".json"]) {
        add("lintSchema", &path, json(&lint_schema(&text)));
        add("lintFile", &path, json(&lint_file(&text)));
        add("lintFile", "not JSON", json(&lint_file("{")));
        let typo = r#"{"name": "t", "inputSchema": {"type": "object", "propertys": {}}}"#;
        add("lintFile", "a typo fixed", json(&lint_file(typo)));
        // The tools and tool lists among them: every profile's verdicts, each profile's lowering.
        let report = check_compatibility(&text, &CompatOptions::default());
        add("checkCompatibility", &path, json(&report));
        for target in Target::all().to_vec() {
            add("lowerTool", &path, json(&lower_tool(&text, target)));
        }
    }
    // The headers of a 2026-07-28 call of a tool with an `x-mcp-header` argument.
    let call = r#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"where","arguments":{"region":"Zürich"},"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#;
    let schema =
        r#"{"type":"object","properties":{"region":{"type":"string","x-mcp-header":"Region"}}}"#;
    let headers = mcp_json_toolbox::host::x_mcp_header::request_headers(call, Some(schema));
    add(
        "mcpRequestHeaders",
        "a call",
        json(&headers.unwrap_or_default()),
    );
    add(
        "logFormats",
        "all",
        json(&logs::LOG_FORMATS.map(|f| f.row())),
    );
    add(
        "compatTargets",
        "all",
        json(&mcp_json_toolbox::compat::target_infos(&[])),
    );
    // A consumer the user's data declares: listed, and checked under its own name.
    let declared = r#"{"targets": [{"name": "acme-gateway", "label": "Acme", "title": "Acme", "kind": "host", "versions": "numbers", "inherits": ["openai"]}], "entries": []}"#;
    let data = mcp_json_toolbox::compat::read_user_data(declared).unwrap_or_default();
    add(
        "compatTargets",
        "declared",
        json(&mcp_json_toolbox::compat::target_infos(&data.targets)),
    );
    let acme = CompatOptions::from_json(
        serde_json::json!({"data": declared, "targets": ["acme-gateway"]}),
    )
    .unwrap_or_default();
    add(
        "checkCompatibility",
        "declared",
        json(&check_compatibility(
            r#"{"name": "a.b", "inputSchema": {"type": "object"}}"#,
            &acme,
        )),
    );
    // The pasted logs: each format read, replayed and redacted.
    for (path, text) in files("tests/fixtures/logs", &[".log", ".har", ".json"]) {
        add("detectLogFormat", &path, json(&logs::detect_format(&text)));
        add("readLog", &path, json(&logs::read_log(&text, None)));
        add("replayLog", &path, json(&logs::replay_log(&text, None)));
        add("redactLog", &path, json(&logs::redact(&text)));

        let cut = text.get(..text.len() / 2).unwrap_or_default();
        add("replayLog", &path, json(&logs::replay_log(cut, None)));
    }
    for (path, text) in files("tests/fixtures/sessions", &[".jsonl"]) {
        add("replayLog", &path, json(&logs::replay_log(&text, None)));
    }
    // A tool every profile takes as it is, one most reject, and text that is not JSON.
    let accepted = r#"{"name": "add", "inputSchema": {"type": "object", "properties": {"a": {"type": "number"}}, "required": ["a"], "additionalProperties": false}}"#;
    let rejected = r##"{"name": "git.search", "inputSchema": {"oneOf": [{"type": "object"}, {"$ref": "#/$defs/q"}], "$defs": {"q": {"type": ["string", "null"], "format": "uri"}}}}"##;
    for (name, text) in [
        ("accepted", accepted),
        ("rejected", rejected),
        ("not JSON", "{"),
    ] {
        let options = CompatOptions {
            targets: Vec::new(),
            server_name: Some("a-server-name-long-enough-for-cursor".to_owned()),
            ..Default::default()
        };
        add(
            "checkCompatibility",
            name,
            json(&check_compatibility(text, &options)),
        );
        for target in Target::all().to_vec() {
            add("lowerTool", name, json(&lower_tool(text, target)));
        }
    }
    // A target at an older version: its result names the version.
    let versioned = CompatOptions::from_json(serde_json::json!({"targets": ["claude-code@2.1.0"]}))
        .unwrap_or_default();
    add(
        "checkCompatibility",
        "versioned",
        json(&check_compatibility(accepted, &versioned)),
    );
    // The compatibility data: the built-in report, with a user's entry, and bad data.
    let user = r#"{"entries": [{"code": "gw/cap", "consumer": "openai", "feature": "max-tools", "with": {"max": 2}, "verdict": "rejected", "since": "2026-01", "until": "2027", "evidence": [{"url": "https://example.com", "observed": "2026-11", "checked": "2026-12-03"}]}]}"#;
    for (name, text) in [("built-in", None), ("user", Some(user)), ("bad", Some("{"))] {
        add("compatDataReport", name, json(&data_report_of(text)));
    }
    // What no example shows: content blocks with data and links, an error response, a task list,
    // a CreateTaskResult with its immediate response, an isError result, a stale poll answer.
    for payload in [
        r#"{"content": [{"type": "image", "data": "aGVsbG8=", "mimeType": "image/png"}, {"type": "resource_link", "uri": "file:///a.txt", "name": "a"}]}"#,
        r#"{"content": [{"type": "text", "text": "boom"}], "isError": true}"#,
        r#"{"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Invalid params"}}"#,
        r#"{"tasks": [{"taskId": "t1", "status": "working", "createdAt": "2025-11-25T10:30:00Z", "lastUpdatedAt": "2025-11-25T10:30:00Z", "ttl": 60000}], "nextCursor": "c"}"#,
        r#"{"task": {"taskId": "t1", "status": "working", "createdAt": "2025-11-25T10:30:00Z", "lastUpdatedAt": "2025-11-25T10:30:00Z", "ttl": 60000}, "_meta": {"io.modelcontextprotocol/model-immediate-response": "Started."}}"#,
    ] {
        add("classify", "inline", json(&classify(payload)));
    }
    let task = |status: &str, second: u32| {
        format!(
            r#"{{"taskId":"t1","status":"{status}","ttl":60000,"createdAt":"2026-12-01T00:00:00Z","lastUpdatedAt":"2026-12-01T00:00:{second:02}Z","pollInterval":1000}}"#
        )
    };
    let stale = [
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":1,"method":"tools/list"}}"#.to_owned(),
        r#"{"direction":"server","message":{"jsonrpc":"2.0","id":1,"result":{"tools":[{"name":"research","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"}}]}}}"#.to_owned(),
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"research","arguments":{},"task":{"ttl":60000}}}}"#.to_owned(),
        format!(r#"{{"direction":"server","message":{{"jsonrpc":"2.0","id":2,"result":{{"task":{}}}}}}}"#, task("working", 1)),
        r#"{"direction":"client","message":{"jsonrpc":"2.0","id":3,"method":"tasks/get","params":{"taskId":"t1"}}}"#.to_owned(),
        format!(r#"{{"direction":"server","message":{{"jsonrpc":"2.0","method":"notifications/tasks/status","params":{}}}}}"#, task("completed", 3)),
        format!(r#"{{"direction":"server","message":{{"jsonrpc":"2.0","id":3,"result":{}}}}}"#, task("working", 2)),
    ];
    add(
        "replaySession",
        "inline stale answer",
        json(&replay_session(&stale.join("\n"))),
    );
    samples
}

/// The transcript `text` (a JSON array or JSON Lines) pushed into a `Session` entry by entry, as the wasm class's `push` and
/// `pushToModel` take them; each push's findings, then `finish`'s, handed to `add` by export name.
fn pushed(text: &str, add: &mut dyn FnMut(&'static str, Value)) {
    let entries: Vec<Value> = match serde_json::from_str(text) {
        Ok(Value::Array(entries)) => entries,
        _ => text
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect(),
    };
    let mut session = Session::default();
    // The same messages as a proxy feeds them: stdio lines (`pushLine`), and over HTTP with their
    // envelope (`pushHttp`), each in a session of its own.
    let (mut lines, mut over_http) = (Session::default(), Session::default());
    add(
        "pushLine",
        json(&lines.push_line("not json", Direction::Server, None)),
    );
    for entry in entries {
        let time = entry.get("timestamp").map(|_| 0);
        let direction = match entry.get("direction").and_then(Value::as_str) {
            Some("client") => Some(Direction::Client),
            Some("server") => Some(Direction::Server),
            _ => None,
        };
        if let (Some(direction), Some(message)) = (direction, entry.get("message")) {
            let text = message.to_string();
            add("pushLine", json(&lines.push_line(&text, direction, time)));
            let http = entry.get("http").map_or_else(
                || r#"{"method":"POST","headers":{}}"#.to_owned(),
                Value::to_string,
            );
            add(
                "pushHttp",
                json(&over_http.push_http(&text, direction, &http, time)),
            );
        }
        let (export, kind, message) = if let Some(to_model) = entry.get("toModel") {
            let task_id = entry
                .get("taskId")
                .and_then(Value::as_str)
                .map(str::to_owned);
            ("pushToModel", Entry::ToModel { task_id }, to_model)
        } else {
            let direction = match entry.get("direction").and_then(Value::as_str) {
                Some("client") => Some(Direction::Client),
                Some("server") => Some(Direction::Server),
                _ => None,
            };
            let message = entry.get("message").unwrap_or(&entry);
            ("push", Entry::Message(direction), message)
        };
        add(
            export,
            json(&session.push_entry(&message.to_string(), &kind, time)),
        );
    }
    add("finish", json(&session.finish_findings()));
    lines_pushed(text, add);
    add("state", json(&session.state()));
    add("tools", json(session.tools()));
    let names: Vec<String> = session
        .tools()
        .tools
        .iter()
        .map(|t| t.name.clone())
        .collect();
    for name in names {
        add(
            "checkCall",
            json(&session.check_call(&name, r#"{"documents": 5}"#)),
        );
    }
    add("checkCall", json(&session.check_call("unknown", "{")));
}

/// The transcript `text` pushed into a `JsonLinesSession` line by line (a JSON array as one
/// line), with every run event about its second entry and an answer that is not JSON.
fn lines_pushed(text: &str, add: &mut dyn FnMut(&'static str, Value)) {
    let mut session = JsonLinesSession::default();
    for line in text.split_inclusive('\n') {
        add("pushLines", json(&session.push_lines(line)));
    }
    add("end", json(&session.finish()));
    for event in [
        r#"{"event": "initialize-refused", "entry": 1, "reason": "no"}"#,
        r#"{"event": "list-refused", "method": "tools/list", "reason": "no"}"#,
        r#"{"event": "too-many-pages", "entry": 1, "method": "tools/list", "pages": 100}"#,
        r#"{"event": "task-timeout", "entry": 1, "taskId": "t", "tool": "x", "timeoutMs": 9}"#,
        r#"{"event": "input-rounds-exceeded", "entry": 1, "tool": "x", "rounds": 10}"#,
        r#"{"event": "elicitation-cancelled", "entry": 1}"#,
        r#"{"event": "no-answer", "entry": 1, "method": "tools/list", "timeoutMs": 9, "startup": false}"#,
    ] {
        let value: Value = serde_json::from_str(event).expect("an event is JSON");
        let read = RunEvent::from_json(&value, &["entry"]).expect("an event");
        let entry = value
            .get("entry")
            .and_then(Value::as_u64)
            .map(|e| e as usize);
        add("event", json(&session.event(&read, entry)));
    }
    add("checkAnswer", json(&session.session().check_answer("{")));
    add("checkAnswer", json(&session.session().check_answer("{}")));
    let failed = r#"{"event": "upstream-failed", "method": "POST", "url": "http://h/mcp", "code": "ECONNREFUSED"}"#;
    let read =
        RunEvent::from_json(&serde_json::from_str(failed).expect("JSON"), &[]).expect("an event");
    add("runEvent", json(&Session::default().run_event(&read)));
    let refused = r#"{"event": "request-refused", "method": "POST", "target": "/mcp", "port": 8931, "refused": "origin", "origin": "http://evil.example"}"#;
    let read =
        RunEvent::from_json(&serde_json::from_str(refused).expect("JSON"), &[]).expect("an event");
    let mut refusing = Session::default();
    add("runEvent", json(&refusing.run_event(&read)));
    for _ in 0..20 {
        add("runEvent", json(&refusing.run_event(&read)));
    }
    add("runSummary", json(&refusing.run_summary()));
    add("runSummary", json(&Session::default().run_summary()));
    let path = serde_json::json!({"url": "http://a/mcp", "status": 401});
    let path = AuthorizationPath::from_json(&path).expect("a path");
    add("authorization", json(&session.authorization(&path)));
    add("runAuthorization", json(&path.findings()));
}

/// Each sample against its export's declared type.
#[test]
fn the_typescript_declarations_match_the_serialised_results() {
    let decl = declarations();
    let returns = return_types();
    assert!(
        returns.len() >= 9,
        "the exports' return types were not found: {returns:?}"
    );
    let samples = samples();
    let mut checked = Checked::default();
    let mut declared_types = returns.clone();
    // The glue's own object: the diagnostics of a SchemaError.
    let schema_error = &decl.interfaces["SchemaError"]["diagnostics"].ty;
    declared_types.insert("SchemaError.diagnostics".into(), schema_error.clone());

    for (export, ty) in &declared_types {
        if ty == "string" {
            continue;
        }
        let Some(results) = samples.get(export.as_str()) else {
            checked.problems.insert(format!(
                "`{export}` returns `{ty}` but tests/native/ts_declarations.rs has no samples of it"
            ));
            continue;
        };
        for (source, value) in results {
            let problems = checked.value(&decl, value, ty, &format!("{export}({source})"));
            checked.problems.extend(problems);
        }
    }
    assert!(
        checked.problems.is_empty(),
        "the TypeScript declarations and the Rust results differ:\n{}",
        checked.problems.into_iter().collect::<Vec<_>>().join("\n")
    );
}

/// The parser reads what it is meant to: a sanity check on a hand-written interface and a
/// derived type.
#[test]
fn the_declarations_are_read() {
    let decl = declarations();
    let schema_error = &decl.interfaces["SchemaError"];
    assert!(!schema_error["name"].optional);
    assert_eq!(schema_error["diagnostics"].ty, "Array<Diagnostic>");
    assert!(decl.interfaces["CompatOptions"]["targets"].optional);
    assert!(decl.interfaces["LogOptions"]["serverName"].optional);
    assert!(decl.aliases["Summary"].contains("TaskSummary"));
    let span = members(decl.aliases["Span"].trim_matches(['{', '}', ' ']));
    assert_eq!(
        span.keys().map(String::as_str).collect::<Vec<_>>(),
        ["column", "end", "endColumn", "endLine", "line", "start"]
    );
    let diagnostic = members(decl.aliases["Diagnostic"].trim_matches(['{', '}', ' ']));
    assert!(diagnostic["span"].optional && !diagnostic["code"].optional);
    assert_eq!(diagnostic["children"].ty, "Array<Diagnostic>");
    assert_eq!(return_types()["validate"], "ValidationReport");
}

/// `CompatTarget` is open (a target extra data declares has any name); its doc comment lists no
/// built-in target by hand (a consumer is one data file): it points at `compatTargets()`, and
/// each example it names is a built-in target.
#[test]
fn the_compat_target_type_points_at_the_data() {
    let full = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/src/wasm/full.rs"))
        .expect("src/wasm/full.rs");
    let at = full
        .find("export type CompatTarget = string;")
        .expect("CompatTarget is a string");
    let doc = full
        .get(..at)
        .and_then(|t| t.rsplit("/**").next())
        .unwrap_or_default();
    assert!(doc.contains("`compatTargets()`"), "{doc}");
    let examples: Vec<&str> = doc
        .split('`')
        .filter_map(|t| t.strip_prefix('"')?.strip_suffix('"'))
        .collect();
    assert!(!examples.is_empty(), "{doc}");
    for name in examples {
        assert!(Target::all().iter().any(|t| t.name() == name), "{name}");
    }
}
