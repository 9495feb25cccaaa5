// The transcript of a check-server session as JSON Lines: one `{timestamp, direction, message}`
// envelope per line (what `replay` reads), written by the proxy's envelope writer so that both
// record the same form, plus `http` for a message POSTed over Streamable HTTP (the request as sent,
// runtime/mcp-client/http.js), or `{timestamp, direction, stdout}` for a line of the server's
// stdout that is not JSON (stdio.js). Entry `i` is line `i + 1`.
import { envelope } from '../../proxy/recording.js';

/** The JSON Lines text of `entries` (`{ timestamp, direction, message, http? }` or
 * `{ timestamp, direction, stdout }`, timestamp ISO 8601). */
export function transcriptText(entries) {
  return entries.map(({ timestamp, direction, message, http, stdout }) => (stdout !== undefined
    ? `${JSON.stringify({ timestamp, direction, stdout })}\n`
    : envelope(JSON.stringify(message), direction, Date.parse(timestamp), http && { http }))).join('');
}
