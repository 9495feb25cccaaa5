// The transcript of a check-server session as JSON Lines: one `{timestamp, direction, message}`
// envelope per line (what `replay` reads), written by the proxy's envelope writer so that both
// record the same form. Entry `i` is line `i + 1`.
import { envelope } from '../../proxy/recording.js';

/** The JSON Lines text of `entries` (`{ timestamp, direction, message }`, timestamp ISO 8601). */
export function transcriptText(entries) {
  return entries.map(({ timestamp, direction, message }) => envelope(JSON.stringify(message), direction, Date.parse(timestamp))).join('');
}
