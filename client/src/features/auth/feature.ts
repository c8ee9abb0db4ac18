import { authPage, defineFeature, route } from '../../lib/feature'

export const authRoutes = [
  route('auth-login', '/login', 'login', 'login-page', authPage),
  route('auth-register', '/register', 'register', 'register-page', authPage),
  route('auth-forgot-password', '/forgot-password', 'forgotPassword', 'forgot-password-page', authPage),
]

export const authFeature = defineFeature({
  id: 'auth',
  routes: authRoutes,
})
