//! The validation engine alone, as this package configures it (jsonschema with idna, arbitrary
//! precision, fancy-regex with a backtrack limit, formats), with no code of ours around it.
//! `bench/size.bench.mjs` measures its size (the floor of any `.wasm` built on this engine);
//! `bench/validate.bench.mjs` times `count_valid` (the floor of any `isValid(text)` built on it:
//! keyword validation only, the texts parsed beforehand). Plain exports, no wasm-bindgen.

use std::cell::RefCell;

/// The compiled schema and the parsed instances `count_valid` validates.
struct Prepared {
    validator: jsonschema::Validator,
    instances: Vec<serde_json::Value>,
}

thread_local! {
    static PREPARED: RefCell<Option<Prepared>> = const { RefCell::new(None) };
}

/// Reserves `len` bytes for the caller to write text into (leaked: the bench writes it once).
#[no_mangle]
pub extern "C" fn reserve(len: usize) -> *mut u8 {
    let mut buffer = std::mem::ManuallyDrop::new(Vec::<u8>::with_capacity(len));
    buffer.as_mut_ptr()
}

/// Compiles the schema text and parses the instance texts (one per line): 0 on success, -1 if a
/// text is not JSON, -2 if the schema is not usable.
///
/// # Safety
/// Both ranges must be initialized memory handed out by `reserve`.
#[no_mangle]
pub unsafe extern "C" fn prepare(schema: *const u8, schema_len: usize, lines: *const u8, lines_len: usize) -> i32 {
    let (schema, lines) = unsafe {
        (std::slice::from_raw_parts(schema, schema_len), std::slice::from_raw_parts(lines, lines_len))
    };
    let Ok(schema) = serde_json::from_slice::<serde_json::Value>(schema) else {
        return -1;
    };
    let Ok(instances) = lines
        .split(|&b| b == b'\n')
        .filter(|line| !line.is_empty())
        .map(serde_json::from_slice::<serde_json::Value>)
        .collect::<Result<Vec<_>, _>>()
    else {
        return -1;
    };
    let options = jsonschema::options()
        .offline()
        .with_pattern_options(jsonschema::PatternOptions::fancy_regex().backtrack_limit(1_000_000))
        .should_validate_formats(true);
    let Ok(validator) = options.build(&schema) else {
        return -2;
    };
    PREPARED.with(|prepared| *prepared.borrow_mut() = Some(Prepared { validator, instances }));
    0
}

/// Validates every prepared instance once; returns how many are valid (-1 if nothing is prepared).
#[no_mangle]
pub extern "C" fn count_valid() -> i32 {
    PREPARED.with(|prepared| match &*prepared.borrow() {
        Some(p) => p.instances.iter().filter(|i| p.validator.is_valid(i)).count() as i32,
        None => -1,
    })
}
