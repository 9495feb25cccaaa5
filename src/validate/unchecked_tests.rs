//! The server build compiles a schema without its meta-schema check unless asked
//! ([`ValidateOptions::check_schema`]): the engine then meets schemas the check would refuse.
//! Every schema of the JSON Schema Test Suite (2020-12), each of its values replaced in turn by
//! values of the wrong shape, must compile or be refused with positioned errors, never panic,
//! and give the same verdict by `is_valid` (the fast path) as by `validate` on every case of
//! its group.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

use serde_json::{json, Value};

use super::{CompiledSchema, ValidateOptions};

/// What each value of a schema is replaced by, in turn: each of a shape some keyword refuses (a
/// string, a negative number, a fraction, an empty array, a mixed array, an object of a number).
fn wrong_values() -> [Value; 6] {
    [
        json!("x"),
        json!(-1),
        json!(1.5),
        json!([]),
        json!([1, "a"]),
        json!({"a": 1}),
    ]
}

/// The JSON Pointer of every value inside `value` (not the root itself).
fn pointers(value: &Value, at: &str, found: &mut Vec<String>) {
    let children: Vec<(String, &Value)> = match value {
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| (k.replace('~', "~0").replace('/', "~1"), v))
            .collect(),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| (i.to_string(), v))
            .collect(),
        _ => return,
    };
    for (token, child) in children {
        let here = format!("{at}/{token}");
        found.push(here.clone());
        pointers(child, &here, found);
    }
}

/// The groups of the suite's 2020-12 files: `(file, schema, the cases' data)`.
fn groups() -> Vec<(String, Value, Vec<String>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/json-schema-test-suite/tests/draft2020-12");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    let mut groups = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        for group in serde_json::from_str::<Vec<Value>>(&text).unwrap() {
            let cases = group["tests"]
                .as_array()
                .unwrap()
                .iter()
                .map(|case| case["data"].to_string())
                .collect();
            groups.push((name.clone(), group["schema"].clone(), cases));
        }
    }
    groups
}

#[test]
fn schemas_the_check_would_refuse_compile_or_are_refused_without_panicking() {
    let options = ValidateOptions::default();
    assert!(
        !options.checks_schema(),
        "the server build checks only when asked"
    );
    let (mut compiled, mut refused, mut failures) = (0, 0, Vec::new());
    for (file, schema, cases) in groups() {
        let mut at = Vec::new();
        pointers(&schema, "", &mut at);
        for pointer in at {
            for wrong in wrong_values() {
                let mut mutated = schema.clone();
                if let Some(slot) = mutated.pointer_mut(&pointer) {
                    *slot = wrong.clone();
                }
                let text = mutated.to_string();
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    match CompiledSchema::new(&text, &options) {
                        Err(errors) => {
                            let placed = !errors.diagnostics.is_empty()
                                && errors.diagnostics.iter().all(|d| d.span.is_some());
                            (
                                false,
                                (!placed).then(|| "refused without positioned errors".to_owned()),
                            )
                        }
                        Ok(validator) => (
                            true,
                            cases.iter().find_map(|args| {
                                let report = validator.validate(args);
                                (report.valid != validator.is_valid(args)).then(|| {
                                    format!(
                                        "validate says {} but is_valid disagrees on {args}",
                                        report.valid
                                    )
                                })
                            }),
                        ),
                    }
                }));
                match outcome {
                    Ok((true, None)) => compiled += 1,
                    Ok((false, None)) => refused += 1,
                    Ok((_, Some(problem))) => failures.push(format!("{file} {text}: {problem}")),
                    Err(_) => failures.push(format!("{file} {text}: panicked")),
                }
            }
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
    // Both ways are exercised: the engine refuses many of these schemas and compiles many more.
    assert!(
        compiled > 4_000 && refused > 1_000,
        "{compiled} compiled, {refused} refused"
    );
}
