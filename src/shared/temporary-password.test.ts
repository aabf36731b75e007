import { expect, it } from 'vitest'
import { generateTemporaryPassword, TEMPORARY_PASSWORD_ALPHABET } from './temporary-password'

it('is 12 characters from letters, digits and !@#$%^&*', () => {
  for (let i = 0; i < 200; i++) {
    const password = generateTemporaryPassword()
    expect(password).toMatch(/^[A-Za-z0-9!@#$%^&*]{12}$/)
  }
})

it('uses the whole alphabet and does not repeat itself', () => {
  const seen = new Set<string>()
  const passwords = new Set<string>()
  for (let i = 0; i < 2000; i++) {
    const password = generateTemporaryPassword()
    passwords.add(password)
    for (const char of password) seen.add(char)
  }
  expect(seen.size).toBe(TEMPORARY_PASSWORD_ALPHABET.length)
  expect(passwords.size).toBe(2000)
})
