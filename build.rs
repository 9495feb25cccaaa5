//! Prepares the official MCP schemas for embedding (`src/protocol/schemas.rs`): each committed
//! copy in `schemas/mcp/` (byte-for-byte as published, see its PROVENANCE.md) is written to
//! `OUT_DIR` without whitespace and without its `description` texts, which nothing reads at run
//! time. A `description` member is dropped when its value is a string: in these documents that
//! is always the annotation (a property named `description` holds a schema object, and no
//! `default`, `const`, `enum` or `examples` value has one: a test of `protocol::schemas` checks
//! both, comparing the embedded documents with the published ones).

use std::env;
use std::fs;
use std::path::Path;

/// The embedded documents, by file name under `schemas/mcp/`.
const SCHEMAS: [&str; 6] = [
    "2024-11-05.schema.json",
    "2025-03-26.schema.json",
    "2025-06-18.schema.json",
    "2025-11-25.schema.json",
    "2026-07-28.schema.json",
    "ext-tasks-draft.schema.json",
];

fn main() -> Result<(), String> {
    let out = env::var_os("OUT_DIR").ok_or("OUT_DIR is not set")?;
    println!("cargo:rerun-if-changed=build.rs");
    for name in SCHEMAS {
        let path = format!("schemas/mcp/{name}");
        println!("cargo:rerun-if-changed={path}");
        let text = fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
        let stripped = Stripper::new(&text)
            .document()
            .map_err(|e| format!("{path}: {e}"))?;
        fs::write(Path::new(&out).join(name), stripped).map_err(|e| format!("{name}: {e}"))?;
    }
    compat_data(Path::new(&out))
}

/// The compatibility data (`compat-data/*.json`, `src/compat/data.rs`) for embedding the same
/// way: without whitespace and without the entries' `description` prose (and the schema's
/// descriptions), which only readers of the files need; and `files.rs`, the list of the data
/// files by name (every one but the schema), so that a new file is embedded without a code edit.
fn compat_data(out: &Path) -> Result<(), String> {
    let dir = out.join("compat-data");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    println!("cargo:rerun-if-changed=compat-data");
    let entries = fs::read_dir("compat-data").map_err(|e| format!("compat-data: {e}"))?;
    let mut names: Vec<String> = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("compat-data: {e}"))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let text = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let stripped = Stripper::new(&text)
            .document()
            .map_err(|e| format!("{}: {e}", path.display()))?;
        let name = path.file_name().ok_or("a file without a name")?;
        fs::write(dir.join(name), stripped).map_err(|e| format!("{}: {e}", path.display()))?;
        names.extend(
            name.to_str()
                .filter(|n| *n != "schema.json")
                .map(str::to_owned),
        );
    }
    names.sort();
    let list: String = names
        .iter()
        .map(|n| {
            format!("({n:?}, include_str!(concat!(env!(\"OUT_DIR\"), \"/compat-data/{n}\"))),\n")
        })
        .collect();
    fs::write(dir.join("files.rs"), format!("[\n{list}]\n")).map_err(|e| format!("files.rs: {e}"))
}

/// Copies a JSON text without whitespace and without string-valued `description` members.
struct Stripper<'a> {
    text: &'a str,
    pos: usize,
    out: String,
}

impl<'a> Stripper<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            pos: 0,
            out: String::with_capacity(text.len() / 2),
        }
    }

    /// The whole text, one value.
    fn document(mut self) -> Result<String, String> {
        self.value()?;
        self.skip_whitespace();
        match self.peek() {
            None => Ok(self.out),
            Some(_) => Err(self.error("text after the value")),
        }
    }

    fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    fn error(&self, what: &str) -> String {
        format!("{what} at byte {}", self.pos)
    }

    fn skip_whitespace(&mut self) {
        while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
            self.pos += 1;
        }
    }

    /// Consumes `byte` (after whitespace) or fails.
    fn expect(&mut self, byte: u8) -> Result<(), String> {
        self.skip_whitespace();
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected {:?}", char::from(byte))))
        }
    }

    fn value(&mut self) -> Result<(), String> {
        self.skip_whitespace();
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => {
                let string = self.string()?;
                self.out.push_str(string);
                Ok(())
            }
            Some(_) => self.scalar(),
            None => Err(self.error("unexpected end")),
        }
    }

    /// A string token, quotes and escapes included, as written.
    fn string(&mut self) -> Result<&'a str, String> {
        let start = self.pos;
        self.pos += 1;
        loop {
            match self.peek() {
                Some(b'\\') => self.pos += 2,
                Some(b'"') => break,
                Some(_) => self.pos += 1,
                None => return Err(self.error("unterminated string")),
            }
        }
        self.pos += 1;
        self.text
            .get(start..self.pos)
            .ok_or_else(|| self.error("string"))
    }

    /// A number, `true`, `false` or `null`, as written.
    fn scalar(&mut self) -> Result<(), String> {
        let start = self.pos;
        while self
            .peek()
            .is_some_and(|b| !matches!(b, b',' | b']' | b'}') && !b.is_ascii_whitespace())
        {
            self.pos += 1;
        }
        let token = self
            .text
            .get(start..self.pos)
            .filter(|t| !t.is_empty())
            .ok_or_else(|| self.error("expected a value"))?;
        self.out.push_str(token);
        Ok(())
    }

    fn array(&mut self) -> Result<(), String> {
        self.pos += 1;
        self.out.push('[');
        self.skip_whitespace();
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.out.push(']');
            return Ok(());
        }
        loop {
            self.value()?;
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.out.push(','),
                Some(b']') => break,
                _ => return Err(self.error("expected ',' or ']'")),
            }
            self.pos += 1;
        }
        self.pos += 1;
        self.out.push(']');
        Ok(())
    }

    fn object(&mut self) -> Result<(), String> {
        self.pos += 1;
        self.out.push('{');
        self.skip_whitespace();
        let mut first = true;
        if self.peek() == Some(b'}') {
            self.pos += 1;
            self.out.push('}');
            return Ok(());
        }
        loop {
            self.skip_whitespace();
            if self.peek() != Some(b'"') {
                return Err(self.error("expected a key"));
            }
            let key = self.string()?;
            self.expect(b':')?;
            self.skip_whitespace();
            if key == "\"description\"" && self.peek() == Some(b'"') {
                self.string()?;
            } else {
                if !first {
                    self.out.push(',');
                }
                first = false;
                self.out.push_str(key);
                self.out.push(':');
                self.value()?;
            }
            self.skip_whitespace();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => break,
                _ => return Err(self.error("expected ',' or '}'")),
            }
        }
        self.pos += 1;
        self.out.push('}');
        Ok(())
    }
}
