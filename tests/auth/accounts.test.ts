// Account operations through executeOperation (the path server actions take) on real
// databases: sign-up and change password, with their refusals.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accountOperations } from "../../server/accounts/operations.ts";
import { actorFromSession, ANONYMOUS, type Actor } from "../../server/access/actor.ts";
import { executeOperation } from "../../server/access/operation.ts";
import { verifyPassword } from "../../server/auth/password.ts";
import { PASSWORD_CHANGE_POLICY, passwordChangeKey } from "../../server/auth/throttle.ts";
import { createTestDatabase, testDbKinds, type TestDatabase } from "../helpers/test-db.ts";

const password = "violet-tunnel-42";

describe.each(testDbKinds)("account operations on %s", (kind) => {
  let db: TestDatabase;
  const signUp = (input: unknown, actor: Actor = ANONYMOUS) =>
    executeOperation(accountOperations.signUp, { db: db.prisma, actor }, input);
  const changePassword = (input: unknown, actor: Actor) =>
    executeOperation(accountOperations.changePassword, { db: db.prisma, actor }, input);
  const actorOf = async (email: string): Promise<Actor> => {
    const user = await db.prisma.user.findUniqueOrThrow({ where: { email } });
    return { kind: "user", user: { id: user.id, email: user.email, name: user.name } };
  };

  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.destroy();
  });

  it("signUp creates the user with an argon2id hash (never the password) and a personal team it owns", async () => {
    const result = await signUp({ email: "  Ana@Example.TEST ", name: " Ana ", password });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.data.email).toBe("ana@example.test");

    const user = await db.prisma.user.findUniqueOrThrow({ where: { id: result.data.userId } });
    expect(user.email).toBe("ana@example.test");
    expect(user.name).toBe("Ana");
    expect(user.passwordHash).toMatch(/^\$argon2id\$v=19\$/);
    expect(JSON.stringify(user)).not.toContain(password);
    expect(await verifyPassword(user.passwordHash ?? "", password)).toBe(true);

    const memberships = await db.prisma.membership.findMany({
      where: { userId: user.id },
      include: { team: true },
    });
    expect(memberships).toHaveLength(1);
    expect(memberships[0]?.role).toBe("OWNER");
    expect(memberships[0]?.team.personal).toBe(true);
  });

  it("an empty name is stored as no name", async () => {
    const result = await signUp({ email: "noname@example.test", name: "   ", password });
    expect(result.ok).toBe(true);
    expect(
      (await db.prisma.user.findUniqueOrThrow({ where: { email: "noname@example.test" } })).name,
    ).toBeNull();
  });

  it("the same email in another case is taken", async () => {
    const result = await signUp({ email: "ANA@example.test", password: "another-fine-passphrase" });
    expect(result).toEqual({
      ok: false,
      error: { code: "REJECTED", reason: "email-taken", fieldErrors: { email: ["email-taken"] } },
    });
    expect(await db.prisma.user.count({ where: { email: "ana@example.test" } })).toBe(1);
  });

  it("two sign-ups with one address at the same time: one account, the other is told it is taken", async () => {
    const results = await Promise.all([
      signUp({ email: "race@example.test", password }),
      signUp({ email: "Race@example.test", password: "another-fine-passphrase" }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      ok: false,
      error: { code: "REJECTED", reason: "email-taken" },
    });
    expect(await db.prisma.user.count({ where: { email: "race@example.test" } })).toBe(1);
  });

  it.each([
    ["too short", "short-1", ["password.length"]],
    ["common", "password123", ["password.common"]],
    ["contains the email's name", "weakling-bob-99", ["password.containsEmail"]],
    ["too short and repetitive", "aaaa", ["password.length", "password.repeated"]],
  ])("a weak password (%s) is refused with the failed rules", async (_name, weak, rules) => {
    const result = await signUp({ email: "weakling-bob@example.test", password: weak });
    expect(result).toEqual({
      ok: false,
      error: { code: "REJECTED", reason: "weak-password", fieldErrors: { password: rules } },
    });
    expect(await db.prisma.user.count({ where: { email: "weakling-bob@example.test" } })).toBe(0);
  });

  it.each([
    ["a malformed email", { email: "not-an-email", password }],
    ["a name over 80 characters", { email: "long@example.test", name: "n".repeat(81), password }],
    ["no password", { email: "nopass@example.test" }],
    ["a huge password", { email: "huge@example.test", password: "x".repeat(10_000) }],
  ])("%s is invalid input, not a crash", async (_name, input) => {
    const result = await signUp(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.code).toBe("INVALID_INPUT");
  });

  it("a signed-in user cannot sign up again", async () => {
    const result = await signUp(
      { email: "second@example.test", password },
      await actorOf("ana@example.test"),
    );
    expect(result).toMatchObject({ ok: false, error: { code: "REJECTED", reason: "already-signed-in" } });
    expect(await db.prisma.user.count({ where: { email: "second@example.test" } })).toBe(0);
  });

  describe("changePassword", () => {
    const newPassword = "amber-harbour-77";

    it("needs a signed-in user", async () => {
      expect(await changePassword({ currentPassword: password, newPassword }, ANONYMOUS)).toEqual({
        ok: false,
        error: { code: "SIGN_IN_REQUIRED" },
      });
    });

    it("refuses a wrong current password and changes nothing", async () => {
      const before = await db.prisma.user.findUniqueOrThrow({ where: { email: "ana@example.test" } });
      const result = await changePassword(
        { currentPassword: "not-my-password", newPassword },
        await actorOf("ana@example.test"),
      );
      expect(result).toEqual({
        ok: false,
        error: {
          code: "REJECTED",
          reason: "wrong-password",
          fieldErrors: { currentPassword: ["wrong-password"] },
        },
      });
      const after = await db.prisma.user.findUniqueOrThrow({ where: { email: "ana@example.test" } });
      expect(after.passwordHash).toBe(before.passwordHash);
      expect(after.sessionVersion).toBe(before.sessionVersion);
    });

    it("refuses a weak new password", async () => {
      const result = await changePassword(
        { currentPassword: password, newPassword: "my-name-is-ana-9" },
        await actorOf("ana@example.test"),
      );
      expect(result).toEqual({
        ok: false,
        error: {
          code: "REJECTED",
          reason: "weak-password",
          fieldErrors: { newPassword: ["password.containsEmail"] },
        },
      });
    });

    it("changes the password and ends every older session", async () => {
      const before = await db.prisma.user.findUniqueOrThrow({ where: { email: "ana@example.test" } });
      const result = await changePassword(
        { currentPassword: password, newPassword },
        await actorOf("ana@example.test"),
      );
      expect(result).toEqual({ ok: true, data: { changed: true } });

      const after = await db.prisma.user.findUniqueOrThrow({ where: { id: before.id } });
      expect(await verifyPassword(after.passwordHash ?? "", newPassword)).toBe(true);
      expect(await verifyPassword(after.passwordHash ?? "", password)).toBe(false);
      expect(JSON.stringify(after)).not.toContain(newPassword);
      expect(after.sessionVersion).toBe(before.sessionVersion + 1);

      const sid = "a-session-id";
      expect(await actorFromSession(db.prisma, { uid: before.id, sv: before.sessionVersion, sid })).toEqual(
        ANONYMOUS,
      );
      expect(
        await actorFromSession(db.prisma, { uid: before.id, sv: after.sessionVersion, sid }),
      ).toMatchObject({
        kind: "user",
        user: { id: before.id, email: "ana@example.test", name: "Ana" },
      });
    });

    describe("is throttled like sign-in, per account", () => {
      const email = "throttled-change@example.test";
      let actor: Actor;
      const wrong = (i: number) => ({ currentPassword: `not-my-password-${i}`, newPassword });

      beforeAll(async () => {
        expect((await signUp({ email, password })).ok).toBe(true);
        actor = await actorOf(email);
      });

      it(`${PASSWORD_CHANGE_POLICY.free} wrong current passwords are just wrong; the next is throttled`, async () => {
        for (let i = 0; i < PASSWORD_CHANGE_POLICY.free; i++) {
          const result = await changePassword(wrong(i), actor);
          expect(result, `attempt ${i + 1}`).toMatchObject({
            ok: false,
            error: { reason: "wrong-password" },
          });
        }
        expect(await changePassword(wrong(99), actor)).toEqual({
          ok: false,
          error: {
            code: "REJECTED",
            reason: "throttled",
            fieldErrors: { currentPassword: [`throttled:${PASSWORD_CHANGE_POLICY.baseSeconds}`] },
          },
        });
      });

      it("while locked even the right current password is refused and nothing changes", async () => {
        const before = await db.prisma.user.findUniqueOrThrow({ where: { email } });
        const result = await changePassword({ currentPassword: password, newPassword }, actor);
        expect(result).toMatchObject({ ok: false, error: { code: "REJECTED", reason: "throttled" } });
        const after = await db.prisma.user.findUniqueOrThrow({ where: { email } });
        expect(after.passwordHash).toBe(before.passwordHash);
        expect(after.sessionVersion).toBe(before.sessionVersion);
        // Another account is not affected: its right password gets as far as the new one's rules.
        const other = await changePassword(
          { currentPassword: password, newPassword: "x" },
          await actorOf("noname@example.test"),
        );
        expect(other).toMatchObject({ ok: false, error: { reason: "weak-password" } });
      });

      it("once the lock has passed, the right password works and clears the counter", async () => {
        const key = passwordChangeKey(actor.kind === "user" ? actor.user.id : "");
        await db.prisma.loginThrottle.update({
          where: { key },
          data: { lockedUntil: new Date(Date.now() - 1000) },
        });
        expect(await changePassword({ currentPassword: password, newPassword }, actor)).toEqual({
          ok: true,
          data: { changed: true },
        });
        expect(await db.prisma.loginThrottle.findUnique({ where: { key } })).toBeNull();
      });
    });
  });
});
