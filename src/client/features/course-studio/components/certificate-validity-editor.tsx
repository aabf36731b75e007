import { Award } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { CertificatePolicy } from '../../../../shared/course/api-types'
import { MAX_VALID_MONTHS, VALID_MONTHS_MESSAGE } from '../../../../shared/schemas/certificate-policy'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { ListLoadFailed, ListLoading } from '../../../components/paged-list/list-states'
import { adminFailure } from '../../../lib/admin-failure'
import { notify } from '../../../lib/notify'
import { useCertificatePolicy, useSaveCertificatePolicy } from '../api'

const isMonths = (text: string) => text === '' || (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_VALID_MONTHS)

function ValidityForm({ policy }: { policy: CertificatePolicy }) {
  const save = useSaveCertificatePolicy()
  const [months, setMonths] = useState(policy.validMonths === null ? '' : String(policy.validMonths))
  const isInvalid = !isMonths(months)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (isInvalid) return notify.error(VALID_MONTHS_MESSAGE)
    save.mutate(
      { validMonths: months === '' ? null : Number(months) },
      {
        onSuccess: () => notify.success('Certificate validity saved'),
        onError: (error) => notify.error(adminFailure(error, 'Failed to save the certificate validity')),
      },
    )
  }

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <div className="grid max-w-xs gap-1.5">
        <Label htmlFor="valid-months">Valid for (months)</Label>
        <Input
          id="valid-months"
          inputMode="numeric"
          placeholder="Never expires"
          value={months}
          aria-invalid={isInvalid || undefined}
          aria-describedby={isInvalid ? 'valid-months-error' : 'valid-months-hint'}
          onChange={(event) => setMonths(event.target.value.trim())}
        />
        {isInvalid ? (
          <p id="valid-months-error" className="text-sm text-destructive">
            {VALID_MONTHS_MESSAGE}
          </p>
        ) : (
          <p id="valid-months-hint" className="text-sm text-muted-foreground">
            Empty: certificates never expire.
          </p>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        Applies to certificates issued from now on. From 30 days before expiry, a learner can renew by passing the knowledge
        checks again, and is e-mailed once to say so.
      </p>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Validity'}
        </Button>
      </div>
    </form>
  )
}

/** The Course section's certificate validity (docs/decisions/0094-certificate-renewal.md). */
export function CertificateValidityEditor() {
  const policy = useCertificatePolicy()
  return (
    <Card className="mt-6 min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Award aria-hidden className="size-5" />
          Certificate Validity
        </CardTitle>
        <CardDescription>How long a certificate is valid before the learner renews it.</CardDescription>
      </CardHeader>
      <CardContent>
        {policy.isPending ? (
          <ListLoading label="Loading the certificate validity" />
        ) : !policy.data ? (
          <ListLoadFailed message="Failed to load the certificate validity" onRetry={() => void policy.refetch()} />
        ) : (
          <ValidityForm key={String(policy.data.validMonths)} policy={policy.data} />
        )}
      </CardContent>
    </Card>
  )
}
