import { zodResolver } from '@hookform/resolvers/zod'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { adminPaths } from '../../../../shared/admin-paths'
import { NewModuleSchema } from '../../../../shared/schemas/course'
import { BusyButton } from '../../../components/ui/busy-button'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { TextField } from '../../../components/ui/text-field'
import { adminFailure } from '../../../lib/admin-failure'
import { showApiFieldErrors } from '../../../lib/api-field-errors'
import { notify } from '../../../lib/notify'
import { useAddModule } from '../api'

type NewModuleForm = { title: string }

/** Add module: a title, then the new module's editor. It is added at the end of the draft, unpublished. */
export function AddModuleDialog() {
  const [isOpen, setOpen] = useState(false)
  const navigate = useNavigate()
  const addModule = useAddModule()
  const form = useForm<NewModuleForm>({ resolver: zodResolver(NewModuleSchema), defaultValues: { title: '' } })

  const onOpenChange = (open: boolean) => {
    if (addModule.isPending) return
    if (open) form.reset({ title: '' })
    setOpen(open)
  }

  const onSubmit = form.handleSubmit(async ({ title }) => {
    if (addModule.isPending) return
    try {
      const created = await addModule.mutateAsync(title)
      notify.success(`“${created.title}” added to the draft`)
      setOpen(false)
      navigate(adminPaths.courseModule(created.id))
    } catch (error) {
      showApiFieldErrors(form, error, ['title'])
      notify.error(adminFailure(error, 'Failed to add the module'))
    }
  })

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden />
          Add module
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a module</DialogTitle>
          <DialogDescription>
            It is added at the end of the course with one lesson to fill in. Learners see it once you publish.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <TextField label="Title" autoComplete="off" error={form.formState.errors.title?.message} {...form.register('title')} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <BusyButton type="submit" isBusy={addModule.isPending}>
              {addModule.isPending ? 'Adding…' : 'Add and edit'}
            </BusyButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
