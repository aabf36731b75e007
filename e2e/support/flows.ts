import type { Page } from 'playwright-core'

/** Fills and submits the sign-in form; where the app goes next is the caller's to check. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/** Replaces a temporary password on the change-password screen and lands on the dashboard. */
export async function choosePassword(page: Page, password: string) {
  await page.getByLabel('New Password').fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByRole('button', { name: 'Update Password' }).click()
  await page.waitForURL('**/dashboard')
}

export const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]', { hasText: text })
