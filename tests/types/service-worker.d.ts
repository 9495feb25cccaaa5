// The global scope of www/sw.js, checked alone by www/tsconfig.sw.json: TypeScript's webworker lib
// types `self` as a WorkerGlobalScope, without what a service worker's scope adds
// (https://developer.mozilla.org/en-US/docs/Web/API/ServiceWorkerGlobalScope, checked 2026-12-06).
interface WorkerGlobalScope {
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
}
interface WorkerGlobalScopeEventMap {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
}
