// Newline-delimited framing of the MCP stdio transport (one JSON-RPC message a line), over copies
// of the bytes: what the checker reads. The pass-through never goes through here.

/**
 * Splits one direction's byte stream into lines (without the `\n`, a trailing `\r` dropped).
 * A line longer than `maxBytes` is not kept: it is counted in `oversized` and dropped when it
 * ends. `gap(newlines, tailLost)` says bytes were skipped (the checker fell behind): the lines
 * they ended are counted in `skipped`; the line in progress is damaged (dropped and counted when
 * it ends) unless the skipped bytes ended with a newline.
 */
export class LineSplitter {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.parts = [];
    this.size = 0;
    this.damaged = false;
    this.skipped = 0;
    this.oversized = 0;
  }

  /** The complete lines `bytes` (a Uint8Array) ends, as Buffers, in order. */
  push(bytes) {
    const lines = [];
    let start = 0;
    for (let newline = bytes.indexOf(10); newline >= 0; newline = bytes.indexOf(10, start)) {
      this.keep(bytes.subarray(start, newline));
      const line = this.take();
      if (line) lines.push(line);
      start = newline + 1;
    }
    if (start < bytes.length) this.keep(bytes.subarray(start));
    return lines;
  }

  /** Skipped bytes that held `newlines` line ends; `tailLost`: bytes followed the last one. */
  gap(newlines, tailLost) {
    if (newlines > 0) {
      // The line in progress ended inside the gap, and so did newlines - 1 whole lines.
      this.skipped += newlines;
      this.parts = [];
      this.size = 0;
      this.damaged = tailLost;
    } else {
      this.damaged = true;
    }
  }

  /** What is left once the stream ended: a last line without its newline, if any. */
  end() {
    return this.size > 0 || this.damaged ? this.take() : undefined;
  }

  /** Appends a copy of `bytes` to the line in progress (nothing once it is too long or damaged). */
  keep(bytes) {
    if (this.damaged || bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size > this.maxBytes) {
      this.parts = [];
      return;
    }
    this.parts.push(Buffer.from(bytes));
  }

  /** Ends the line in progress: the line, or undefined when it was dropped (and counted). */
  take() {
    const { parts, size, damaged } = this;
    this.parts = [];
    this.size = 0;
    this.damaged = false;
    if (damaged) {
      this.skipped += 1;
      return undefined;
    }
    if (size > this.maxBytes) {
      this.oversized += 1;
      return undefined;
    }
    let line = parts.length === 1 ? parts[0] : Buffer.concat(parts, size);
    if (line.length > 0 && line[line.length - 1] === 13) line = line.subarray(0, line.length - 1);
    return line;
  }
}
