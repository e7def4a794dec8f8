// react-router 7 reads TextEncoder at import time; the custom environment already provides it, this is a safety net
// for workspaces that pick plain jsdom.
const { TextEncoder, TextDecoder } = require('node:util');

if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

// MUI's useMediaQuery and some transitions ask for matchMedia, which jsdom lacks. Default: a wide (desktop) screen.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
}

if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
  // jsdom logs "Not implemented: window.scrollTo"; pages scroll to top on navigation.
  window.scrollTo = () => {};
}
