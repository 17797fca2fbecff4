// Component tests (jsdom): Testing Library's matchers and what jsdom lacks that Mantine uses.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// A component test renders Mantine in jsdom and awaits several screens of it: on a loaded
// machine (the CI run beside the other lanes, load 29) one took more than jest's 5 s and a
// `findBy` more than Testing Library's 1 s. What they wait for still has to come.
jest.setTimeout(30_000);
configure({ asyncUtilTimeout: 5_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {};
