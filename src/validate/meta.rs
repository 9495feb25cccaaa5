//! The meta-schema check of a schema, made over the tape of its text.
//!
//! `jsonschema` checks a schema against its meta-schema inside `build`, with meta-schema
//! validators over `serde_json::Value`: a second copy of every keyword validator in the program,
//! beside the one over [`TapeJson`] that validates arguments. This crate compiles schemas with
//! `build_unchecked` and makes the same check here, over [`TapeJson`], through `check_schema`
//! (both added by the vendored patch, vendor/jsonschema/PATCHED.md), so the engine is compiled
//! for one representation only. `check_schema` decides the parts exactly as `build` does (the
//! draft, embedded resources of other dialects checked against their own meta-schemas).

use std::cell::OnceCell;
use std::sync::Arc;

use jsonschema::{Draft, Retrieve, ValidationError, ValidationOptions, Validator};
use serde_json::Value;

use super::tape::{Tape, TapeJson};

thread_local! {
    /// The meta-schema validators over the tape, by [`index`], built on first use.
    static VALIDATORS: [OnceCell<Option<Validator<TapeJson>>>; 5] = Default::default();
}

/// The slot of `draft` in [`VALIDATORS`] and its meta-schema; anything newer or unknown is 2020-12,
/// as in `jsonschema`.
fn index(draft: Draft) -> (usize, &'static Value) {
    match draft {
        Draft::Draft4 => (0, &referencing::meta::DRAFT4),
        Draft::Draft6 => (1, &referencing::meta::DRAFT6),
        Draft::Draft7 => (2, &referencing::meta::DRAFT7),
        Draft::Draft201909 => (3, &referencing::meta::DRAFT201909),
        _ => (4, &referencing::meta::DRAFT202012),
    }
}

/// The meta-schema validator of `draft` over the tape (built once per thread; the clone shares
/// it). `None` only if a bundled meta-schema failed to compile, which a test rules out.
pub fn validator(draft: Draft) -> Option<Validator<TapeJson>> {
    let (slot, meta_schema) = index(draft);
    VALIDATORS.with(|validators| {
        validators.get(slot).and_then(|cell| {
            cell.get_or_init(|| {
                jsonschema::options_for::<TapeJson>()
                    .build_unchecked(meta_schema)
                    .ok()
            })
            .clone()
        })
    })
}

/// Every violation of the schema `text` (written in `draft`) against its meta-schema, over its
/// tape; empty when it has none (or the text cannot be read, which a parsed schema always can).
pub fn errors(draft: Draft, text: &str) -> Vec<ValidationError<'static>> {
    let (Some(validator), Some(tape)) = (validator(draft), Tape::read(text)) else {
        return Vec::new();
    };
    validator
        .iter_errors(tape.root())
        .map(ValidationError::to_owned)
        .collect()
}

/// Checks `schema` (the value of `text`) against its meta-schema as `builder.build` would, over
/// the tape of `text`: `Ok`, or the first violation (its instance path from the schema's root).
pub fn check(
    builder: &ValidationOptions<'_, Arc<dyn Retrieve>, TapeJson>,
    schema: &Value,
    text: &str,
) -> Result<(), ValidationError<'static>> {
    builder.check_schema(schema, &mut |draft, part| {
        let validator =
            validator(draft).ok_or_else(|| unusable("its meta-schema did not compile"))?;
        // The whole schema is read from its own text; a part with embedded resources blanked
        // out (rare: a nested `$schema` of another draft) from that part's serialization.
        let own;
        let part_text = if std::ptr::eq(part, schema) {
            text
        } else {
            own = serde_json::to_string(part).map_err(|e| unusable(&e.to_string()))?;
            &own
        };
        let tape = Tape::read(part_text).ok_or_else(|| unusable("its text could not be read"))?;
        validator
            .validate(tape.root())
            .map_err(ValidationError::to_owned)
    })
}

/// The error of a meta-schema check that could not be made (never expected).
fn unusable(why: &str) -> ValidationError<'static> {
    ValidationError::custom(format!("the schema could not be checked: {why}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_meta_schema_compiles_and_accepts_itself() {
        for draft in [
            Draft::Draft4,
            Draft::Draft6,
            Draft::Draft7,
            Draft::Draft201909,
            Draft::Draft202012,
        ] {
            let validator = validator(draft).expect("the meta-schema compiles");
            let text = serde_json::to_string(index(draft).1).unwrap();
            let tape = Tape::read(&text).unwrap();
            assert!(validator.is_valid(tape.root()), "{draft:?}");
        }
    }
}
