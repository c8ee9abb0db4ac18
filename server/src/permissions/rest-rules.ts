import { rule, type Rule } from './abilities'

/** Every REST route has a rule here, keyed "METHOD /path" as registered; a test walks the app's routes. */
export const restRules: Record<string, Rule> = {
  'GET /healthz': rule.public,
  'GET /readyz': rule.public,
  'POST /jwt/login': rule.public,
  'POST /jwt/register': rule.public,
  'POST /jwt/refresh-token': rule.public,
  'POST /jwt/logout': rule.public,
}
