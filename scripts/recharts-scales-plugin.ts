import type { Plugin } from 'vite'
import * as d3Scale from 'victory-vendor/d3-scale'

const namespaceImport = "import * as d3Scales from 'victory-vendor/d3-scale';"

/**
 * Recharts looks its scales up by name in `import * as d3Scales`. A namespace object used as a
 * value makes the bundler put its `__export` helper in the runtime chunk every page loads (61
 * bytes on the sign-in page, for a chart only the Admin Panel draws). The same scales as named
 * imports in a plain object need no helper (decision 0093).
 */
export function rechartsScalesAsObject(): Plugin {
  const names = Object.keys(d3Scale).join(', ')
  return {
    name: 'recharts-scales-as-object',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/recharts/') || !code.includes(namespaceImport)) return null
      return code.replace(namespaceImport, `import { ${names} } from 'victory-vendor/d3-scale'; const d3Scales = { ${names} };`)
    },
  }
}
