import cluster from 'node:cluster'
import { runCluster } from './cluster'
import { ConfigError, loadEnv } from './env'
import { configureLogger } from './observability/logger'
import { runServer } from './serve'

// Start: the environment, the logger, then one server process, or with WEB_CONCURRENCY above 1 a
// cluster primary that runs that many (docs/decisions/0044-several-processes-per-machine.md).
const env = (() => {
  try {
    return loadEnv()
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error)
    return process.exit(1)
  }
})()
await configureLogger({ level: env.logLevel, pretty: env.prettyLogs })
if (env.webConcurrency > 1 && cluster.isPrimary) runCluster(env)
else await runServer(env)
