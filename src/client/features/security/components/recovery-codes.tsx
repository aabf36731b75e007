import { Copy, Download } from 'lucide-react'
import { Button } from '../../../components/ui/button'
import { copyToClipboard } from '../../../lib/clipboard'
import { notify } from '../../../lib/notify'
import { siteConfig } from '../../../lib/site-config'

export const RECOVERY_CODES_FILE_NAME = 'recovery-codes.txt'

/** The codes as a text file: what they are for, for whom, and that each works once. */
function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `${siteConfig.tagline}: two-factor sign-in recovery codes for ${email}`,
    `Created ${new Date().toISOString().slice(0, 10)}. Each code works once; new codes replace these.`,
    '',
    ...codes,
    '',
  ].join('\n')
}

function download(fileName: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  URL.revokeObjectURL(url)
}

/** Ten single-use recovery codes, shown once, to copy or download as a .txt file. */
export function RecoveryCodesList({ codes, email }: { codes: readonly string[]; email: string }) {
  const onCopy = async () => {
    if (await copyToClipboard(codes.join('\n'))) notify.success('Recovery codes copied to clipboard')
    else notify.error('Failed to copy the recovery codes')
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Keep these somewhere safe, apart from your phone. If you lose your phone, each code signs you in once instead of
        a code from the app. They are shown only now.
      </p>
      <ol aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-lg border bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="text-center">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void onCopy()}>
          <Copy aria-hidden />
          Copy
        </Button>
        <Button variant="outline" onClick={() => download(RECOVERY_CODES_FILE_NAME, recoveryCodesText(codes, email))}>
          <Download aria-hidden />
          Download (.txt)
        </Button>
      </div>
    </div>
  )
}
