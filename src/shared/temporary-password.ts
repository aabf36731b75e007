const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'
const DIGITS = '0123456789'
const SYMBOLS = '!@#$%^&*'
export const TEMPORARY_PASSWORD_ALPHABET = LETTERS + DIGITS + SYMBOLS
export const TEMPORARY_PASSWORD_LENGTH = 12

/** 12 characters from letters, digits and !@#$%^&*, from the platform's cryptographic source. */
export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  const alphabet = TEMPORARY_PASSWORD_ALPHABET
  // Reject bytes past the last whole multiple of the alphabet so every character is equally likely.
  const limit = 256 - (256 % alphabet.length)
  let password = ''
  while (password.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2))
    for (const byte of bytes) {
      if (byte < limit && password.length < length) password += alphabet[byte % alphabet.length]
    }
  }
  return password
}
