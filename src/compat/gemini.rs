//! Gemini API function declarations: `parameters` (a subset of the OpenAPI 3.0 Schema object)
//! and `parametersJsonSchema` (JSON Schema).
//!
//! Sources checked 2026-12-02: the FunctionDeclaration and Schema references
//! (<https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration>,
//! <https://cloud.google.com/vertex-ai/docs/reference/rest/v1/Schema>,
//! <https://ai.google.dev/api/caching#FunctionDeclaration>) and the 400 errors users report.

use super::anthropic::name_char;
use super::rule::{Check, Effect, Field, NameRule, Rule};

/// A first character Gemini takes: a letter or `_`.
fn first_char(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

/// A character Gemini takes: `[A-Za-z0-9_.-]`.
fn rest_char(c: char) -> bool {
    name_char(c) || c == '.'
}

/// Function names: start with a letter or `_`, then `[A-Za-z0-9_.-]`, at most 64.
///
/// Sources (checked 2026-12-02): the Vertex FunctionDeclaration reference (start with a letter
/// or underscore; a-z, A-Z, 0-9, underscores, dots and dashes; at most 64). The Gemini API
/// reference also allows colons and says nothing of the first character: the sources disagree,
/// and the stricter reading is used.
pub const NAME: Rule = Rule {
    code: "gemini/name",
    effect: Effect::Rejected,
    check: Check::Name(NameRule {
        max: 64,
        first: first_char,
        rest: rest_char,
        allowed:
            "1-64 characters of A-Z, a-z, 0-9, `_`, `.` and `-`, starting with a letter or `_`",
    }),
    seen: None,
    fix: Some("rename the tool"),
};

/// The fields of Gemini's Schema object: any other member is an unknown proto field.
///
/// Sources (checked 2026-12-02): the Schema reference (its field list);
/// <https://github.com/openswarm-ai/openswarm/issues/24> (`$schema`, `additionalProperties`,
/// `propertyNames`), <https://github.com/zed-industries/zed/issues/44875> (`const`),
/// <https://github.com/nanbingxyz/5ire/issues/42> (`additionalProperties` in `items`).
pub const UNKNOWN_FIELD: Rule = Rule {
    code: "gemini/unknown-field",
    effect: Effect::Rejected,
    check: Check::OnlyKeywords(&[
        "type",
        "format",
        "title",
        "description",
        "nullable",
        "enum",
        "maxItems",
        "minItems",
        "properties",
        "required",
        "minProperties",
        "maxProperties",
        "minLength",
        "maxLength",
        "pattern",
        "example",
        "anyOf",
        "propertyOrdering",
        "default",
        "items",
        "minimum",
        "maximum",
    ]),
    seen: Some("Invalid JSON payload received. Unknown name \"KEYWORD\" at 'tools[0].function_declarations[N].parameters…': Cannot find field."),
    fix: Some("remove the keyword (inline `$ref`, write `const` as a one-value `enum`)"),
};

/// `type` is one value: a list is not a repeated proto field.
///
/// Source (checked 2026-12-02): <https://github.com/zed-industries/zed/issues/53919>.
pub const TYPE_ARRAY: Rule = Rule {
    code: "gemini/type-array",
    effect: Effect::Rejected,
    check: Check::TypeArray,
    seen: Some("Invalid JSON payload received. Unknown name \"type\" at '…': Proto field is not repeating, cannot start list."),
    fix: Some("use one `type` and `\"nullable\": true` for null"),
};

/// `enum` holds strings, on string schemas only.
///
/// Sources (checked 2026-12-02): <https://github.com/decolua/9router/pull/380> (the message
/// below), <https://github.com/microsoft/azure-devops-mcp/issues/139> (numbers in `enum`:
/// `Invalid value at '…enum[1]' (TYPE_STRING), 2`), <https://github.com/microsoft/vscode/pull/328147>.
pub const ENUM_NOT_STRING: Rule = Rule {
    code: "gemini/enum-not-string",
    effect: Effect::Rejected,
    check: Check::EnumNotString,
    seen: Some("function declaration enum only allowed for STRING type"),
    fix: Some("make the enum a string enum and convert the values in the server"),
};

/// Gemini's rules on `parameters`.
pub const RULES: &[Rule] = &[NAME, UNKNOWN_FIELD, TYPE_ARRAY, ENUM_NOT_STRING];

/// `parametersJsonSchema` must describe an object whose properties are the parameters.
///
/// Source (checked 2026-12-02): the FunctionDeclaration reference of the Gemini API
/// (<https://ai.google.dev/api/caching#FunctionDeclaration>, `parametersJsonSchema`).
pub const JSON_SCHEMA_ROOT: Rule = Rule {
    code: "gemini-json-schema/root-type",
    effect: Effect::Rejected,
    check: Check::RootObject(Field::Input),
    seen: None,
    fix: Some("give `inputSchema` a root `\"type\": \"object\"`"),
};

/// Gemini's rules on `parametersJsonSchema` (the name rule is the declaration's).
pub const JSON_SCHEMA_RULES: &[Rule] = &[NAME, JSON_SCHEMA_ROOT];
