// Accounts in Chromium: the password rules stop a weak sign-up before it is sent; sign up,
// sign out, a wrong password, sign in, change password (this session survives, the old
// password stops working), and an off-site callbackUrl is ignored.
import { expect, test, type Page } from "@playwright/test";

import { freshDataDir, startApp, type AppServer } from "./app-server.ts";

test.describe.configure({ mode: "serial" }); // the second test signs in as the first one's user

let app: AppServer;

test.beforeAll(async () => {
  app = await startApp(3171, await freshDataDir());
});

test.afterAll(async () => {
  await app?.stop();
});

test.beforeEach(async ({ context }) => {
  // Against a shared `next dev` (E2E_BASE_URL), rebuilds for other people's edits reach the
  // page through the HMR socket and reload it mid-test: drop those messages. (Closing the
  // socket instead stops the dev client from hydrating.) A production server has no socket.
  if (!process.env.E2E_BASE_URL) return;
  await context.routeWebSocket(/_next/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      const type = /^\{"type":"(\w+)"/.exec(String(message))?.[1];
      if (type && ["built", "building", "reloadPage", "serverComponentChanges"].includes(type)) return;
      ws.send(message);
    });
  });
});

const email = `e2e-${Date.now().toString(36)}@example.test`;
const firstPassword = "violet-tunnel-42";
const secondPassword = "amber-harbour-77";

async function signInWith(page: Page, password: string, callbackUrl = "/") {
  await page.goto(`${app.url}/signin?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function signOutFromHeader(page: Page) {
  await page.getByTestId("account-menu").getByRole("button", { expanded: false }).click();
  await page.getByTestId("account-menu").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByTestId("header-sign-in")).toBeVisible();
}

test("sign up, sign out, sign in, change password", async ({ page, context }) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);

  // A weak password: the unmet rules are shown and nothing is sent.
  await page.goto(`${app.url}/signup`);
  await expect(page.getByRole("heading", { level: 1, name: "Create an account" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("aaaa");
  await expect(page.getByTestId("rule-length")).toHaveAttribute("data-met", "false");
  await expect(page.getByTestId("rule-repeated")).toHaveAttribute("data-met", "false");
  let actionPosts = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) actionPosts += 1;
  });
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-password-error")).toHaveText(/stronger password/);
  await expect(page.getByLabel("Password")).toBeFocused();
  expect(actionPosts).toBe(0);
  await expect(page).toHaveURL(/\/signup$/);

  // The rules turn green as the password improves; then the account is created and signed in.
  await page.getByLabel("Password").fill(firstPassword);
  for (const rule of ["length", "common", "repeated", "containsEmail"]) {
    await expect(page.getByTestId(`rule-${rule}`)).toHaveAttribute("data-met", "true");
  }
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/shortlists$/);
  await expect(page.getByTestId("account-who")).toHaveText(email);

  // Signing up again with the same address (any case) is refused with a way to sign in.
  await signOutFromHeader(page);
  await page.goto(`${app.url}/signup`);
  await page.getByLabel("Email").fill(email.toUpperCase());
  await page.getByLabel("Password").fill("another-fine-passphrase");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByTestId("signup-email-error")).toContainText("already exists");
  await expect(
    page.getByTestId("signup-email-error").getByRole("link", { name: "Sign in instead" }),
  ).toBeVisible();

  // A wrong password is refused with a clear message.
  await signInWith(page, "not-the-password-1");
  await expect(page.getByTestId("signin-error")).toHaveText(
    "Wrong email or password. Check both and try again.",
  );
  await expect(page.getByTestId("header-sign-in")).toBeVisible();

  // The right one signs in and follows the callbackUrl.
  await signInWith(page, firstPassword, "/account");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId("account-email")).toHaveText(email);

  // Change password: wrong current password first, then the real change; still signed in.
  await page.getByLabel("Current password").fill("not-the-password-1");
  await page.getByLabel("New password").fill(secondPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByTestId("current-password-error")).toHaveText("That is not your current password.");
  await page.getByLabel("Current password").fill(firstPassword);
  await page.getByLabel("New password").fill(secondPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\?passwordChanged=1$/);
  await expect(page.getByTestId("password-changed")).toHaveText(/Your password was changed/);
  await page.reload();
  await expect(page.getByTestId("account-email")).toHaveText(email);

  // Sign out; the old password no longer works, the new one does.
  await page.getByTestId("sign-out").last().click();
  await expect(page.getByTestId("header-sign-in")).toBeVisible();
  await signInWith(page, firstPassword);
  await expect(page.getByTestId("signin-error")).toHaveText(/Wrong email or password/);
  await signInWith(page, secondPassword);
  await expect(page.getByTestId("account-who")).toHaveText(email);
});

test("an off-site callbackUrl is ignored, and /account asks anonymous visitors to sign in", async ({
  page,
  context,
}) => {
  await context.addCookies([{ name: "NEXT_LOCALE", value: "en", url: app.url }]);
  await page.goto(`${app.url}/account`);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=%2Faccount$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

  await signInWith(page, secondPassword, "//evil.example/steal");
  await expect(page).toHaveURL(`${app.url}/`);
  await expect(page.getByTestId("account-who")).toHaveText(email);
});
