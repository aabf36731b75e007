import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react'
import { useState } from 'react'
import type { Profile } from '../../../../shared/api-types'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { notify } from '../../../lib/notify'
import { useNewRecoveryCodes, useTurnOffTwoFactor } from '../api'
import { PasswordForm } from './password-form'
import { RecoveryCodesList } from './recovery-codes'
import { TwoFactorSetup } from './two-factor-setup'

/** The Security page's two-factor part: turn it on, or, once on, new recovery codes and turning it off. */
export function TwoFactorSection({ profile }: { profile: Profile }) {
  const [isSettingUp, setSettingUp] = useState(false)
  // Once on, the recovery codes show until Done, whatever the refreshed profile says meanwhile.
  const isOn = profile.hasTwoFactor === true && !isSettingUp

  return (
    <section aria-labelledby="two-factor-heading">
      <Card>
      <CardHeader>
        <CardTitle id="two-factor-heading">Two-factor sign-in</CardTitle>
        <CardDescription>
          After your password, sign-in asks for a 6-digit code from an authenticator app on your phone, so a stolen
          password alone does not open your account.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {isSettingUp ? (
          <TwoFactorSetup
            email={profile.email}
            onDone={() => {
              setSettingUp(false)
              notify.success('Two-factor sign-in is on')
            }}
            onCancel={() => setSettingUp(false)}
          />
        ) : isOn ? (
          <>
            <p className="flex items-center gap-2 font-medium">
              <ShieldCheck aria-hidden className="size-5 text-success" />
              Two-factor sign-in is on.
            </p>
            <div className="flex flex-wrap gap-2">
              <NewRecoveryCodesDialog email={profile.email} />
              <TurnOffDialog isAdmin={profile.role === 'admin'} />
            </div>
          </>
        ) : (
          <>
            <p className="flex items-center gap-2 font-medium">
              <ShieldOff aria-hidden className="size-5 text-muted-foreground" />
              Two-factor sign-in is off.
            </p>
            <Button className="justify-self-start" onClick={() => setSettingUp(true)}>
              <KeyRound aria-hidden />
              Turn On Two-Factor Sign-In
            </Button>
          </>
        )}
      </CardContent>
      </Card>
    </section>
  )
}

function NewRecoveryCodesDialog({ email }: { email: string }) {
  const [isOpen, setOpen] = useState(false)
  const [codes, setCodes] = useState<string[] | null>(null)
  const newCodes = useNewRecoveryCodes()
  const onOpenChange = (open: boolean) => {
    if (newCodes.isPending) return
    if (open) setCodes(null)
    setOpen(open)
  }
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline">New Recovery Codes</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New recovery codes</DialogTitle>
          <DialogDescription>
            {codes ? 'Your old recovery codes no longer work.' : 'Ten new codes replace all your current ones. Enter your password to continue.'}
          </DialogDescription>
        </DialogHeader>
        {codes ? (
          <>
            <RecoveryCodesList codes={codes} email={email} />
            <DialogClose asChild>
              <Button className="justify-self-end">Done</Button>
            </DialogClose>
          </>
        ) : (
          <PasswordForm
            submitLabel="Create New Codes"
            busyLabel="Creating..."
            isPending={newCodes.isPending}
            failure="Failed to create new recovery codes"
            onSubmit={async (input) => setCodes((await newCodes.mutateAsync(input)).recoveryCodes)}
          >
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
          </PasswordForm>
        )}
      </DialogContent>
    </Dialog>
  )
}

function TurnOffDialog({ isAdmin }: { isAdmin: boolean }) {
  const [isOpen, setOpen] = useState(false)
  const turnOff = useTurnOffTwoFactor()
  return (
    <Dialog open={isOpen} onOpenChange={(open) => !turnOff.isPending && setOpen(open)}>
      <DialogTrigger asChild>
        <Button variant="outline" className="text-destructive hover:text-destructive">
          Turn Off
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
          <DialogDescription>
            Your password alone will sign you in, your recovery codes stop working and no device stays trusted.
            {isAdmin && ' As an admin, you will have to set it up again before you can use the admin panel.'}
          </DialogDescription>
        </DialogHeader>
        <PasswordForm
          submitLabel="Turn Off"
          busyLabel="Turning off..."
          isPending={turnOff.isPending}
          failure="Failed to turn off two-factor sign-in"
          onSubmit={async (input) => {
            await turnOff.mutateAsync(input)
            setOpen(false)
            notify.success('Two-factor sign-in is off')
          }}
        >
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
        </PasswordForm>
      </DialogContent>
    </Dialog>
  )
}
