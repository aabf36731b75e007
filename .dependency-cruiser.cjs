/**
 * `npm run lint` runs this with ESLint: no import circle anywhere in src/, scripts/, bench/ or
 * e2e/, type-only imports included (ESLint's import-x/no-cycle skips those, and a circle of types
 * still ties two modules together). The client's feature boundaries are ESLint's
 * (eslint.config.js).
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules that import each other, directly or round a longer loop: move what both need into a third module.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|data|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] },
  },
}
