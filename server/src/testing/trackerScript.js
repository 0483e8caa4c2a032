// What test apps serve at GET /api/dni/script.js (testing/config.ts): the real script is built to
// dist-tracker/dni.js by `npm run build`, and the API tests do not build it.
(() => {})();
