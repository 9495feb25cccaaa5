//! Plain-English messages for validation errors: `"shard" must be >= 0, got -1`.

use jsonschema::error::{TypeKind, ValidationErrorKind};
use jsonschema::ValidationError;
use serde_json::Value;

use crate::json::tree::pointer_tokens;

/// Longest rendering of an instance value inside a message, in characters.
const MAX_SHOWN: usize = 60;

/// How a message names the value at `pointer`: `"shard"`, `item 2 of "tags"`, or
/// `the arguments` for the root.
pub fn subject(pointer: &str) -> String {
    let tokens = pointer_tokens(pointer).unwrap_or_default();
    match tokens.as_slice() {
        [] => "the arguments".to_owned(),
        [.., parent, last] if last.parse::<usize>().is_ok() && !parent.is_empty() => {
            format!("item {last} of {parent:?}")
        }
        [last] if last.parse::<usize>().is_ok() => format!("item {last}"),
        [.., last] => format!("{last:?}"),
    }
}

/// A value shown compactly, cut to [`MAX_SHOWN`] characters.
pub fn show(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() <= MAX_SHOWN {
        return text;
    }
    let cut: String = text.chars().take(MAX_SHOWN - 1).collect();
    format!("{cut}…")
}

/// The JSON type name of a value, `integer` for whole numbers.
pub fn type_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The types a `type` error expected, in schema order.
pub fn expected_types(kind: &TypeKind) -> Vec<&'static str> {
    match kind {
        TypeKind::Single(t) => vec![t.as_str()],
        TypeKind::Multiple(set) => set.iter().map(|t| t.as_str()).collect(),
    }
}

/// `a`/`an` + a type name (`null` stands alone).
fn article(name: &str) -> String {
    if name == "null" {
        return name.to_owned();
    }
    let an = name.starts_with(['a', 'e', 'i', 'o', 'u']);
    format!("{} {name}", if an { "an" } else { "a" })
}

/// `n thing` or `n things`.
fn count(n: u64, thing: &str) -> String {
    format!("{n} {thing}{}", if n == 1 { "" } else { "s" })
}

/// What a size keyword counts: singular, plural, and a word after the count (`long`).
struct Unit(&'static str, &'static str, &'static str);
/// String lengths.
const CHARACTERS: Unit = Unit("character", "characters", " long");
/// Array lengths.
const ITEMS: Unit = Unit("item", "items", "");
/// Object sizes.
const PROPERTIES: Unit = Unit("property", "properties", "");

/// `"name" must be at least 3 characters long, got 2` and the like for every size keyword.
fn size(who: &str, bound: &str, limit: u64, unit: Unit, value: &Value) -> String {
    let actual = match value {
        Value::String(s) => s.chars().count(),
        Value::Array(a) => a.len(),
        Value::Object(o) => o.len(),
        _ => 0,
    };
    let Unit(one, many, after) = unit;
    let noun = if limit == 1 { one } else { many };
    format!("{who} must {bound} {limit} {noun}{after}, got {actual}")
}

/// `"mode" must be one of "fast", "slow", got "medium"`: the allowed values of an `enum` (or of
/// an `anyOf` of constants) and the value found.
pub fn one_of<'v>(who: &str, options: impl Iterator<Item = &'v Value>, value: &Value) -> String {
    let items: Vec<String> = options.map(show).collect();
    format!(
        "{who} must be one of {}, got {}",
        show_list(&items),
        show(value)
    )
}

/// Items joined with commas, at most 10 shown.
fn show_list(items: &[String]) -> String {
    let mut shown = items
        .iter()
        .take(10)
        .cloned()
        .collect::<Vec<_>>()
        .join(", ");
    if items.len() > 10 {
        shown.push_str(&format!(", … ({} in all)", items.len()));
    }
    shown
}

/// The message for one error about the value `who` names (see [`subject`]).
pub fn message(error: &ValidationError<'_>, who: &str) -> String {
    let value = error.instance();
    let got = show(value);
    match error.kind() {
        ValidationErrorKind::Type { kind } => {
            let expected: Vec<String> = expected_types(kind).into_iter().map(article).collect();
            format!(
                "{who} must be {}, got {}",
                expected.join(" or "),
                type_of(value)
            )
        }
        ValidationErrorKind::Minimum { limit } => format!("{who} must be >= {limit}, got {got}"),
        ValidationErrorKind::Maximum { limit } => format!("{who} must be <= {limit}, got {got}"),
        ValidationErrorKind::ExclusiveMinimum { limit } => {
            format!("{who} must be > {limit}, got {got}")
        }
        ValidationErrorKind::ExclusiveMaximum { limit } => {
            format!("{who} must be < {limit}, got {got}")
        }
        ValidationErrorKind::MultipleOf { multiple_of } => {
            format!("{who} must be a multiple of {multiple_of}, got {got}")
        }
        ValidationErrorKind::MinLength { limit } => {
            size(who, "be at least", *limit, CHARACTERS, value)
        }
        ValidationErrorKind::MaxLength { limit } => {
            size(who, "be at most", *limit, CHARACTERS, value)
        }
        ValidationErrorKind::MinItems { limit } => size(who, "have at least", *limit, ITEMS, value),
        ValidationErrorKind::MaxItems { limit } => size(who, "have at most", *limit, ITEMS, value),
        ValidationErrorKind::MinProperties { limit } => {
            size(who, "have at least", *limit, PROPERTIES, value)
        }
        ValidationErrorKind::MaxProperties { limit } => {
            size(who, "have at most", *limit, PROPERTIES, value)
        }
        ValidationErrorKind::Pattern { pattern } => {
            format!("{who} must match the pattern {pattern}, got {got}")
        }
        ValidationErrorKind::BacktrackLimitExceeded { .. }
        | ValidationErrorKind::RegexEngineFailure { .. } => {
            format!("{who} could not be checked against its pattern: {error}")
        }
        ValidationErrorKind::Format { format } => {
            format!("{who} must be a valid {format:?}, got {got}")
        }
        ValidationErrorKind::Required { property } => {
            format!("missing required property {property}")
        }
        ValidationErrorKind::AdditionalProperties { unexpected } => {
            unexpected_message(who, "is not allowed (additionalProperties)", unexpected)
        }
        ValidationErrorKind::UnevaluatedProperties { unexpected } => {
            unexpected_message(who, "is not allowed (unevaluatedProperties)", unexpected)
        }
        ValidationErrorKind::AdditionalItems { limit } => {
            size(who, "have at most", *limit as u64, ITEMS, value)
        }
        ValidationErrorKind::UnevaluatedItems { unexpected } => {
            format!(
                "{who} has items no subschema allows: {}",
                show_list(unexpected)
            )
        }
        ValidationErrorKind::Enum { options } => {
            one_of(who, options.as_array().into_iter().flatten(), value)
        }
        ValidationErrorKind::Constant { expected_value } => {
            format!("{who} must be exactly {}, got {got}", show(expected_value))
        }
        ValidationErrorKind::UniqueItems => format!("{who} must not contain duplicate items"),
        ValidationErrorKind::Contains => format!("{who} must contain at least one matching item"),
        ValidationErrorKind::Not { schema } => {
            format!("{who} must not match the schema {}", show(schema))
        }
        ValidationErrorKind::FalseSchema => {
            format!("{who} is not allowed here (the schema is false)")
        }
        ValidationErrorKind::AnyOf { context } => {
            format!(
                "{who} must match at least one of {}, but matches none",
                count(context.len() as u64, "alternative")
            )
        }
        ValidationErrorKind::OneOfNotValid { context } => {
            format!(
                "{who} must match exactly one of {}, but matches none",
                count(context.len() as u64, "alternative")
            )
        }
        ValidationErrorKind::OneOfMultipleValid { .. } => {
            format!("{who} must match exactly one alternative of oneOf, but matches more than one")
        }
        ValidationErrorKind::PropertyNames { error } => {
            format!(
                "{who} has an invalid property name: {}",
                message(error, &subject(""))
            )
        }
        ValidationErrorKind::ContentEncoding { content_encoding } => {
            format!("{who} must be {content_encoding}-encoded, got {got}")
        }
        ValidationErrorKind::ContentMediaType { content_media_type } => {
            format!("{who} must be {content_media_type} content, got {got}")
        }
        ValidationErrorKind::FromUtf8 { .. } => format!("{who} does not decode to UTF-8 text"),
        ValidationErrorKind::Referencing(err) => format!("a $ref could not be resolved: {err}"),
        ValidationErrorKind::Custom { message, .. } => format!("{who}: {message}"),
    }
}

/// `property "x" is not allowed (...)` for one unexpected property, a list for several.
fn unexpected_message(who: &str, why: &str, unexpected: &[String]) -> String {
    match unexpected {
        [one] => format!("property {one:?} {why}"),
        many => {
            let names: Vec<String> = many.iter().map(|n| format!("{n:?}")).collect();
            format!(
                "{who} has properties that are not allowed: {}",
                show_list(&names)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    // The messages of errors from the engine over `serde_json::Value`, in these tests only.
    #[allow(clippy::disallowed_methods)]
    fn messages(schema: Value, instance: Value) -> Vec<String> {
        let validator = jsonschema::validator_for(&schema).unwrap();
        validator
            .iter_errors(&instance)
            .map(|e| message(&e, &subject(e.instance_path().as_str())))
            .collect()
    }

    #[test]
    fn subjects_name_the_value() {
        assert_eq!(subject(""), "the arguments");
        assert_eq!(subject("/shard"), "\"shard\"");
        assert_eq!(subject("/tags/2"), "item 2 of \"tags\"");
        assert_eq!(subject("/0"), "item 0");
        assert_eq!(subject("/a~1b"), "\"a/b\"");
    }

    #[test]
    fn common_keywords_read_as_english() {
        let schema = json!({
            "type": "object",
            "properties": {
                "shard": {"type": "integer", "minimum": 0, "maximum": 9},
                "dataset": {"type": "string", "pattern": "^logs-", "minLength": 8},
                "mode": {"enum": ["fast", "slow"]},
                "tags": {"type": "array", "maxItems": 1, "items": {"type": "string"}},
                "kind": {"const": "x"},
                "pct": {"exclusiveMaximum": 1, "multipleOf": 0.5}
            },
            "required": ["dataset", "region"]
        });
        let got = messages(
            schema,
            json!({
                "shard": -1, "dataset": "log", "mode": "medium", "tags": ["a", 2], "kind": "y", "pct": 1.25
            }),
        );
        for expected in [
            "\"shard\" must be >= 0, got -1",
            "\"dataset\" must match the pattern ^logs-, got \"log\"",
            "\"dataset\" must be at least 8 characters long, got 3",
            "\"mode\" must be one of \"fast\", \"slow\", got \"medium\"",
            "\"tags\" must have at most 1 item, got 2",
            "item 1 of \"tags\" must be a string, got integer",
            "\"kind\" must be exactly \"x\", got \"y\"",
            "\"pct\" must be < 1, got 1.25",
            "\"pct\" must be a multiple of 0.5, got 1.25",
            "missing required property \"region\"",
        ] {
            assert!(
                got.iter().any(|m| m == expected),
                "missing {expected:?} in {got:#?}"
            );
        }
    }

    #[test]
    fn type_lists_and_values_are_short() {
        let got = messages(json!({"type": ["object", "null"]}), json!("x".repeat(100)));
        assert_eq!(got, ["the arguments must be null or an object, got string"]);
        assert!(show(&json!("x".repeat(100))).ends_with('…'));
        assert_eq!(
            messages(json!({"minProperties": 2}), json!({"a": 1})),
            ["the arguments must have at least 2 properties, got 1"]
        );
        assert_eq!(
            messages(json!({"maxLength": 1}), json!("ab")),
            ["the arguments must be at most 1 character long, got 2"]
        );
    }
}
