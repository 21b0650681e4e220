import { loadLocaleMessages } from '../i18n/load';

// Vitest setup of every client workspace: `translate` reads only loaded locale tables (the app loads
// its locale at start-up), so the tests load both first.
await Promise.all([loadLocaleMessages('en-US'), loadLocaleMessages('zh-CN')]);
