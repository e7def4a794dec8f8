// Runs the journeys against a server you already started (no webServer): MANUAL_BASE_URL=http://127.0.0.1:8096 npx playwright test -c pw-manual.config.ts
import base from './playwright.config';
export default { ...base, webServer: undefined, use: { ...base.use, baseURL: process.env.MANUAL_BASE_URL } };
