//! The JavaScript APIs, translating only: [`core`] is the API of both builds (`format`,
//! `formatDocument`, `version`), [`full`] the full build's (validation, classification, host
//! checks, compatibility, lint), [`conversions`] what both use to cross the boundary. Every export
//! is re-exported here, so `crate::wasm::format` and `crate::wasm::classify` name them wherever
//! they live.

pub mod conversions;
pub mod core;
// The JavaScript API of the full build only: new exports of the full build go into
// src/wasm/full.rs, and are gated by this one attribute.
#[cfg(feature = "full")]
pub mod full;

pub use self::core::*;
#[cfg(feature = "full")]
pub use self::full::*;
