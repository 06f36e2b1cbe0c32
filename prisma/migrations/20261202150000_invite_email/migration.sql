-- An invite may be bound to one email: only the account with that email can use the link.
ALTER TABLE "TeamInvite" ADD COLUMN "email" TEXT;
