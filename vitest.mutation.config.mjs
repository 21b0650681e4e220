import { defineConfig } from 'vitest/config';

/**
 * A test file that fails to load (a mutant that throws while a module is imported) has no tests, so
 * Stryker's Vitest runner 9.x would see zero failures and count the mutant as survived. Reporting the
 * load error as a run error makes Stryker mark the mutant as a runtime error instead, as its 10.x
 * runner does (10.x needs Node 22).
 */
class LoadFailuresAreErrors {
  /** @param {import('vitest/node').Vitest} vitest */
  onInit(vitest) {
    this.vitest = vitest;
  }

  /** @param {ReadonlyArray<import('vitest/node').TestModule>} testModules */
  onTestRunEnd(testModules) {
    for (const testModule of testModules) {
      for (const error of testModule.errors()) {
        // A fresh Error: the serialized one carries non-function `toString` keys that break printing it.
        const loadError = new Error(`${testModule.moduleId} failed to load: ${error.message}`);
        this.vitest?.state.catchError(loadError, 'Module Load Error');
      }
    }
  }
}

// The Vitest run Stryker drives (`npm run test:mutation`): only the two framework-free layers, each with its
// own tests. The cross-package suites under tests/ exercise the in-memory fakes and the adapters, none of
// which are mutated, and the integration ones need a real server and the SDK's wasm.
export default defineConfig({
  test: {
    // Application tests import the domain through its package name, which resolves outside Stryker's
    // sandbox: domain mutants are judged by the domain's own tests only.
    projects:
      process.env.MUTATION_PACKAGE === 'domain'
        ? ['packages/domain']
        : process.env.MUTATION_PACKAGE === 'application'
          ? ['packages/application']
          : ['packages/domain', 'packages/application'],
    reporters: [new LoadFailuresAreErrors()],
  },
});
