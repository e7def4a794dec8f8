require('@testing-library/jest-dom');
const { configure } = require('@testing-library/dom');

// findBy*/waitFor default to 1 s. The first render of a lazy route compiles its whole module tree under
// @swc/jest, which on a loaded 2-core CI machine has taken longer than that. A missing element still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  if (typeof window !== 'undefined') window.localStorage.clear();
});
