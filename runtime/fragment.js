// The toolbox page's state in a URL fragment (`#s=` + deflate-raw + base64url; a fragment is never
// sent to a server). The page reads and writes it; `<mcp-json>` writes it for "Open in toolbox".

const FRAGMENT_KEY = 's=';

/** Bytes as base64url without padding. */
function toBase64Url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** base64url (with or without padding) as bytes. */
function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Pipes `bytes` through a compression or decompression stream. */
async function transform(bytes, stream) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** The state as a URL fragment (`#s=...`). */
export async function encodeFragment(state) {
  const json = new TextEncoder().encode(JSON.stringify(state));
  return `#${FRAGMENT_KEY}${toBase64Url(await transform(json, new CompressionStream('deflate-raw')))}`;
}

/** The state in a URL fragment, or null when the fragment holds none or is damaged. */
export async function decodeFragment(hash) {
  const body = hash.replace(/^#/, '');
  if (!body.startsWith(FRAGMENT_KEY)) return null;
  try {
    const bytes = await transform(fromBase64Url(body.slice(FRAGMENT_KEY.length)), new DecompressionStream('deflate-raw'));
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return null;
  }
}
