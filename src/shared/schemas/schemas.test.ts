import { describe, expect, it } from 'vitest'
import { ChangePasswordFormSchema, SignInSchema } from './auth'
import { AccountEmailSchema, FullNameSchema, PasswordSchema, TemporaryPasswordSchema, toStorableText } from './fields'
import { PurchaseWebhookSchema } from './integrations'

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? undefined : result.error?.issues[0]?.message

describe('the spec’s validation messages', () => {
  it('sign in', () => {
    expect(firstMessage(SignInSchema.safeParse({ email: 'x', password: 'p' }))).toBe('Invalid email format')
    expect(firstMessage(SignInSchema.safeParse({ email: `${'a'.repeat(250)}@b.com`, password: 'p' }))).toBe('Email too long')
    expect(firstMessage(SignInSchema.safeParse({ email: 'a@b.com', password: '' }))).toBe('Password is required')
    expect(SignInSchema.parse({ email: ' Ada@Example.COM ', password: 'p' }).email).toBe('ada@example.com')
  })

  it('change password', () => {
    const parse = (newPassword: string, confirmPassword = newPassword) =>
      ChangePasswordFormSchema.safeParse({ newPassword, confirmPassword })
    expect(firstMessage(parse('1234567'))).toBe('Password must be at least 8 characters')
    expect(firstMessage(parse('x'.repeat(129)))).toBe('Password too long')
    const mismatch = parse('long enough', 'different!')
    expect(mismatch.success).toBe(false)
    expect(mismatch.error?.issues[0]).toMatchObject({ message: "Passwords don't match", path: ['confirmPassword'] })
    expect(parse('x'.repeat(128)).success).toBe(true)
    expect(parse('ñ'.repeat(8)).success).toBe(true)
  })

  it('create user', () => {
    expect(firstMessage(AccountEmailSchema.safeParse('nope'))).toBe('Invalid email format')
    expect(firstMessage(AccountEmailSchema.safeParse(`${'a'.repeat(250)}@b.com`))).toBe('Email must be less than 255 characters')
    expect(firstMessage(FullNameSchema.safeParse('n'.repeat(101)))).toBe('Name must be less than 100 characters')
    expect(FullNameSchema.safeParse('n'.repeat(100)).success).toBe(true)
    expect(firstMessage(TemporaryPasswordSchema.safeParse('short'))).toBe('Password must be at least 8 characters')
    expect(firstMessage(TemporaryPasswordSchema.safeParse('x'.repeat(129)))).toBe('Password must be less than 128 characters')
  })
})

describe('text the database could not store as sent', () => {
  it('NUL and half characters are refused in names, passwords and order ids; emoji and accents are not', () => {
    for (const bad of ['Ada\u0000', '\uD800', 'x\uDC00y', '\uDE00\uD83D']) {
      expect(firstMessage(FullNameSchema.safeParse(bad))).toBe('Name contains a character that cannot be used')
      expect(firstMessage(PasswordSchema.safeParse(`long enough ${bad}`))).toBe('Password contains a character that cannot be used')
      expect(
        firstMessage(PurchaseWebhookSchema.safeParse({ event: 'purchase.completed', orderId: bad, email: 'a@b.co' })),
      ).toBe('orderId contains a character that cannot be used')
    }
    expect(FullNameSchema.safeParse('Zoë 😀 Ñúñez').success).toBe(true)
    expect(PasswordSchema.safeParse('😀😀😀😀 ñ ñ').success).toBe(true)
  })

  it('a refused value is made storable for the record of what was refused', () => {
    expect(toStorableText('a\u0000b\uD800c😀')).toBe('ab\uFFFDc😀')
  })
})
