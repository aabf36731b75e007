import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expectNoAxeViolations, launchBrowser } from './support/browser'
import { signIn } from './support/flows'
import { createUserWithCli, startPortal, tempDir, type Portal } from './support/portal'

let browser: Browser
let portal: Portal
const learner = { email: 'robin@example.com', password: 'robin course passphrase', name: 'Robin Broker' }
const admin = { email: 'owner@example.com', password: 'owner chosen passphrase' }
const renewer = { email: 'sam@example.com', password: 'sam course passphrase', name: 'Sam Renewer' }
let learnerContext: { context: BrowserContext; page: Page }
let certificateId = ''
/** The certificate of the learner the owner gave an expiry, reset later. */
let renewedId = ''

beforeAll(async () => {
  const dataDir = tempDir('credential-')
  await createUserWithCli(dataDir, ['--email', learner.email, '--name', learner.name, '--password', learner.password, '--permanent'])
  await createUserWithCli(dataDir, ['--email', admin.email, '--role', 'admin', '--password', admin.password, '--permanent'])
  await createUserWithCli(dataDir, ['--email', renewer.email, '--name', renewer.name, '--password', renewer.password, '--permanent'])
  portal = await startPortal({ dataDir })
  browser = await launchBrowser()
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: portal.url, acceptDownloads: true })
  learnerContext = { context, page: await context.newPage() }
})

afterAll(async () => {
  await browser?.close()
  await portal?.stop()
})

describe('the credential on the Completion page and the verify page', () => {
  it('offers the credential download and a prefilled Add to LinkedIn link', async () => {
    const { page, context } = learnerContext
    await signIn(page, learner.email, learner.password)
    await page.waitForURL('**/dashboard')
    // The modules are completed through the API the toggle calls; course.e2e.ts clicks through them.
    for (let module = 1; module <= 8; module += 1) {
      const response = await context.request.put(`/api/progress/${module}`, { data: { completed: true }, headers: { origin: portal.url } })
      expect(response.status()).toBe(200)
    }
    await page.goto('/completion')
    await page.getByRole('heading', { name: 'Congratulations!' }).waitFor()
    const idText = await page.getByText(/^Certificate ID:/).textContent()
    certificateId = /SWS(-[0-9A-Z]{5}){4}/.exec(idText ?? '')?.[0] ?? ''
    expect(certificateId).not.toBe('')

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download credential (.json)' }).click(),
    ])
    expect(download.suggestedFilename()).toBe(`credential-${certificateId}.json`)
    const credential = JSON.parse(fs.readFileSync(await download.path(), 'utf8'))
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential'])
    expect(credential.id).toBe(`${portal.url}/verify/${certificateId}`)
    expect(credential.credentialSubject.identifier).toContainEqual(
      expect.objectContaining({ identityType: 'name', identityHash: learner.name }),
    )
    expect(credential.proof.cryptosuite).toBe('eddsa-rdfc-2022')

    const linkedIn = page.getByRole('link', { name: 'Add to LinkedIn (opens in a new tab)' })
    const href = new URL((await linkedIn.getAttribute('href'))!)
    expect(`${href.origin}${href.pathname}`).toBe('https://www.linkedin.com/profile/add')
    const issued = new Date()
    expect(Object.fromEntries(href.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'CRM Training Course',
      organizationName: 'Success Without Sacrifice',
      issueYear: String(issued.getUTCFullYear()),
      issueMonth: String(issued.getUTCMonth() + 1),
      certUrl: `${portal.url}/verify/${certificateId}`,
      certId: certificateId,
    })
    expect(await linkedIn.getAttribute('target')).toBe('_blank')
    await expectNoAxeViolations(page, '/completion')
  })

  it('verify page: valid, with the credential for machines beside it', async () => {
    const visitor = await browser.newContext({ baseURL: portal.url })
    const page = await visitor.newPage()
    await page.goto(`/verify/${certificateId}`)
    await page.getByRole('heading', { name: 'Certificate verified' }).waitFor()
    await page.locator('dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd').getByText('Valid').waitFor()
    const json = page.getByRole('link', { name: 'the signed Open Badges credential (JSON)' })
    expect(await json.getAttribute('href')).toBe(`${portal.url}/verify/${certificateId}.json`)
    await expectNoAxeViolations(page, '/verify/:id')

    const negotiated = await visitor.request.get(`/verify/${certificateId}`, { headers: { accept: 'application/ld+json' } })
    expect(negotiated.headers()['content-type']).toBe('application/ld+json')
    expect((await negotiated.json()).id).toBe(`${portal.url}/verify/${certificateId}`)
    await visitor.close()
  })

  it('verify page: revoked once an admin deletes the learner', async () => {
    const learnerId = (await (await learnerContext.context.request.get('/api/profile')).json()).id as string
    const owner = await browser.newContext({ baseURL: portal.url })
    const ownerPage = await owner.newPage()
    await signIn(ownerPage, admin.email, admin.password)
    await ownerPage.waitForURL((url) => url.pathname !== '/auth')
    const deleted = await owner.request.delete(`/api/admin/users/${learnerId}`, { headers: { origin: portal.url } })
    expect(deleted.status()).toBe(204)
    await owner.close()

    const visitor = await browser.newContext({ baseURL: portal.url })
    const page = await visitor.newPage()
    await page.goto(`/verify/${certificateId}`)
    await page.getByRole('heading', { name: 'Certificate revoked' }).waitFor()
    await page.getByText('and has since been revoked.').waitFor()
    await page.locator('dt', { hasText: 'Status' }).locator('xpath=following-sibling::dd').getByText('Revoked').waitFor()
    await expect(page.getByRole('link', { name: 'the signed Open Badges credential (JSON)' }).count()).resolves.toBe(0)
    await expectNoAxeViolations(page, '/verify/:id revoked')
    await visitor.close()
  })

  it('shows the expiry the owner set: on the Completion page, in the LinkedIn link and on the verify page', async () => {
    const owner = await browser.newContext({ baseURL: portal.url, viewport: { width: 360, height: 740 } })
    const ownerPage = await owner.newPage()
    await signIn(ownerPage, admin.email, admin.password)
    await ownerPage.waitForURL((url) => url.pathname !== '/auth')
    await ownerPage.goto('/admin/course')
    await ownerPage.getByLabel('Valid for (months)').fill('12')
    await ownerPage.getByRole('button', { name: 'Save Validity' }).click()
    await ownerPage.locator('[data-sonner-toast]', { hasText: 'Certificate validity saved' }).waitFor()
    await expectNoAxeViolations(ownerPage, '/admin/course with the certificate validity at 360 px')
    await owner.close()

    // On a phone, with the expiry line and the buttons.
    const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 360, height: 740 } })
    const page = await context.newPage()
    await signIn(page, renewer.email, renewer.password)
    await page.waitForURL('**/dashboard')
    for (let module = 1; module <= 8; module += 1) {
      const response = await context.request.put(`/api/progress/${module}`, { data: { completed: true }, headers: { origin: portal.url } })
      expect(response.status()).toBe(200)
    }
    const expires = new Date()
    expires.setUTCMonth(expires.getUTCMonth() + 12)
    const expiry = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(expires)
    await page.goto('/completion')
    await page.getByText(`Valid until ${expiry}`).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page, '/completion with an expiry at 360 px')
    const href = new URL((await page.getByRole('link', { name: 'Add to LinkedIn (opens in a new tab)' }).getAttribute('href'))!)
    expect([href.searchParams.get('expirationYear'), href.searchParams.get('expirationMonth')]).toEqual([
      String(expires.getUTCFullYear()),
      String(expires.getUTCMonth() + 1),
    ])
    const id = /SWS(-[0-9A-Z]{5}){4}/.exec((await page.getByText(/^Certificate ID:/).textContent()) ?? '')![0]
    await context.close()

    const visitor = await browser.newContext({ baseURL: portal.url })
    const verify = await visitor.newPage()
    await verify.goto(`/verify/${id}`)
    await verify.getByRole('heading', { name: 'Certificate verified' }).waitFor()
    await verify.locator('dt', { hasText: 'Valid until' }).locator('xpath=following-sibling::dd').getByText(expiry).waitFor()
    await expectNoAxeViolations(verify, '/verify/:id with an expiry')
    await visitor.close()
    renewedId = id
  })

  it("verify page: revoked once an admin resets the learner's course from their row, by keyboard", async () => {
    const owner = await browser.newContext({ baseURL: portal.url })
    const page = await owner.newPage()
    await signIn(page, admin.email, admin.password)
    await page.waitForURL((url) => url.pathname !== '/auth')
    await page.goto('/admin')
    const trigger = page.getByRole('button', { name: `Reset Course for ${renewer.email}` })
    await trigger.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('alertdialog', { name: "Reset this learner's course?" })
    await dialog.waitFor()
    await expectNoAxeViolations(page, 'the Reset Course dialog')
    await dialog.getByRole('button', { name: 'Reset Course' }).focus()
    await page.keyboard.press('Enter')
    await page.locator('[data-sonner-toast]', { hasText: `certificate ${renewedId} revoked` }).waitFor()
    await owner.close()

    const visitor = await browser.newContext({ baseURL: portal.url })
    const verify = await visitor.newPage()
    await verify.goto(`/verify/${renewedId}`)
    await verify.getByRole('heading', { name: 'Certificate revoked' }).waitFor()
    await verify.locator('dt', { hasText: 'Awarded to' }).locator('xpath=following-sibling::dd').getByText(renewer.name).waitFor()
    await expectNoAxeViolations(verify, '/verify/:id revoked by a course reset')
    await visitor.close()
  })
})
