//! Compiling a schema and dropping it gives back every byte: a counting global allocator (the
//! native test binary's, tests/support/heap.rs) measures the heap a thread holds after many compiles
//! of one schema.
//!
//! jsonschema 0.60.2 leaked on every compile of a schema whose `unevaluatedProperties` or
//! `unevaluatedItems` sits beside a `$ref`, `$dynamicRef` or `$recursiveRef` cycle (an `Arc` cycle
//! through its pending validators; vendor/jsonschema/PATCHED.md, "Reference cycles"). Every case
//! below grows the heap by kilobytes per compile on the unpatched crate.
#![cfg(test)]
#![cfg(not(target_arch = "wasm32"))]

use mcp_json_toolbox::{ValidateOptions, Validator};

#[path = "../support/heap.rs"]
mod heap;

use heap::held;

/// Compiles `schema` (and validates each of `instances` with it) `rounds` times.
fn compile(schema: &str, instances: &[(&str, bool)], rounds: usize) {
    for _ in 0..rounds {
        let validator = Validator::new(schema, &ValidateOptions::default())
            .unwrap_or_else(|e| panic!("{schema} does not compile: {e}"));
        for (instance, valid) in instances {
            let report = validator.validate(instance);
            assert_eq!(report.valid, *valid, "{instance} against {schema}");
        }
    }
}

/// Bytes this thread holds after 200 more compiles than after the first few (caches warm).
fn growth(schema: &str, instances: &[(&str, bool)]) -> i64 {
    compile(schema, instances, 5);
    let before = held();
    compile(schema, instances, 200);
    held() - before
}

/// A name, a schema, and instances with their verdicts.
type Case<'a> = (&'a str, &'a str, &'a [(&'a str, bool)]);

/// Fails with the growth of every leaking case, so one run shows them all.
fn assert_no_growth(cases: &[Case<'_>]) {
    let leaks: Vec<String> = cases
        .iter()
        .filter_map(|(name, schema, instances)| {
            let grown = growth(schema, instances);
            // A few bytes of slack for lazily grown caches; a leak is kilobytes per compile.
            (grown > 1024).then(|| format!("{name}: {grown} bytes held after 200 compiles"))
        })
        .collect();
    assert!(leaks.is_empty(), "compiling leaks:\n{}", leaks.join("\n"));
}

#[test]
fn a_plain_schema_compiles_without_growth() {
    assert_no_growth(&[(
        "plain",
        r#"{"type":"object","properties":{"a":{"type":"integer"}},"required":["a"]}"#,
        &[(r#"{"a":1}"#, true), (r#"{"a":"x"}"#, false)],
    )]);
}

#[test]
fn unevaluated_properties_beside_a_ref_cycle_compiles_without_growth() {
    assert_no_growth(&[
        (
            "oneOf with a $ref to the root (the fuzzer's case)",
            r##"{"oneOf":[{"$ref":"#"},{"properties":{"a":{}}}],"unevaluatedProperties":false}"##,
            // The `$ref` branch is a cycle, which jsonschema takes as matching: with the second
            // branch matching too, `oneOf` fails.
            &[(r#"{"a":1}"#, false), ("{}", false), ("[]", false)],
        ),
        (
            "two definitions referring to each other",
            r##"{"$defs":{"a":{"properties":{"x":{}},"anyOf":[{"$ref":"#/$defs/b"},true]},
                 "b":{"properties":{"y":{}},"allOf":[{"$ref":"#/$defs/a"}]}},
                 "$ref":"#/$defs/a","unevaluatedProperties":false}"##,
            &[(r#"{"x":1,"y":2}"#, true), (r#"{"z":1}"#, false)],
        ),
        (
            "a $ref to the root straight beside unevaluatedProperties",
            r##"{"properties":{"a":{}},"$ref":"#","unevaluatedProperties":false}"##,
            &[(r#"{"a":1}"#, true), (r#"{"b":1}"#, false)],
        ),
        (
            "a $ref cycle under if/then and dependentSchemas",
            r##"{"if":{"$ref":"#"},"then":{"properties":{"a":{}}},
                 "dependentSchemas":{"a":{"$ref":"#"}},"unevaluatedProperties":false}"##,
            &[("{}", true), (r#"{"b":1}"#, false)],
        ),
        (
            "a $dynamicRef cycle",
            r##"{"$dynamicAnchor":"node","anyOf":[{"$dynamicRef":"#node"},{"properties":{"a":{}}}],
                 "unevaluatedProperties":false}"##,
            &[(r#"{"a":1}"#, true), (r#"{"b":1}"#, false)],
        ),
        (
            "a $recursiveRef cycle (2019-09)",
            r##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$recursiveAnchor":true,
                 "anyOf":[{"$recursiveRef":"#"},{"properties":{"a":{}}}],"unevaluatedProperties":false}"##,
            &[(r#"{"a":1}"#, true), (r#"{"b":1}"#, false)],
        ),
    ]);
}

#[test]
fn unevaluated_items_beside_a_ref_cycle_compiles_without_growth() {
    assert_no_growth(&[
        (
            "oneOf with a $ref to the root",
            r##"{"oneOf":[{"$ref":"#"},{"prefixItems":[{}]}],"unevaluatedItems":false}"##,
            // As for properties: both branches match, so `oneOf` fails.
            &[("[1]", false), ("{}", false)],
        ),
        (
            "two definitions referring to each other",
            r##"{"$defs":{"a":{"prefixItems":[{}],"anyOf":[{"$ref":"#/$defs/b"},true]},
                 "b":{"prefixItems":[{},{}],"allOf":[{"$ref":"#/$defs/a"}]}},
                 "$ref":"#/$defs/a","unevaluatedItems":false}"##,
            &[("[1,2]", true), ("[1,2,3]", false)],
        ),
        (
            "a $dynamicRef cycle",
            r##"{"$dynamicAnchor":"node","anyOf":[{"$dynamicRef":"#node"},{"prefixItems":[{}]}],
                 "unevaluatedItems":false}"##,
            &[("[1]", true), ("[1,2]", false)],
        ),
        (
            "a $recursiveRef cycle (2019-09)",
            r##"{"$schema":"https://json-schema.org/draft/2019-09/schema","$recursiveAnchor":true,
                 "anyOf":[{"$recursiveRef":"#"},{"items":[{}]}],"unevaluatedItems":false}"##,
            &[("[1]", true), ("[1,2]", false)],
        ),
    ]);
}
