// Launches this machine's Debian Chromium through playwright-core (no browser download).
import { chromium } from 'playwright-core';

/**
 * The features Playwright 1.65 disables (its chromiumSwitches.ts: `--disable-features=…`), which a
 * second `--disable-features` switch would switch on again: Chromium reads only the last one. So
 * ours repeats them; tests/browser/loading.test.mjs fails, naming them, when Playwright disables
 * one this list lacks.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding',
  'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin',
  'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * Chromium 156 opens two WebUI renderers for every new window, so for every browser context a test
 * opens: the address bar's suggestion popup and its AI mode page
 * (`chrome://omnibox-popup.top-chrome/`, `…/omnibox_popup_aim.html`), which a headless page never
 * shows. They cost about a core-second a context, in processes the gate's CPU count never saw
 * (2026-12-06: nine page loads took 21–26 busy core-seconds with them, 13–16 without, on the quiet
 * machine); tests/browser/loading.test.mjs checks that none is opened.
 */
const NO_OMNIBOX_POPUP = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags that keep Chromium off the network, quiet and light in a sandboxed CI. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...NO_OMNIBOX_POPUP].join(',')}`,
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
