//! The JavaScript APIs, translating only: [`core`] is the API of every build (`format`,
//! `formatDocument`, `version`), [`validator`] that of the server build and the full build
//! (`Validator`, `validateArguments`), [`full`] the full build's rest (classification, host
//! checks, compatibility, lint, sessions, logs), [`conversions`] what they use to cross the
//! boundary, [`columns`] a log reading's crossing as columns, `memory` how the wasm memory
//! grows. Every export is re-exported here, so `crate::wasm::format` and `crate::wasm::classify`
//! name them wherever they live.

// A log reading as columns (`readLog`'s crossing), the full build's, and its layout's numbers.
#[cfg(feature = "full")]
mod column_layout;
#[cfg(feature = "full")]
pub mod columns;
pub mod conversions;
pub mod core;
// The allocator: the wasm memory grown geometrically.
#[cfg(target_arch = "wasm32")]
pub mod memory;
// The JavaScript API of the full build only: new exports of the full build go into
// src/wasm/full.rs, and are gated by this one attribute.
#[cfg(feature = "full")]
pub mod full;
// `Validator` and `validateArguments`: the server build's API, which the full build has too.
#[cfg(feature = "validator")]
pub mod validator;

pub use self::core::*;
#[cfg(feature = "full")]
pub use self::full::*;
#[cfg(feature = "validator")]
pub use self::validator::*;
