//! Gemini API function declarations: `parameters` (a subset of the OpenAPI 3.0 Schema object)
//! and `parametersJsonSchema` (JSON Schema).
//!
//! Which API: the **Gemini API** (`generativelanguage.googleapis.com`, Google AI Studio keys).
//! Vertex AI's Gemini differs: its Schema object now also has `additionalProperties`, `ref`/`defs`
//! and `anyOf` (<https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/Schema>,
//! and the `google.cloud.aiplatform.v1beta1.Schema` proto:
//! <https://docs.cloud.google.com/nodejs/docs/reference/aiplatform/latest/aiplatform/protos.google.cloud.aiplatform.v1beta1.ischema>),
//! which the Gemini API's Schema does not list
//! (<https://ai.google.dev/api/caching#Schema>,
//! <https://docs.cloud.google.com/nodejs/docs/reference/generativelanguage/latest/generativelanguage/protos.google.ai.generativelanguage.v1beta.ischema>).
//! So a finding here on those three keywords may not hold on Vertex AI; the other rules hold on
//! both as far as the sources show.
//!
//! Sources checked 2026-12-03: the FunctionDeclaration and Schema references above
//! (<https://ai.google.dev/api/caching#FunctionDeclaration>,
//! <https://cloud.google.com/vertex-ai/docs/reference/rest/v1beta1/FunctionDeclaration>) and the
//! 400 errors users report.

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

/// The fields of the Gemini API's Schema object: any other member is an unknown proto field.
///
/// Sources (checked 2026-12-03): the Gemini API's Schema reference (its field list; Vertex AI
/// adds `additionalProperties`, `$ref`/`$defs` and `anyOf`, see the module docs);
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
    seen: Some("Invalid JSON payload received. Unknown name \"{keyword}\" at 'tools[0].function_declarations[…].parameters…': Cannot find field."),
    fix: Some("remove `{keyword}` and check what it said in the server"),
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

/// `enum` holds strings, on schemas that say `type: "string"`: a typeless `enum` is refused too.
///
/// Sources (checked 2026-12-03): <https://github.com/decolua/9router/issues/359> and
/// <https://github.com/decolua/9router/pull/380> (the message below, for an `enum` without
/// `type`), <https://github.com/microsoft/azure-devops-mcp/issues/139> (numbers in `enum`:
/// `Invalid value at '…enum[1]' (TYPE_STRING), 2`), <https://github.com/microsoft/vscode/pull/328147>.
pub const ENUM_NOT_STRING: Rule = Rule {
    code: "gemini/enum-not-string",
    effect: Effect::Rejected,
    check: Check::EnumNotString,
    seen: Some("function declaration enum only allowed for STRING type"),
    fix: Some("make the enum a string enum and convert the values in the server"),
};

/// On a string, `format` is only `enum` or `date-time` (the numeric ones, `float`, `double`,
/// `int32`, `int64`, are for numbers and integers, and not checked here).
///
/// Sources (checked 2026-12-03): <https://github.com/google-gemini/gemini-cli/issues/3178> (the
/// 400 below, for `format: "uri"`), <https://github.com/enechange/collmbo/pull/195>,
/// <https://github.com/labring/aiproxy/pull/312>; the Schema reference's `format` ("for STRING
/// type: enum, date-time").
pub const STRING_FORMAT: Rule = Rule {
    code: "gemini/format",
    effect: Effect::Rejected,
    check: Check::StringFormatNotIn(&["enum", "date-time"]),
    seen: Some("GenerateContentRequest.tools[0].function_declarations[…].parameters…format: only 'enum' and 'date-time' are supported for STRING type"),
    fix: Some("remove the `format` and check it in the server"),
};

/// Gemini's rules on `parameters`.
pub const RULES: &[Rule] = &[
    NAME,
    UNKNOWN_FIELD,
    TYPE_ARRAY,
    ENUM_NOT_STRING,
    STRING_FORMAT,
];

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
