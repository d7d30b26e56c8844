import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import nl from '../../../../packages/contract/src/i18n/nl-NL.json';
import { flattenBundle, i18n } from '../shared/i18n/i18n';
import { resetReachability } from '../shared/offline/online';

// why: findBy…/waitFor give up after 1 s by default — a speed demand, not a hang guard: on a shared 2-core
// machine under load a modal took 1.2 s to appear and the run failed. Hangs still end, at 10 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine's floating elements use.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.scrollIntoView ??= () => {};
// jsdom has no font loading API; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
window.scrollTo = (() => {}) as typeof window.scrollTo;

// why: a request a test left running (a refetch after its add, a send still on its way) reaches fetch after the test
// has put back the real one — in jsdom a relative URL then fails as "no answer", which would mark the server
// unreachable in the middle of the next test (shared/offline/online.ts). Outside a test's own stub, fetch answers
// as an aborted request: nothing is sent and nothing counts as lost reception.
globalThis.fetch = async () => {
  throw new DOMException('fetch outside a test’s own stub', 'AbortError');
};

i18n.addResourceBundle('nl-NL', 'translation', flattenBundle(nl as Record<string, unknown>), true, true);
void i18n.changeLanguage('nl-NL');

afterEach(() => {
  cleanup();
  // a test that let a request fail without an answer marked the server unreachable (shared/offline/online.ts)
  resetReachability();
  localStorage.clear();
  vi.restoreAllMocks();
});
