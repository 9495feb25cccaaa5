//! The standard JSON Schema output structures (`flag` and `basic`), for tools that consume them.

use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::tape::{Instance, TapeJson};

/// Which standard output structure a report also carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum OutputFormat {
    /// `{"valid": bool}`.
    Flag,
    /// `{"valid": bool, "errors": [{keywordLocation, absoluteKeywordLocation?, instanceLocation, error}]}`.
    Basic,
}

/// The output structure of `instance` under `validator`.
pub fn output(
    validator: &jsonschema::Validator<TapeJson>,
    instance: Instance<'_>,
    format: OutputFormat,
) -> Value {
    match format {
        OutputFormat::Flag => json!({ "valid": validator.is_valid(instance) }),
        OutputFormat::Basic => {
            let evaluation = validator.evaluate(instance);
            let errors: Vec<Value> = evaluation
                .iter_errors()
                .map(|entry| {
                    let mut unit = Map::new();
                    unit.insert("keywordLocation".into(), entry.schema_location.into());
                    if let Some(uri) = entry.absolute_keyword_location {
                        unit.insert("absoluteKeywordLocation".into(), uri.as_str().into());
                    }
                    unit.insert(
                        "instanceLocation".into(),
                        entry.instance_location.as_str().into(),
                    );
                    unit.insert("error".into(), entry.error.message().into());
                    Value::Object(unit)
                })
                .collect();
            let mut result = Map::new();
            result.insert("valid".into(), evaluation.is_valid().into());
            if !errors.is_empty() {
                result.insert("errors".into(), errors.into());
            }
            Value::Object(result)
        }
    }
}
