//! Formats arbitrary bytes with random options. Must never panic or hang; errors must be
//! positioned in the input; a success must be a fixed point (format(format(x)) == format(x)) and
//! minify/pretty must round-trip.

use super::{check_error, check_span, format_options, Dice, OUTPUT_LIMIT};
use mcp_json_toolbox::json::from_utf8;
use mcp_json_toolbox::{format, format_bytes, format_document, FormatOptions, LineIndex};

/// One fuzz input: panics on any finding.
pub fn run(data: &[u8]) {
    let mut dice = Dice::from_bytes(data);
    let options = format_options(&mut dice);
    let Ok(text) = from_utf8(data) else {
        let error = format_bytes(data, &options).unwrap_err();
        assert_eq!(error.code, "invalid-utf8");
        let valid = std::str::from_utf8(data).unwrap_err().valid_up_to();
        assert_eq!(error.byte_offset, valid);
        check_error(std::str::from_utf8(&data[..valid]).unwrap(), &error);
        return;
    };
    let formatted = match format_document(text, &options) {
        Ok(formatted) => formatted,
        Err(error) => return check_error(text, &error),
    };
    assert!(formatted.diagnostics.len() <= options.max_diagnostics.saturating_add(3));
    assert!(formatted.text.len() <= options.max_output_bytes);
    if formatted.unwrap_depth == 0 {
        let index = LineIndex::new(text);
        for diagnostic in &formatted.diagnostics {
            if let Some(span) = &diagnostic.span {
                check_span(text, &index, span);
            }
        }
    }
    // Re-formatting the output changes nothing (no unwrapping, no input limit: output may grow).
    let out = &formatted.text;
    let again = FormatOptions {
        unwrap_string: false,
        max_input_bytes: usize::MAX,
        max_output_bytes: out.len().max(OUTPUT_LIMIT),
        ..options
    };
    assert_eq!(
        &format(out, &again).unwrap(),
        out,
        "format is not idempotent"
    );
    let minify = FormatOptions {
        minify: true,
        ..again
    };
    let pretty = FormatOptions {
        minify: false,
        ..again
    };
    let min = format(out, &minify).unwrap();
    assert_eq!(format(&min, &minify).unwrap(), min);
    // Pretty-printing may outgrow the limit, but then from both texts alike.
    match (format(&min, &pretty), format(out, &pretty)) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "minify/pretty round trip"),
        (Err(a), Err(b)) => assert_eq!((a.code, b.code), ("size-limit", "size-limit")),
        (a, b) => panic!("minify/pretty round trip: {a:?} vs {b:?}"),
    }
}
