/** The spec's exact texts (sections 5 and 8). */
export const messages = {
  loginInvalid: 'Email or Password is Invalid',
  tooManyAttempts: 'Too many attempts. Try again later.',
  emailMissing: 'Please enter your email.',
  emailInvalid: 'The email address is badly formatted.',
  usernameMissing: 'Please enter your username.',
  usernameInvalid: 'A username has 3 to 32 letters, digits, dots, dashes or underscores.',
  passwordWeak: 'Your password is too weak',
  emailInUse: 'This email is already in use.',
  emailNeedsPassword: 'Changing the sign-in e-mail needs your current password.',
  usernameInUse: 'This username is already in use.',
  invalidRefresh: 'Invalid refresh token',
} as const
