//! The conversions every export of every build uses: results to plain JavaScript objects, options
//! objects to Rust, errors to JavaScript errors. No logic lives here.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::json::JsonError;

#[cfg(feature = "full")]
#[wasm_bindgen]
extern "C" {
    /// The engine's `TextEncoder` (Node, browsers, workers, Deno, Bun, workerd).
    type TextEncoder;
    #[wasm_bindgen(constructor)]
    fn new() -> TextEncoder;
    #[wasm_bindgen(method, js_name = encodeInto)]
    fn encode_into(this: &TextEncoder, text: &js_sys::JsString, into: &mut [u8]) -> EncodedInto;

    /// The engine's `TextDecoder` (UTF-8).
    type TextDecoder;
    /// `new TextDecoder(label, options)`.
    #[wasm_bindgen(constructor)]
    fn new(label: &str, options: &js_sys::Object) -> TextDecoder;
    #[wasm_bindgen(method)]
    fn decode(this: &TextDecoder, bytes: &[u8]) -> js_sys::JsString;

    /// What `TextEncoder.encodeInto` returns.
    type EncodedInto;
    /// UTF-16 code units of the text read.
    #[wasm_bindgen(method, getter)]
    fn read(this: &EncodedInto) -> u32;
    /// Bytes written.
    #[wasm_bindgen(method, getter)]
    fn written(this: &EncodedInto) -> u32;
}

/// `text` in UTF-8, written by the engine's `TextEncoder` straight into wasm memory: room for one
/// byte per UTF-16 unit first (ASCII), then three per unit still unread for the rest.
#[cfg(feature = "full")]
fn encode_string(text: &js_sys::JsString) -> Vec<u8> {
    let encoder = TextEncoder::new();
    let units = text.length();
    let mut bytes = vec![0; units as usize];
    let done = encoder.encode_into(text, &mut bytes);
    let (mut read, mut written) = (done.read(), done.written() as usize);
    while read < units {
        let rest = text.slice(read, units);
        bytes.resize(written + 3 * (units - read) as usize, 0);
        let done = encoder.encode_into(&rest, bytes.get_mut(written..).unwrap_or_default());
        (read, written) = (read + done.read(), written + done.written() as usize);
    }
    bytes.truncate(written);
    bytes
}

/// A long text as JavaScript passes it: a string, encoded to UTF-8 by the engine's `TextEncoder`
/// straight into wasm memory (wasm-bindgen's own copy of a `&str` goes character by character in
/// JavaScript: a fifth of a 50 MB log's replay), or the UTF-8 bytes of a file, copied as they
/// are. A `TypeError` for anything else and for bytes that are not UTF-8 (with the first bad
/// byte's offset). The full build's log readers take it.
#[cfg(feature = "full")]
pub(crate) fn text_arg(value: &JsValue, what: &str) -> Result<String, JsValue> {
    let bytes = if let Some(bytes) = value.dyn_ref::<js_sys::Uint8Array>() {
        bytes.to_vec()
    } else if let Some(text) = value.dyn_ref::<js_sys::JsString>() {
        encode_string(text)
    } else {
        return Err(js_sys::TypeError::new(&format!(
            "{what}: the text must be a string or a Uint8Array of UTF-8"
        ))
        .into());
    };
    String::from_utf8(bytes).map_err(|e| {
        js_sys::TypeError::new(&format!(
            "{what}: the bytes are not UTF-8 (byte {})",
            e.utf8_error().valid_up_to()
        ))
        .into()
    })
}

/// Serializes a result the way the TypeScript types describe (plain objects, not Maps).
///
/// Goes through JSON text and `JSON.parse`, which defines every key as an own property: a
/// `"__proto__"` key from user input stays an ordinary key (serde-wasm-bindgen assigns keys, and
/// assigning `__proto__` replaces the object's prototype instead), and serde_json's
/// arbitrary-precision numbers arrive as numbers rather than as wrapper objects.
pub fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsValue> {
    let text =
        serde_json::to_string(value).map_err(|e| JsValue::from(JsError::new(&e.to_string())))?;
    js_sys::JSON::parse(&text)
}

/// UTF-8 `bytes` as a JavaScript string, decoded by the engine's `TextDecoder` straight from wasm
/// memory, a leading U+FEFF kept (`ignoreBOM`: the string is the text, not a file).
#[cfg(feature = "full")]
pub(crate) fn decode_utf8(bytes: &[u8]) -> js_sys::JsString {
    let options = js_sys::Object::new();
    // Setting a property on a fresh object cannot fail.
    let _ = js_sys::Reflect::set(&options, &"ignoreBOM".into(), &JsValue::TRUE);
    TextDecoder::new("utf-8", &options).decode(bytes)
}

/// Reads an optional options object; a missing argument, `undefined` and `null` mean the defaults.
/// Anything else that does not match `T` (unknown keys included) throws a `TypeError`.
pub(crate) fn read_options<T: serde::de::DeserializeOwned + Default>(
    value: Option<JsValue>,
) -> Result<T, JsValue> {
    let Some(json) = options_json(value)? else {
        return Ok(T::default());
    };
    serde_json::from_value(json).map_err(|e| options_error(&e))
}

/// The options object as JSON, `None` for a missing argument, `undefined` or `null`: the part of
/// [`read_options`] that does not depend on `T`, so each options type adds only its own decoding.
#[inline(never)]
pub(crate) fn options_json(value: Option<JsValue>) -> Result<Option<serde_json::Value>, JsValue> {
    let Some(value) = value.filter(|v| !v.is_undefined() && !v.is_null()) else {
        return Ok(None);
    };
    // Through serde_json::Value: serde-wasm-bindgen alone skips unknown keys, so a misspelt option
    // would be ignored silently instead of honouring `deny_unknown_fields`.
    serde_wasm_bindgen::from_value(value)
        .map(Some)
        .map_err(|e| options_error(&e))
}

/// The `TypeError` for options that do not match their type.
#[inline(never)]
pub(crate) fn options_error(e: &dyn std::fmt::Display) -> JsValue {
    JsValue::from(js_sys::TypeError::new(&format!("invalid options: {e}")))
}

/// A JS `Error` named `JsonError` carrying the position fields, and the error as the crate's
/// finding (`diagnostic`: code, severity, span), which a front end shows as it is.
pub(crate) fn json_error(err: &JsonError) -> JsValue {
    let error = js_sys::Error::new(&err.message);
    error.set_name("JsonError");
    let object: &JsValue = error.as_ref();
    let set = |key: &str, value: JsValue| {
        // Setting a property on a fresh Error object cannot fail.
        let _ = js_sys::Reflect::set(object, &JsValue::from_str(key), &value);
    };
    set("code", err.code.into());
    set("offset", (err.offset as f64).into());
    set("line", (err.line as f64).into());
    set("column", (err.column as f64).into());
    set("byteOffset", (err.byte_offset as f64).into());
    set("byteColumn", (err.byte_column as f64).into());
    set("snippet", err.snippet.as_str().into());
    // Serializing a Diagnostic cannot fail; were it to, the error still carries its position.
    set(
        "diagnostic",
        to_js(&err.diagnostic()).unwrap_or(JsValue::UNDEFINED),
    );
    error.into()
}
