// Front-end test projects (jsdom). The API suite runs separately (see scripts/test.mjs): it needs a database.
module.exports = {
  projects: ['<rootDir>/shared', '<rootDir>/shell', '<rootDir>/mf-campaigns', '<rootDir>/mf-wallet', '<rootDir>/mf-profile', '<rootDir>/mf-whatsapp', '<rootDir>/mf-public'],
};
