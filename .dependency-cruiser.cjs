// Layer boundaries of the hexagonal architecture (docs/architecture.md). Every rule is an error: `npm test`
// fails on any violation, and tests/boundaries proves that each rule fires on a deliberately forbidden import.
/** Test files and tool configs may import test tooling; the rules below are about production code. */
const NOT_PRODUCTION = '\\.(test|spec)\\.tsx?$|(^|/)vitest\\.config\\.ts$|(^|/)vite\\.config\\.ts$';
/** A package name or its resolved location under node_modules. */
const pkg = (name) => `(^|/)node_modules/${name}/|^${name}($|/)`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles make layers impossible to reason about and to load lazily.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'Every import must resolve; an unresolvable import would also hide a boundary violation.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'domain-is-pure',
      comment: 'packages/domain imports nothing outside itself: no libraries, no Node or DOM modules.',
      severity: 'error',
      from: { path: '^packages/domain/', pathNot: NOT_PRODUCTION },
      to: { pathNot: '^packages/domain/' },
    },
    {
      name: 'application-only-domain-and-rxjs',
      comment:
        'packages/application depends only on the domain and rxjs, its DI included (pinyin-pro only in the friend index).',
      severity: 'error',
      from: { path: '^packages/application/', pathNot: NOT_PRODUCTION },
      // pinyin-pro is allowed here and confined to the friend index by the next rule.
      to: { pathNot: `^packages/(application|domain)/|${pkg('rxjs')}|${pkg('pinyin-pro')}` },
    },
    {
      name: 'session-view-models-load-with-the-list-only',
      comment:
        "SessionViewModels loads before the conversation list: it builds the list, the shell, the navigation's " +
        'missed-call badge, the call history and the call overlay itself; every other view model is built ' +
        'from the factory its views import (vms.build), or from the class its view passes (the meeting room).',
      severity: 'error',
      from: { path: '^packages/application/src/presentation/session-view-models\\.ts$' },
      to: {
        path: '\\.view-model\\.ts$',
        pathNot:
          '/(conversation-list|shell|top-search|call-overlay|missed-calls-badge|call-history)\\.view-model\\.ts$',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'pinyin-only-in-the-friend-index',
      comment: 'Chinese names are grouped by pinyin initial in one place; nothing else loads the dictionary.',
      severity: 'error',
      from: {
        pathNot: `${NOT_PRODUCTION}|^packages/application/src/presentation/contacts/friend-index\\.ts$`,
      },
      to: { path: pkg('pinyin-pro') },
    },
    {
      name: 'openim-sdk-only-in-its-adapter',
      comment:
        'Only packages/adapters-openim talks to the SDK. tests/support/sdk drives the raw SDK on purpose: it proves ' +
        'the server against the unmodified SDK, independent of our adapter.',
      severity: 'error',
      from: {
        pathNot:
          '^packages/adapters-openim/|^tests/support/sdk/|^apps/(web|desktop)/(vite\\.config\\.ts|scripts/)',
      },
      to: { path: pkg('@openim/[^/]+') },
    },
    {
      name: 'axios-only-in-http-adapter',
      severity: 'error',
      from: { pathNot: '^packages/adapters-http/' },
      to: { path: pkg('axios') },
    },
    {
      name: 'livekit-client-only-in-livekit-adapter',
      severity: 'error',
      from: { pathNot: '^packages/adapters-livekit/' },
      to: { path: pkg('livekit-client') },
    },
    {
      name: 'electron-only-in-desktop',
      severity: 'error',
      from: { pathNot: '^apps/desktop/' },
      to: { path: pkg('electron') },
    },
    {
      name: 'ui-never-imports-adapters',
      comment: 'Views are bound to application state; adapters are wired by the composition roots only.',
      severity: 'error',
      from: { path: '^packages/ui-react/' },
      to: { path: '^packages/adapters-' },
    },
    {
      name: 'ui-features-never-borrow-from-each-other',
      comment:
        'A ui-react feature folder imports only itself, common/ and the shared files at the top of src/, so a ' +
        'feature can change without breaking another. What several features need moves to common/; a part of ' +
        "one feature shown inside another's screen goes through the host's slots (chat/chat-slots.tsx). " +
        'shell/ and routing/ compose the features into the app and fill those slots, so they alone may import ' +
        'them; tests render features together and are exempt.',
      severity: 'error',
      from: {
        path: '^packages/ui-react/src/([^/]+)/',
        pathNot: `${NOT_PRODUCTION}|^packages/ui-react/src/(shell|routing|testing)/`,
      },
      to: {
        path: '^packages/ui-react/src/[^/]+/',
        pathNot: '^packages/ui-react/src/($1|common)/',
      },
    },
    {
      name: 'packages-never-import-apps',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'adapters-never-import-each-other-or-ui',
      severity: 'error',
      from: { path: '^packages/adapters-([^/]+)/' },
      to: { path: '^packages/(ui-react|adapters-)', pathNot: '^packages/adapters-$1/' },
    },
    {
      name: 'testing-entry-points-stay-out-of-production',
      comment:
        'In-memory adapters (./testing) are for tests; production code and composition roots never reach them.',
      severity: 'error',
      from: { path: '^(packages|apps)/', pathNot: `${NOT_PRODUCTION}|/src/testing/` },
      to: { path: '^packages/[^/]+/src/testing/' },
    },
    {
      name: 'server-wire-knows-no-users',
      comment:
        'apps/server/src/wire (OpenIM framing, codecs, the WebSocket gateway) is protocol only: it knows sessions ' +
        'by the IDs a token check hands it, never users, accounts, groups or storage.',
      severity: 'error',
      from: { path: '^apps/server/src/wire/', pathNot: NOT_PRODUCTION },
      to: { path: '^apps/server/src/(im|chat|auth|db|objects|api|http)/' },
    },
    {
      name: 'server-im-never-imports-chat',
      comment:
        'The IM core does not depend on the chat module (accounts, wallet); what it needs of it is injected by ' +
        "the composition root (app.ts). Only the facade, which implements chat's port, may name its types.",
      severity: 'error',
      from: { path: '^apps/server/src/im/', pathNot: NOT_PRODUCTION },
      to: { path: '^apps/server/src/chat/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-runs-without-seed-data',
      comment:
        'Seeding (the demo team, the benchmark account) lives in apps/server/src/seed, apart from the running ' +
        "server: only the entry points (main.ts, index.ts) compose it in, through createServer's beforeListen hook.",
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: `${NOT_PRODUCTION}|^apps/server/src/(seed/|main\\.ts$|index\\.ts$)`,
      },
      to: { path: '^apps/server/src/seed/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Only our own build output is excluded; packages' own dist/ folders must stay visible to the rules.
    exclude: {
      path: '^(packages|apps)/[^/]+/(dist|coverage|public)/|^(dist|coverage|test-results|playwright-report)/|^tests/(test-results|e2e-artifacts)/',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
