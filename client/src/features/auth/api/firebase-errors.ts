/**
 * Firebase Auth's registration error codes as the spec's messages (section 5), field by field;
 * null for any other error (the page shows it in an alert). Kept apart from the Firebase SDK
 * so the mapping loads (and is tested) without it.
 */
export type RegisterFieldErrors = Partial<Record<'username' | 'email' | 'password', string[]>>

export const REGISTER_MESSAGES = {
  emailMissing: 'Please enter your email.',
  emailInvalid: 'The email address is badly formatted.',
  usernameMissing: 'Please enter your username.',
  passwordWeak: 'Your password is too weak',
  emailInUse: 'This email is already in use.',
  usernameInUse: 'This username is already in use.',
} as const

export function firebaseRegisterErrors(code: string, email: string): RegisterFieldErrors | null {
  switch (code) {
    case 'auth/email-already-in-use':
      return { email: [REGISTER_MESSAGES.emailInUse] }
    case 'auth/credential-already-in-use':
      return { username: [REGISTER_MESSAGES.usernameInUse] }
    case 'auth/weak-password':
    case 'auth/missing-password':
      return { password: [REGISTER_MESSAGES.passwordWeak] }
    case 'auth/missing-email':
    case 'auth/invalid-email':
      return { email: [email.trim() ? REGISTER_MESSAGES.emailInvalid : REGISTER_MESSAGES.emailMissing] }
    default:
      return null
  }
}
