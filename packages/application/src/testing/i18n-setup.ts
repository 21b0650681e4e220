import { loadLocaleMessages } from '@teamim/domain';

// Vitest setup of the application's tests: `translate` reads only loaded locale tables. They are loaded
// through the package name, the same module instance the application code imports: in a mutation-testing
// sandbox `@teamim/domain` resolves to the original domain, not to the sandbox's copy beside it, and a
// relative import would fill the copy's tables while the code under test reads the empty original ones.
await Promise.all([loadLocaleMessages('en-US'), loadLocaleMessages('zh-CN')]);
