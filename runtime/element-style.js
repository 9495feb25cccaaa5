// The stylesheet of `<mcp-json>`, adopted by every element's shadow root (a constructed
// stylesheet: no <style> element, so no CSP `style-src` exception is needed). The host site styles
// it with the `--mcp-json-*` custom properties and the parts `frame`, `toolbar`, `button`, `code`,
// `verdict`, `badge`, `summary`, `warning`, `diagnostics`. The editor (json-editor.js) reads the
// unprefixed variables set here, which inherit into its own shadow root.

const CSS = `
:host { display: block; margin: 1em 0; }
:host([hidden]) { display: none; }
.frame {
  --bg: var(--mcp-json-bg, #fbfbfd); --fg: var(--mcp-json-fg, #1d1f24); --muted: var(--mcp-json-muted, #5d6270);
  --border: var(--mcp-json-border, #d5d8df); --accent: var(--mcp-json-accent, #2f5bd3);
  --ok: var(--mcp-json-ok, #17773c); --error: var(--mcp-json-error, #c0261a); --warning: var(--mcp-json-warning, #8a5a00);
  --info: var(--mcp-json-info, #2e5fb7); --kind: var(--mcp-json-kind, #6b3fb5);
  --mono: var(--mcp-json-mono, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
  --sans: var(--mcp-json-sans, system-ui, sans-serif);
  --editor-bg: var(--bg); --panel-bg: var(--bg); --gutter-bg: var(--bg); --chip-bg: transparent;
  --focus: var(--accent); --selection: var(--mcp-json-selection, #cbd9f7); --active-line: transparent; --match: var(--mcp-json-match, #e1e7f5);
  --syn-key: var(--mcp-json-key, #8a2d7e); --syn-string: var(--mcp-json-string, #17743f); --syn-number: var(--mcp-json-number, #1f56b8); --syn-literal: var(--mcp-json-literal, #9c4a00);
  color: var(--fg); background: var(--bg); border: 1px solid var(--border); border-radius: var(--mcp-json-radius, 6px);
  font: 14px/1.45 var(--sans); overflow: hidden;
}
.frame.dark {
  --bg: var(--mcp-json-bg, #1b1d23); --fg: var(--mcp-json-fg, #e3e5ea); --muted: var(--mcp-json-muted, #9ba1ae);
  --border: var(--mcp-json-border, #3a3e48); --accent: var(--mcp-json-accent, #7aa2ff);
  --ok: var(--mcp-json-ok, #5cc486); --error: var(--mcp-json-error, #ff7b6e); --warning: var(--mcp-json-warning, #e7b450);
  --info: var(--mcp-json-info, #7fb0ff); --kind: var(--mcp-json-kind, #c3a3ff);
  --selection: var(--mcp-json-selection, #2f4a80); --match: var(--mcp-json-match, #2c3550);
  --syn-key: var(--mcp-json-key, #e59ad6); --syn-string: var(--mcp-json-string, #8fd6a5); --syn-number: var(--mcp-json-number, #8fb8ff); --syn-literal: var(--mcp-json-literal, #f0b27a);
}
.bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 4px 8px; border-bottom: 1px solid var(--border); }
.label { flex: 1; color: var(--muted); font-size: 12px; }
button, a.open { font: inherit; font-size: 12px; color: var(--fg); background: transparent; border: 1px solid var(--border);
  border-radius: 4px; padding: 2px 8px; cursor: pointer; text-decoration: none; }
button:disabled { opacity: 0.5; cursor: default; }
button:focus-visible, a.open:focus-visible, .code:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
.code { margin: 0; padding: 8px 12px; font: 13px/1.5 var(--mono); white-space: pre-wrap; overflow-wrap: anywhere; max-height: 32em; overflow: auto; }
.editor { height: auto; max-height: 32em; overflow: auto; }
mark { background: none; color: inherit; text-decoration: underline wavy var(--error); text-decoration-skip-ink: none; text-underline-offset: 3px; }
mark.warning { text-decoration-color: var(--warning); }
mark.info { text-decoration-color: var(--info); }
.verdict { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; padding: 6px 8px; border-top: 1px solid var(--border); font-size: 13px; }
.badge { border-radius: 999px; padding: 0 8px; border: 1px solid currentColor; font-size: 12px; white-space: nowrap; }
.badge.ok { color: var(--ok); } .badge.error { color: var(--error); } .badge.warning { color: var(--warning); }
.badge.info { color: var(--info); } .badge.kind { color: var(--kind); } .badge.muted { color: var(--muted); }
.summary { color: var(--muted); }
.warning { margin: 0; padding: 6px 8px; border-top: 1px solid var(--border); color: var(--warning); font-weight: 600; }
.diagnostics { margin: 0; padding: 4px 8px 6px 2.2em; font-size: 13px; border-top: 1px solid var(--border); }
.diagnostics:empty, [hidden] { display: none; }
.pos { font-family: var(--mono); color: var(--muted); margin-right: 0.5em; }
button.pos { border: none; padding: 0; font-size: inherit; text-decoration: underline dotted; }
.sev-error { color: var(--error); } .sev-warning { color: var(--warning); } .sev-info { color: var(--info); }
.path { font-family: var(--mono); color: var(--muted); margin-left: 0.5em; }
`;

let sheet;

/** The shared stylesheet (made on first use). */
export function elementSheet() {
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return sheet;
}
