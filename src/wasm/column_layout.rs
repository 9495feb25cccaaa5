// The numbers of the columns' layout (src/wasm/columns.rs), defined once: `runtime/load/columns.js`
// reads them from `runtime/load/column-layout.js`, which `UPDATE_TYPES=1 cargo test --lib ts_types`
// writes from this file (src/ts_types.rs includes it in test builds) and the same test holds to it.
// Plain `//` comments: the file is also read by `#[path]` from src/ts_types.rs.

/// Declares each constant of the layout, and (native test builds) `LAYOUT`: every one by name and value,
/// in the order written, for the generated JavaScript.
macro_rules! layout {
    ($($(#[doc = $doc:literal])* $name:ident: $ty:ty = $value:expr;)*) => {
        $($(#[doc = $doc])* pub const $name: $ty = $value;)*
        /// Every constant of the layout: its name, its value, its doc lines (read by src/ts_types.rs,
        /// a native test module).
        #[cfg(all(test, not(target_arch = "wasm32")))]
        pub const LAYOUT: &[(&str, u64, &[&str])] = &[$((stringify!($name), $value as u64, &[$($doc),*])),*];
    };
}

layout! {
    /// Numbers per row of an entry's or context line's cells: the flags, then the span's six.
    CELLS: usize = 7;
    /// An entry's flags: bits 0–1 its direction (0 none, 1 client, 2 server).
    CLIENT: u32 = 1;
    /// The server's direction (bits 0–1 of an entry's flags).
    SERVER: u32 = 2;
    /// An entry has a time (in `times`).
    TIMED: u32 = 1 << 2;
    /// An entry's message, or a context line's text, is the next string of the table (else the
    /// slice of the pasted string its span covers).
    IN_TABLE: u32 = 1 << 3;
    /// An entry has an HTTP request (the next of `http`).
    WITH_HTTP: u32 = 1 << 4;
    /// A context line's level: its index in `levels`, plus one (0: none), from this bit on.
    LEVEL_SHIFT: u32 = 5;
    /// A sequence row has an index.
    ROW_INDEX: u32 = 1;
    /// A sequence row has a span.
    ROW_SPAN: u32 = 1 << 1;
    /// A sequence row has a method.
    ROW_METHOD: u32 = 1 << 2;
    /// A sequence row answers a row.
    ROW_ANSWERS: u32 = 1 << 3;
    /// A sequence row has a task.
    ROW_TASK: u32 = 1 << 4;
    /// A sequence row has a status.
    ROW_STATUS: u32 = 1 << 5;
    /// A sequence row has a time.
    ROW_TIME: u32 = 1 << 6;
    /// A sequence row's sender (2 bits: 0 none, 1 client, 2 server) from this bit on.
    ROW_FROM_SHIFT: u32 = 7;
    /// Numbers per row of a sequence: flags, index, answers, the span's six, the table's indexes
    /// of its kind, method, task, status and detail, then how many task ids and findings it has
    /// (those follow in `lists`: its task ids' indexes in the table, then its findings' in
    /// `diagnostics`).
    ROW_CELLS: usize = 16;
}
