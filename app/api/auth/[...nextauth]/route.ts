// next-auth's endpoints (sign-in, sign-out, CSRF, session). Options are built on first use,
// not at import, so `next build` needs no secret and opens no database.
import NextAuth from "next-auth";

import { getAuthOptions } from "@/server/auth/options.ts";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handler(request: Request, context: Context): Promise<Response> {
  return (NextAuth as unknown as (req: Request, ctx: Context, options: unknown) => Promise<Response>)(
    request,
    context,
    getAuthOptions(),
  );
}

export { handler as GET, handler as POST };
