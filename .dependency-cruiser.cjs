/**
 * Layer direction, checked by architecture.spec.ts in `npm test`:
 * - a context's domain reaches nothing of its database, transport, platform or framework, by any path;
 * - contexts never import each other (they talk over NATS);
 * - the pure part of contracts imports neither Nest nor React nor Node;
 * - web features do not import each other; the web never imports server code, and no server code imports the web.
 * The web's `@/` alias (web/src) resolves through tsconfig.base.json's paths, so these rules see those imports too.
 */
module.exports = {
  forbidden: [
    {
      // Transitive: a domain may not reach storage, transport, platform or a framework through any path, not only
      // by a direct import (domain → helper → platform → @nestjs/microservices fails too).
      name: 'domain-is-pure',
      severity: 'error',
      from: { path: '^services/[^/]+/src/domain/' },
      to: {
        path: [
          '^services/[^/]+/src/(database|commands|queries|events|jobs|schedules|providers|projection|transport)/',
          '^platform/',
          'node_modules/(typeorm|pg|nats|bullmq|ioredis|@nestjs|express)/',
        ],
        reachable: true,
      },
    },
    {
      name: 'contexts-talk-over-nats',
      severity: 'error',
      from: { path: '^services/([^/]+)/src/' },
      to: { path: '^services/([^/]+)/', pathNot: '^services/$1/' },
    },
    {
      name: 'pure-contracts',
      severity: 'error',
      from: { path: '^contracts/src/', pathNot: ['^contracts/src/dto/', '\\.spec\\.ts$'] },
      to: { path: ['node_modules/(@nestjs|react|class-validator|typeorm)', '^(fs|path|crypto|node:)'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'web-features-are-independent',
      severity: 'error',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/([^/]+)/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-uses-no-server-code',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: ['^(gateway|platform|services)/', '^contracts/src/dto/'] },
    },
    {
      name: 'server-uses-no-web-code',
      severity: 'error',
      from: { path: '^(contracts|gateway|platform|services)/' },
      to: { path: '^web/' },
    },
    {
      name: 'gateway-holds-no-domain',
      severity: 'error',
      from: { path: '^gateway/src/' },
      to: { path: '^services/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['dist/', '\\.spec\\.tsx?$', '\\.integration-spec\\.ts$', '\\.e2e-spec\\.ts$', '/test/', 'web/e2e/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['types', 'require', 'default'], extensions: ['.ts', '.tsx', '.js'] },
  },
};
