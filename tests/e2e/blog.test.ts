import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clientPage, closeE2E, DEMO_PASSWORDS, startE2E, type E2E } from './support/harness'
import { openPage, pathOf, signIn } from './support/pages'

/**
 * The product news against the real server: an admin writes a draft (which a client cannot
 * see), publishes it; a client finds it in the list by searching, reads it and comments, and
 * deletes the comment again after a confirmation.
 */
describe('the blog in Chromium', () => {
  let e2e: E2E
  let page: Page
  let admin: Page

  beforeAll(async () => {
    e2e = await startE2E()
    page = await clientPage(e2e)
    admin = await e2e.newPage()
    await signIn(admin, 'admin@demo.local', DEMO_PASSWORDS.admin)
    await admin.waitForURL((url) => url.pathname !== '/login')
  })
  afterAll(async () => {
    await admin?.context().close()
    await closeE2E(page, e2e)
  })

  it('an admin writes and publishes a post; a client reads it and comments', async () => {
    // The admin writes a draft from the list's "New post".
    await openPage(admin, '/pages/blog/list')
    await admin.getByTestId('blog-card').first().waitFor()
    expect(await admin.getByTestId('blog-card').count()).toBe(5)
    await admin.getByTestId('blog-new').click()
    await admin.getByTestId('blog-form-title').fill('Shoutouts from the chatboard')
    await admin.getByTestId('blog-form-tags').fill('How-to, Shoutouts')
    await admin.getByTestId('blog-form-excerpt').fill('Give a shoutout to a raider in one click.')
    await admin.getByTestId('blog-form-content').fill('<p>Open the <strong>Chatboard</strong> and press Shoutout.</p><script>alert(1)</script>')
    await admin.getByTestId('blog-form-save').click()
    await admin.waitForURL((url) => url.pathname.startsWith('/pages/blog/detail/'))
    const detailPath = pathOf(admin)
    await admin.getByTestId('blog-draft').waitFor()
    expect(await admin.getByTestId('blog-content').innerHTML()).toBe('<p>Open the <strong>Chatboard</strong> and press Shoutout.</p>')

    // A draft is not there for the client.
    await openPage(page, detailPath)
    await page.getByTestId('blog-not-found').waitFor()

    // The admin publishes it (keyboard: the status select and Enter on the save button).
    await admin.getByTestId('blog-edit').click()
    await admin.getByTestId('blog-form-status').selectOption('Published')
    await admin.getByTestId('blog-form-save').focus()
    await admin.keyboard.press('Enter')
    await admin.waitForURL((url) => url.pathname === detailPath)
    await admin.getByTestId('blog-content').waitFor()
    expect(await admin.getByTestId('blog-draft').count()).toBe(0)

    // The client finds it by searching the list, filtered by the server.
    await openPage(page, '/pages/blog/list')
    await page.getByTestId('blog-search').fill('shoutout')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="blog-card"]').length === 1)
    await page.getByTestId('blog-card').getByRole('link', { name: 'Shoutouts from the chatboard' }).click()
    await page.waitForURL((url) => url.pathname === detailPath)
    expect(await page.getByTestId('blog-detail-page').getByRole('heading', { level: 1 }).innerText()).toBe('Shoutouts from the chatboard')
    expect(await page.getByTestId('blog-edit').count()).toBe(0)
    await page.getByTestId('blog-no-comments').waitFor()

    // The client comments; the comment shows with their name; they delete it after confirming.
    await page.getByTestId('blog-comment-text').fill('Works great, thanks!')
    await page.getByTestId('blog-comment-send').click()
    const comment = page.getByTestId('blog-comment')
    await comment.waitFor()
    expect(await comment.innerText()).toContain('Works great, thanks!')
    expect(await comment.innerText()).toContain('Demo Client')

    // The admin sees it too (and may moderate it).
    await admin.reload()
    await admin.getByTestId('blog-comment').waitFor()
    expect(await admin.getByTestId('blog-comment').getByRole('button', { name: 'Hide' }).count()).toBe(1)

    await comment.getByTestId('blog-comment-delete').click()
    const confirm = page.getByTestId('blog-comment-delete-dialog')
    await confirm.waitFor()
    await confirm.getByTestId('confirm-accept').click()
    await page.getByTestId('blog-no-comments').waitFor()
  })
})
