//! What each JSON Schema dialect calls a keyword, which keywords hold subschemas, and which
//! instance types a keyword applies to.

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

/// How a keyword's value holds subschemas.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// The value is a schema.
    Schema,
    /// The value is an array of schemas.
    Array,
    /// The value is an object whose member values are schemas.
    Map,
    /// A schema, or an array of schemas (`items` before 2020-12).
    SchemaOrArray,
    /// An object whose member values are schemas or arrays of names (`dependencies`).
    MapOfSchemasOrNames,
}

/// How `keyword` holds subschemas (whatever the draft: a keyword a draft does not define still
/// has its contents walked, so `$defs` in a draft-07 schema are linted too).
pub fn holds(keyword: &str) -> Option<Holds> {
    Some(match keyword {
        "additionalProperties"
        | "additionalItems"
        | "propertyNames"
        | "not"
        | "contains"
        | "if"
        | "then"
        | "else"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "contentSchema" => Holds::Schema,
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => Holds::Array,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas" => {
            Holds::Map
        }
        "items" => Holds::SchemaOrArray,
        "dependencies" => Holds::MapOfSchemasOrNames,
        _ => return None,
    })
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
mod tests {
    use super::*;

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
}
