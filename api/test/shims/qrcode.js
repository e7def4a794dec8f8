// qrcode draws and deflates the PNG in JavaScript: inside Jest's vm context that runs ~50× slower than in Node
// (~1 s per Pix QR against ~20 ms), which the hostile-input suite would read as the app stalling the event loop.
// Loaded with Node's real require, it runs as in production (see esm-only.js).
module.exports = require('./esm-only')('qrcode');
