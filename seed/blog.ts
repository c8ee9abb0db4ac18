import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../server/src/db/client'
import { users } from '../server/src/db/schema'
import { blogComments, blogPosts } from '../server/src/modules/blog/blog.tables'

const DAY = 24 * 3_600_000

interface SeedPost {
  slug: string
  title: string
  excerpt: string
  content: string
  tags: string[]
  daysAgo: number
}

/** The product's own news: what the dashboard does and how to use it (English; the UI around it is translated). */
export const blogSeed: SeedPost[] = [
  {
    slug: 'welcome-to-the-product-news',
    title: 'Welcome to the product news',
    excerpt: 'Release notes and how-tos for streamers, written by the team: what changed in the dashboard and how to get the most out of your assistant.',
    tags: ['Release notes'],
    daysAgo: 20,
    content: `<p>This is where we post what changed in the dashboard and short how-tos for running your channel with the assistant.</p>
<h2>What the dashboard does today</h2>
<ul><li><strong>Chatboard and chat list</strong>: your live chat and the assistant's answers in one place.</li>
<li><strong>Commands and timers</strong>: answers to <code>!commands</code> and messages posted on a schedule while you are live.</li>
<li><strong>Raid panel</strong>: raid a friend's channel when your stream ends, within Twitch's limits.</li>
<li><strong>Followers, VODs and clips</strong>: read from Twitch and Kick as the platforms report them.</li></ul>
<h2>Fair play</h2>
<p>The assistant helps you run your own channel. It never adds viewers, followers or chatters that are not real people, and it never will: the platforms forbid it, and it would put your channel at risk.</p>`,
  },
  {
    slug: 'chat-commands-in-five-minutes',
    title: 'Chat commands in five minutes',
    excerpt: 'Write your first !command on the Bot Panel, try it in the sandbox channel, and keep answers short enough for a busy chat.',
    tags: ['How-to', 'Commands'],
    daysAgo: 14,
    content: `<p>Commands are the assistant's simplest job: a viewer writes <code>!discord</code>, the bot answers with your invite link.</p>
<h2>Step by step</h2>
<ol><li>Open the <strong>Bot Panel</strong> and add a command: its name, such as <code>!discord</code>, and its answer.</li>
<li>Open the <strong>Chatboard</strong> of the sandbox channel and write the command as a test viewer.</li>
<li>When the answer reads well, switch to your real channel: the command is already there.</li></ol>
<h2>Tips</h2>
<ul><li>One line per answer: long answers scroll away before anyone reads them.</li>
<li>Your plan says how many commands you can keep; the Bot Panel shows how many are left.</li></ul>`,
  },
  {
    slug: 'timers-that-do-not-flood-your-chat',
    title: "Timers that don't flood your chat",
    excerpt:
      'Timers post a message on a schedule while you are live. A few well-spaced ones remind viewers of your schedule or socials without drowning the conversation.',
    tags: ['How-to', 'Timers'],
    daysAgo: 9,
    content: `<p>A timer posts the same message every few minutes while your stream is live, for example your stream schedule or where to find your clips.</p>
<h2>Good habits</h2>
<ul><li>Space timers out: every 20 to 30 minutes is plenty for most chats.</li>
<li>Keep two or three timers at most and make each one useful on its own.</li>
<li>Timers pause when you are offline, so nobody reads them in an empty channel.</li></ul>
<p>Try a timer in the sandbox channel first: start a test stream from the test console and watch it post.</p>`,
  },
  {
    slug: 'raid-panel-end-your-stream-with-a-raid',
    title: 'Raid panel: end your stream with a raid',
    excerpt: 'Send your viewers to a friend when you go offline. The raid panel starts and cancels raids through Twitch and keeps to its limits for you.',
    tags: ['How-to', 'Raids'],
    daysAgo: 5,
    content: `<p>A raid sends the viewers who are still watching to another channel when you finish. It is one of the friendliest ways to support other streamers.</p>
<h2>How it works</h2>
<ol><li>Open the <strong>Raid panel</strong> and pick the channel you want to raid.</li>
<li>Start the raid: Twitch shows your viewers a countdown, and you can cancel while it runs.</li>
<li>When the countdown ends, your viewers land in the other channel's chat.</li></ol>
<h2>Limits</h2>
<p>Twitch allows one pending raid at a time and a limited number of raid requests in ten minutes; your plan may allow a number of raids per day. The panel tells you when the next raid is possible instead of failing.</p>`,
  },
  {
    slug: 'try-everything-in-the-sandbox-channel',
    title: 'Try everything in the sandbox channel',
    excerpt: 'The sandbox channel is a simulated Twitch channel inside the dashboard: test commands, timers, follows and raids before your viewers see them.',
    tags: ['How-to', 'Sandbox', 'Release notes'],
    daysAgo: 2,
    content: `<p>Every new account comes with a <strong>sandbox channel</strong>: a simulated Twitch channel that lives inside the dashboard and is clearly labelled as such.</p>
<h2>What you can try</h2>
<ul><li>Write in chat as a test viewer and watch the bot answer.</li>
<li>Start and end a test stream to see timers and the dashboards react.</li>
<li>Simulate a follow, a raid or a clip to check your thank-you messages.</li></ul>
<p>Nothing in the sandbox touches a real platform, and none of it counts in your figures or your plan's limits.</p>`,
  },
]

/**
 * The blog's posts (by the demo admin) and a couple of comments from the demo client and
 * reseller, so /pages/blog/list is not empty on a first start. Called when the demo accounts
 * are made; nothing is written when the admin is missing or any post exists.
 */
export async function seedBlog(db: Db, now = new Date()): Promise<void> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['admin@demo.local', 'reseller@demo.local', 'client@demo.local']))
  const id = (role: string) => rows.find((r) => r.email === `${role}@demo.local`)?.id
  const admin = id('admin')
  if (!admin) return
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(blogPosts)
  if (n > 0) return
  const at = (days: number) => new Date(now.getTime() - days * DAY)
  await db.transaction(async (tx) => {
    for (const post of blogSeed) {
      const when = at(post.daysAgo)
      await tx.insert(blogPosts).values({ ...post, status: 'Published', authorId: admin, publishedAt: when, createdAt: when, updatedAt: when })
    }
    const postId = async (slug: string) => (await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)))[0]!.id
    const comments: Array<[number | undefined, string, string, number]> = [
      [
        id('client'),
        'chat-commands-in-five-minutes',
        'Trying !discord in the sandbox first was a good tip, the first version of my answer was far too long.',
        13,
      ],
      [id('reseller'), 'chat-commands-in-five-minutes', 'I send this post to every new client now. Short answers really do work better.', 12],
      [
        id('client'),
        'raid-panel-end-your-stream-with-a-raid',
        'Raided a friend last night with the panel, the countdown made it easy to say goodbye in chat.',
        4,
      ],
    ]
    for (const [authorId, slug, body, days] of comments) {
      if (authorId) await tx.insert(blogComments).values({ postId: await postId(slug), authorId, body, createdAt: at(days) })
    }
  })
}
