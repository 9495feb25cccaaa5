//! Schema validation with both the schema and the arguments fuzzed: the input is split at its
//! first `0xFF` byte into a schema text and an arguments text (without a separator the input is
//! validated against itself). Must never panic or hang (regex backtracking, `$ref` cycles and
//! fan-out); schema errors and warnings lie in the schema text, report spans in the arguments
//! text, and the fast `is_valid` gives the same verdict as `validate`.

use super::{check_diagnostics, split_utf8, Dice};
use mcp_json_toolbox::{OutputFormat, ValidateOptions, Validator};

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let Some((schema, args)) = split_utf8(data) else {
        return;
    };
    let mut dice = Dice::from_bytes(data);
    let options = ValidateOptions {
        assert_formats: dice.one_in(2),
        output: match dice.below(4) {
            0 => Some(OutputFormat::Basic),
            1 => Some(OutputFormat::Flag),
            _ => None,
        },
        ..ValidateOptions::default()
    };
    let validator = match Validator::new(schema, &options) {
        Ok(validator) => validator,
        Err(errors) => {
            assert!(!errors.diagnostics.is_empty(), "schema rejected silently");
            check_diagnostics(schema, Some(schema), &errors.diagnostics);
            return;
        }
    };
    let warnings = validator.schema_warnings();
    check_diagnostics(schema, Some(schema), warnings);
    let report = validator.validate(args);
    let own: Vec<_> = report
        .diagnostics
        .iter()
        .filter(|d| !warnings.contains(d))
        .cloned()
        .collect();
    check_diagnostics(args, Some(schema), &own);
    assert_eq!(
        validator.is_valid(args),
        report.valid,
        "is_valid disagrees with validate"
    );
}
