import { describe, expect, it } from 'vitest'
import { ChangePasswordFormSchema, SignInSchema } from './auth'
import { AccountEmailSchema, FullNameSchema, TemporaryPasswordSchema } from './fields'

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
