// Two people in two browser contexts, against a production server on its own database:
// A creates a team and a shortlist (offers added from the matrix), makes a public link;
// B — not a member — opens it read-only; A revokes it and B's next load is refused; A invites
// B as a viewer: B sees the shortlist but cannot edit; as an editor B can, and a script typed
// into a note stays text.
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3181, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

const PASSWORD = "a long passphrase for e2e";

async function newPerson(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addCookies([
    { name: "NEXT_LOCALE", value: "en", url: app.url },
    { name: "GPU_SCOUT_CURRENCY", value: "USD", url: app.url },
  ]);
  return { context, page: await context.newPage() };
}

async function signUp(page: Page, email: string, name: string): Promise<void> {
  await page.goto(`${app.url}/signup`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  const submit = page.getByRole("button", { name: "Create account" });
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page).toHaveURL(/\/shortlists$/);
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

test("a team decides together, and nobody sees what is not theirs", async ({ browser }) => {
  test.setTimeout(240_000);
  const a = await newPerson(browser);
  const b = await newPerson(browser);
  await signUp(a.page, "alice@example.test", "Alice");
  await signUp(b.page, "bob@example.test", "Bob");

  // A: a team, and a shortlist in it.
  await a.page.goto(`${app.url}/teams`);
  await a.page.getByLabel("Team name").fill("Evaluation team");
  await a.page.getByRole("button", { name: "Create team" }).click();
  await expect(a.page).toHaveURL(/\/teams\/[\w-]+$/);
  const teamUrl = a.page.url();

  await a.page.goto(`${app.url}/shortlists`);
  const create = a.page.getByTestId("create-shortlist-form");
  await create.getByLabel("Team").selectOption({ label: "Evaluation team" });
  await create.getByLabel("Name").fill("H100 candidates");
  await create.getByRole("button").click();
  await expect(a.page).toHaveURL(/\/shortlists\/[\w-]+$/);
  const shortlistUrl = a.page.url();

  // A: two offers from the matrix into it.
  await a.page.goto(`${app.url}/matrix`);
  const boxes = a.page.locator("tbody input[type=checkbox]");
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  const adder = a.page.getByTestId("add-to-shortlist");
  await adder.getByLabel("Add to shortlist").selectOption({ label: "H100 candidates · Evaluation team" });
  await adder.getByRole("button", { name: "Add 2 offers" }).click();
  await expect(a.page.getByTestId("add-to-shortlist-done")).toContainText("2 offers added");

  await a.page.goto(shortlistUrl);
  await expect(a.page.getByTestId("shortlist-item")).toHaveCount(2);

  // A: a public read-only link.
  await a.page.getByTestId("share-create").click();
  const shareUrl = await a.page.getByTestId("share-url").inputValue();
  expect(shareUrl).toMatch(/\/s\/[A-Za-z0-9_-]{43}$/);

  // B (not a member): the shared page is read-only and says nothing of the team's members.
  await b.page.goto(shareUrl);
  await expect(b.page.getByTestId("shared-shortlist")).toBeVisible();
  await expect(b.page.getByTestId("shortlist-item")).toHaveCount(2);
  await expect(b.page.getByTestId("item-edit")).toHaveCount(0);
  await expect(b.page.getByTestId("share-panel")).toHaveCount(0);
  await expect(b.page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(await b.page.content()).not.toContain("alice@example.test");

  // B cannot open the team link: an "ask for access" page, no data.
  await b.page.goto(shortlistUrl);
  await expect(b.page.getByTestId("shortlist-item")).toHaveCount(0);
  await expect(b.page.getByText(/ask/i).first()).toBeVisible();

  // A revokes; B's very next load is refused.
  await a.page.goto(shortlistUrl);
  await a.page.getByTestId("share-revoke").click();
  await a.page.getByTestId("share-revoke-confirm").click();
  await expect(a.page.getByTestId("share-link-row")).toContainText("Revoked");
  const refused = await b.page.goto(shareUrl);
  expect(refused?.status()).toBe(404);
  await expect(b.page.getByTestId("shortlist-item")).toHaveCount(0);

  // A invites B as a viewer.
  await a.page.goto(teamUrl);
  const inviteForm = a.page.getByTestId("invite-form");
  await inviteForm.getByLabel("Role for people who join").selectOption("VIEWER");
  await inviteForm.getByRole("button", { name: "Create invite link" }).click();
  const inviteUrl = await a.page.getByTestId("invite-link").inputValue();

  await b.page.goto(inviteUrl);
  await b.page.getByTestId("accept-invite").click();
  await expect(b.page).toHaveURL(teamUrl);

  // As a viewer B sees the shortlist and cannot edit it.
  await b.page.goto(shortlistUrl);
  await expect(b.page.getByTestId("shortlist-item")).toHaveCount(2);
  await expect(b.page.getByTestId("item-edit")).toHaveCount(0);
  await expect(b.page.getByTestId("share-panel")).toHaveCount(0);

  // A makes B an editor; now B can edit, and a script in a note stays inert text.
  await a.page.goto(teamUrl);
  const bobRow = a.page.getByTestId("member-row").filter({ hasText: "bob@example.test" });
  await bobRow.getByTestId("member-role-select").selectOption("EDITOR");
  await expect(a.page.getByText("Role of Bob changed to Editor")).toBeVisible();

  await b.page.goto(shortlistUrl);
  const first = b.page.getByTestId("shortlist-item").first();
  await first.getByTestId("item-edit").click();
  const form = b.page.getByTestId("item-edit-form");
  await form.getByTestId("item-status-select").selectOption("TRIALLING");
  const script = "<script>window.__pwned = 1</script><img src=x onerror=window.__pwned=2>";
  await form.locator("textarea").first().fill(script);
  await form.getByTestId("item-save").click();
  await expect(first.getByTestId("item-note")).toHaveText(script);
  await expect(first.getByTestId("item-status")).toContainText("Trialling");
  await b.page.reload();
  await expect(b.page.getByTestId("shortlist-item").first().getByTestId("item-note")).toHaveText(script);
  expect(await b.page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  await a.context.close();
  await b.context.close();
});
