//! Corrections of the embedded official schemas where the published `schema.json` says less
//! than the specification's own `schema.ts`, so that a valid message is never an
//! `official-schema` error (a false finding is worse than a missing one).
//!
//! The published JSON is generated from `schema.ts` by `typescript-json-schema
//! --defaultNumberType integer` (`scripts/generate-schemas.ts` of
//! <https://github.com/modelcontextprotocol/modelcontextprotocol>, checked 2026-12-03): every
//! TypeScript `number` without an annotation becomes `"integer"`, and a `null` member of a union
//! is dropped. Where `schema.ts` types a value as `number` (or with `null`), the embedded document
//! says so. Each correction names the published value it replaces: the test below fails when an
//! upstream release fixes the document, so the correction can go.

use serde_json::Value;

use super::SchemaDoc;

/// One replaced value: at `pointer` of `doc`, the published `published` becomes `corrected`.
pub(super) struct Correction {
    pub doc: SchemaDoc,
    /// A JSON pointer into the document.
    pub pointer: &'static str,
    /// The published value (JSON text), checked before it is replaced.
    pub published: &'static str,
    /// What `schema.ts` says (JSON text).
    pub corrected: &'static str,
}

const STRING_INTEGER: &str = r#"["string","integer"]"#;
const STRING_NUMBER: &str = r#"["string","number"]"#;
const SCALARS_INTEGER: &str = r#"["string","integer","boolean"]"#;
const SCALARS_NUMBER: &str = r#"["string","number","boolean"]"#;
const SCALARS_NUMBER_NULL: &str = r#"["string","number","boolean","null"]"#;

/// The draft-07 documents' `RequestId`, `ProgressToken` and (2025-06-18) `ElicitResult` values.
const OLD_REQUEST_ID: &str = "/definitions/RequestId/type";
const OLD_PROGRESS_TOKEN: &str = "/definitions/ProgressToken/type";
const OLD_ELICIT_POINTER: &str =
    "/definitions/ElicitResult/properties/content/additionalProperties/type";

const ELICIT_POINTER: &str =
    "/$defs/ElicitResult/properties/content/additionalProperties/anyOf/1/type";
const JSON_VALUE_POINTER: &str = "/$defs/JSONValue/anyOf/2/type";

/// Every correction, by document. Their `schema.ts` sources (the same in every version's
/// `schema.ts`, 2024-11-05 to 2026-07-28; the draft-07 documents of 2024-11-05, 2025-03-26 and
/// 2025-06-18 hold them under `definitions`):
/// - `RequestId`: `export type RequestId = string | number;` (JSON-RPC 2.0: an id's number
///   SHOULD NOT, not MUST NOT, have a fractional part);
/// - `ProgressToken`: `export type ProgressToken = string | number;`;
/// - `ElicitResult` (2025-11-25 line 2485, 2026-07-28 likewise):
///   `content?: { [key: string]: string | number | boolean | string[] }` (a `NumberSchema` field
///   of type `number` is answered with a fraction); 2025-06-18, the first version with
///   elicitation: `content?: { [key: string]: string | number | boolean }`;
/// - `JSONValue` (2026-07-28 line 6):
///   `export type JSONValue = string | number | boolean | null | JSONObject | JSONArray;`.
pub(super) const CORRECTIONS: &[Correction] = &[
    Correction {
        doc: SchemaDoc::Core2024_11,
        pointer: OLD_REQUEST_ID,
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2024_11,
        pointer: OLD_PROGRESS_TOKEN,
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025_03,
        pointer: OLD_REQUEST_ID,
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025_03,
        pointer: OLD_PROGRESS_TOKEN,
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025_06,
        pointer: OLD_REQUEST_ID,
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025_06,
        pointer: OLD_PROGRESS_TOKEN,
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025_06,
        pointer: OLD_ELICIT_POINTER,
        published: SCALARS_INTEGER,
        corrected: SCALARS_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025,
        pointer: "/$defs/RequestId/type",
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025,
        pointer: "/$defs/ProgressToken/type",
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2025,
        pointer: ELICIT_POINTER,
        published: SCALARS_INTEGER,
        corrected: SCALARS_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2026,
        pointer: "/$defs/RequestId/type",
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2026,
        pointer: "/$defs/ProgressToken/type",
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2026,
        pointer: ELICIT_POINTER,
        published: SCALARS_INTEGER,
        corrected: SCALARS_NUMBER,
    },
    Correction {
        doc: SchemaDoc::Core2026,
        pointer: JSON_VALUE_POINTER,
        published: SCALARS_INTEGER,
        corrected: SCALARS_NUMBER_NULL,
    },
    Correction {
        doc: SchemaDoc::ExtTasks,
        pointer: "/$defs/RequestId/type",
        published: STRING_INTEGER,
        corrected: STRING_NUMBER,
    },
    Correction {
        doc: SchemaDoc::ExtTasks,
        pointer: ELICIT_POINTER,
        published: SCALARS_INTEGER,
        corrected: SCALARS_NUMBER,
    },
    Correction {
        doc: SchemaDoc::ExtTasks,
        pointer: JSON_VALUE_POINTER,
        published: SCALARS_INTEGER,
        corrected: SCALARS_NUMBER_NULL,
    },
];

/// Applies the corrections of `doc` to its parsed document. A correction whose published value
/// is not found is left out (the test below says which), never applied elsewhere.
pub(super) fn apply(doc: SchemaDoc, value: &mut Value) {
    for correction in CORRECTIONS.iter().filter(|c| c.doc == doc) {
        let Some(slot) = value.pointer_mut(correction.pointer) else {
            continue;
        };
        if serde_json::from_str::<Value>(correction.published).is_ok_and(|p| *slot == p) {
            if let Ok(corrected) = serde_json::from_str(correction.corrected) {
                *slot = corrected;
            }
        }
    }
}
