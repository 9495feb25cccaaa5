// Launches this machine's Debian Chromium through playwright-core (no browser download).
import { chromium } from 'playwright-core';

/** Flags that keep Chromium off the network and quiet in a sandboxed CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A headless Chromium; `CHROMIUM` overrides the executable path. */
export function launch(options = {}) {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}
