import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    root: '.',
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // expect.poll's own default is one second: a chart drawn after its data arrives took longer
    // with two files' servers and browsers on the two cores.
    expect: { poll: { timeout: 10_000 } },
    // Each file runs its own server and browser; two at once fit a 2-core machine.
    maxWorkers: 2,
    fileParallelism: true,
  },
})
