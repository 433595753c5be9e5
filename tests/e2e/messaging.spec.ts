/**
 * Messaging between two people in two browser contexts: live delivery
 * without reloads, replies, and the unread badge clearing once the conversation is read.
 */
import type { Browser, BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { expect, test } from './fixtures';
import { DEMO, signIn } from './helpers';

async function personIn(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page; id: string }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signIn(page, email);
  const me = await page.request.get('/api/auth/user');
  return { context, page, id: (await me.json()).id };
}

const headerBadge = (page: Page) =>
  page.getByRole('navigation', { name: 'Main navigation' }).locator('a[href="/messages"]').getByTestId('unread-badge');

test('A messages B, B sees it live and replies, A sees the reply and the badge clears when read', async ({
  browser,
}) => {
  const a = await personIn(browser, DEMO.bankingBroker);
  const b = await personIn(browser, DEMO.developer);
  const hello = `Hello Rashid, do you have units left in the JVC tower? ${Date.now()}`;

  // B is on the messages page before anything happens.
  await b.page.goto('/messages');
  await expect(b.page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
  await expect(b.page.getByTestId('live-status')).toHaveAttribute('data-status', 'open');

  // A starts the conversation from B's directory entry.
  await startConversationFromDirectory(a.page, 'Rashid Al Mazrouei');
  await expect(a.page.getByTestId('toast')).toContainText('Conversation started');
  await expect(a.page).toHaveURL(/\/messages\?conversation=/);
  await expect(a.page.getByRole('heading', { name: 'No messages yet' })).toBeVisible();

  const input = a.page.getByTestId('message-input');
  await expect(a.page.getByTestId('send-button')).toBeDisabled();
  await input.fill('   ');
  await expect(a.page.getByTestId('send-button')).toBeDisabled();
  await input.fill(hello);
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(a.page.getByTestId('message').filter({ hasText: hello })).toHaveAttribute('data-own', 'true');

  // B: the conversation and the badge appear without reloading.
  const item = b.page.getByTestId('conversation-item').filter({ hasText: hello });
  await expect(item).toBeVisible();
  await expect(headerBadge(b.page)).toHaveText('1');
  await item.click();
  await expect(b.page.getByTestId('message').filter({ hasText: hello })).toHaveAttribute('data-own', 'false');
  await expect(headerBadge(b.page)).toHaveCount(0);

  // A leaves the thread; B replies on two lines (Shift+Enter).
  await a.page.getByRole('link', { name: 'About' }).first().click();
  const reply = b.page.getByTestId('message-input');
  await reply.fill('Yes, a few two-bedroom units.');
  await reply.press('Shift+Enter');
  await reply.pressSequentially('Shall I send the price list?');
  await expect(reply).toHaveValue('Yes, a few two-bedroom units.\nShall I send the price list?');
  await reply.press('Enter');
  await expect(b.page.getByTestId('message').filter({ hasText: 'Shall I send the price list?' })).toBeVisible();

  // A sees the badge on another page, opens Messages, reads the reply, and the badge clears.
  await expect(headerBadge(a.page)).toHaveText('1');
  await a.page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: /Messages/ })
    .click();
  await a.page.getByTestId('conversation-item').filter({ hasText: 'Shall I send the price list?' }).click();
  await expect(a.page.getByTestId('message').filter({ hasText: 'Shall I send the price list?' })).toBeVisible();
  await expect(headerBadge(a.page)).toHaveCount(0);

  await a.context.close();
  await b.context.close();
});

test('after a dropped connection the page reconnects and shows what it missed', async ({ browser }) => {
  const a = await personIn(browser, DEMO.investor);
  const b = await personIn(browser, DEMO.bankingBroker);
  const res = await a.page.request.post('/api/conversations', { data: { participantId: b.id } });
  const conversationId = (await res.json()).id as string;

  // Every /ws connection of B's page goes through this route, so the test can cut it.
  // While `down`, a connection attempt is closed before the handler returns: Playwright would
  // otherwise open it as a mock (with no server behind it), which the page takes for a reconnect.
  let down = false;
  let refused = 0;
  const open: WebSocketRoute[] = [];
  await b.page.routeWebSocket(/\/ws$/, async (ws) => {
    if (down) {
      await ws.close({ code: 1006 });
      refused += 1;
      return;
    }
    ws.connectToServer();
    open.push(ws);
  });
  // The thread's messages must be loaded before the drop, or they would include the missed one.
  const threadLoaded = b.page.waitForResponse(
    (r) => r.url().includes(`/api/conversations/${conversationId}/messages`) && r.ok(),
  );
  await b.page.goto(`/messages?conversation=${conversationId}`);
  const status = b.page.getByTestId('live-status').first();
  await expect(status).toHaveAttribute('data-status', 'open');
  await threadLoaded;

  down = true;
  for (const ws of open.splice(0)) await ws.close({ code: 1001 });
  await expect(status).toHaveAttribute('data-status', 'offline');
  await expect(status).toContainText('reconnecting');

  const missed = `Sent while you were offline ${Date.now()}`;
  const sent = await a.page.request.post('/api/messages', { data: { conversationId, content: missed } });
  expect(sent.status()).toBe(201);
  // The page has tried again and found no server: the message cannot have come any other way.
  const triedBefore = refused;
  await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(triedBefore);
  await expect(b.page.getByTestId('message').filter({ hasText: missed })).toHaveCount(0);
  await expect(status).toHaveAttribute('data-status', 'offline');

  down = false;
  await expect(status).toHaveAttribute('data-status', 'open', { timeout: 20_000 });
  await expect(b.page.getByTestId('message').filter({ hasText: missed })).toBeVisible();

  await a.context.close();
  await b.context.close();
});

test('a user with 60 conversations opens the 60th by URL and from the directory’s Message button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, DEMO.inbox);
  const all = await (await page.request.get('/api/conversations?limit=100')).json();
  expect(all).toHaveLength(60);
  const sixtieth = all[59] as { id: string; participant2: { firstName: string } };
  expect(sixtieth.participant2.firstName).toBe('Nikolai');
  const greeting = 'Hello Nikolai, is the Palm Jumeirah villa still on the market?';
  const thread = page.getByRole('region', { name: /Nikolai Petrov/ });

  // The list loads its first page only; the 60th is not on it, yet its URL opens it.
  await page.goto(`/messages?conversation=${sixtieth.id}`);
  await expect(page.getByTestId('conversation-item')).toHaveCount(50);
  await expect(page.getByTestId('conversation-item').filter({ hasText: 'Nikolai' })).toHaveCount(0);
  await expect(thread.getByRole('heading', { name: /Nikolai Petrov/ })).toBeVisible();
  await expect(page.getByTestId('message').filter({ hasText: greeting })).toHaveAttribute('data-own', 'true');
  await expect(page.getByText('Conversation not found')).toHaveCount(0);

  // Scrolling to the end of the list loads the rest.
  await page.getByTestId('load-more-conversations').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('conversation-item')).toHaveCount(60);
  await expect(page.getByTestId('conversation-item').last()).toContainText('Nikolai');

  // From the directory: Nikolai's Message button opens the same conversation on a fresh page.
  await page.goto('/about');
  await startConversationFromDirectory(page, 'Nikolai Petrov');
  await expect(page).toHaveURL(new RegExp(`/messages\\?conversation=${sixtieth.id}$`));
  await expect(page.getByTestId('message').filter({ hasText: greeting })).toBeVisible();
  await expect(page.getByText('Conversation not found')).toHaveCount(0);
});

test('signed out, /messages shows the Access Required page with a log-in button that comes back', async ({ page }) => {
  await page.goto('/messages?conversation=c1');
  await expect(page.getByRole('heading', { name: 'Access Required' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login' })).toHaveAttribute(
    'href',
    '/login?next=%2Fmessages%3Fconversation%3Dc1',
  );
});

test('signed out, Message in the directory asks to log in and goes to the login page', async ({ page }) => {
  await startConversationFromDirectory(page, 'Rashid Al Mazrouei');
  await expect(page.getByTestId('toast')).toContainText('Login required');
  await expect(page.getByTestId('toast')).toContainText('Please log in to message professionals.');
  // Back to the directory after signing in, where the button is one tap away.
  await expect(page).toHaveURL(/\/login(\?next=%2F[^&]*)?$/);
});

test('mobile shows one pane at a time and Arabic reads right to left', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, DEMO.broker);
  await page.goto('/messages');
  const first = page.getByTestId('conversation-item').first();
  await expect(first).toBeVisible();
  await first.click();
  await expect(page.getByTestId('conversation-list')).toBeHidden();
  await expect(page.getByTestId('message-input')).toBeVisible();
  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(page.getByTestId('conversation-list')).toBeVisible();

  await page.evaluate(() => window.localStorage.setItem('bitaqa.lang', 'ar'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'الرسائل', level: 1 })).toBeVisible();
  await context.close();
});

/** The Message button on B's directory entry. */
async function startConversationFromDirectory(page: Page, name: string) {
  await page.goto(`/directory?search=${encodeURIComponent(name)}`);
  const card = page.getByTestId('professional-card').filter({ hasText: name }).first();
  await card.getByRole('button', { name: /message/i }).click();
}
