//! What each JSON Schema dialect calls a keyword, which keywords are annotations, and which
//! instance types a keyword applies to. The tables are held to the meta-schemas the engine ships
//! (`vendor/jsonschema/metaschemas/`) by the tests below.

use jsonschema::Draft;

/// Keywords of every draft from draft-04 on.
const COMMON: &[&str] = &[
    "$schema",
    "$ref",
    "title",
    "description",
    "default",
    "type",
    "enum",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "items",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxProperties",
    "minProperties",
    "required",
    "additionalProperties",
    "properties",
    "patternProperties",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "format",
    // Renamed (`$defs`) or split (`dependentRequired`, `dependentSchemas`) in 2019-09, but kept
    // in the 2019-09 and 2020-12 meta-schemas for compatibility; `dependencies` in those drafts
    // has a rule of its own.
    "definitions",
    "dependencies",
];

/// Added by draft-06 (and kept after).
const SINCE_06: &[&str] = &["$id", "const", "contains", "propertyNames", "examples"];
/// Added by draft-07 (and kept after).
const SINCE_07: &[&str] = &[
    "$comment",
    "if",
    "then",
    "else",
    "readOnly",
    "writeOnly",
    "contentMediaType",
    "contentEncoding",
];
/// Draft-04 to 2019-09 only.
const UNTIL_2019: &[&str] = &["additionalItems"];
/// Draft-04 only.
const ONLY_04: &[&str] = &["id"];
/// Added by 2019-09 (and kept after).
const SINCE_2019: &[&str] = &[
    "$anchor",
    "$defs",
    "$vocabulary",
    "deprecated",
    "dependentRequired",
    "dependentSchemas",
    "maxContains",
    "minContains",
    "unevaluatedItems",
    "unevaluatedProperties",
    "contentSchema",
];
/// 2019-09 only.
const ONLY_2019: &[&str] = &["$recursiveRef", "$recursiveAnchor"];
/// Added by 2020-12.
const SINCE_2020: &[&str] = &["$dynamicRef", "$dynamicAnchor", "prefixItems"];

/// Every draft, oldest first.
pub const DRAFTS: [Draft; 5] = [
    Draft::Draft4,
    Draft::Draft6,
    Draft::Draft7,
    Draft::Draft201909,
    Draft::Draft202012,
];

/// The meta-schema URIs understood, without a trailing `#`, with their drafts.
const KNOWN: [(&str, Draft); 5] = [
    ("json-schema.org/draft/2020-12/schema", Draft::Draft202012),
    ("json-schema.org/draft/2019-09/schema", Draft::Draft201909),
    ("json-schema.org/draft-07/schema", Draft::Draft7),
    ("json-schema.org/draft-06/schema", Draft::Draft6),
    ("json-schema.org/draft-04/schema", Draft::Draft4),
];

/// The draft a `$schema` URI names, if it is one of the built-in ones (`http` or `https`,
/// with or without an empty fragment).
pub fn builtin_draft(uri: &str) -> Option<Draft> {
    let uri = uri.strip_suffix('#').unwrap_or(uri);
    let rest = uri
        .strip_prefix("https://")
        .or_else(|| uri.strip_prefix("http://"))?;
    KNOWN
        .iter()
        .find(|(known, _)| *known == rest)
        .map(|(_, draft)| *draft)
}

/// How a dialect is named in messages: `2020-12`, `draft-07`.
pub fn draft_name(draft: Draft) -> &'static str {
    match draft {
        Draft::Draft4 => "draft-04",
        Draft::Draft6 => "draft-06",
        Draft::Draft7 => "draft-07",
        Draft::Draft201909 => "2019-09",
        _ => "2020-12",
    }
}

/// Where `draft` sits among [`DRAFTS`] (2020-12 and anything newer last).
fn rank(draft: Draft) -> usize {
    DRAFTS.iter().position(|d| *d == draft).unwrap_or(4)
}

/// The keyword lists, each with whether `draft` has it.
fn parts(draft: Draft) -> [(&'static [&'static str], bool); 8] {
    let r = rank(draft);
    [
        (COMMON, true),
        (ONLY_04, r == 0),
        (SINCE_06, r >= 1),
        (SINCE_07, r >= 2),
        (UNTIL_2019, r <= 3),
        (SINCE_2019, r >= 3),
        (ONLY_2019, r == 3),
        (SINCE_2020, r >= 4),
    ]
}

/// The keywords `draft` defines (validation, applicators, core and annotations).
pub fn keywords(draft: Draft) -> impl Iterator<Item = &'static str> {
    parts(draft)
        .into_iter()
        .filter(|(_, on)| *on)
        .flat_map(|(words, _)| words.iter().copied())
}

/// Whether `keyword` is one of `draft`'s keywords.
pub fn is_keyword(draft: Draft, keyword: &str) -> bool {
    parts(draft)
        .iter()
        .any(|(words, on)| *on && words.contains(&keyword))
}

/// The newest other draft that defines `keyword`, if any.
pub fn defined_in_other(draft: Draft, keyword: &str) -> Option<Draft> {
    DRAFTS
        .iter()
        .rev()
        .copied()
        .find(|d| *d != draft && is_keyword(*d, keyword))
}

/// Annotation keywords: they never change a verdict.
pub const ANNOTATIONS: &[&str] = &[
    "$comment",
    "title",
    "description",
    "default",
    "examples",
    "readOnly",
    "writeOnly",
    "deprecated",
    "definitions",
    "$defs",
    "$schema",
    "$id",
    "id",
    "$anchor",
    "$dynamicAnchor",
    "$recursiveAnchor",
    "format",
    "contentMediaType",
    "contentEncoding",
    "contentSchema",
];

/// The instance types a type-specific keyword applies to, or `None` for keywords that apply to
/// every type.
pub fn applies_to(keyword: &str) -> Option<&'static [&'static str]> {
    const NUMBERS: &[&str] = &["number", "integer"];
    const STRINGS: &[&str] = &["string"];
    const ARRAYS: &[&str] = &["array"];
    const OBJECTS: &[&str] = &["object"];
    Some(match keyword {
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" | "multipleOf" => NUMBERS,
        "minLength" | "maxLength" | "pattern" | "contentEncoding" | "contentMediaType" => STRINGS,
        "items" | "prefixItems" | "additionalItems" | "contains" | "minContains"
        | "maxContains" | "minItems" | "maxItems" | "uniqueItems" | "unevaluatedItems" => ARRAYS,
        "properties"
        | "patternProperties"
        | "additionalProperties"
        | "required"
        | "minProperties"
        | "maxProperties"
        | "dependentRequired"
        | "dependentSchemas"
        | "dependencies"
        | "propertyNames"
        | "unevaluatedProperties" => OBJECTS,
        _ => return None,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use serde_json::Value;
    use std::collections::BTreeSet;

    #[test]
    fn drafts_differ_where_the_specs_do() {
        assert!(is_keyword(Draft::Draft202012, "prefixItems"));
        assert!(!is_keyword(Draft::Draft7, "prefixItems"));
        assert!(!is_keyword(Draft::Draft202012, "additionalItems"));
        assert!(is_keyword(Draft::Draft4, "id"));
        assert!(!is_keyword(Draft::Draft4, "const"));
        assert!(is_keyword(Draft::Draft201909, "$recursiveRef"));
        assert_eq!(
            defined_in_other(Draft::Draft7, "$defs"),
            Some(Draft::Draft202012)
        );
        assert_eq!(defined_in_other(Draft::Draft7, "maxLenght"), None);
    }

    /// The meta-schema files of `draft` as the engine ships them (vendor/jsonschema/metaschemas):
    /// the one file of draft-04..07, the dialect schema and its vocabulary files after.
    pub(crate) fn meta_schemas(draft: Draft) -> Vec<Value> {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("vendor/jsonschema/metaschemas");
        let read = |path: std::path::PathBuf| -> Value {
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            serde_json::from_str(&text).unwrap()
        };
        let folder = match draft {
            Draft::Draft4 => return vec![read(dir.join("draft4.json"))],
            Draft::Draft6 => return vec![read(dir.join("draft6.json"))],
            Draft::Draft7 => return vec![read(dir.join("draft7.json"))],
            Draft::Draft201909 => dir.join("draft2019-09"),
            _ => dir.join("draft2020-12"),
        };
        let mut files = vec![read(folder.join("schema.json"))];
        for entry in std::fs::read_dir(folder.join("meta")).unwrap() {
            files.push(read(entry.unwrap().path()));
        }
        files
    }

    /// The keywords `draft`'s meta-schemas describe (the names under their `properties`).
    fn meta_keywords(draft: Draft) -> BTreeSet<String> {
        meta_schemas(draft)
            .iter()
            .filter_map(|meta| meta.get("properties")?.as_object())
            .flat_map(|properties| properties.keys().cloned())
            .collect()
    }

    #[test]
    fn each_drafts_keywords_are_the_ones_its_meta_schemas_describe() {
        for draft in DRAFTS {
            let table: BTreeSet<String> = keywords(draft).map(str::to_owned).collect();
            let mut meta = meta_keywords(draft);
            match draft {
                // Draft-04's `$ref` is JSON Reference, a separate spec its meta-schema does not list.
                Draft::Draft4 => assert!(meta.insert("$ref".to_owned())),
                // The 2020-12 dialect schema keeps the replaced `$recursiveRef` and
                // `$recursiveAnchor` (marked `deprecated`) only so that no one gives them another
                // meaning; the 2020-12 specification has no such keywords, so the table keeps them
                // 2019-09's (the lint names that draft for them).
                Draft::Draft202012 => {
                    assert!(meta.remove("$recursiveRef") && meta.remove("$recursiveAnchor"));
                }
                _ => {}
            }
            assert_eq!(table, meta, "{}", draft_name(draft));
        }
    }
}
